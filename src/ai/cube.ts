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
import { matchEquity, matchWinChance, type MatchScore } from './met.js';
import { equityOf, flipOutcomes } from './outcomes.js';

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
  /**
   * One roll ahead, when given: for each of my 21 rolls (weight out of 36) the outcomes after my
   * best play for the opponent, then on roll, and the efficiency there. The cube values are then
   * worked out there, with the opponent's own cube decision, and averaged (gnubg's 1-ply cubeful
   * evaluation), instead of from `probs` by the formula alone.
   */
  readonly leaves?: ReadonlyArray<CubeLeaf>;
}

export interface CubeLeaf {
  readonly weight: number;
  /** Outcome probabilities of the opponent, on roll after my play. */
  readonly probs: ArrayLike<number>;
  readonly efficiency: number;
  /**
   * A roll further, when given (gnubg's 2-ply cubeful evaluation): the opponent's own 21 rolls
   * and best plays from here, with my outcomes, on roll after them, and the efficiency there.
   * The opponent's cube decision at this leaf is then worked out one roll ahead too.
   */
  readonly leaves?: ReadonlyArray<CubeLeaf>;
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
  if (s.leaves && s.leaves.length > 0 && efficiency === undefined) return oneRollCubeValues(s, s.leaves);
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
 * Match play: cubeful match winning chances after the match equity table, as gnubg works them
 * out (its cash points level by level and Janowski's interpolation in match winning chances).
 *
 * Cash points: going up the cube levels (c, 2c, 4c, ...) while both sides are still more than
 * twice the level away, the top level's doubled cube is dead. There a side's cash point is where
 * doubling and being taken (the gammon-weighted win or loss at twice the level) is worth the
 * pass, where a side close to the end meets an automatic redouble: a side that needs no more
 * than twice the level, doubled against a side that needs more, loses four times the level,
 * since the other redoubles at once at no cost. Below, a live level's cash point is one less the
 * other side's take point, and that take point is the other's cash point a level up scaled by
 * how much of it owning the cube is worth: (pass - win at 2c) / (lose 2c - win at 2c).
 *
 * The live equity then runs linearly through the points (0, loss), (the other's cash point,
 * lose c), (my cash point, win c), (1, win), with the points of the side that cannot double left
 * out, and the value mixes the live line and the dead cube by the cube's efficiency x. A cube
 * dead for both sides, the Crawford game and 2-away 2-away (where everyone doubles at once)
 * count cubeless.
 */
function matchCubeValues(m: MatchScore, w: number, single: readonly number[], lose: readonly number[], cube: number, owner: CubeOwner, x: number): CubeValues {
  const l = 1 - w;
  // Match winning chance of me after I win (k > 0) or lose (k < 0) k points.
  const mwc = (k: number): number => matchWinChance(m, k);
  // Gammon-weighted value for me of a game I win / lose at cube c.
  const wins = (c: number): number => (w > 1e-7 ? (single[0]! * mwc(c) + single[1]! * mwc(2 * c) + single[2]! * mwc(3 * c)) / w : mwc(c));
  const losses = (c: number): number => (l > 1e-7 ? (lose[0]! * mwc(-c) + lose[1]! * mwc(-2 * c) + lose[2]! * mwc(-3 * c)) / l : mwc(-c));
  const dead = (c: number): number => w * wins(c) + l * losses(c);
  const [a, b] = [m.awayMe, m.awayOpp];
  // The cube no longer matters: dead for both, the Crawford game, or both two away.
  const cubeless = (c: number): boolean => (a <= c && b <= c) || m.crawford || (a === 2 && b === 2);

  /**
   * The cash points (each side's own winning chance) of me and the opponent at cube c. Values
   * are worked out from my side: the opponent's are one less mine.
   */
  const cashPoints = (c: number): [number, number] => {
    let top = c;
    while (a - 1 >= 2 * top && b - 1 >= 2 * top) top *= 2;
    // Gammon ratios: of my wins, and of the opponent's (my losses).
    const gMe = w > 1e-7 ? [single[1]! / w, single[2]! / w] : [0, 0];
    const gOpp = l > 1e-7 ? [lose[1]! / l, lose[2]! / l] : [0, 0];
    // My chance after the doubler (me: +1, opponent: -1) wins k at this value, gammons weighted.
    const weighted = (sign: 1 | -1, k: number, g: number[]): number => (1 - g[0]! - g[1]!) * mwc(sign * k) + g[0]! * mwc(sign * 2 * k) + g[1]! * mwc(sign * 3 * k);
    // The cash points a level up (never read at the top level, whose doubled cube is dead).
    let above: [number, number] = [1, 1];
    for (let v = top; v >= c; v /= 2) {
      const next: [number, number] = [0, 0];
      for (const k of [0, 1] as const) {
        // k = 0: I double from v; k = 1: the opponent does. All in my match winning chance.
        const sign = k === 0 ? 1 : -1;
        const [mine, theirs] = k === 0 ? [a, b] : [b, a];
        const gDoubler = k === 0 ? gMe : gOpp;
        const gTaker = k === 0 ? gOpp : gMe;
        const pass = mwc(sign * v);
        let cash: number;
        if (mine - 1 < 2 * v || theirs - 1 < 2 * v) {
          // The doubled cube is dead (an automatic redouble where the doubler is the close one).
          const prime = mine - 1 < 2 * v && theirs - 1 >= 2 * v ? 2 * v : v;
          const takeWin = weighted(sign, 2 * prime, gDoubler);
          const takeLoss = weighted(sign === 1 ? -1 : 1, 2 * prime, gTaker);
          cash = (takeLoss - pass) / (takeLoss - takeWin);
        } else {
          const takeWin = weighted(sign, 2 * v, gDoubler);
          const redoublePass = mwc(-sign * 2 * v);
          cash = 1 - above[1 - k]! * ((pass - takeWin) / (redoublePass - takeWin));
        }
        next[k] = Number.isFinite(cash) ? Math.min(1, Math.max(0, cash)) : 1;
      }
      above = next;
    }
    return above;
  };

  // The cubeful value for me at cube c with the given owner (gnubg's Cl2CfMatch).
  const value = (c: number, own: CubeOwner): number => {
    if (cubeless(c)) return dead(c);
    const [cpMe, cpOpp] = cashPoints(c);
    const oppTg = 1 - cpOpp;
    const win = wins(c);
    const loss = losses(c);
    const cash = mwc(c);
    const oppCash = mwc(-c);
    const line = (p0: number, v0: number, p1: number, v1: number): number => (p1 - p0 > 1e-9 ? v0 + ((v1 - v0) * (w - p0)) / (p1 - p0) : v1);
    let live: number;
    if (own === null) {
      if (w <= oppTg) live = line(0, loss, oppTg, oppCash);
      else if (w < cpMe) live = line(oppTg, oppCash, cpMe, cash);
      else live = line(cpMe, cash, 1, win);
    } else if (own === 'me') {
      live = w <= cpMe ? line(0, loss, cpMe, cash) : line(cpMe, cash, 1, win);
    } else {
      live = w <= oppTg ? line(0, loss, oppTg, oppCash) : line(oppTg, oppCash, 1, win);
    }
    const v = (1 - x) * dead(c) + x * live;
    // A cube dead for one side only, owned by the other: the owner redoubles at once at no cost
    // (the dead side's losses cost it the match at either value), unless passing would then be
    // worth more to the dead side than the game at twice the cube.
    if (own === 'opp' && a <= c && b > c) return Math.min(v, Math.max(dead(2 * c), mwc(-c)));
    if (own === 'me' && b <= c && a > c) return Math.max(v, Math.min(dead(2 * c), mwc(c)));
    return v;
  };
  return {
    noDouble: value(cube, owner),
    doubleTake: value(2 * cube, 'opp'),
    doublePass: mwc(cube),
    scale: 'match',
  };
}

const flipOwner = (o: CubeOwner): CubeOwner => (o === null ? null : o === 'me' ? 'opp' : 'me');

/**
 * The value of a situation to the side on roll, which makes its own cube decision: it doubles
 * when that pays (the cube centred or its own, below 64, not the Crawford game, and alive for
 * it), and is then worth the lesser of double/take and double/pass.
 */
function onRollValue(s: CubeSituation): number {
  const v = cubeValues(s);
  const m = s.match;
  const canDouble = s.owner !== 'opp' && s.cube < 64 && (!m || (!m.crawford && m.awayMe > s.cube));
  return canDouble ? Math.max(v.noDouble, Math.min(v.doubleTake, v.doublePass)) : v.noDouble;
}

/**
 * The cube values one roll ahead: after each of my rolls and best plays the opponent is on roll
 * and makes their own cube decision (double when it pays them, at the formula's values there),
 * and my values are the weighted means of what is left for me. This sees what the formula at
 * the root cannot: market losers, and an opponent who redoubles at once because it costs them
 * nothing (a doubled cube dead for me).
 */
function oneRollCubeValues(s: CubeSituation, leaves: ReadonlyArray<CubeLeaf>): CubeValues {
  const m = s.match;
  const theirMatch: MatchScore | null = m ? { awayMe: m.awayOpp, awayOpp: m.awayMe, crawford: m.crawford, postCrawford: m.postCrawford } : null;
  // The opponent's value at a leaf (their scale), the cube c owned by `owner` (their view).
  const theirs = (leaf: CubeLeaf, c: number, owner: CubeOwner): number => onRollValue({ variant: s.variant, probs: leaf.probs, cube: c, owner, match: theirMatch, efficiency: leaf.efficiency, leaves: leaf.leaves });
  const mean = (c: number, owner: CubeOwner): number => {
    let sum = 0;
    let weights = 0;
    for (const leaf of leaves) {
      const t = theirs(leaf, c, flipOwner(owner));
      // Match: chances add to one. Money: their equity per unit of c is minus mine.
      sum += leaf.weight * (m ? 1 - t : -t);
      weights += leaf.weight;
    }
    return sum / weights;
  };
  if (!m) return { noDouble: mean(s.cube, s.owner), doubleTake: 2 * mean(s.cube, 'opp'), doublePass: 1, scale: 'money' };
  return { noDouble: mean(s.cube, s.owner), doubleTake: mean(2 * s.cube, 'opp'), doublePass: matchWinChance(m, s.cube), scale: 'match' };
}

/** Values closer than this are equal (sums of the same terms in another order). */
const TIE = 1e-9;

/**
 * Should the side on roll double? When doubling beats not doubling whatever the answer, and
 * when it costs nothing: looking ahead, a double that can wait at no cost (the trailer after the
 * Crawford game, where no roll ahead loses the market) is worth the same as no double, and then
 * the double goes now, before a roll beyond the horizon makes it a free drop for the leader.
 */
export function shouldDouble(s: CubeSituation, x?: number): boolean {
  const v = cubeValues(s, x);
  return v.doubleTake > v.noDouble - TIE && v.doublePass > v.noDouble - TIE;
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

/** The weight of the cubeless value in cubefulPlayValue: a tie-break only. */
const TIE_BREAK = 1e-3;

/**
 * Cubeful checker play in a match (gnubg's cubeful 0-ply evaluation of a play): the mover's
 * match winning chance after its play, with the opponent on roll and making its own cube
 * decision there (double when it pays them, the cube's efficiency by the kind of position), in
 * the money-like units of matchEquity (+1 a single win, -1 a single loss at this cube). Plays
 * that give the opponent a strong double, or that leave the mover's own cube to use, are valued
 * for it; where the cube cannot move (Crawford, a cube dead for both) it is matchEquity's value.
 * `owner` is the cube's owner from the mover's side. The returned function takes the mover's
 * outcomes after the play and the sides after it (mover first, own numberings).
 */
export function cubefulPlayValue(variant: Variant, m: MatchScore, cube: number, owner: CubeOwner): (p: ArrayLike<number>, me: ArrayLike<number>, opp: ArrayLike<number>) => number {
  const theirMatch: MatchScore = { awayMe: m.awayOpp, awayOpp: m.awayMe, crawford: m.crawford, postCrawford: m.postCrawford };
  const theirOwner = flipOwner(owner);
  const S1 = matchWinChance(m, cube);
  const L1 = matchWinChance(m, -cube);
  const mid = (S1 + L1) / 2;
  const half = (S1 - L1) / 2;
  // A game that cannot change the match (it never happens in play): money equity, as matchEquity.
  if (!(half > 1e-9)) return (p) => equityOf(variant, p);
  const flipped: number[] = new Array<number>(variant === 'long' ? 3 : 5).fill(0);
  const cubeless = matchEquity(variant, m, cube);
  return (p, me, opp) => {
    flipOutcomes(variant, p, flipped);
    const theirs = onRollValue({ variant, probs: flipped, cube, owner: theirOwner, match: theirMatch, efficiency: cubeEfficiency(variant, opp, me) });
    // Plays that all leave the opponent a double and pass are worth exactly -1 each: a thousandth
    // of their cubeless value breaks the tie (the play that keeps most chances, should the net be
    // wrong about the pass), and is too small to change any other order.
    return (1 - theirs - mid) / half + TIE_BREAK * cubeless(p);
  };
}
