/**
 * Engine speed: npm run -s bench:engine
 * Mean time to list all legal plays (legalPlays: plays with their moves and positions) for the
 * cases of each reference file, after warm-up; and whole random self-play games per second.
 */
import { readFileSync } from 'node:fs';
import { legalPlays, parsePosition, type Dice, type Position } from '../src/engine/index.js';
import { Generator } from '../src/engine/movegen.js';
import { randomGame } from '../src/sim/selfplay.js';

function cases(name: string): Array<{ p: Position; d: Dice }> {
  return readFileSync(new URL(`../test/fixtures/vectors/${name}.jsonl`, import.meta.url), 'utf8')
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => {
      const c = JSON.parse(l) as { position: unknown; dice: Dice };
      return { p: parsePosition(c.position), d: c.dice };
    });
}

function usPerPosition(name: string): number {
  const cs = cases(name);
  let sink = 0;
  for (let r = 0; r < 30; r++) for (const c of cs) sink += legalPlays(c.p, c.d).length;
  const rounds = 100;
  const t0 = process.hrtime.bigint();
  for (let r = 0; r < rounds; r++) for (const c of cs) sink += legalPlays(c.p, c.d).length;
  const ns = Number(process.hrtime.bigint() - t0);
  if (sink < 0) console.log(sink);
  return +(ns / 1000 / (rounds * cs.length)).toFixed(2);
}

function gamesPerSecond(variant: 'long' | 'short'): number {
  const gen = new Generator();
  for (let g = 0; g < 50; g++) randomGame(variant, 1_000_000 + g, undefined, gen);
  const games = 1000;
  const t0 = performance.now();
  for (let g = 0; g < games; g++) randomGame(variant, g, undefined, gen);
  return Math.round(games / ((performance.now() - t0) / 1000));
}

console.log(
  JSON.stringify({
    long_random_us_per_position: usPerPosition('long-random'),
    long_blocks_us_per_position: usPerPosition('long-blocks'),
    short_random_us_per_position: usPerPosition('short-random'),
    selfplay_long_games_per_s: gamesPerSecond('long'),
    selfplay_short_games_per_s: gamesPerSecond('short'),
    node: process.version,
  }),
);
