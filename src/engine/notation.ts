import { oppPointOf } from './numbering.js';
import type { Position, Step } from './types.js';

export class NotationError extends Error {}

function pointName(p: number): string {
  return p === 25 ? 'bar' : p === 0 ? 'off' : String(p);
}

/** Which steps of a play, replayed from `start`, hit a blot (short nardy only). */
export function hitsOf(start: Position, steps: readonly Step[]): boolean[] {
  if (start.variant !== 'short') return steps.map(() => false);
  const opp = [...(start.turn === 'white' ? start.black : start.white)];
  return steps.map(([, to]) => {
    if (to < 1 || to > 24) return false;
    const q = oppPointOf('short', to);
    if (opp[q] !== 1) return false;
    opp[q] = 0;
    return true;
  });
}

/**
 * Write a play as `24/18 13/8`, `bar/20`, `6/off`, with `*` after a step that hits. Pass the
 * start position to mark hits. An empty play is written as an empty string.
 */
export function formatPlay(steps: readonly Step[], start?: Position): string {
  const hits = start ? hitsOf(start, steps) : steps.map(() => false);
  return steps.map(([from, to], i) => `${pointName(from)}/${pointName(to)}${hits[i] ? '*' : ''}`).join(' ');
}

function parsePoint(text: string): number {
  const t = text.toLowerCase();
  if (t === 'bar') return 25;
  if (t === 'off') return 0;
  if (!/^\d{1,2}$/.test(t)) throw new NotationError(`"${text}" is not a point (1-24, bar or off)`);
  const n = Number(t);
  if (n > 25) throw new NotationError(`"${text}" is not a point (1-24, bar or off)`);
  return n;
}

/**
 * Read a play: steps separated by spaces, each `from/to` with optional `*` marks; chained steps
 * (`24/18/13`) and repetitions (`13/11(2)`) are accepted; `25` = bar and `0` = off.
 */
export function parsePlay(text: string): Step[] {
  const steps: Step[] = [];
  const tokens = text.trim().split(/\s+/).filter(Boolean);
  for (const token of tokens) {
    const m = /^([^()]+?)(?:\((\d)\))?$/.exec(token);
    if (!m) throw new NotationError(`cannot read "${token}"`);
    const repeat = m[2] ? Number(m[2]) : 1;
    if (repeat < 1 || repeat > 4) throw new NotationError(`bad repeat count in "${token}"`);
    const points = m[1]!.replace(/\*/g, '').split('/');
    if (points.length < 2) throw new NotationError(`"${token}" needs from/to`);
    const pts = points.map(parsePoint);
    for (let r = 0; r < repeat; r++) {
      for (let i = 0; i + 1 < pts.length; i++) {
        const from = pts[i]!;
        const to = pts[i + 1]!;
        if (from === 0) throw new NotationError(`"${token}": cannot move from off`);
        if (to === 25) throw new NotationError(`"${token}": cannot move to the bar`);
        if (to >= from) throw new NotationError(`"${token}": a step goes from a higher point to a lower one`);
        steps.push([from, to]);
      }
    }
  }
  if (steps.length > 4) throw new NotationError('a play has at most four steps');
  return steps;
}
