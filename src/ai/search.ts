/**
 * Choosing a play by search over the evaluation, in gnubg's terms:
 *   0-ply: every legal play's resulting position evaluated once (optionally with Gaussian noise
 *          on the equity, which is how the gentle levels make human-like mistakes);
 *   1-ply: the best few 0-ply candidates (a move filter: at most `candidates`, within `within`
 *          equity of the best) looked at again over all 21 rolls of the opponent, who answers
 *          each with its own best 0-ply play; the average is the candidate's value.
 *   2-ply: the best few 1-ply candidates looked at once more: after each of the opponent's
 *          answers, our own 21 rolls (hard until `deepBudgetMs`, expert for its whole budget).
 * A time budget bounds the look-ahead: 1-ply candidates are searched best first, and whatever is
 * not reached in time keeps out of the comparison; the 2-ply candidates share the opponent's
 * rolls in turn, and when time runs out each keeps its 1-ply value corrected by what the second
 * layer showed on the rolls looked at (on bench:decisions' match set this took expert from 2.58
 * to 2.37 thousandths a decision at the same time, against 2.31 with time for every roll).
 */
import { Generator } from '../engine/fast.js';
import { DEFAULT_RULES, type Rules } from '../engine/rules.js';
import { ROLLS, type Dice, type Step, type Variant } from '../engine/types.js';
import type { Evaluates } from './evaluator.js';
import { clampOutcomes, equityOf } from './outcomes.js';

export interface SearchConfig {
  /** Standard deviation of the noise added to each 0-ply equity (0 for none). */
  readonly noise: number;
  /** 0: greedy; 1: one chance layer over the best candidates. */
  readonly plies: 0 | 1;
  /** Move filter for the look-ahead: at most this many candidates... */
  readonly candidates: number;
  /** ...within this much equity of the best. */
  readonly within: number;
  /** Stop looking ahead after this many milliseconds. */
  readonly budgetMs: number;
  /**
   * The weight of a candidate's 0-ply outcomes in its looked-ahead value (0, the default: the
   * 1-ply average alone). Odd and even depths err in opposite directions; a blend evens them out.
   */
  readonly zeroWeight?: number;
  /** A second chance layer (gnubg's 2-ply) on the best 1-ply candidates: at most this many... */
  readonly deepCandidates?: number;
  /** ...within this much 1-ply equity of the best. */
  readonly deepWithin?: number;
  /** The second look's own deadline, from the start of the look-ahead (default `budgetMs`). */
  readonly deepBudgetMs?: number;
}

export interface Candidate {
  /** The play's steps in the mover's numbering. */
  readonly moves: Step[];
  /** The mover's outcome probabilities after the play (at the depth it was searched). */
  readonly probs: Float32Array;
  /**
   * The mover's equity (without noise): cubeless money equity, or the play's value at the match
   * score (met.ts, matchEquity; cubeful with the cube in play: cube.ts, cubefulPlayValue).
   */
  readonly equity: number;
  /** The depth of `probs`: 0, 1 or 2 ply. */
  readonly ply: 0 | 1 | 2;
  /** The mover's and the opponent's checkers after the play (own numberings). */
  readonly me: Int8Array;
  readonly opp: Int8Array;
}

/** One of my rolls before a cube decision: its weight out of 36, my best play's outcomes, the sides after it. */
export interface Leaf {
  readonly weight: number;
  readonly probs: Float32Array;
  readonly me: Int8Array;
  readonly opp: Int8Array;
}

/**
 * How the mover's candidates are compared: a value of the mover's outcomes after a play, given
 * the sides after it (the mover's first, own numberings; the opponent is then on roll).
 */
export type PlayValue = (p: ArrayLike<number>, me: ArrayLike<number>, opp: ArrayLike<number>) => number;

// The same rolls in an order whose every beginning is spread over high and low rolls and
// doubles, so that a second look cut short by the budget has looked at a fair sample.
const SPREAD_ROLLS = ([[6, 5], [2, 1], [4, 4], [6, 3], [3, 1], [5, 5], [5, 2], [4, 1], [2, 2], [6, 4], [3, 2], [6, 6], [5, 3], [4, 2], [1, 1], [6, 2], [5, 4], [3, 3], [6, 1], [4, 3], [5, 1]] as const).map(([a, b]) => ({ dice: [a, b] as unknown as Dice, weight: a === b ? 1 : 2 }));

/**
 * A candidate's looked-ahead outcomes with its 0-ply ones blended in at weight `zeroWeight`
 * (SearchConfig.zeroWeight), as a new array; `lookedAhead` is left as it is.
 */
export function blendOutcomes(lookedAhead: ArrayLike<number>, zeroPly: ArrayLike<number>, zeroWeight: number): Float32Array {
  const probs = Float32Array.from(lookedAhead);
  if (zeroWeight > 0) for (let j = 0; j < probs.length; j++) probs[j] = (1 - zeroWeight) * probs[j]! + zeroWeight * zeroPly[j]!;
  return probs;
}

function gaussian(random: () => number): number {
  let u = 0;
  while (u === 0) u = random();
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * random());
}

export class Search {
  readonly variant: Variant;
  private readonly root = new Generator();
  private readonly inner = new Generator();
  private readonly deeper = new Generator();
  private readonly out: Float32Array;
  private readonly bestOut: Float32Array;

  private readonly keptIdx: Int32Array;
  private readonly keptEq: Float64Array;
  /** Plays valued by the full net in bestPlay so far (rollout's work budget counts them). */
  private valued = 0;

  /**
   * `prune`: a small net (weights.ts, loadBundledPrune) that values every play of a roll at the
   * inner layers (the opponent's answers, our plays two layers down) so that the full net values
   * only its best `keep`, as gnubg's pruning nets do; the root's plays always get the full net.
   */
  constructor(
    readonly ev: Evaluates,
    readonly prune: { readonly ev: Evaluates; readonly keep: number } | null = null,
  ) {
    this.variant = ev.variant;
    this.out = new Float32Array(ev.outputs);
    this.bestOut = new Float32Array(ev.outputs);
    if (prune && (prune.ev.variant !== ev.variant || prune.ev.outputs !== ev.outputs || !(prune.keep >= 1))) throw new Error('the pruning net does not fit the search');
    this.keptIdx = new Int32Array(prune?.keep ?? 0);
    this.keptEq = new Float64Array(prune?.keep ?? 0);
  }

  /**
   * The plays worth the full net's look among gen's `n`, more than the pruning net keeps: its
   * best `keep` by the equity of the side then to roll (which the player choosing wants lowest),
   * left in this.keptIdx (indices into gen.pool), best first. Returns how many.
   */
  private worthLooking(gen: Generator, n: number): number {
    const pr = this.prune!;
    const kept = this.keptIdx;
    const pool = gen.pool;
    const eqs = this.keptEq;
    const out = this.out;
    let m = 0;
    for (let k = 0; k < n; k++) {
      const i = gen.result[k]!;
      const o = i * 26;
      const eq = equityOf(this.variant, pr.ev.evaluate(pool.opp, o, pool.me, o, out));
      if (m === pr.keep && eq >= eqs[m - 1]!) continue;
      // Insert in order (lowest first), dropping the last when full.
      let j = m < pr.keep ? m++ : m - 1;
      while (j > 0 && eqs[j - 1]! > eq) {
        eqs[j] = eqs[j - 1]!;
        kept[j] = kept[j - 1]!;
        j--;
      }
      eqs[j] = eq;
      kept[j] = i;
    }
    return m;
  }

  /**
   * Every legal play for `me` (to move, with `dice`) against `opp`, best first. An empty list
   * means no checker can move. With noise, the order follows the noisy equities. The look-ahead
   * picks the opponent's answers by money equity; only the mover's candidates are compared by `value`.
   */
  rank(me: ArrayLike<number>, opp: ArrayLike<number>, dice: Dice, cfg: SearchConfig, random: () => number, rules: Rules = DEFAULT_RULES, value?: PlayValue): Candidate[] {
    // The mover's candidates are compared by `value` (the match score's equity, met.ts, or its
    // cubeful value, cube.ts), money equity without one.
    const worth: PlayValue = value ?? ((p) => equityOf(this.variant, p));
    const gen = this.root;
    const n = gen.generate(this.variant, me, opp, dice, rules);
    if (n === 1 && gen.pool.pathLen[gen.result[0]!] === 0) return [];
    const pool = gen.pool;
    const list: Array<Candidate & { key: number }> = [];
    for (let k = 0; k < n; k++) {
      const i = gen.result[k]!;
      const o = i * 26;
      const probs = new Float32Array(this.ev.outputs);
      this.ev.afterPlay(pool.me, o, pool.opp, o, probs);
      const after = pool.me.slice(o, o + 26);
      const oppAfter = pool.opp.slice(o, o + 26);
      const equity = worth(probs, after, oppAfter);
      const moves: Step[] = [];
      for (let s = 0; s < pool.pathLen[i]!; s += 2) moves.push([pool.path[i * 8 + s]!, pool.path[i * 8 + s + 1]!]);
      list.push({
        moves,
        probs,
        equity,
        ply: 0,
        me: after,
        opp: oppAfter,
        key: cfg.noise > 0 ? equity + cfg.noise * gaussian(random) : equity,
      });
    }
    list.sort((a, b) => b.key - a.key);
    if (cfg.plies === 0 || list.length === 1) return list;
    const started = performance.now();
    const best = list[0]!.equity;
    const deep: Candidate[] = [];
    // Each looked-ahead candidate's plain 1-ply outcomes (before the blend): a partial second look corrects them.
    const oneOf = new Map<Candidate, Float32Array>();
    const z = cfg.zeroWeight ?? 0;
    for (let k = 0; k < list.length && k < cfg.candidates; k++) {
      const c = list[k]!;
      if (best - c.equity > cfg.within) break;
      if (k > 0 && performance.now() - started > cfg.budgetMs) break;
      const one = this.onePly(c.me, c.opp, rules);
      const probs = blendOutcomes(one, c.probs, z);
      const d: Candidate = { ...c, probs, equity: worth(probs, c.me, c.opp), ply: 1 };
      oneOf.set(d, one);
      deep.push(d);
    }
    deep.sort((a, b) => b.equity - a.equity);
    const deepCount = cfg.deepCandidates ?? 0;
    if (deepCount > 0 && deep.length > 1) {
      const top = deep[0]!.equity;
      const picked: Candidate[] = [];
      for (let k = 0; k < deep.length && k < deepCount; k++) {
        if (top - deep[k]!.equity > (cfg.deepWithin ?? 0.1)) break;
        picked.push(deep[k]!);
      }
      // Out of time before the next roll is through: what the rolls so far said.
      const deadline = started + (cfg.deepBudgetMs ?? cfg.budgetMs);
      const probs = picked.length > 1 ? this.twoPlyMany(picked, picked.map((c) => oneOf.get(c)!), rules, (_, roundMs) => performance.now() + roundMs > deadline) : null;
      if (probs) {
        const deeper = picked.map((c, i) => ({ ...c, probs: probs[i]!, equity: worth(probs[i]!, c.me, c.opp), ply: 2 as const }));
        deeper.sort((a, b) => b.equity - a.equity);
        return [...deeper, ...deep.slice(picked.length), ...list.slice(deep.length).map(({ key: _key, ...c }) => c)];
      }
    }
    return [...deep, ...list.slice(deep.length).map(({ key: _key, ...c }) => c)];
  }

  /**
   * Two chance layers (gnubg's 2-ply) for several candidates at once: over the opponent's 21
   * rolls, its best 0-ply answer, then the 1-ply value of the position for us (our 21 rolls, our
   * best 0-ply play each). The rolls are taken in turn for all candidates together, so when the
   * deadline comes first every candidate has looked at the same rolls: each keeps its full 1-ply
   * outcomes (`one`, the same first layer with our 0-ply value after the answer) corrected by
   * the mean difference the second layer made on those rolls. `stop` is asked before each roll,
   * with the rolls done and the time the last took. Null when not one roll was looked at.
   */
  twoPlyMany(cands: ReadonlyArray<{ readonly me: ArrayLike<number>; readonly opp: ArrayLike<number> }>, one: readonly Float32Array[], rules: Rules, stop: (rolls: number, roundMs: number) => boolean): Float32Array[] | null {
    const O = this.ev.outputs;
    const two = cands.map(() => new Float32Array(O));
    const first = cands.map(() => new Float32Array(O));
    const gen = this.deeper;
    const pool = gen.pool;
    const meAfter = new Int8Array(26);
    const oppAfter = new Int8Array(26);
    const v1 = new Float32Array(O);
    let done = 0;
    let rolls = 0;
    let round = 0;
    for (const { dice, weight } of SPREAD_ROLLS) {
      if (stop(rolls, round)) break;
      const t0 = performance.now();
      cands.forEach(({ me, opp }, c) => {
        if (me[0] === 15) {
          // Already won: no roll follows, both layers are the result.
          this.ev.afterPlay(me, 0, opp, 0, v1);
          for (let j = 0; j < O; j++) {
            two[c]![j] = two[c]![j]! + weight * v1[j]!;
            first[c]![j] = first[c]![j]! + weight * v1[j]!;
          }
          return;
        }
        const pick = this.answer(gen, me, opp, dice, rules, v1);
        oppAfter.set(pool.me.subarray(pick * 26, pick * 26 + 26));
        meAfter.set(pool.opp.subarray(pick * 26, pick * 26 + 26));
        const v2 = oppAfter[0] === 15 ? v1 : this.preRoll(meAfter, oppAfter, 1, rules);
        for (let j = 0; j < O; j++) {
          two[c]![j] = two[c]![j]! + weight * v2[j]!;
          first[c]![j] = first[c]![j]! + weight * v1[j]!;
        }
      });
      done += weight;
      rolls++;
      round = performance.now() - t0;
    }
    if (done === 0) return null;
    return cands.map((_, c) => {
      const p = new Float32Array(O);
      if (done === 36) {
        for (let j = 0; j < O; j++) p[j] = two[c]![j]! / 36;
        return p;
      }
      for (let j = 0; j < O; j++) p[j] = Math.max(0, one[c]![j]! + (two[c]![j]! - first[c]![j]!) / done);
      clampOutcomes(this.variant, p);
      return p;
    });
  }

  /**
   * The outcomes for `me`, about to roll, against `opp`: the net's at 0 ply; at 1 ply the
   * average over my 21 rolls of my best 0-ply play (what cube decisions look at).
   */
  preRoll(me: ArrayLike<number>, opp: ArrayLike<number>, plies: 0 | 1, rules: Rules = DEFAULT_RULES): Float32Array {
    const O = this.ev.outputs;
    const acc = new Float32Array(O);
    if (plies === 0) {
      this.ev.evaluate(me, 0, opp, 0, acc);
      return acc;
    }
    for (const { dice, weight } of ROLLS) {
      this.bestPlay(me, opp, dice, rules);
      for (let j = 0; j < O; j++) acc[j] = acc[j]! + weight * this.bestOut[j]!;
    }
    for (let j = 0; j < O; j++) acc[j] = acc[j]! / 36;
    return acc;
  }

  /**
   * The outcomes for `me`, about to roll against `opp`, played out to the end: each game both
   * sides play their best 0-ply play (the full net, pruned as ever), the first roll of game i the
   * i-th of the 36 (so every first roll counts alike), the later ones from `random`. At most
   * `games` games, and no more once `budgetMs` has passed or the plays valued by the network have
   * reached `evaluations` (both checked every 36 games, at least 144 played). The time budget
   * depends on the machine and its load; the count of evaluations does not, so the same call
   * gives the same outcomes anywhere. Short nardy: win, gammon and backgammon both ways, as the
   * network gives them.
   */
  rollout(me: ArrayLike<number>, opp: ArrayLike<number>, rules: Rules, random: () => number, games = 1296, budgetMs = Infinity, evaluations = Infinity): { readonly probs: Float32Array; readonly games: number } {
    const O = this.ev.outputs;
    const acc = new Float64Array(O);
    const pool = this.inner.pool;
    const deadline = performance.now() + budgetMs;
    const valuedAtStart = this.valued;
    const die = (): number => 1 + Math.floor(random() * 6);
    let played = 0;
    for (; played < games; played++) {
      if (played % 36 === 0 && played >= 144 && (this.valued - valuedAtStart >= evaluations || performance.now() > deadline)) break;
      let a = Array.from(me);
      let b = Array.from(opp);
      let mine = true;
      for (let turn = 0; turn < 500; turn++) {
        const dice = (turn === 0 ? [1 + (played % 6), 1 + (Math.floor(played / 6) % 6)] : [die(), die()]) as unknown as Dice;
        const pick = this.bestPlay(a, b, dice, rules);
        const moved = pool.me.slice(pick * 26, pick * 26 + 26);
        const other = pool.opp.slice(pick * 26, pick * 26 + 26);
        if (moved[0] === 15) {
          // The mover has won: a gammon with none of the loser's off, a backgammon with one of its
          // checkers still on the bar or in the winner's home board (the loser's 19 to 24).
          const gammon = other[0] === 0;
          let back = false;
          for (let q = 19; q <= 25; q++) if (other[q]! > 0) back = true;
          const bg = gammon && back;
          if (mine) {
            acc[0]! += 1;
            if (O > 3) {
              if (gammon) acc[1]! += 1;
              if (bg) acc[2]! += 1;
            } else if (gammon) acc[1]! += 1;
          } else if (O > 3) {
            if (gammon) acc[3]! += 1;
            if (bg) acc[4]! += 1;
          } else if (gammon) acc[2]! += 1;
          break;
        }
        a = Array.from(other);
        b = Array.from(moved);
        mine = !mine;
      }
    }
    const probs = new Float32Array(O);
    for (let j = 0; j < O; j++) probs[j] = acc[j]! / Math.max(1, played);
    return { probs, games: played };
  }

  /**
   * My best 0-ply play of `dice` (in this.inner's pool): its index there, its outcomes for me
   * (the opponent then to roll) left in this.bestOut.
   */
  private bestPlay(me: ArrayLike<number>, opp: ArrayLike<number>, dice: Dice, rules: Rules): number {
    const gen = this.inner;
    const pool = gen.pool;
    const n = gen.generate(this.variant, me, opp, dice, rules);
    const pruned = this.prune !== null && n > this.prune.keep;
    const m = pruned ? this.worthLooking(gen, n) : n;
    let best = -Infinity;
    let pick = gen.result[0]!;
    this.valued += m;
    for (let k = 0; k < m; k++) {
      const i = pruned ? this.keptIdx[k]! : gen.result[k]!;
      const o = i * 26;
      this.ev.afterPlay(pool.me, o, pool.opp, o, this.out);
      const eq = equityOf(this.variant, this.out);
      if (eq > best) {
        best = eq;
        pick = i;
        this.bestOut.set(this.out);
      }
    }
    return pick;
  }

  /**
   * `me` about to roll against `opp`: for each of my 21 rolls (weight out of 36), my best 0-ply
   * play's outcomes for me (the opponent then to roll) and the sides after it. preRoll at 1 ply
   * is their weighted mean; cube decisions look at each (cube.ts, oneRollCubeValues).
   */
  preRollLeaves(me: ArrayLike<number>, opp: ArrayLike<number>, rules: Rules = DEFAULT_RULES): Leaf[] {
    const pool = this.inner.pool;
    const out: Leaf[] = [];
    for (const { dice, weight } of ROLLS) {
      const pick = this.bestPlay(me, opp, dice, rules);
      out.push({ weight, probs: Float32Array.from(this.bestOut), me: pool.me.slice(pick * 26, pick * 26 + 26), opp: pool.opp.slice(pick * 26, pick * 26 + 26) });
    }
    return out;
  }

  /**
   * The opponent's best 0-ply answer with `dice` after our play (`me` just moved, `opp` to roll):
   * its index in `gen`'s pool (where the opponent is `pool.me`), and our outcomes after it, with
   * us to roll, left in `into`.
   */
  private answer(gen: Generator, me: ArrayLike<number>, opp: ArrayLike<number>, dice: Dice, rules: Rules, into: Float32Array): number {
    const pool = gen.pool;
    const n = gen.generate(this.variant, opp, me, dice, rules);
    const pruned = this.prune !== null && n > this.prune.keep;
    const m = pruned ? this.worthLooking(gen, n) : n;
    let worst = Infinity;
    let pick = gen.result[0]!;
    for (let k = 0; k < m; k++) {
      const i = pruned ? this.keptIdx[k]! : gen.result[k]!;
      const o = i * 26;
      this.ev.evaluate(pool.opp, o, pool.me, o, this.out);
      const eq = equityOf(this.variant, this.out);
      if (eq < worst) {
        worst = eq;
        pick = i;
        into.set(this.out);
      }
    }
    return pick;
  }

  /**
   * The mover's outcomes after its play (`me` just moved, `opp` to roll), averaged over the
   * opponent's 21 rolls, each answered with the opponent's best 0-ply play.
   */
  onePly(me: ArrayLike<number>, opp: ArrayLike<number>, rules: Rules = DEFAULT_RULES): Float32Array {
    const O = this.ev.outputs;
    const acc = new Float32Array(O);
    if (me[0] === 15) {
      // Already won: no roll follows.
      this.ev.afterPlay(me, 0, opp, 0, acc);
      return acc;
    }
    for (const { dice, weight } of ROLLS) {
      this.answer(this.inner, me, opp, dice, rules, this.bestOut);
      for (let j = 0; j < O; j++) acc[j] = acc[j]! + weight * this.bestOut[j]!;
    }
    for (let j = 0; j < O; j++) acc[j] = acc[j]! / 36;
    return acc;
  }
}
