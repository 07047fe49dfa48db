// The generators' playground: the form is `mapgen generate`'s own flags (their help,
// defaults and ranges from the module, crates/mapgen-web), and every picture and text is
// what the command prints for them, run in the page. No flag is named here but those
// that choose what the page shows (the format and the tile size).
import { load, crashText } from './module.js';

const $ = (id) => document.getElementById(id);
const form = $('form');
const largest = { width: 960, height: 680 }; // the picture's room on the page, in pixels

let pg;                 // the module
let spec;               // the form: generators and fields
let values = new Map(); // flag -> value as typed ('true' for a switch that is on)
let ranges = {};        // flag -> [min, max] for the chosen generator
let shown = { ascii: null, width: 0, height: 0, tile: 1, error: null, words: [] };
let clicks = [];        // the tiles clicked: one for the field of view, two for a path

// Runs `mapgen` with `words`: { ok, bytes, text }.
function run(words) {
  pg.send(words.join('\0'));
  const ok = pg.call('run') === 1;
  const bytes = pg.bytes();
  return { ok, bytes, text: new TextDecoder().decode(bytes) };
}

const fieldOf = (flag) => spec.fields.find((f) => f.flag === flag);
const generator = () => values.get('--generator') ?? fieldOf('--generator').default;
const ownedBy = new Map(); // flag -> the generators that take it

// The words after `generate` for the settings, in --help's order.
function settingsWords() {
  const words = [];
  for (const field of spec.fields) {
    const value = values.get(field.flag);
    if (value === undefined || value === '') continue;
    const owners = ownedBy.get(field.flag);
    if (owners && !owners.includes(generator())) continue;
    if (field.switch) { if (value === 'true') words.push(field.flag); } else words.push(field.flag, value);
  }
  // Flags of the URL the form does not know: the command says what it thinks of them.
  for (const [flag, value] of values) if (!fieldOf(flag)) words.push(flag, ...(value === 'true' ? [] : [value]));
  return words;
}

function quote(word) {
  return /^[A-Za-z0-9_,.:/=+-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}

// The form, built from the flags: a heading per group of --help, a field per flag.
function buildForm() {
  form.textContent = '';
  let heading;
  for (const field of spec.fields) {
    const owners = ownedBy.get(field.flag);
    if (owners && !owners.includes(generator())) continue;
    const title = field.heading ?? 'Dungeon';
    if (title !== heading) {
      heading = title;
      const h = document.createElement('h2');
      h.textContent = title;
      form.append(h);
    }
    form.append(fieldElement(field));
  }
}

function fieldElement(field) {
  const div = document.createElement('div');
  div.className = 'field';
  div.dataset.flag = field.flag;
  const label = document.createElement('label');
  const name = document.createElement('span');
  name.className = 'flag';
  name.textContent = field.flag;
  label.append(name, ' ', field.help ?? '');
  let input;
  if (field.switch) {
    input = document.createElement('input');
    input.type = 'checkbox';
    input.checked = values.get(field.flag) === 'true';
    label.prepend(input);
    div.append(label);
  } else {
    div.append(label);
    const choices = field.flag === '--generator' ? spec.generators.map((g) => g.name) : field.choices;
    if (choices.length) {
      input = document.createElement('select');
      for (const choice of choices) input.append(new Option(choice, choice));
      input.value = values.get(field.flag) ?? field.default ?? choices[0];
    } else {
      input = document.createElement('input');
      input.type = 'text';
      input.value = values.get(field.flag) ?? '';
      input.placeholder = field.default ?? field.value_name ?? '';
    }
    div.append(input);
  }
  input.name = field.flag;
  const hint = document.createElement('div');
  hint.className = 'hint';
  const range = ranges[field.flag];
  const about = field.flag === '--generator'
    ? spec.generators.find((g) => g.name === generator())?.about : null;
  hint.textContent = [
    about,
    field.default !== null && field.default !== undefined && !field.switch ? `default ${field.default}` : null,
    range ? `${range[0]} to ${range[1]}` : null,
  ].filter(Boolean).join(' · ');
  const error = document.createElement('div');
  error.className = 'error';
  div.append(hint, error);
  input.addEventListener(field.switch || input.tagName === 'SELECT' ? 'change' : 'input', () => {
    const value = field.switch ? String(input.checked) : input.value;
    if (value === '' || (field.switch && value === 'false')) values.delete(field.flag);
    else values.set(field.flag, value);
    if (field.flag === '--generator') chooseGenerator();
    schedule();
  });
  return div;
}

function chooseGenerator() {
  pg.send(generator());
  pg.call('ranges');
  ranges = JSON.parse(pg.text());
  buildForm();
}

let timer = null;
function schedule() {
  clearTimeout(timer);
  timer = setTimeout(update, 200);
}

// The message shown beside the first field it names, or above the map.
function showError(message) {
  for (const el of form.querySelectorAll('.field')) {
    el.classList.remove('invalid');
    el.querySelector('.error').textContent = '';
  }
  $('error').hidden = !message;
  $('error').textContent = '';
  if (!message) return;
  const named = [...message.matchAll(/--[a-z0-9-]+/g)].map((m) => m[0]);
  const el = named.map((flag) => form.querySelector(`.field[data-flag="${flag}"]`)).find(Boolean);
  if (el) {
    el.classList.add('invalid');
    el.querySelector('.error').textContent = message;
  } else {
    $('error').textContent = message;
  }
}

function showPicture(bytes, type) {
  const img = $('map');
  if (img.src) URL.revokeObjectURL(img.src);
  img.src = URL.createObjectURL(new Blob([bytes], { type }));
}

function update() {
  const words = settingsWords();
  const params = new URLSearchParams();
  for (let i = 0; i < words.length; i++) {
    const flag = words[i].slice(2);
    const next = words[i + 1];
    if (next === undefined || next.startsWith('--')) params.append(flag, '');
    else { params.append(flag, next); i++; }
  }
  history.replaceState(null, '', params.size ? `?${params}` : location.pathname);
  $('command').textContent = ['mapgen', 'generate', ...words].map(quote).join(' ');
  const ascii = run(['generate', ...words, '--format', 'ascii']);
  clicks = [];
  drawOverlay();
  if (!ascii.ok) {
    // No map for these settings: the last one would pass for theirs.
    $('map').hidden = true;
    $('recording').disabled = true;
    shown = { ...shown, ascii: null, error: ascii.text, words };
    showError(ascii.text);
    $('info').textContent = '';
    return;
  }
  showError(null);
  $('recording').disabled = false;
  const lines = ascii.text.split('\n').filter((l) => l.length);
  const width = lines[0].length, height = lines.length;
  const tile = Math.max(1, Math.min(32, Math.floor(Math.min(largest.width / width, largest.height / height))));
  shown = { ascii: ascii.text, width, height, tile, error: null, words };
  const png = run(['generate', ...words, '--format', 'png', '--tile-size', String(tile)]);
  $('map').hidden = !png.ok;
  if (png.ok) showPicture(png.bytes, 'image/png');
  else showError(png.text);
  const overlay = $('overlay');
  overlay.width = width * tile;
  overlay.height = height * tile;
  $('info').textContent = `${width} x ${height} tiles. Click a tile: what it sees; a second: the path.`;
}

function drawOverlay(fov = [], path = []) {
  const overlay = $('overlay');
  const g = overlay.getContext('2d');
  g.clearRect(0, 0, overlay.width, overlay.height);
  const t = shown.tile;
  g.fillStyle = 'rgba(255, 255, 255, 0.4)';
  for (const [x, y] of fov) g.fillRect(x * t, y * t, t, t);
  g.fillStyle = 'rgba(80, 220, 255, 0.85)';
  for (const [x, y] of path) g.fillRect(x * t, y * t, t, t);
  g.strokeStyle = '#fff';
  g.lineWidth = Math.max(1, t / 4);
  for (const [x, y] of clicks) g.strokeRect(x * t, y * t, t, t);
}

function look(x, y, toX, toY, path) {
  pg.send(shown.words.join('\0'));
  const ok = pg.call('look', x, y, toX, toY, path ? 1 : 0) === 1;
  return ok ? JSON.parse(pg.text()) : null;
}

$('overlay').addEventListener('click', (event) => {
  if (!shown.ascii) return;
  const box = event.target.getBoundingClientRect();
  const x = Math.floor((event.clientX - box.left) / box.width * shown.width);
  const y = Math.floor((event.clientY - box.top) / box.height * shown.height);
  clicks = clicks.length === 1 ? [clicks[0], [x, y]] : [[x, y]];
  const [from] = clicks;
  const fov = look(from[0], from[1], 0, 0, false) ?? [];
  if (clicks.length === 1) {
    drawOverlay(fov);
    $('info').textContent = `(${x}, ${y}) sees ${fov.length} tiles.`;
    window.mapgen.lastLook = { fov };
    return;
  }
  const path = look(from[0], from[1], x, y, true);
  drawOverlay(fov, path?.path ?? []);
  $('info').textContent = path?.cost === null || !path
    ? `No path from (${from}) to (${x}, ${y}).`
    : `Path from (${from}) to (${x}, ${y}): cost ${path.cost}, ${path.path.length - 1} steps.`;
  window.mapgen.lastLook = { fov, path };
});

$('recording').addEventListener('click', () => {
  if (!shown.ascii) return;
  const gif = run(['generate', ...shown.words, '--format', 'gif', '--tile-size', String(shown.tile)]);
  if (gif.ok) showPicture(gif.bytes, 'image/gif');
  else showError(gif.text);
});

$('copy').addEventListener('click', async () => {
  const text = $('command').textContent;
  try {
    await navigator.clipboard.writeText(text);
    $('info').textContent = 'Copied.';
  } catch (_) {
    getSelection().selectAllChildren($('command'));
    $('info').textContent = 'Selected: copy it with Ctrl-C.';
  }
});

async function main() {
  pg = await load('playground.wasm', 'playground_');
  try {
    pg.call('form');
    spec = JSON.parse(pg.text());
    for (const g of spec.generators) {
      for (const flag of g.flags) ownedBy.set(flag, [...(ownedBy.get(flag) ?? []), g.name]);
    }
    pg.send(location.search);
    pg.call('query_words');
    const words = pg.text().split('\0').filter(Boolean);
    for (let i = 0; i < words.length; i++) {
      const [flag, inline] = words[i].split(/=(.*)/s);
      if (inline !== undefined) values.set(flag, inline);
      else if (words[i + 1] !== undefined && !fieldOf(flag)?.switch) values.set(flag, words[++i]);
      else values.set(flag, 'true');
    }
    chooseGenerator();
    update();
  } catch (error) {
    showError(`error: ${crashText(pg, error)}`);
    throw error;
  }
}

window.mapgen = {
  ascii: () => shown.ascii,
  error: () => shown.error,
  command: () => $('command').textContent,
  settings: () => shown.words.slice(),
};
main().catch((error) => showError(`error: ${error.message ?? error}`));
