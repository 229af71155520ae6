/** Writes test/fixtures/golden/board-<theme>.png. Run after an intended change of the look: npx tsx scripts/render-goldens.ts */
import { writeFileSync } from 'node:fs';
import { renderPosition } from '../src/render/index.js';
import { GOLDEN_POSITION, GOLDEN_VIEWS } from '../test/render/golden-views.js';

for (const [theme, view] of Object.entries(GOLDEN_VIEWS)) {
  const file = new URL(`../test/fixtures/golden/board-${theme}.png`, import.meta.url);
  writeFileSync(file, await renderPosition(GOLDEN_POSITION, view));
  console.log(file.pathname);
}
