// The numbers of docs/performance.md's web section, measured in the page: the modules'
// sizes (and gzipped), the first frame after loading, and a frame's work (the app's frame
// and the drawing) while auto-explore runs on each default map (peaceful) at its default pace. Not a
// test: timings are reported, never asserted (docs/web.md). Run after scripts/build-web.sh:
//   node web/tests/measure.mjs
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { join } from 'node:path';
import { serve, launch, newPage, root } from './site.mjs';

for (const name of ['game.wasm', 'playground.wasm']) {
  const bytes = readFileSync(join(root, 'target/web', name));
  console.log(`${name}: ${bytes.length} bytes, ${gzipSync(bytes, { level: 9 }).length} gzipped`);
}
const server = await serve();
const browser = await launch();
const problems = [];
const quantile = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
const ms = (v) => v.toFixed(2);
for (const generator of ['rooms', 'caves', 'isaac', 'maze', 'wfc']) {
  const firsts = [];
  const work = [];
  for (const seed of [1, 2, 3]) {
    const page = await newPage(browser, problems);
    // Peaceful: a monster in view stops auto-explore, which would leave a few frames.
    await page.goto(`${server.url}index.html?generator=${generator}&seed=${seed}&replay=ooo&peaceful`);
    await page.waitForFunction(() => window.mapgen?.idle(), null, { timeout: 120000 });
    const stats = await page.evaluate(() => window.mapgen.frameStats());
    firsts.push(stats.firstLevelMs);
    work.push(...stats.work.slice(3));
    await page.close();
  }
  work.sort((a, b) => a - b);
  firsts.sort((a, b) => a - b);
  console.log(`${generator}: first level shown ${firsts.map((v) => v.toFixed(0)).join(', ')} ms after loading; `
    + `frame work over ${work.length} frames: median ${ms(quantile(work, 0.5))} ms, `
    + `95th ${ms(quantile(work, 0.95))} ms, max ${ms(work[work.length - 1])} ms`);
}
await browser.close();
server.close();
if (problems.length) console.log('problems:', problems);
