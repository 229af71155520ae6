/**
 * Cube decisions from the outcome probabilities.
 *
 * Money play: Janowski's model (R. Janowski, "Take-Points in Money Games", 1993): the cubeful
 * equity is a mix, by the cube's efficiency x, of the dead-cube equity and a live-cube equity
 * that runs linearly between the take point and the cash point.
 *
 * Match play: the same model on a match-winning-chance scale. The outcomes of the game at the
 * current cube are priced with the match equity table (a single win counts +1, a single loss
 * -1, gammons and backgammons what the table makes of them at this score), Janowski's formula
 * gives the cubeful value, and the table turns it back into a chance to win the match.
 * "No double", "double, take" and "double, pass" are compared as gnubg does.
 */
import type { Variant } from '../engine/types.js';
import { matchWinChance, type MatchScore } from './met.js';

/** The cube's efficiency: how much of the ideal live-cube value is really won (gnubg: 0.68 in contact). */
export const CUBE_EFFICIENCY = 0.68;

export type CubeOwner = 'me' | 'opp' | null;

export interface CubeSituation {
  readonly variant: Variant;
  /** Outcome probabilities for the side on roll ("me"), as the networks give them. */
  readonly probs: ArrayLike<number>;
  readonly cube: number;
  readonly owner: CubeOwner;
  /** null for a money game. */
  readonly match: MatchScore | null;
}

export interface CubeValues {
  /** No double, double/take, double/pass: equity per unit of the current cube (money) or match winning chance. */
  readonly noDouble: number;
  readonly doubleTake: number;
  readonly doublePass: number;
  readonly scale: 'money' | 'match';
}

/** Win probability, and the average size of a win and of a loss (1 = single). */
function shape(variant: Variant, p: ArrayLike<number>): { w: number; W: number; L: number; single: [number, number, number]; lose: [number, number, number] } {
  const w = Math.min(1, Math.max(0, p[0]!));
  const l = 1 - w;
  // Exclusive probabilities of winning / losing by 1, 2 and 3.
  let single: [number, number, number];
  let lose: [number, number, number];
  if (variant === 'long') {
    single = [w - p[1]!, p[1]!, 0];
    lose = [l - p[2]!, p[2]!, 0];
  } else {
    single = [w - p[1]!, p[1]! - p[2]!, p[2]!];
    lose = [l - p[3]!, p[3]! - p[4]!, p[4]!];
  }
  const W = w > 1e-7 ? (single[0] + 2 * single[1] + 3 * single[2]) / w : 1;
  const L = l > 1e-7 ? (lose[0] + 2 * lose[1] + 3 * lose[2]) / l : 1;
  return { w, W, L, single, lose };
}

/** Janowski's live-cube equity at win probability p for average win W and loss L. */
export function liveEquity(W: number, L: number, p: number, owner: CubeOwner): number {
  const tp = (L - 0.5) / (W + L + 0.5);
  const cp = (L + 1) / (W + L + 0.5);
  if (owner === null) {
    if (p < tp) return -L + ((L - 1) * p) / tp;
    if (p < cp) return -1 + (2 * (p - tp)) / (cp - tp);
    return 1 + ((W - 1) * (p - cp)) / (1 - cp);
  }
  if (owner === 'me') {
    if (p < cp) return -L + ((1 + L) * p) / cp;
    return 1 + ((W - 1) * (p - cp)) / (1 - cp);
  }
  if (p < tp) return -L + ((L - 1) * p) / tp;
  return -1 + ((W + 1) * (p - tp)) / (1 - tp);
}

function cubeful(W: number, L: number, p: number, owner: CubeOwner, x: number): number {
  const dead = p * W - (1 - p) * L;
  return (1 - x) * dead + x * liveEquity(W, L, p, owner);
}

/** The three cube values of the side on roll. */
export function cubeValues(s: CubeSituation, x = CUBE_EFFICIENCY): CubeValues {
  const { w, W, L, single, lose } = shape(s.variant, s.probs);
  if (!s.match) {
    return {
      noDouble: cubeful(W, L, w, s.owner, x),
      doubleTake: 2 * cubeful(W, L, w, 'opp', x),
      doublePass: 1,
      scale: 'money',
    };
  }
  const m = s.match;
  // Price the game's outcomes at cube value c on the table, normalised so that a single win is
  // +1 and a single loss -1; then apply Janowski there and map back.
  const atCube = (c: number, owner: CubeOwner): number => {
    const win = (k: number): number => matchWinChance(m, k * c);
    const loss = (k: number): number => matchWinChance(m, -k * c);
    const hi = win(1);
    const lo = loss(1);
    if (hi - lo < 1e-9) return hi;
    const norm = (mwc: number): number => (2 * (mwc - lo)) / (hi - lo) - 1;
    const Wm = w > 1e-7 ? (single[0] * norm(win(1)) + single[1] * norm(win(2)) + single[2] * norm(win(3))) / w : 1;
    const Lm = 1 - w > 1e-7 ? -(lose[0] * norm(loss(1)) + lose[1] * norm(loss(2)) + lose[2] * norm(loss(3))) / (1 - w) : 1;
    // The cube's live value is its owner's right to turn it, which counts while a turn still
    // changes something for them: the opponent owning a cube at c can redouble usefully while
    // they need more than c points (the recube vig a take buys), "me" while I need more than c;
    // a centred cube while either side does. The Crawford game has no cube at all.
    const live = !m.crawford && (owner === 'opp' ? m.awayOpp > c : owner === 'me' ? m.awayMe > c : m.awayMe > c || m.awayOpp > c);
    const eq = cubeful(Math.max(Wm, 1e-6), Math.max(Lm, 1e-6), w, owner, live ? x : 0);
    return lo + ((eq + 1) / 2) * (hi - lo);
  };
  return {
    noDouble: atCube(s.cube, s.owner),
    doubleTake: atCube(s.cube * 2, 'opp'),
    doublePass: matchWinChance(m, s.cube),
    scale: 'match',
  };
}

/** Should the side on roll double? (Only when doubling beats not doubling whatever the answer.) */
export function shouldDouble(s: CubeSituation, x = CUBE_EFFICIENCY): boolean {
  const v = cubeValues(s, x);
  return v.doubleTake > v.noDouble && v.doublePass > v.noDouble;
}

/** Facing a double: take it? `s` is the doubler's situation (the doubler on roll). */
export function shouldTake(s: CubeSituation, x = CUBE_EFFICIENCY): boolean {
  const v = cubeValues(s, x);
  // The taker takes when the doubler gains no more by the take than by the pass.
  return v.doubleTake <= v.doublePass;
}

/**
 * Accept a resignation of `points` (times the cube)? `s` is the accepting side's situation
 * (as if on roll). Accept when the points offered are at least what playing on is worth.
 */
export function shouldAcceptResignation(s: CubeSituation, level: number, x = CUBE_EFFICIENCY): boolean {
  if (!s.match) {
    const v = cubeValues(s, x);
    return level >= v.noDouble - 1e-9;
  }
  const gain = matchWinChance(s.match, level * s.cube);
  if (gain >= 1) return true;
  return gain >= cubeValues(s, x).noDouble - 1e-9;
}
