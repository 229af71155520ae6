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

/**
 * A play as players and gnubg write it for people: each checker's whole move in one (`24/18 18/13`
 * is `24/13`; a hit on the way is kept: `24/18*` then `/13`), equal moves counted (`24/18(2) 13/7(2)`),
 * from the highest point down (the bar first). Takes the step-by-step notation of formatPlay
 * (SPEC §2, which the command line and the game record keep) and gives back `-` or `` as they are.
 */
export function playersNotation(text: string): string {
  const tokens = text.trim().split(/\s+/).filter(Boolean);
  if (tokens.length === 0 || tokens.some((t) => !/^(bar|\d{1,2})\/(off|\d{1,2})\*?$/.test(t))) return text;
  const value = (p: string): number => (p === 'bar' ? 25 : p === 'off' ? 0 : Number(p));
  // Each checker's path: the points it stood on, and whether it hit on landing there.
  const paths: Array<{ points: string[]; hits: boolean[] }> = [];
  for (const token of tokens) {
    const hit = token.endsWith('*');
    const [from, to] = token.replace('*', '').split('/') as [string, string];
    const onward = paths.find((x) => x.points[x.points.length - 1] === from && from !== 'off');
    if (onward) {
      onward.points.push(to);
      onward.hits.push(hit);
    } else paths.push({ points: [from, to], hits: [false, hit] });
  }
  const written = paths.map((x) => ({
    from: value(x.points[0]!),
    to: value(x.points[x.points.length - 1]!),
    // Points passed through are written only where the checker hit.
    text: x.points
      .map((pt, i) => ({ pt, i }))
      .filter(({ i }) => i === 0 || i === x.points.length - 1 || x.hits[i])
      .map(({ pt, i }) => `${pt}${i > 0 && x.hits[i] ? '*' : ''}`)
      .join('/'),
  }));
  written.sort((a, b) => b.from - a.from || b.to - a.to);
  const out: string[] = [];
  for (let i = 0; i < written.length; ) {
    let n = 1;
    while (i + n < written.length && written[i + n]!.text === written[i]!.text) n++;
    out.push(n > 1 ? `${written[i]!.text}(${n})` : written[i]!.text);
    i += n;
  }
  return out.join(' ');
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
