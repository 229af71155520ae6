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
  /** The cube's efficiency in this position (cubeEfficiency); CUBE_EFFICIENCY when absent. */
  readonly efficiency?: number;
}

/**
 * The cube's efficiency by the kind of position, with gnubg's values: 0.68 while the sides still
 * have to pass each other; in a race 0.55 + 0.00125 per pip of the side on roll, within 0.6 and
 * 0.7 (a long race leaves more time to use the cube); 0.6 once both sides bear off. Long nardy,
 * where checkers never hit, keeps the contact value. Sides in their own numbering (0 off, 25 bar).
 */
export function cubeEfficiency(variant: Variant, me: ArrayLike<number>, opp: ArrayLike<number>): number {
  if (variant === 'long') return CUBE_EFFICIENCY;
  const back = (side: ArrayLike<number>): number => {
    for (let i = 25; i >= 1; i--) if (side[i]! > 0) return i;
    return 0;
  };
  const [a, b] = [back(me), back(opp)];
  if (a + b > 25) return CUBE_EFFICIENCY;
  if (a <= 6 && b <= 6) return 0.6;
  let pips = 0;
  for (let i = 1; i <= 25; i++) pips += i * me[i]!;
  return Math.min(0.7, Math.max(0.6, 0.55 + 0.00125 * pips));
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
export function cubeValues(s: CubeSituation, efficiency?: number): CubeValues {
  const x = efficiency ?? s.efficiency ?? CUBE_EFFICIENCY;
  const { w, W, L, single, lose } = shape(s.variant, s.probs);
  if (!s.match) {
    return {
      noDouble: cubeful(W, L, w, s.owner, x),
      doubleTake: 2 * cubeful(W, L, w, 'opp', x),
      doublePass: 1,
      scale: 'money',
    };
  }
  return matchCubeValues(s.match, w, single, lose, s.cube, s.owner, x);
}

/**
 * Match play: cubeful match winning chances after the match equity table, with live take points
 * worked out level by level (as gnubg's match-play cube does). A player doubled from c to 2c
 * takes when owning 2c is worth at least passing: owning is worth the gammon-weighted loss at 2c
 * when they are sure to lose, the cash (winning 2c: the other passes their redouble) at their own
 * cash point, and the gammon-weighted win at 2c when they are sure to win; their cash point is one
 * less the other's take point a level up. A cube that cannot change the match for its owner (they
 * need no more than its value) is dead: no cash point, the line runs straight to the win. The
 * cubeful value mixes the live model and the dead cube by the cube's efficiency x.
 */
function matchCubeValues(m: MatchScore, w: number, single: readonly number[], lose: readonly number[], cube: number, owner: CubeOwner, x: number): CubeValues {
  type Who = 'me' | 'opp';
  const l = 1 - w;
  // The match winning chance of `who` after they win (k > 0) or lose (k < 0) k points.
  const mwc = (who: Who, k: number): number => (who === 'me' ? matchWinChance(m, k) : 1 - matchWinChance(m, -k));
  // Gammon-weighted values of a win and a loss at cube c, for `who`.
  const win = (who: Who, c: number): number => {
    const [p, q] = who === 'me' ? [single, w] : [lose, l];
    return q > 1e-7 ? (p[0]! * mwc(who, c) + p[1]! * mwc(who, 2 * c) + p[2]! * mwc(who, 3 * c)) / q : mwc(who, c);
  };
  const loss = (who: Who, c: number): number => {
    const [p, q] = who === 'me' ? [lose, l] : [single, w];
    return q > 1e-7 ? (p[0]! * mwc(who, -c) + p[1]! * mwc(who, -2 * c) + p[2]! * mwc(who, -3 * c)) / q : mwc(who, -c);
  };
  const away = (who: Who): number => (who === 'me' ? m.awayMe : m.awayOpp);
  const other = (who: Who): Who => (who === 'me' ? 'opp' : 'me');
  // A cube of value c owned by `who` is alive while redoubling it can still change the match.
  const alive = (who: Who, c: number): boolean => !m.crawford && away(who) > c && c < 64;
  const memo = new Map<string, number>();
  // The take point of `who` doubled from c to 2c (their winning chance), the cube then theirs.
  const takePoint = (who: Who, c: number): number => {
    const key = `${who}${c}`;
    const hit = memo.get(key);
    if (hit !== undefined) return hit;
    const pass = mwc(who, -c);
    const lo = loss(who, 2 * c);
    const hi = win(who, 2 * c);
    let tp: number;
    if (!alive(who, 2 * c)) tp = (pass - lo) / Math.max(1e-9, hi - lo);
    else {
      const cp = 1 - takePoint(other(who), 2 * c);
      const cash = mwc(who, 2 * c);
      tp = (pass - lo) / Math.max(1e-9, cash - lo) * cp;
      // Past their cash point the line runs from the cash to the win.
      if (tp > cp) tp = cp + ((pass - cash) / Math.max(1e-9, hi - cash)) * (1 - cp);
    }
    tp = Math.min(1, Math.max(0, tp));
    memo.set(key, tp);
    return tp;
  };
  // The cubeful value for "me" (winning chance p, on roll) at cube c with the given owner.
  const value = (p: number, c: number, own: CubeOwner): number => {
    const W = win('me', c);
    const L = loss('me', c);
    const dead = p * W + (1 - p) * L;
    const mine = own !== 'opp' && alive('me', c);
    const theirs = own !== 'me' && alive('opp', c);
    // The points of the live line: where I pass their double, where they pass mine.
    const pts: Array<[number, number]> = [[0, L]];
    if (theirs) pts.push([takePoint('me', c), mwc('me', -c)]);
    if (mine) pts.push([1 - takePoint('opp', c), mwc('me', c)]);
    pts.push([1, W]);
    pts.sort((u, v) => u[0] - v[0]);
    let live = W;
    for (let i = 1; i < pts.length; i++) {
      const [p0, v0] = pts[i - 1]!;
      const [p1, v1] = pts[i]!;
      if (p <= p1) {
        live = p1 - p0 < 1e-9 ? v1 : v0 + ((v1 - v0) * (p - p0)) / (p1 - p0);
        break;
      }
    }
    return (1 - x) * dead + x * live;
  };
  return {
    noDouble: value(w, cube, owner),
    doubleTake: value(w, 2 * cube, 'opp'),
    doublePass: mwc('me', cube),
    scale: 'match',
  };
}

/** Should the side on roll double? (Only when doubling beats not doubling whatever the answer.) */
export function shouldDouble(s: CubeSituation, x?: number): boolean {
  const v = cubeValues(s, x);
  return v.doubleTake > v.noDouble && v.doublePass > v.noDouble;
}

/** Facing a double: take it? `s` is the doubler's situation (the doubler on roll). */
export function shouldTake(s: CubeSituation, x?: number): boolean {
  const v = cubeValues(s, x);
  // The taker takes when the doubler gains no more by the take than by the pass.
  return v.doubleTake <= v.doublePass;
}

/**
 * Accept a resignation of `points` (times the cube)? `s` is the accepting side's situation
 * (as if on roll). Accept when the points offered are at least what playing on is worth.
 */
export function shouldAcceptResignation(s: CubeSituation, level: number, x?: number): boolean {
  if (!s.match) {
    const v = cubeValues(s, x);
    return level >= v.noDouble - 1e-9;
  }
  const gain = matchWinChance(s.match, level * s.cube);
  if (gain >= 1) return true;
  return gain >= cubeValues(s, x).noDouble - 1e-9;
}
