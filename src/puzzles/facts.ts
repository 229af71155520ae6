/**
 * The facts of a play that players name (hits, blots, points made, blocks, the head, checkers
 * off): a problem's themes, and the one line of why the best play is better than another.
 */
import { oppPointOf } from '../engine/numbering.js';
import { pipCount } from '../engine/position.js';
import { sidesOf, type Position, type Step } from '../engine/types.js';
import type { Theme } from './bank.js';

export interface PlayFacts {
  readonly hits: number;
  readonly off: number;
  /** Short nardy: points with a single checker of the mover's. */
  readonly blots: number;
  /** The longest run of the mover's points in a row (short: made points; long: any checker holds one). */
  readonly block: number;
  /** Long nardy: checkers that left the head (point 24). */
  readonly fromHead: number;
  /** Points the play made (short: two or more checkers; long: taken) that were not the mover's before. */
  readonly made: readonly number[];
}

/** The mover's and the opponent's checkers after the steps (own numberings; hits go to the bar). */
export function sidesAfter(position: Position, steps: readonly Step[]): { me: number[]; opp: number[] } {
  const { me: m, opp: o } = sidesOf(position);
  const me = [...m];
  const opp = [...o];
  for (const [from, to] of steps) {
    me[from]!--;
    me[to]!++;
    if (position.variant === 'short' && to >= 1 && to <= 24) {
      const q = oppPointOf('short', to);
      if (opp[q] === 1) {
        opp[q] = 0;
        opp[25]!++;
      }
    }
  }
  return { me, opp };
}

const held = (variant: Position['variant'], n: number): boolean => (variant === 'short' ? n >= 2 : n >= 1);

function longestRun(variant: Position['variant'], me: readonly number[]): number {
  let best = 0;
  let run = 0;
  for (let p = 1; p <= 24; p++) {
    run = held(variant, me[p]!) ? run + 1 : 0;
    best = Math.max(best, run);
  }
  return best;
}

export function playFacts(position: Position, steps: readonly Step[]): PlayFacts {
  const { me: before, opp: oppBefore } = sidesOf(position);
  const { me, opp } = sidesAfter(position, steps);
  const v = position.variant;
  const made: number[] = [];
  for (let p = 1; p <= 24; p++) if (held(v, me[p]!) && !held(v, before[p]!)) made.push(p);
  return {
    hits: (opp[25]! - oppBefore[25]!) | 0,
    off: me[0]! - before[0]!,
    blots: v === 'short' ? me.slice(1, 25).filter((n) => n === 1).length : 0,
    block: longestRun(v, me),
    fromHead: v === 'long' ? steps.filter(([from]) => from === 24).length : 0,
    made,
  };
}

/** No checker of one side can meet one of the other's again. */
export function isRace(position: Position): boolean {
  const { me, opp } = sidesOf(position);
  if (position.variant === 'short') {
    if (me[25]! > 0 || opp[25]! > 0) return false;
    let myBack = 0;
    for (let p = 24; p >= 1; p--) if (me[p]! > 0) { myBack = p; break; }
    // The opponent's rearmost checker, in the mover's numbering (its point q is the mover's 25 - q).
    let theirBack = 25;
    for (let q = 24; q >= 1; q--) if (opp[q]! > 0) { theirBack = 25 - q; break; }
    return myBack < theirBack;
  }
  // Long nardy: each side's checkers all in its own last half: their paths no longer cross.
  return me.slice(13, 25).every((n) => n === 0) && opp.slice(13, 25).every((n) => n === 0);
}

export function isBearOff(position: Position): boolean {
  const { me } = sidesOf(position);
  return me.slice(7, 26).every((n) => n === 0);
}

/** The themes of a problem: its position, its best play and the play that tempts. */
export function themesOf(position: Position, best: readonly Step[], tempting: readonly Step[]): Theme[] {
  const themes: Theme[] = [];
  if (isBearOff(position)) themes.push('bear-off');
  else if (isRace(position)) themes.push('race');
  const b = playFacts(position, best);
  const t = playFacts(position, tempting);
  if (position.variant === 'short') {
    if (b.hits > 0 || t.hits > 0) themes.push('hitting');
    if (b.block >= 4 && b.block > t.block) themes.push('priming');
    const { me, opp } = sidesOf(position);
    const anchors = [19, 20, 21, 22, 23, 24].filter((p) => me[p]! >= 2).length;
    if (anchors >= 2 && pipCount(me) - pipCount(opp) >= 50) themes.push('back-game');
  } else {
    if (b.fromHead > 0 || t.fromHead > 0) themes.push('head');
    if (b.block >= 4 && b.block !== t.block) themes.push('blocking');
  }
  if (themes.length === 0) themes.push('middle-game');
  return themes;
}

/** Why the best play beats the one chosen, as a locale key and its arguments (the first fact that differs). */
export function whyBetter(position: Position, best: readonly Step[], chosen: readonly Step[]): { key: string; args: Record<string, number> } {
  const b = playFacts(position, best);
  const c = playFacts(position, chosen);
  if (b.hits !== c.hits) return b.hits > c.hits ? { key: 'why-hits', args: { n: b.hits } } : { key: 'why-no-hit', args: {} };
  if (b.off !== c.off) return { key: 'why-off', args: { best: b.off, chosen: c.off } };
  if (position.variant === 'long' && b.block >= 6 && c.block < 6) return { key: 'why-six-block', args: {} };
  if (position.variant === 'long' && c.block >= 6 && b.block < 6) return { key: 'why-six-block-early', args: {} };
  if (position.variant === 'short' && b.blots !== c.blots) return { key: 'why-blots', args: { best: b.blots, chosen: c.blots } };
  if (b.block !== c.block) return { key: 'why-block', args: { best: b.block, chosen: c.block } };
  if (position.variant === 'long' && b.fromHead !== c.fromHead) return { key: 'why-head', args: { best: b.fromHead, chosen: c.fromHead } };
  const point = b.made.find((p) => !c.made.includes(p));
  if (point !== undefined) return { key: 'why-point', args: { point } };
  return { key: 'why-equity', args: {} };
}
