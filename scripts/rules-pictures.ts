/** Draws the /rules lesson pictures with the renderer: npx tsx scripts/rules-pictures.ts -> assets/rules/*.png */
import { writeFileSync } from 'node:fs';
import { LESSONS } from '../src/lessons/lessons.js';
import { renderPosition } from '../src/render/index.js';

for (const lessons of Object.values(LESSONS)) {
  for (const lesson of lessons) {
    const file = new URL(`../assets/rules/${lesson.id}.png`, import.meta.url);
    writeFileSync(file, await renderPosition(lesson.position, lesson.view));
    console.log(file.pathname);
  }
}
