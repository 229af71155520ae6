/**
 * npm run -s render -- --position '<json or id>' [--dice 6-5] [--theme wood|dark] [--viewer white|black]
 *   [--white NAME] [--black NAME] [--cube 2] [--cube-owner white|black] [--last '24/18 18/13'] --out board.png
 * Writes a PNG of the board (or an SVG when --out ends in .svg).
 */
import { writeFileSync } from 'node:fs';
import { parsePlay, NotationError } from '../engine/notation.js';
import { parsePositionInput, PositionError } from '../engine/position.js';
import { isDie, otherSide, type Die } from '../engine/types.js';
import { renderPosition, renderSvg, type RenderOptions } from '../render/index.js';

class UsageError extends Error {}

function arg(args: string[], name: string): string | undefined {
  const i = args.indexOf(name);
  if (i < 0) return undefined;
  const v = args[i + 1];
  if (v === undefined || v.startsWith('--')) throw new UsageError(`${name} needs a value`);
  return v;
}

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  try {
    const posText = arg(args, '--position');
    const out = arg(args, '--out');
    if (!posText) throw new UsageError('--position is required');
    if (!out) throw new UsageError('--out is required');
    const position = parsePositionInput(posText);
    const options: { -readonly [K in keyof RenderOptions]: RenderOptions[K] } = {};
    const dice = arg(args, '--dice');
    if (dice) {
      const m = /^([1-6])-([1-6])$/.exec(dice);
      if (!m) throw new UsageError('--dice looks like 6-5');
      const a = Number(m[1]);
      const b = Number(m[2]);
      if (!isDie(a) || !isDie(b)) throw new UsageError('--dice looks like 6-5');
      options.dice = [a as Die, b as Die];
    }
    const theme = arg(args, '--theme');
    if (theme) {
      if (theme !== 'wood' && theme !== 'dark') throw new UsageError('--theme is wood or dark');
      options.theme = theme;
    }
    const viewer = arg(args, '--viewer');
    if (viewer) {
      if (viewer !== 'white' && viewer !== 'black') throw new UsageError('--viewer is white or black');
      options.viewer = viewer;
    }
    options.names = { white: arg(args, '--white') ?? 'White', black: arg(args, '--black') ?? 'Black' };
    const cube = arg(args, '--cube');
    if (cube) {
      const value = Number(cube);
      if (![1, 2, 4, 8, 16, 32, 64].includes(value)) throw new UsageError('--cube is 1, 2, 4 ... 64');
      const owner = arg(args, '--cube-owner');
      if (owner && owner !== 'white' && owner !== 'black') throw new UsageError('--cube-owner is white or black');
      options.cube = { value, owner: (owner as 'white' | 'black' | undefined) ?? null };
    }
    const last = arg(args, '--last');
    if (last) options.lastPlay = { side: otherSide(position.turn), moves: parsePlay(last) };
    if (out.endsWith('.svg')) writeFileSync(out, renderSvg(position, options));
    else writeFileSync(out, await renderPosition(position, options));
    return 0;
  } catch (e) {
    if (e instanceof UsageError || e instanceof PositionError || e instanceof NotationError) {
      console.error(`error: ${e.message}`);
      console.error("usage: render --position '<json or id>' [--dice 6-5] [--theme wood|dark] [--viewer white|black] [--white NAME] [--black NAME] [--cube N] [--cube-owner side] [--last '24/18 18/13'] --out board.png");
      return 2;
    }
    throw e;
  }
}

process.exitCode = await main();
