/**
 * The bot's players. Every level is a configuration of one search (search.ts) over the trained
 * evaluation of each game, like gnubg's levels: the gentle ones add noise to a greedy choice,
 * the strong one (hard) looks one roll ahead on its best candidates and two on the very best.
 * Cube and resignation decisions come from the outcome probabilities (cube.ts); the hand-written
 * evaluation of the first version stays as the frozen `baseline` player for benchmarks (baseline.ts).
 */
import { randomInt } from 'node:crypto';
import { canDouble, type CubeState, type GameState } from '../engine/game.js';
import type { MatchState } from '../engine/match.js';
import type { Rules } from '../engine/rules.js';
import { otherSide, sidesOf, type Dice, type Position, type Side, type Step, type Variant } from '../engine/types.js';
import { seededRandom } from '../sim/rng.js';
import { cubeEfficiency, cubefulPlayValue, cubeValues, shouldAcceptResignation, shouldDouble, shouldTake, type CubeLeaf, type CubeOwner, type CubeSituation, type CubeValues } from './cube.js';
import { ENCODINGS } from './encode.js';
import { Evaluator } from './evaluator.js';
import type { Net } from './net.js';
import { matchEquity, matchWinChance, type MatchScore } from './met.js';
import { flipOutcomes } from './outcomes.js';
import { Search, type Candidate, type PlayValue, type SearchConfig } from './search.js';
import { loadBundled, loadBundledPrune, loadBundledReview } from './weights.js';

const CENTRED: CubeState = { value: 1, owner: null };

export type Level = 'easy' | 'medium' | 'hard' | 'expert';
export const LEVELS_IN_ORDER: readonly Level[] = ['easy', 'medium', 'hard', 'expert'];

export interface LevelConfig {
  readonly search: SearchConfig;
  /**
   * Long nardy's noise where it differs from `search.noise`: a stronger long net gains more
   * through the same noise than short nardy's does, so easy and medium keep their place against
   * `baseline` with a noise of their own (docs/levels.md).
   */
  readonly longNoise?: number;
  /** Whether the level offers doubles (every level answers them from the equity). */
  readonly doubles: boolean;
  /**
   * Depth of the pre-roll evaluation behind cube decisions: 0, the network's outcomes and the
   * cube formula; 1, one roll ahead, with the opponent's cube decision after each of my rolls
   * (cube.ts); 2, two rolls ahead (gnubg's 2-ply cubeful evaluation), with my own cube decision
   * after each of the opponent's rolls as well. Resignations are judged one roll ahead at most.
   */
  readonly cubePlies: 0 | 1 | 2;
  /**
   * With cubePlies 2: the second roll is looked at only where one roll leaves the decision
   * within this much (points of the current cube) of turning; everywhere when absent. Two rolls
   * ahead everywhere measured no better than one (bench/cube-replay.ts, README: the cube): far
   * from the boundary it turned clear doubles into "too good" and clear passes into takes.
   */
  readonly cubeDeepWithin?: number;
  /** ...and only until this many milliseconds (one roll ahead after all when it runs out). */
  readonly cubeDeepBudgetMs?: number;
  /**
   * In a match with the cube in play, compare plays by their cubeful value (cube.ts,
   * cubefulPlayValue: the opponent then on roll with its own cube decision), as gnubg does;
   * otherwise, and always when false, by the cubeless match equity (met.ts, matchEquity).
   */
  readonly cubefulPlay: boolean;
  /**
   * Cube decisions in a bear-off against contact (bearOffContact: one side bears off while the
   * other still has a checker on the bar or in its home board) from games played out to the end
   * (Search.rollout: at most `games`, within `budgetMs`) instead of the network: the network and
   * the look-ahead over it misjudge that class (issue 55: a take at 24% that gnubg passes by
   * 0.29), while those games are short and cheap to play out.
   */
  readonly cubeRollout?: { readonly games: number; readonly budgetMs: number };
}

/**
 * A bear-off against contact: one side has every checker in its home board or off (none on the
 * bar) and the other still has one on the bar or in that home board (its own 19 to 24), so a
 * late shot or an entry decides. Sides in their own numbering (0 off, 25 bar); short nardy.
 */
export function bearOffContact(me: ArrayLike<number>, opp: ArrayLike<number>): boolean {
  const home = (side: ArrayLike<number>): boolean => {
    for (let p = 7; p <= 25; p++) if (side[p]! > 0) return false;
    return true;
  };
  const contact = (side: ArrayLike<number>): boolean => {
    for (let p = 19; p <= 25; p++) if (side[p]! > 0) return true;
    return false;
  };
  return (home(me) && contact(opp)) || (home(opp) && contact(me));
}

/** A seed from a position (FNV-1a over both sides' slots): the same played-out games for the same position. */
export function positionSeed(me: ArrayLike<number>, opp: ArrayLike<number>): number {
  let h = 0x811c9dc5;
  for (const side of [me, opp]) {
    for (let i = 0; i < 26; i++) {
      h ^= side[i]!;
      h = Math.imul(h, 0x01000193) >>> 0;
    }
  }
  return h;
}

const greedy = { plies: 0 as const, candidates: 1, within: 0, budgetMs: 0 };

/**
 * The strongest level: 1 ply on the best 8 candidates within 0.16, a second look (2 ply) on the
 * best 5 within 0.16, all within 260 ms; cube decisions two rolls ahead near the boundary. Hard
 * plays it; before, hard stopped its second look at 40 ms on fewer candidates (2.6–2.9 against
 * 2.1–2.2 thousandths a decision on bench:decisions' match set, level with gnubg expert in
 * matches to 5), and expert had this search.
 */
const STRONGEST: LevelConfig = { search: { noise: 0, plies: 1, candidates: 8, within: 0.16, zeroWeight: 0.35, budgetMs: 260, deepCandidates: 5, deepWithin: 0.16 }, doubles: true, cubePlies: 2, cubeDeepWithin: 0.1, cubeDeepBudgetMs: 250, cubefulPlay: true, cubeRollout: { games: 1296, budgetMs: 250 } };

/**
 * The levels. The noise values were tuned against gnubg's levels (README, bench:strength); long
 * nardy's own (longNoise) keep easy and medium where they stood against `baseline` with the
 * stage-4 long net (docs/levels.md).
 */
export const LEVELS: Readonly<Record<Level, LevelConfig>> = {
  easy: { search: { ...greedy, noise: 0.14 }, longNoise: 0.15, doubles: false, cubePlies: 0, cubefulPlay: false },
  medium: { search: { ...greedy, noise: 0.09 }, longNoise: 0.095, doubles: true, cubePlies: 0, cubefulPlay: true },
  hard: STRONGEST,
  // Not offered by the bot (app/model.ts, OFFERED_LEVELS): no setting measured stronger than hard's
  // (README, The bot's levels), so the name plays as hard for old records, the CLI and benches.
  expert: STRONGEST,
};

/** `config` with `noise` in both games: long nardy's own noise, where it has one, gives way to it. */
export function withNoise(config: LevelConfig, noise: number): LevelConfig {
  const { longNoise: _longNoise, ...rest } = config;
  return { ...rest, search: { ...rest.search, noise } };
}

/** The level a name plays as: the first level, the gentlest first, with the same configuration (expert: hard). */
export function playsAs(level: Level): Level {
  return LEVELS_IN_ORDER.find((l) => LEVELS[l] === LEVELS[level])!;
}

/** The levels with a configuration of their own, the gentlest first: what the bot offers and the benches measure. */
export const DISTINCT_LEVELS: readonly Level[] = LEVELS_IN_ORDER.filter((l) => playsAs(l) === l);

export function isLevel(x: unknown): x is Level {
  return typeof x === 'string' && (LEVELS_IN_ORDER as readonly string[]).includes(x);
}

/**
 * How many of a roll's plays the pruning net leaves to the full net at the look-ahead's inner
 * layers (search.ts; README, The bot's levels: the pruning net).
 */
export const PRUNE_KEEP = 8;

/**
 * The players' search for a game over `net` (its bundled net by default), with the game's
 * pruning net where it has one (weights.ts, loadBundledPrune) keeping `keep` plays a roll; none
 * with `keep` 0, or by default when NARDY_PRUNE=0 (for benchmarks: the same search without it);
 * long nardy's races asked of `race` where one is given (race.ts; bench:race --race), else of
 * `net` as well.
 */
export function playersSearch(variant: Variant, net: Net = loadBundled(variant).net, keep = process.env.NARDY_PRUNE === '0' ? 0 : PRUNE_KEEP, race: Net | null = null): Search {
  const prune = keep > 0 ? loadBundledPrune(variant) : null;
  return new Search(new Evaluator(net, ENCODINGS[variant], { race }), prune ? { ev: new Evaluator(prune.net, prune.encoding), keep } : null);
}

/** One search per game over its trained network, each loaded when first needed. */
export class Brains {
  private readonly searches = new Map<Variant, Search>();
  private readonly reviews = new Map<Variant, Search>();

  /**
   * `loadReview`: the Review's search for a game, or null where it uses the players' (the
   * default: the game's bundled review net, weights.ts loadBundledReview, where it has one).
   */
  constructor(
    private readonly load: (variant: Variant) => Search = (variant) => playersSearch(variant),
    private readonly loadReview: (variant: Variant) => Search | null = (variant) => {
      const w = loadBundledReview(variant);
      return w ? new Search(new Evaluator(w.net, ENCODINGS[variant])) : null;
    },
  ) {}

  search(variant: Variant): Search {
    let s = this.searches.get(variant);
    if (!s) this.searches.set(variant, (s = this.load(variant)));
    return s;
  }

  /** The search the Review's analysis uses (analysis.ts): the game's review net, else the players'. */
  review(variant: Variant): Search {
    let s = this.reviews.get(variant);
    if (!s) this.reviews.set(variant, (s = this.loadReview(variant) ?? this.search(variant)));
    return s;
  }
}

let bundled: Brains | null = null;

/** The networks in assets/ai, shared by the players of this process. */
export function loadBrains(): Brains {
  bundled ??= new Brains();
  return bundled;
}

/** What a bot decides; the interface the use cases call. */
export interface BotPlayer {
  readonly level: string;
  /**
   * The play for the side to move in phase 'move' (empty when nothing can move); with `score`
   * (the mover's, in a match of more than one point) the plays are compared at that score.
   */
  choosePlay(game: GameState, score?: MatchScore): Step[];
  /** Before its roll, when doubling is allowed: double? */
  wantsToDouble(match: MatchState): boolean;
  /** Facing a double: take? */
  takes(match: MatchState): boolean;
  /** Facing a resignation: accept? */
  acceptsResignation(match: MatchState): boolean;
  /** Every legal play of the roll, best first, with the mover's equity after it (levels that rank plays). */
  rank?(position: Position, dice: Dice, rules: Rules, score?: MatchScore, cube?: CubeState): ReadonlyArray<{ readonly moves: Step[]; readonly equity: number }>;
}

/** The match as one side sees it (a single game counts as a match to 1). */
export function matchScoreOf(match: MatchState, side: Side): MatchScore {
  return {
    awayMe: match.length - match.score[side],
    awayOpp: match.length - match.score[otherSide(side)],
    crawford: match.game.crawford,
    postCrawford: match.crawfordDone && !match.game.crawford,
  };
}

/**
 * The score the side on roll plays its checkers at: in a match of more than one point, its
 * match score; a single game (gammons count in full) is played for money equity.
 */
export function playScore(match: MatchState): MatchScore | undefined {
  return match.length > 1 ? matchScoreOf(match, match.game.position.turn) : undefined;
}

function ownerOf(cube: CubeState, side: Side): CubeOwner {
  return cube.owner === null ? null : cube.owner === side ? 'me' : 'opp';
}

export class Player implements BotPlayer {
  private readonly cfg: LevelConfig;
  /** The search of each game: long nardy's with its own noise where the level has one. */
  private readonly searchCfg: Readonly<Record<Variant, SearchConfig>>;

  constructor(
    readonly level: Level,
    private readonly brains: Brains = loadBrains(),
    private readonly random: () => number = seededRandom(randomInt(2 ** 31)),
    config: LevelConfig = LEVELS[level],
  ) {
    this.cfg = config;
    const long = config.longNoise === undefined ? config.search : { ...config.search, noise: config.longNoise };
    this.searchCfg = { short: config.search, long };
  }

  private search(variant: Variant): Search {
    return this.brains.search(variant);
  }

  /**
   * Every legal play, best first, as this level ranks them (noise included); with `score` (the
   * mover's) and the cube, by their worth at that match score: cubeful where the rules have a
   * cube (cube.ts, cubefulPlayValue), else cubeless (met.ts, matchEquity).
   */
  rank(position: Position, dice: Dice, rules: Rules, score?: MatchScore, cube: CubeState = CENTRED): Candidate[] {
    const { me, opp } = sidesOf(position);
    return this.search(position.variant).rank(me, opp, dice, this.searchCfg[position.variant], this.random, rules, score && this.playValue(position, rules, score, cube));
  }

  /** How plays are compared at a match score (see rank): the mover's value of its outcomes after a play. */
  playValue(position: Position, rules: Rules, score: MatchScore, cube: CubeState): PlayValue {
    if (!rules.cube || !this.cfg.cubefulPlay) return matchEquity(position.variant, score, cube.value);
    return cubefulPlayValue(position.variant, score, cube.value, ownerOf(cube, position.turn));
  }

  choosePlay(game: GameState, score?: MatchScore): Step[] {
    if (game.phase !== 'move' || !game.dice) throw new Error('the bot can only play in the move phase');
    const ranked = this.rank(game.position, game.dice, game.rules, score, game.cube);
    return ranked.length ? ranked[0]!.moves : [];
  }

  /** The situation of `side` with the outcomes of the side on roll (flipped to `side`). */
  private situation(match: MatchState, side: Side, plies: 0 | 1 | 2 = Math.min(this.cfg.cubePlies, 1) as 0 | 1, money = false): CubeSituation {
    const game = match.game;
    const p = game.position;
    const roller = p.turn;
    const { me, opp } = sidesOf(p, roller);
    const search = this.search(p.variant);
    const base = { variant: p.variant, cube: game.cube.value, owner: ownerOf(game.cube, side), match: money ? null : matchScoreOf(match, side), efficiency: cubeEfficiency(p.variant, me, opp) };
    const rollout = this.cfg.cubeRollout;
    if (rollout && plies >= 1 && this.playsOut(p)) {
      // Played out from here; the same games for the same position (the dice seeded by it).
      const played = search.rollout(me, opp, game.rules, seededRandom(positionSeed(me, opp)), rollout.games, rollout.budgetMs).probs;
      return { ...base, probs: roller === side ? played : flipOutcomes(p.variant, played, new Float32Array(played.length)) };
    }
    if (plies >= 1 && roller === side) {
      // One roll ahead, each of my rolls kept apart: the opponent's cube decision after it counts.
      const raw = search.preRollLeaves(me, opp, game.rules);
      const probs = new Float32Array(search.ev.outputs);
      // Two rolls ahead until the deadline: past it, one roll ahead for every leaf.
      const deadline = plies === 2 ? performance.now() + (this.cfg.cubeDeepBudgetMs ?? Infinity) : -Infinity;
      let deep = plies === 2;
      const leaves: CubeLeaf[] = raw.map((leaf) => {
        for (let j = 0; j < probs.length; j++) probs[j] = probs[j]! + (leaf.weight * leaf.probs[j]!) / 36;
        if (deep && performance.now() > deadline) deep = false;
        // Two rolls ahead: the opponent's rolls from there, each with my cube decision after it.
        const deeper = deep && leaf.me[0]! < 15 ? search.preRollLeaves(leaf.opp, leaf.me, game.rules).map((sub): CubeLeaf => ({ weight: sub.weight, probs: flipOutcomes(p.variant, sub.probs, new Float32Array(sub.probs.length)), efficiency: cubeEfficiency(p.variant, sub.opp, sub.me) })) : undefined;
        return { weight: leaf.weight, probs: flipOutcomes(p.variant, leaf.probs, new Float32Array(leaf.probs.length)), efficiency: cubeEfficiency(p.variant, leaf.opp, leaf.me), leaves: deeper };
      });
      return { ...base, probs, leaves: deep ? leaves : leaves.map((l) => ({ ...l, leaves: undefined })) };
    }
    const probs = search.preRoll(me, opp, plies === 0 ? 0 : 1, game.rules);
    const view = roller === side ? probs : flipOutcomes(p.variant, probs, new Float32Array(probs.length));
    return { ...base, probs: view };
  }

  /**
   * The cube decision of the side on roll, with the values behind it: before rolling ('roll'
   * phase) double or not; facing a double ('double' phase, the doubler on roll) the taker's take
   * or pass. Equities are the doubler's, per unit of the cube (money) or match winning chances.
   * With `money`, the game is valued for money (`match` then only carries the game and its cube).
   */
  cubeDecision(match: MatchState, money = false): { readonly action: 'no-double' | 'double' | 'take' | 'pass'; readonly equities: CubeValues; readonly situation: CubeSituation } {
    const game = match.game;
    const s = this.cubeSituation(match, money);
    const equities = cubeValues(s);
    if (game.phase === 'double') return { action: shouldTake(s) ? 'take' : 'pass', equities, situation: s };
    return { action: this.doublesIn(match, () => s) ? 'double' : 'no-double', equities, situation: s };
  }

  /**
   * The doubler's situation behind the cube decision in front of it (its own double before its
   * roll, or, facing that double, the taker's answer): one roll ahead, and with cubePlies 2 two
   * rolls ahead where one roll leaves the decision within cubeDeepWithin of turning.
   */
  private cubeSituation(match: MatchState, money = false): CubeSituation {
    const doubler = match.game.position.turn;
    const s = this.situation(match, doubler, undefined, money);
    if (this.cfg.cubePlies < 2 || this.playsOut(match.game.position)) return s;
    const v = cubeValues(s);
    const margin = match.game.phase === 'double' ? Math.abs(v.doubleTake - v.doublePass) : Math.abs(Math.min(v.doubleTake, v.doublePass) - v.noDouble);
    // In points of the current cube: match winning chances over half the spread between winning
    // and losing the cube (money values already are).
    const half = s.match ? (v.doublePass - matchWinChance(s.match, -s.cube)) / 2 : 1;
    return margin / Math.max(1e-9, half) < (this.cfg.cubeDeepWithin ?? Infinity) ? this.situation(match, doubler, 2, money) : s;
  }

  /** Whether cube decisions here come from games played out (cubeRollout, bearOffContact). */
  private playsOut(p: Position): boolean {
    if (!this.cfg.cubeRollout || p.variant !== 'short') return false;
    const { me, opp } = sidesOf(p, p.turn);
    return bearOffContact(me, opp);
  }

  wantsToDouble(match: MatchState): boolean {
    return this.doublesIn(match, () => this.cubeSituation(match));
  }

  /** Whether the side on roll doubles; its situation is worked out only when doubling is possible. */
  private doublesIn(match: MatchState, situation: () => CubeSituation): boolean {
    const game = match.game;
    if (!this.cfg.doubles || !canDouble(game, game.position.turn)) return false;
    const s = situation();
    // A cube that cannot change the match is dead: never turn it.
    if (s.match && s.match.awayMe <= s.cube) return false;
    return shouldDouble(s);
  }

  takes(match: MatchState): boolean {
    return shouldTake(this.cubeSituation(match));
  }

  acceptsResignation(match: MatchState): boolean {
    const game = match.game;
    const resigner = game.pendingResign?.by ?? game.position.turn;
    const me = otherSide(resigner);
    return shouldAcceptResignation(this.situation(match, me), game.pendingResign?.level ?? 1);
  }
}

/** A player of a level over the bundled networks; `random` drives its noise (seeded in tests). */
export function createPlayer(level: Level, random?: () => number): Player {
  return new Player(level, loadBrains(), random);
}
