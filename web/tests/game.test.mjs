// The game's page (index.html): the golden replays end with the app's reports, screens
// included, as they do on the app alone and in the window; keys, a click and a resize
// act as in the window; a bad flag shows the window's message; the URL keeps the seed;
// no console errors. Run after scripts/build-web.sh (docs/web.md).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { serve, launch, newPage, root } from './site.mjs';

let server, browser;
const problems = [];
before(async () => { server = await serve(); browser = await launch(); });
after(async () => { await browser?.close(); server?.close(); });

const golden = join(root, 'crates/game-app/tests/golden');

// The golden replays' lines: name and flags (replays.txt).
function replays() {
  return readFileSync(join(golden, 'replays.txt'), 'utf8').split('\n')
    .filter((l) => l.trim() && !l.startsWith('#'))
    .map((l) => {
      const [name, flags] = l.split('|').map((s) => s.trim());
      return { name, flags: flags.split(/\s+/) };
    });
}

// `--name value` words as a URL query; a switch (`--peaceful`, followed by another flag
// or by nothing) as `name=true`.
function query(flags) {
  const params = new URLSearchParams();
  for (let i = 0; i < flags.length; i += 1) {
    const next = flags[i + 1];
    if (next === undefined || next.startsWith('--')) {
      params.append(flags[i].slice(2), 'true');
    } else {
      params.append(flags[i].slice(2), next);
      i += 1;
    }
  }
  return params.toString();
}

async function play(q, viewport) {
  const page = await newPage(browser, problems, viewport);
  await page.goto(`${server.url}index.html?${q}`);
  await page.waitForFunction(() => window.mapgen?.idle(), null, { timeout: 60000 });
  return page;
}

test('every golden replay ends with its report, screen included, as in the window', async () => {
  const lines = replays();
  assert.ok(lines.length >= 4, `${lines.length} replays`);
  const generators = new Set();
  for (const { name, flags } of lines) {
    // The golden runs add --step-ms 0 (and --exit-after idle, which a page is without).
    const page = await play(`${query(flags)}&step-ms=0`);
    const report = await page.evaluate(() => window.mapgen.report());
    const expected = JSON.parse(readFileSync(join(golden, `${name}.json`), 'utf8'));
    assert.deepEqual(report, expected, name);
    generators.add(report.levels[0].generator);
    await page.close();
  }
  assert.ok(generators.size >= 4, `generators played: ${[...generators]}`);
});

test('keys, a click, F and a resize act as in the window', async () => {
  const page = await play('seed=42&step-ms=0');
  const report = () => page.evaluate(() => window.mapgen.report());
  const start = await report();
  assert.equal(start.moves, 0);
  await page.keyboard.press('l');
  await page.keyboard.press('Shift+?');
  await page.waitForFunction(() => window.mapgen.report().moves === 1);
  const help = await report();
  assert.ok(help.screen.some((row) => row.includes('Keys of play mode') || row.includes('help')),
    'the help screen');
  await page.keyboard.press('Escape');
  // A click on the console cell of a tile next to the @ walks there.
  const { x, y } = (await report()).player;
  const box = await page.locator('#screen').boundingBox();
  const cell = { w: box.width / 80, h: box.height / 55 };
  await page.mouse.click(box.x + (x - 1 + 0.5) * cell.w, box.y + (y + 0.5) * cell.h);
  await page.waitForFunction(() => window.mapgen.idle() && window.mapgen.report().moves === 2);
  assert.deepEqual((await report()).player, { x: x - 1, y });
  // F: the next font (vga8x16), at the same scale: 80 x 27 cells of 16 x 32 pixels.
  await page.keyboard.press('f');
  await page.waitForFunction(() => window.mapgen.report().screen.length === 27);
  assert.equal((await report()).screen[0].length, 80);
  // A smaller window: the console is laid out again, one pixel a glyph pixel.
  await page.setViewportSize({ width: 800, height: 600 });
  await page.waitForFunction(() => window.mapgen.report().screen.length === 37);
  const resized = await report();
  assert.equal(resized.screen[0].length, 100);
  await page.close();
});

test('the URL always holds the seed; a bad flag shows the window message instead of the game', async () => {
  const page = await newPage(browser, problems);
  await page.goto(`${server.url}index.html?generator=caves`);
  await page.waitForFunction(() => window.mapgen?.report());
  const seed = new URL(page.url()).searchParams.get('seed');
  assert.match(seed, /^\d+$/);
  assert.equal((await page.evaluate(() => window.mapgen.report())).seed, Number(seed));
  const cases = [
    ['room-min=12&room-max=8', 'error: --room-min (12) is larger than --room-max (8)'],
    ['width=20&height=10', 'error: the default --room-max is 10; allowed 2..=9'],
    ['font=x.png', 'error: --font is not taken in a page: a page reads no files; F cycles the built-in fonts'],
    ['fov-radius=x', "error: invalid value 'x' for '--fov-radius <TILES>'"],
    ['locks=9', "error: invalid value '9' for '--locks <N>': 9 is not in 0..=8"],
    ['help', 'error: --help is not taken in a page'],
  ];
  for (const [q, message] of cases) {
    await page.goto(`${server.url}index.html?${q}`);
    await page.waitForFunction(() => !document.getElementById('message').hidden);
    const shown = await page.locator('#message').textContent();
    assert.ok(shown.startsWith(message), `${q}: ${shown}`);
    assert.ok(await page.locator('#screen').isHidden());
  }
  await page.close();
});

test('a screenshot of the page, for the eyes; first frame and frame work in the page', async () => {
  const page = await play('seed=42&replay=o&step-ms=0');
  mkdirSync(join(root, 'target/web-shots'), { recursive: true });
  await page.screenshot({ path: join(root, 'target/web-shots/game.png') });
  // The replay may be used up within a few frames; the page keeps drawing.
  await page.waitForFunction(() => window.mapgen.frameStats().frames > 10, null, { timeout: 10000 });
  const stats = await page.evaluate(() => window.mapgen.frameStats());
  assert.ok(stats.firstFrameMs > 0 && stats.frames > 10);
  console.log(`game: first frame ${stats.firstFrameMs.toFixed(0)} ms, first level ${stats.firstLevelMs.toFixed(0)} ms after loading`);
  await page.close();
});

test('no console errors', () => {
  assert.deepEqual(problems, []);
});
