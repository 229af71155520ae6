/**
 * Renderer speed: npm run -s bench:render
 * Renders 200 different positions from random games (after a warm-up) with dice, cube, names,
 * last-play highlights and both themes, and compares with the floor: sharp encoding an already
 * rasterised raw buffer of the same size to PNG with the same settings, in the same run.
 * first_render_ms: a fresh child process (bench/first-render.ts) imports the renderer and times its
 * first board, with no warm-up; the import time and the time since that process started are
 * printed beside it.
 */
import { spawnSync } from 'node:child_process';
import { legalPlays, type Position, type Dice } from '../src/engine/index.js';
import { renderPosition, buildScene } from '../src/render/index.js';
import { encodePng, sceneToRaw } from '../src/render/raster.js';
import { HEIGHT, WIDTH } from '../src/render/layout.js';
import { randomGame } from '../src/sim/selfplay.js';
import { seededRandom } from '../src/sim/rng.js';

const pick = seededRandom(42);

interface Case {
  position: Position;
  dice: Dice;
  last: { side: 'white' | 'black'; moves: readonly (readonly [number, number])[] } | null;
}
const cases: Case[] = [];
for (let seed = 1; cases.length < 260; seed++) {
  randomGame(seed % 2 ? 'long' : 'short', seed, undefined, undefined, (v) => {
    if (cases.length >= 260 || pick() > 0.15) return;
    const plays = legalPlays(v.position, v.dice);
    const play = plays[0];
    cases.push({
      position: play ? play.position : v.position,
      dice: v.dice,
      last: play ? { side: v.position.turn, moves: play.moves } : null,
    });
  });
}
const optionsFor = (c: Case, i: number) => ({
  theme: i % 5 === 4 ? ('dark' as const) : ('wood' as const),
  viewer: i % 2 ? ('black' as const) : ('white' as const),
  dice: c.dice,
  cube: { value: 2 ** (i % 4), owner: i % 3 === 0 ? null : i % 3 === 1 ? ('white' as const) : ('black' as const) },
  names: { white: 'Алексей Смирнов', black: `Player ${i}` },
  score: { white: i % 3, black: i % 4, length: 5 },
  lastPlay: c.last,
});

const warm = cases.slice(0, 60);
const measured = cases.slice(60, 260);
for (const [i, c] of warm.entries()) await renderPosition(c.position, optionsFor(c, i));

const times: number[] = [];
const sizes: number[] = [];
const floors: number[] = [];
for (const [i, c] of measured.entries()) {
  const t0 = performance.now();
  const png = await renderPosition(c.position, optionsFor(c, i));
  times.push(performance.now() - t0);
  sizes.push(png.length);
  // The floor: encode the same already-rasterised pixels with the same settings.
  const raw = await sceneToRaw(buildScene({ ...optionsFor(c, i), position: c.position }));
  const t1 = performance.now();
  await encodePng(raw);
  floors.push(performance.now() - t1);
}
const q = (a: number[], p: number): number => [...a].sort((x, y) => x - y)[Math.min(a.length - 1, Math.floor(p * a.length))]!;
const first = spawnSync(process.execPath, ['--import', 'tsx', new URL('./first-render.ts', import.meta.url).pathname], { encoding: 'utf8' });
const firstRun = JSON.parse(first.stdout.trim().split('\n').at(-1) ?? '{}') as { first_render_ms: number; import_ms: number; since_process_start_ms: number };
const median = q(times, 0.5);
const floor = q(floors, 0.5);
console.log(
  JSON.stringify({
    renders: measured.length,
    median_ms: +median.toFixed(2),
    p95_ms: +q(times, 0.95).toFixed(2),
    floor_ms: +floor.toFixed(2),
    ratio: +(median / floor).toFixed(2),
    png_bytes_median: q(sizes, 0.5),
    png_bytes_max: Math.max(...sizes),
    first_render_ms: firstRun.first_render_ms,
    first_render_import_ms: firstRun.import_ms,
    first_render_since_process_start_ms: firstRun.since_process_start_ms,
    width: WIDTH,
    height: HEIGHT,
  }),
);
