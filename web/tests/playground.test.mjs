// The playground (playground.html): for every generator its map as ASCII is exactly
// what `mapgen generate` prints for the same settings; the form holds each generator's
// flags; an invalid setting shows the command's message beside its field; a click shows
// the field of view, a second a path with its cost; no console errors. Run after
// scripts/build-web.sh and with the `mapgen` binary built (MAPGEN, default
// target/debug/mapgen).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { serve, launch, newPage, root } from './site.mjs';

const mapgen = process.env.MAPGEN ?? join(root, 'target/debug/mapgen');
let server, browser, page;
const problems = [];
before(async () => {
  if (!existsSync(mapgen)) execFileSync('cargo', ['build', '-q', '-p', 'mapgen-cli'], { cwd: root, stdio: 'inherit' });
  server = await serve();
  browser = await launch();
  page = await newPage(browser, problems, { width: 1400, height: 900 });
});
after(async () => { await browser?.close(); server?.close(); });

// What `mapgen generate` prints for `params` (a URL query), and its error line.
function cli(params) {
  const words = ['generate'];
  for (const [name, value] of new URLSearchParams(params)) words.push(`--${name}`, ...(value ? [value] : []));
  const run = spawnSync(mapgen, words, { encoding: 'utf8' });
  return { stdout: run.stdout, stderr: run.stderr.trim(), status: run.status };
}

async function open(params) {
  await page.goto(`${server.url}playground.html?${params}`);
  await page.waitForFunction(() => window.mapgen?.ascii() || window.mapgen?.error(), null, { timeout: 60000 });
}

// The generators as `mapgen generate -h` lists them.
const generators = () => execFileSync(mapgen, ['generate', '-h'], { encoding: 'utf8' })
  .match(/--generator <NAME>\s+The generator: (.+?) \[default/)[1].split(', ');

test('window.mapgen.ascii() is what mapgen generate prints, for every generator', async () => {
  const all = generators();
  assert.equal(all.length, 12, `${all}`);
  for (const generator of all) {
    const params = `generator=${generator}&seed=7`;
    await open(params);
    const expected = cli(params);
    assert.equal(expected.status, 0, expected.stderr);
    assert.equal(await page.evaluate(() => window.mapgen.ascii()), expected.stdout, params);
  }
  for (const params of ['generator=caves&seed=7&width=100', 'seed=3&vaults=builtin&vault-count=4',
    'generator=isaac&seed=11&xl&stage=6', 'generator=grid&seed=5&cols=5&weight-straight=20',
    'generator=caves&seed=1&spawns=builtin&spawn-depth=4']) {
    await open(params);
    const expected = cli(params);
    assert.equal(expected.status, 0, expected.stderr);
    assert.equal(await page.evaluate(() => window.mapgen.ascii()), expected.stdout, params);
    assert.equal(await page.evaluate(() => window.mapgen.command()),
      `mapgen generate ${await page.evaluate(() => window.mapgen.settings().join(' '))}`);
  }
});

test('the form holds every flag of the chosen generator, with its default and range', async () => {
  await open('generator=isaac');
  const stage = page.locator('.field[data-flag="--stage"]');
  assert.match(await stage.locator('.hint').textContent(), /default 1 · 1 to 12/);
  assert.equal(await page.locator('.field[data-flag="--max-rooms"]').count(), 0, 'a rooms flag');
  await page.selectOption('select[name="--generator"]', 'rooms');
  await page.waitForFunction(() => new URL(location.href).searchParams.get('generator') === 'rooms');
  assert.match(await page.locator('.field[data-flag="--max-rooms"] .hint').textContent(), /default 30 · 1 to 1000000/);
  for (const flag of ['--width', '--height', '--room-min', '--room-max', '--seed', '--vaults',
    '--spawns', '--spawn-depth']) {
    assert.equal(await page.locator(`.field[data-flag="${flag}"]`).count(), 1, flag);
  }
});

test('an invalid setting shows the command message beside its field', async () => {
  for (const params of ['room-min=12&room-max=8', 'generator=isaac&stage=13', 'width=x',
    'spawns=builtin&spawn-depth=0', 'width=20&height=10']) {
    await open(params);
    const expected = cli(params);
    assert.equal(expected.status, 2);
    const shown = await page.locator('.field.invalid .error').first().textContent();
    const line = expected.stderr.split('\n')[0];
    assert.ok(shown.startsWith(line), `${params}: ${shown} / ${line}`);
    assert.equal(await page.evaluate(() => window.mapgen.ascii()), null);
    assert.ok(await page.locator('#map').isHidden(), `${params}: no picture of another map`);
    assert.ok(await page.locator('#recording').isDisabled(), `${params}: nothing to play`);
  }
  // Valid settings again: their picture.
  await open('seed=3');
  assert.ok(await page.locator('#map').isVisible());
  assert.ok(await page.locator('#recording').isEnabled());
});

test('a click shows the field of view, a second a path and its cost', async () => {
  await open('seed=7');
  const expected = JSON.parse(execFileSync(mapgen, ['generate', '--seed', '7', '--format', 'json'], { encoding: 'utf8' }));
  const [sx, sy] = [expected.start.x ?? expected.start[0], expected.start.y ?? expected.start[1]];
  const [ex, ey] = [expected.exit.x ?? expected.exit[0], expected.exit.y ?? expected.exit[1]];
  const box = await page.locator('#overlay').boundingBox();
  const tile = box.width / expected.width;
  const at = (x, y) => page.mouse.click(box.x + (x + 0.5) * tile, box.y + (y + 0.5) * tile);
  await at(sx, sy);
  assert.match(await page.locator('#info').textContent(), /sees \d+ tiles/);
  await at(ex, ey);
  const info = await page.locator('#info').textContent();
  const path = JSON.parse(execFileSync(mapgen, ['path', '--seed', '7', '--from', `${sx},${sy}`, '--to', `${ex},${ey}`], { encoding: 'utf8' }));
  assert.ok(info.includes(`cost ${path.cost}, ${path.path.length - 1} steps`), `${info} / ${path.cost}`);
  mkdirSync(join(root, 'target/web-shots'), { recursive: true });
  await page.screenshot({ path: join(root, 'target/web-shots/playground.png') });
});

test('no console errors', () => {
  assert.deepEqual(problems, []);
});
