/**
 * Analysis of finished games in the engine's terms, over the trained evaluation: for every
 * decision (checker plays and cube decisions) the equity of what was done, the best choice and
 * the loss; per player the error rate (thousandths of a point per unforced decision, gnubg's
 * scale), the counts of doubtful / bad / very bad decisions with gnubg's thresholds, and luck.
 *
 * Checker plays: every legal play is evaluated (0 ply: the net after the play; 1 ply: also the
 * opponent's 21 rolls over the best candidates and over the play made, optionally blended with
 * the 0-ply value, and a second look two plies ahead at the best plays; REVIEW_DEPTH says
 * which the bot uses). A play is forced when
 * all legal plays lead to one position. Luck of a roll: the equity after the best play with the
 * roll made, minus the average of the same over the 21 rolls. Cube decisions: from the 1-ply
 * pre-roll outcomes, cubeful (money, or match winning chances normalised to points of the cube).
 *
 * The input is the game file (engine/gamefile.ts, documented in the README).
 */
import { startPosition } from '../engine/position.js';
import { formatPlay, parsePlay } from '../engine/notation.js';
import { turnView } from '../engine/turn.js';
import { CUBE_LINE, GameFileError, OPENING_LINE, PLAY_LINE, type GameExport } from '../engine/gamefile.js';
import { otherSide, ROLLS, sidesOf, type Dice, type Position, type Side, type Step, type Variant } from '../engine/types.js';
import { cubeEfficiency, cubeValues, type CubeLeaf, type CubeOwner } from './cube.js';
import { matchWinChance, type MatchScore } from './met.js';
import { equityOf, flipOutcomes, shortContact } from './outcomes.js';
import { bearOffContact, LEVELS, loadBrains, positionSeed } from './player.js';
import { seededRandom } from '../sim/rng.js';
import type { Rules } from '../engine/rules.js';
import { blendOutcomes, type Candidate, type Search, type SearchConfig } from './search.js';

/** gnubg's default thresholds, in points per unit of cube. */
export const THRESHOLDS = { doubtful: 0.04, bad: 0.08, veryBad: 0.16 } as const;

export type Mark = 'ok' | 'doubtful' | 'bad' | 'very-bad';

export interface Option {
  readonly play: string;
  readonly moves: readonly Step[];
  readonly equity: number;
}

export interface Decision {
  /** Game of the match (1-based) and the line of its record. */
  readonly game: number;
  readonly line: number;
  readonly side: Side;
  readonly kind: 'play' | 'double' | 'no-double' | 'take' | 'pass';
  /** The position before the decision, the decider's opponent's turn never: `turn` is who acts (the doubler for a take/pass). */
  readonly position: Position;
  readonly dice: Dice | null;
  /** What was done and what was best: a play in the mover's notation, or the cube action. */
  readonly played: string;
  readonly best: string;
  readonly playedMoves?: readonly Step[];
  readonly bestMoves?: readonly Step[];
  /** The decider's equity of each (points per unit of cube). */
  readonly equity: number;
  readonly bestEquity: number;
  /** bestEquity − equity, never negative. */
  readonly loss: number;
  /**
   * The loss to expect given the analysis' own uncertainty (AnalyseOptions.uncertainty): the
   * mean of max(0, other − played) with both values off by that much, the other being the best
   * play besides the one made. At least `loss`; above it most where the choice was close, as
   * the analysis' best is sometimes not the best. `loss` for cube decisions and without it.
   */
  readonly expectedLoss: number;
  /** The equity of the best play besides the one made (checker plays with a choice). */
  readonly otherEquity?: number;
  /** No real choice (one resulting position; a cube decision far from close). */
  readonly forced: boolean;
  readonly mark: Mark;
  /** The best plays with their equities (checker plays). */
  readonly options?: readonly Option[];
  /** The luck of the roll this play used (checker plays). */
  readonly luck?: number;
}

export interface PlayerReport {
  readonly side: Side;
  readonly name: string;
  readonly decisions: number;
  readonly unforced: number;
  /** The expected losses (Decision.expectedLoss) summed over the unforced decisions. */
  readonly totalLoss: number;
  /** Thousandths of a point lost per unforced decision (by the expected losses). */
  readonly errorRate: number;
  /** The same over checker plays only. */
  readonly checkerErrorRate: number;
  readonly doubtful: number;
  readonly bad: number;
  readonly veryBad: number;
  /** Luck summed over the rolls, and per roll in thousandths. */
  readonly luck: number;
  readonly luckRate: number;
}

/** How deep an analysis went (AnalyseOptions), as it reports it and as REVIEW_DEPTH gives it. */
export interface AnalysisDepth {
  readonly plies: 0 | 1;
  /** At 1 ply, the weight of the 0-ply outcomes in each play's value. */
  readonly zeroWeight: number;
  /** The second look at 1 ply, if any (AnalyseOptions.secondLook). */
  readonly secondLook: SecondLook | null;
  /** The uncertainty the expected losses assume (AnalyseOptions.uncertainty). */
  readonly uncertainty: number;
}

export interface Analysis extends AnalysisDepth {
  readonly variant: Variant;
  readonly decisions: readonly Decision[];
  readonly players: { readonly white: PlayerReport; readonly black: PlayerReport };
}

/** Where a second look goes: every position, those with contact, or contact and checkers off. */
export type LookWhere = 'all' | 'contact' | 'contact-off';
const LOOK_WHERE: readonly LookWhere[] = ['all', 'contact', 'contact-off'];

/** The play's loss by the plays valued at 1 ply (`ranked` before a second look). */
function lossOf(ranked: readonly { me: ArrayLike<number>; opp: ArrayLike<number>; equity: number; ply: number }[], me: ArrayLike<number>, opp: ArrayLike<number>): number {
  let best = -Infinity;
  let made: number | undefined;
  for (const c of ranked) {
    if (c.ply < 1) continue;
    if (c.equity > best) best = c.equity;
    if (same(c.me, me) && same(c.opp, opp)) made = c.equity;
  }
  return made === undefined ? 0 : Math.max(0, best - made);
}

/** Whether a second look `where` goes to this position (`me` to play, short nardy). */
function looksHere(where: LookWhere, me: ArrayLike<number>, opp: ArrayLike<number>): boolean {
  if (where === 'all') return true;
  return shortContact(me, opp) && (where === 'contact' || me[0]! > 0 || opp[0]! > 0);
}

export interface AnalyseOptions {
  /** Without it, the depth the bot's Review uses (REVIEW_DEPTH). */
  readonly plies?: 0 | 1;
  /**
   * At 1 ply: the weight of each play's 0-ply outcomes in its value (0: the 1-ply average alone),
   * as the strong levels' search blends them (search.ts, zeroWeight). Without it, the Review's
   * weight when `plies` is not given either, else 0.
   */
  readonly zeroWeight?: number;
  /** Without it, the Review's search (player.ts Brains.review: the game's review net, else the players'). */
  readonly search?: Search;
  /**
   * At 1 ply: also look two plies ahead (gnubg's 2-ply) at the best `candidates` plays and the
   * play made, and value each by its 0-, 1- and 2-ply outcomes mixed by `weights` (summing to 1).
   * `where` limits it to positions with contact ('contact'), or with contact and checkers
   * already borne off ('contact-off'); short nardy only. Without it, the Review's (REVIEW_DEPTH)
   * when `plies` is not given either, else none; everywhere it takes about eight times the
   * time of the analysis without it, in contact-off positions (the Review's) two to three.
   */
  readonly secondLook?: SecondLook;
  /**
   * The analysis' own uncertainty on a play's equity (points, one standard deviation), for each
   * play's expected loss (Decision.expectedLoss) and so the error rates: our best play is not
   * always the best, so a close choice costs something on average even where the play made is
   * ours. Without it, the Review's when `plies` is not given either, else 0 (the losses alone).
   */
  readonly uncertainty?: number;
  /** Called after each decision with the share done (0..1). */
  readonly progress?: (done: number) => void | Promise<void>;
}

/** A second look at an analysis' best plays (AnalyseOptions.secondLook). */
export interface SecondLook {
  readonly weights: readonly [number, number, number];
  readonly candidates: number;
  readonly where?: LookWhere;
  /**
   * Also wherever the play made loses at least this much (points) by the analysis before the
   * look, whatever the position: the large differences are where the two looks part most.
   */
  readonly minLoss?: number;
}

/**
 * The Review's uncertainty in short nardy (AnalyseOptions.uncertainty, points): the one that
 * brings its error rates closest to gnubg's on a set of our levels' games
 * (`npx tsx scripts/fit-uncertainty.ts DUMP` over bench:analysis --dump; README, Benchmarks),
 * checked on sets it was not fitted on.
 */
const UNCERTAINTY_SHORT = 0.01;

/**
 * The analysis the bot's Review (and `nardy analyse` without --plies) gives each game. Short
 * nardy: every play's 1-ply value blended half and half with its 0-ply one, which comes closer to
 * gnubg's own analysis than either alone; then, in every position, a second look two plies ahead
 * (gnubg's 2-ply) at the best three plays by that blend and the play made, which alone rank, by
 * their 2-ply values: the best play the Review names is gnubg 2-ply's (world class) at least as
 * often as gnubg's own 1-ply best is (bench:decisions' `review` setting against `--gnubg-own 1`;
 * bench/RESULTS.md; test/ai/review-choices.test.ts). Before, the look went only where there was
 * contact with checkers off or the play made lost 0.02, at the best two, and mixed 0-, 1- and
 * 2-ply a third each: its best was gnubg 2-ply's less often than gnubg 0-ply's; mixing in the
 * 0- or 1-ply values at all chose worse. It takes several times the time of that look (the Review
 * runs in a worker thread of its own: app/reviews.ts). Its error rates count each play's expected
 * loss at UNCERTAINTY_SHORT: a play our analysis ranks best is not always the best (the more
 * often, the closer the choice). Long nardy: 0 ply, five times quicker, by the losses alone, with
 * no outside analysis to measure either against.
 */
export const REVIEW_DEPTH: Readonly<Record<Variant, AnalysisDepth>> = {
  short: { plies: 1, zeroWeight: 0.5, secondLook: { weights: [0, 0, 1], candidates: 3, where: 'all' }, uncertainty: UNCERTAINTY_SHORT },
  long: { plies: 0, zeroWeight: 0, secondLook: null, uncertainty: 0 },
};

/** max(0, d + e) on average, for e normal with mean 0 and deviation s (max(0, d) when s is 0). */
export function softLoss(d: number, s: number): number {
  if (!(s > 0)) return Math.max(0, d);
  const x = d / s;
  return (s * Math.exp((-x * x) / 2)) / Math.sqrt(2 * Math.PI) + d * normalCdf(x);
}

/**
 * A play's expected loss (Decision.expectedLoss): its `loss`, or more where the best other play
 * is `gap` ahead of it (negative: behind) and both values may be off by `uncertainty`.
 */
export function expectedLossOf(loss: number, gap: number, uncertainty: number): number {
  return Math.max(loss, softLoss(gap, uncertainty * Math.SQRT2));
}

/** The standard normal distribution function (Abramowitz and Stegun 7.1.26: within 1.5e-7). */
function normalCdf(x: number): number {
  const z = Math.abs(x) / Math.SQRT2;
  const t = 1 / (1 + 0.3275911 * z);
  const erf = 1 - ((((1.061405429 * t - 1.453152027) * t + 1.421413741) * t - 0.284496736) * t + 0.254829592) * t * Math.exp(-z * z);
  return x >= 0 ? (1 + erf) / 2 : (1 - erf) / 2;
}

/** A game file that cannot be analysed (an illegal play, a play that does not use its dice, ...). */
export class AnalysisError extends GameFileError {}

/** The searches here add no noise: the random source is never drawn. */
const NO_NOISE = (): number => 0.5;
const GREEDY: SearchConfig = { noise: 0, plies: 0, candidates: 1, within: 0, budgetMs: 1e9 };
const DEEP: SearchConfig = { noise: 0, plies: 1, candidates: 6, within: 0.2, budgetMs: 1e9 };

export function markOf(loss: number): Mark {
  if (loss >= THRESHOLDS.veryBad) return 'very-bad';
  if (loss >= THRESHOLDS.bad) return 'bad';
  if (loss >= THRESHOLDS.doubtful) return 'doubtful';
  return 'ok';
}

function same(a: ArrayLike<number>, b: ArrayLike<number>): boolean {
  for (let i = 0; i < 26; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** The record lines a game export may hold; anything else is refused. */
/** How many decisions a game export holds (for progress). */
function decisionCount(exp: GameExport): number {
  let n = 0;
  for (const g of exp.games) for (const line of g.record) if (!OPENING_LINE.test(line)) n++;
  return Math.max(1, n);
}

/**
 * How many games the analysis plays out for a cube decision (cubeOutcomes): hard's count, but cut
 * by the plays valued (36,000, about hard's 250 ms on an idle core, which values some 120 plays a
 * millisecond) rather than by the clock. Hard stops at its time budget, which a busy machine
 * reaches sooner; a Review must give the same figures on any machine at any load.
 */
export const REVIEW_ROLLOUT = { games: LEVELS.hard.cubeRollout?.games ?? 1296, evaluations: 36_000 } as const;

/**
 * What a cube decision of `me` on roll against `opp` is judged from: in a bear-off against
 * contact, games played out (as hard decides there: player.ts, cubeRollout; REVIEW_ROLLOUT),
 * where the network and the look-ahead over it misjudge; elsewhere the one-roll-ahead outcomes
 * given (cube.ts).
 */
export function cubeOutcomes(search: Search, me: ArrayLike<number>, opp: ArrayLike<number>, rules: Rules, ahead: { readonly probs: Float32Array; readonly leaves: CubeLeaf[] }): { probs: Float32Array; leaves?: CubeLeaf[] } {
  if (search.variant !== 'short' || !LEVELS.hard.cubeRollout || !bearOffContact(me, opp)) return ahead;
  return { probs: playedOut(search, me, opp, rules) };
}

/**
 * Positions already played out, by search: the same search, position and rules always give the
 * same outcomes (the dice's seed is the position's, the budget a count), so a game's analyses (a
 * Review for each player, or at several depths) play each position out once. The oldest go first
 * beyond PLAYED_OUT_KEPT a search (about 530 bytes each: some 2 MB a search).
 */
const PLAYED_OUT = new WeakMap<Search, Map<string, Float32Array>>();
const PLAYED_OUT_KEPT = 4096;

function playedOut(search: Search, me: ArrayLike<number>, opp: ArrayLike<number>, rules: Rules): Float32Array {
  let kept = PLAYED_OUT.get(search);
  if (!kept) PLAYED_OUT.set(search, (kept = new Map()));
  const key = `${Array.from(me).join(',')}/${Array.from(opp).join(',')}/${JSON.stringify(rules)}`;
  const known = kept.get(key);
  if (known) {
    // Used again: now the newest.
    kept.delete(key);
    kept.set(key, known);
    return Float32Array.from(known);
  }
  const probs = search.rollout(me, opp, rules, seededRandom(positionSeed(me, opp)), REVIEW_ROLLOUT.games, Infinity, REVIEW_ROLLOUT.evaluations).probs;
  kept.set(key, Float32Array.from(probs));
  if (kept.size > PLAYED_OUT_KEPT) kept.delete(kept.keys().next().value!);
  return probs;
}

/** The 1-ply search of an analysis whose plays blend in their 0-ply values at weight `z`. */
function deepConfigOf(z: number): SearchConfig {
  return z > 0 ? { ...DEEP, zeroWeight: z } : DEEP;
}

/**
 * A decision's plays ranked at 1 ply as the analysis ranks them (best first): `zero` the plays
 * ranked at 0 ply, `made` the position after the play made (valued at 1 ply too, and looked at
 * again by the second look), if any. Only plays valued at 1 ply or deeper are in the list.
 */
function rankDeep(search: Search, me: ArrayLike<number>, opp: ArrayLike<number>, dice: Dice, rules: Rules, zero: readonly Candidate[], made: { me: ArrayLike<number>; opp: ArrayLike<number> } | null, deepConfig: SearchConfig, second: SecondLook | undefined): Candidate[] {
  const variant = search.variant;
  const z = deepConfig.zeroWeight ?? 0;
  const where = second?.where ?? 'all';
  const isMade = (c: { me: ArrayLike<number>; opp: ArrayLike<number> }): boolean => made !== null && same(c.me, made.me) && same(c.opp, made.opp);
  let ranked = search.rank(me, opp, dice, deepConfig, NO_NOISE, rules);
  const played = ranked.find(isMade);
  if (played && played.ply === 0) {
    const probs = blendOutcomes(search.onePly(played.me, played.opp, rules), played.probs, z);
    ranked = ranked.map((c) => (c === played ? { ...c, probs, equity: equityOf(variant, probs), ply: 1 as const } : c));
  }
  if (second && (looksHere(where, me, opp) || (second.minLoss !== undefined && made !== null && lossOf(ranked, made.me, made.opp) >= second.minLoss))) {
    // The second look: the best `candidates` by the blend above and the play made, each
    // valued by its 0-, 1- and 2-ply outcomes mixed by `weights`; only these rank.
    const [w0, w1, w2] = second.weights;
    const looked = ranked.filter((c) => c.ply >= 1).slice(0, second.candidates);
    const mine = ranked.find(isMade);
    if (mine && !looked.includes(mine)) looked.push(mine);
    // Only the depths weighed are worked out: a weight of 0 adds nothing to the mix (the 2-ply
    // outcomes are the dearest, and the 1-ply ones are what they start from).
    const ones = w1 !== 0 || w2 !== 0 ? looked.map((c) => search.onePly(c.me, c.opp, rules)) : null;
    const twos = w2 === 0 ? null : looked.length > 1 ? search.twoPlyMany(looked, ones!, rules, () => false)! : ones!;
    ranked = looked
      .map((c, i) => {
        const zeroProbs = zero.find((r) => same(r.me, c.me) && same(r.opp, c.opp))!.probs;
        const probs = new Float32Array(zeroProbs.length);
        for (let j = 0; j < probs.length; j++) probs[j] = w0 * zeroProbs[j]! + (ones ? w1 * ones[i]![j]! : 0) + (twos ? w2 * twos[i]![j]! : 0);
        return { ...c, probs, equity: equityOf(variant, probs) };
      })
      .sort((a, b) => b.equity - a.equity);
  }
  // Plays left at 0 ply are not compared with 1-ply ones: only the searched ones rank.
  const deep = ranked.filter((c) => c.ply >= 1);
  return deep.length ? [...deep].sort((a, b) => b.equity - a.equity) : ranked;
}

/**
 * A decision's plays ranked as an analysis at `depth` ranks them (the Review's by default), best
 * first: `me` to play `dice` against `opp`; `made` the position after the play made, if any (an
 * analysis values it at 1 ply too). For benches that score the Review's choices (bench:decisions).
 */
export function reviewRank(search: Search, me: ArrayLike<number>, opp: ArrayLike<number>, dice: Dice, rules: Rules, made: { me: ArrayLike<number>; opp: ArrayLike<number> } | null = null, depth: AnalysisDepth = REVIEW_DEPTH[search.variant]): Candidate[] {
  const zero = search.rank(me, opp, dice, GREEDY, NO_NOISE, rules);
  if (depth.plies !== 1 || zero.length <= 1) return zero;
  return rankDeep(search, me, opp, dice, rules, zero, made, deepConfigOf(depth.zeroWeight), depth.secondLook ?? undefined);
}

export async function analyse(exp: GameExport, opts: AnalyseOptions = {}): Promise<Analysis> {
  // Without `plies`, the Review's depth, each part of which an option given replaces.
  const review = opts.plies === undefined ? REVIEW_DEPTH[exp.variant] : null;
  const plies = opts.plies ?? review!.plies;
  const z = opts.zeroWeight ?? review?.zeroWeight ?? 0;
  if (!(z >= 0 && z <= 1)) throw new RangeError('zeroWeight must lie within 0..1');
  const deepConfig = deepConfigOf(z);
  const search = opts.search ?? loadBrains().review(exp.variant);
  const second = opts.secondLook ?? review?.secondLook ?? undefined;
  const uncertainty = opts.uncertainty ?? review?.uncertainty ?? 0;
  if (!(uncertainty >= 0 && uncertainty <= 1)) throw new RangeError('uncertainty must lie within 0..1 (points)');
  const where = second?.where ?? 'all';
  const weightsOk = second && second.weights.every((w) => w >= 0) && Math.abs(second.weights[0] + second.weights[1] + second.weights[2] - 1) <= 1e-6;
  if (second && (plies !== 1 || !(second.candidates >= 1) || !weightsOk || !LOOK_WHERE.includes(where) || (where !== 'all' && exp.variant !== 'short') || (second.minLoss !== undefined && !(second.minLoss >= 0)))) {
    throw new RangeError('secondLook goes with plies 1: weights of at least 0 summing to 1, at least one candidate, where: all, or contact or contact-off in short nardy, and a minLoss of at least 0 if any');
  }
  const rules = exp.rules;
  const variant = exp.variant;
  const decisions: Decision[] = [];
  const luck: Record<Side, { sum: number; n: number }> = { white: { sum: 0, n: 0 }, black: { sum: 0, n: 0 } };
  const total = decisionCount(exp);
  let done = 0;
  const tick = async (): Promise<void> => {
    done++;
    if (opts.progress) await opts.progress(Math.min(1, done / total));
  };

  for (const g of exp.games) {
    let pos: Position = startPosition(variant, 'white');
    let cube: { value: number; owner: Side | null } = { value: 1, owner: null };
    let afterOpening = false;
    let doubledThisTurn: Side | null = null;
    const scoreOf = (side: Side): MatchScore | null =>
      exp.length > 1 ? { awayMe: exp.length - g.score[side], awayOpp: exp.length - g.score[otherSide(side)], crawford: g.crawford, postCrawford: g.postCrawford } : null;
    const ownerFor = (side: Side): CubeOwner => (cube.owner === null ? null : cube.owner === side ? 'me' : 'opp');
    /** The 1-ply pre-roll outcomes of `side` on roll, and its best equity for each of the 21 rolls. */
    const preRoll = (p: Position, side: Side): { probs: Float32Array; best: Map<string, { eq: number; ranked: Candidate[] }>; mean: number; leaves: CubeLeaf[] } => {
      const { me, opp } = sidesOf(p, side);
      const probs = new Float32Array(search.ev.outputs);
      const best = new Map<string, { eq: number; ranked: Candidate[] }>();
      const leaves: CubeLeaf[] = [];
      let mean = 0;
      for (const { dice, weight } of ROLLS) {
        const ranked = search.rank(me, opp, dice, GREEDY, NO_NOISE, rules);
        // After the best play (or none, when nothing moves) the opponent is to roll.
        let out: Float32Array;
        let after: { me: ArrayLike<number>; opp: ArrayLike<number> };
        if (ranked.length) {
          out = ranked[0]!.probs;
          after = ranked[0]!;
        } else {
          out = new Float32Array(search.ev.outputs);
          search.ev.afterPlay(me, 0, opp, 0, out);
          after = { me, opp };
        }
        const eq = equityOf(variant, out);
        for (let j = 0; j < probs.length; j++) probs[j] = probs[j]! + (weight * out[j]!) / 36;
        leaves.push({ weight, probs: flipOutcomes(variant, out, new Float32Array(out.length)), efficiency: cubeEfficiency(variant, after.opp, after.me) });
        best.set(`${dice[0]}${dice[1]}`, { eq, ranked });
        mean += (weight * eq) / 36;
      }
      return { probs, best, mean, leaves };
    };
    const canDoubleNow = (side: Side): boolean => {
      if (!rules.cube || g.crawford || cube.value >= 64 || (cube.owner !== null && cube.owner !== side)) return false;
      const m = scoreOf(side);
      return !m || m.awayMe > cube.value;
    };
    /** Cube values of `side` on roll in points of the current cube. */
    const cubeOf = ({ probs, leaves }: { probs: Float32Array; leaves: CubeLeaf[] }, side: Side, p: Position): { nd: number; dt: number; dp: number } => {
      const m = scoreOf(side);
      const { me, opp } = sidesOf(p, side);
      const v = cubeValues({ variant, ...cubeOutcomes(search, me, opp, rules, { probs, leaves }), cube: cube.value, owner: ownerFor(side), match: m, efficiency: cubeEfficiency(variant, me, opp) });
      if (v.scale === 'money') return { nd: v.noDouble, dt: v.doubleTake, dp: v.doublePass };
      const hi = matchWinChance(m!, cube.value);
      const lo = matchWinChance(m!, -cube.value);
      const k = hi - lo > 1e-9 ? 2 / (hi - lo) : 0;
      return { nd: v.noDouble * k, dt: v.doubleTake * k, dp: v.doublePass * k };
    };

    for (let li = 0; li < g.record.length; li++) {
      const line = g.record[li]!;
      const op = OPENING_LINE.exec(line);
      if (op) {
        afterOpening = true;
        continue;
      }
      const cl = CUBE_LINE.exec(line);
      if (cl) {
        const doubler: Side = cl[1] === 'W' ? 'white' : 'black';
        const p = { ...pos, turn: doubler };
        const { nd, dt, dp } = cubeOf(preRoll(p, doubler), doubler, p);
        const doubled = Math.min(dt, dp);
        const right = Math.max(nd, doubled);
        const dLoss = Math.max(0, right - doubled);
        decisions.push({ game: g.number, line: li, side: doubler, kind: 'double', position: p, dice: null, played: 'double', best: doubled >= nd ? 'double' : 'no double', equity: doubled, bestEquity: right, loss: dLoss, expectedLoss: dLoss, forced: false, mark: markOf(dLoss) });
        await tick();
        const taken = cl[3] === 'taken';
        const taker = otherSide(doubler);
        // The taker's equity is minus the doubler's.
        const chosen = taken ? -dt : -dp;
        const bestT = Math.max(-dt, -dp);
        const tLoss = Math.max(0, bestT - chosen);
        decisions.push({ game: g.number, line: li, side: taker, kind: taken ? 'take' : 'pass', position: p, dice: null, played: taken ? 'take' : 'pass', best: -dt >= -dp ? 'take' : 'pass', equity: chosen, bestEquity: bestT, loss: tLoss, expectedLoss: tLoss, forced: false, mark: markOf(tLoss) });
        await tick();
        if (taken) cube = { value: Number(cl[2]), owner: taker };
        doubledThisTurn = doubler;
        continue;
      }
      const pl = PLAY_LINE.exec(line);
      if (!pl) throw new AnalysisError(`game ${g.number}: cannot read the record line ${JSON.stringify(line)}`);
      const side: Side = pl[1] === 'W' ? 'white' : 'black';
      const dice = [Number(pl[2]), Number(pl[3])] as unknown as Dice;
      const text = pl[4]!.trim();
      const p: Position = { ...pos, turn: side };
      const steps: Step[] = text === '-' || text === '' ? [] : parsePlay(text);
      let view;
      try {
        view = turnView(p, dice, steps, rules);
      } catch (e) {
        throw new AnalysisError(`game ${g.number}, line ${li + 1} "${line}": not a legal play (${(e as Error).message})`);
      }
      if (!view.complete) throw new AnalysisError(`game ${g.number}, line ${li + 1} "${line}": the play does not use the dice it must`);
      const after: Position = { ...view.position, turn: otherSide(side) };
      const first = afterOpening;
      afterOpening = false;
      const table = preRoll(p, side);
      // The cube before this roll, when the mover could have doubled and did not.
      // (Not before the first play: it uses the opening roll.)
      if (!first && doubledThisTurn !== side && canDoubleNow(side)) {
        const { nd, dt, dp } = cubeOf(table, side, p);
        const doubled = Math.min(dt, dp);
        const loss = Math.max(0, doubled - nd);
        // Only close decisions count, as gnubg counts them (not every roll of a race is a cube decision).
        if (doubled > nd - 0.1) decisions.push({ game: g.number, line: li, side, kind: 'no-double', position: p, dice: null, played: 'no double', best: doubled > nd ? 'double' : 'no double', equity: nd, bestEquity: Math.max(nd, doubled), loss, expectedLoss: loss, forced: false, mark: markOf(loss) });
      }
      doubledThisTurn = null;
      const key = `${Math.min(dice[0], dice[1])}${Math.max(dice[0], dice[1])}`;
      const roll = table.best.get(key)!;
      let ranked = roll.ranked;
      const { me: meA, opp: oppA } = sidesOf(after, side);
      if (plies === 1 && ranked.length > 1) {
        const { me, opp } = sidesOf(p, side);
        ranked = rankDeep(search, me, opp, dice, rules, roll.ranked, { me: meA, opp: oppA }, deepConfig, second);
      }
      const played = ranked.find((c) => same(c.me, meA) && same(c.opp, oppA));
      const distinct = new Set(roll.ranked.map((c) => `${Array.from(c.me).join(',')}|${Array.from(c.opp).join(',')}`)).size;
      const best = ranked[0];
      const eqPlayed = played ? played.equity : (best?.equity ?? 0);
      const eqBest = best ? Math.max(best.equity, eqPlayed) : eqPlayed;
      const loss = Math.max(0, eqBest - eqPlayed);
      // The best play besides the one made (the best, if the play made was not).
      const other = played && distinct > 1 ? ranked.find((c) => !(same(c.me, played.me) && same(c.opp, played.opp))) : undefined;
      const expectedLoss = other ? expectedLossOf(loss, other.equity - eqPlayed, uncertainty) : loss;
      const luckHere = first ? undefined : roll.eq - table.mean;
      if (luckHere !== undefined) {
        luck[side].sum += luckHere;
        luck[side].n++;
      }
      decisions.push({
        game: g.number,
        line: li,
        side,
        kind: 'play',
        position: p,
        dice,
        played: text === '' ? '-' : text,
        best: best ? formatPlay(best.moves, p) || '-' : '-',
        playedMoves: steps,
        bestMoves: best ? best.moves : [],
        equity: eqPlayed,
        bestEquity: eqBest,
        loss,
        expectedLoss,
        forced: distinct <= 1,
        mark: markOf(loss),
        options: ranked.slice(0, 3).map((c) => ({ play: formatPlay(c.moves, p) || '-', moves: c.moves, equity: c.equity })),
        ...(other ? { otherEquity: other.equity } : {}),
        ...(luckHere !== undefined ? { luck: luckHere } : {}),
      });
      await tick();
      pos = after;
    }
  }

  const report = (side: Side): PlayerReport => {
    const mine = decisions.filter((d) => d.side === side);
    const unforced = mine.filter((d) => !d.forced);
    const checker = unforced.filter((d) => d.kind === 'play');
    const totalLoss = unforced.reduce((a, d) => a + d.expectedLoss, 0);
    return {
      side,
      name: exp.players[side],
      decisions: mine.length,
      unforced: unforced.length,
      totalLoss: +totalLoss.toFixed(4),
      errorRate: unforced.length ? +((1000 * totalLoss) / unforced.length).toFixed(1) : 0,
      checkerErrorRate: checker.length ? +((1000 * checker.reduce((a, d) => a + d.expectedLoss, 0)) / checker.length).toFixed(1) : 0,
      doubtful: unforced.filter((d) => d.mark === 'doubtful').length,
      bad: unforced.filter((d) => d.mark === 'bad').length,
      veryBad: unforced.filter((d) => d.mark === 'very-bad').length,
      luck: +luck[side].sum.toFixed(3),
      luckRate: luck[side].n ? +((1000 * luck[side].sum) / luck[side].n).toFixed(1) : 0,
    };
  };
  return { variant, plies, zeroWeight: plies === 1 ? z : 0, secondLook: second ?? null, uncertainty, decisions, players: { white: report('white'), black: report('black') } };
}

/** A player's mistakes, worst first (unforced decisions at doubtful or worse). */
export function mistakesOf(a: Analysis, side: Side): Decision[] {
  return a.decisions.filter((d) => d.side === side && !d.forced && d.mark !== 'ok').sort((x, y) => y.loss - x.loss);
}
