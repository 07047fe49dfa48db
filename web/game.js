// The game's front end in a page: the app (game.wasm, crates/game-web) gets the elapsed
// time from requestAnimationFrame and the keyboard and mouse as the window gives them;
// this file draws its cells on a canvas in the built-in CP437 fonts. That is the whole
// display contract (docs/layout.md): cells out, input and time in.
import { load, crashText } from './module.js';

const canvas = document.getElementById('screen');
const message = document.getElementById('message');
const ctx = canvas.getContext('2d', { alpha: false });

// Frame timings in the page: the app's frame and the drawing, in milliseconds.
const stats = { frames: 0, work: [], firstFrameMs: null, firstLevelMs: null };

function fail(text) {
  message.textContent = text;
  message.hidden = false;
  canvas.hidden = true;
}

// A font's glyphs as white with the glyph's coverage as alpha, whatever the sheet's
// colours (the sheets are grey glyphs on black, with or without alpha).
async function glyphMask(png) {
  const image = await createImageBitmap(new Blob([png], { type: 'image/png' }));
  const sheet = new OffscreenCanvas(image.width, image.height);
  const g = sheet.getContext('2d');
  g.drawImage(image, 0, 0);
  const pixels = g.getImageData(0, 0, image.width, image.height);
  const p = pixels.data;
  for (let i = 0; i < p.length; i += 4) {
    const coverage = Math.max(p[i], p[i + 1], p[i + 2]) * p[i + 3] / 255;
    p[i] = p[i + 1] = p[i + 2] = 255;
    p[i + 3] = coverage;
  }
  g.putImageData(pixels, 0, 0);
  return sheet;
}

const hex = (rgb) => '#' + rgb.toString(16).padStart(6, '0');

// The sheet of font `font` in colour `rgb`, made once.
const tinted = new Map();
function sheetIn(fonts, font, rgb) {
  const key = font * 0x1000000 + rgb;
  let sheet = tinted.get(key);
  if (!sheet) {
    const mask = fonts[font].mask;
    sheet = new OffscreenCanvas(mask.width, mask.height);
    const g = sheet.getContext('2d');
    g.drawImage(mask, 0, 0);
    g.globalCompositeOperation = 'source-in';
    g.fillStyle = hex(rgb);
    g.fillRect(0, 0, mask.width, mask.height);
    tinted.set(key, sheet);
  }
  return sheet;
}

// A fresh 64-bit seed in decimal, from the browser's random numbers.
function freshSeed() {
  const [high, low] = crypto.getRandomValues(new Uint32Array(2));
  return ((BigInt(high) << 32n) | BigInt(low)).toString();
}

async function main() {
  const game = await load('game.wasm', 'game_', { now_ms: () => performance.now() });
  game.call('fonts');
  const fonts = JSON.parse(game.text());
  await Promise.all(fonts.map(async (font) => {
    const response = await fetch(`fonts/${font.name}.png`);
    if (!response.ok) throw new Error(`fonts/${font.name}.png: ${response.status}`);
    font.mask = await glyphMask(await response.arrayBuffer());
  }));
  // The URL always holds the seed, so that a link plays the same dungeon.
  const params = new URLSearchParams(location.search);
  if (!params.has('seed')) {
    params.set('seed', freshSeed());
    history.replaceState(null, '', '?' + params.toString());
  }
  game.send(location.search);
  const [e1, e2] = crypto.getRandomValues(new Uint32Array(2));
  if (!game.call('start', innerWidth, innerHeight, e1, e2)) {
    fail(game.text());
    return;
  }
  let seed = params.get('seed');
  // What is on the canvas: the font, the console's size and every cell's three words.
  let shown = { font: -1, cols: 0, rows: 0, scale: 0, cells: new Uint32Array(0) };

  function draw() {
    const font = game.call('font');
    const cols = game.call('cols');
    const rows = game.call('rows');
    const scale = game.call('scale');
    const { width: gw, height: gh } = fonts[font];
    const all = font !== shown.font || cols !== shown.cols || rows !== shown.rows
      || scale !== shown.scale;
    if (all) {
      canvas.width = cols * gw;
      canvas.height = rows * gh;
      canvas.style.width = `${Math.round(cols * gw * scale)}px`;
      canvas.style.height = `${Math.round(rows * gh * scale)}px`;
      shown = { font, cols, rows, scale, cells: new Uint32Array(cols * rows * 3) };
      ctx.imageSmoothingEnabled = false;
    }
    const n = cols * rows * 3;
    const cells = game.u32s(game.call('cells'), n);
    const old = shown.cells;
    for (let i = 0, c = 0; i < n; i += 3, c++) {
      const glyph = cells[i], fg = cells[i + 1], bg = cells[i + 2];
      if (!all && old[i] === glyph && old[i + 1] === fg && old[i + 2] === bg) continue;
      old[i] = glyph; old[i + 1] = fg; old[i + 2] = bg;
      const x = (c % cols) * gw, y = Math.floor(c / cols) * gh;
      ctx.fillStyle = hex(bg);
      ctx.fillRect(x, y, gw, gh);
      if (glyph !== 32 && glyph !== 0 && fg !== bg) {
        ctx.drawImage(sheetIn(fonts, font, fg), (glyph % 16) * gw, (glyph >> 4) * gh, gw, gh,
          x, y, gw, gh);
      }
    }
  }

  // The console cell under a mouse event.
  function cellOf(event) {
    const box = canvas.getBoundingClientRect();
    const col = Math.floor((event.clientX - box.left) / box.width * shown.cols);
    const row = Math.floor((event.clientY - box.top) / box.height * shown.rows);
    return [col, row];
  }

  addEventListener('keydown', (event) => {
    if (event.altKey || event.metaKey) return;
    game.send(`${event.key}\n${event.code}`);
    if (game.call('key', event.shiftKey ? 1 : 0, event.ctrlKey ? 1 : 0)) event.preventDefault();
  });
  canvas.addEventListener('mousemove', (event) => game.call('pointer', ...cellOf(event), 1));
  canvas.addEventListener('mouseleave', () => game.call('pointer', 0, 0, 0));
  canvas.addEventListener('mousedown', (event) => {
    if (event.button === 0) game.call('click', ...cellOf(event));
  });
  addEventListener('resize', () => game.call('resize', innerWidth, innerHeight));

  window.mapgen = {
    report: () => (game.call('report') ? JSON.parse(game.text()) : null),
    idle: () => game.call('idle') === 1,
    ended: () => { game.call('ending'); return game.text(); },
    frameStats: () => ({ ...stats, work: stats.work.slice() }),
  };

  let last = null;
  function frame(now) {
    const start = performance.now();
    let flags;
    try {
      flags = game.call('frame', last === null ? 0 : now - last);
      draw();
    } catch (error) {
      fail(`error: ${crashText(game, error)}`);
      throw error;
    }
    last = now;
    const work = performance.now() - start;
    stats.frames++;
    stats.work.push(work);
    if (stats.work.length > 10000) stats.work.splice(0, 5000);
    if (stats.firstFrameMs === null) stats.firstFrameMs = performance.now();
    if (stats.firstLevelMs === null && game.call('report')) stats.firstLevelMs = performance.now();
    if (flags & 1 || stats.frames % 60 === 0) {
      game.call('seed');
      const now = game.text();
      if (now && now !== seed) {
        seed = now;
        params.set('seed', seed);
        history.replaceState(null, '', '?' + params.toString());
      }
    }
    if (flags & 2) {
      game.call('ending');
      message.textContent = `${game.text()}\n\nReload the page to play again.`;
      message.hidden = false;
      return;
    }
    requestAnimationFrame(frame);
  }
  requestAnimationFrame(frame);
}

main().catch((error) => fail(`error: ${error.message ?? error}`));
