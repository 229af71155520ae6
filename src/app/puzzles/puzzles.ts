/**
 * Puzzles in private: the next problem for a player (near their rating, none of their recent
 * ones), one answer per problem shown, Glicko-2 ratings of the player and of the problem, a
 * streak, and the player's statistics. Stored as versioned documents (DocStore): a player's
 * `puzzle:u:<id>`, a problem's `puzzle:p:<id>`, each written by compare-and-set, so that two
 * instances answering at once count one answer once.
 *
 * Besides the bundled banks, problems made of the mistakes of reviewed games whose players agreed
 * (/settings): each a document `puzzle:g:<id>` (written once: the id is a hash of the position
 * and roll), listed with its starting rating in the set `puzzle:games:<variant>`.
 */
import { createHash, randomInt } from 'node:crypto';
import { changeDoc, hashedOrder } from './docs.js';
import type { Variant } from '../../engine/types.js';
import { BANK_ID, BankError, loadBank, parseProblem, PROBLEM_ID, problemById, type Problem } from '../../puzzles/bank.js';
import type { ProblemDraft } from '../../puzzles/maker.js';
import type { DocStore } from '../../store/index.js';
import { NEW_RATING, rateAttempt, type Rating } from './glicko.js';

const KEEP_SECONDS = 400 * 86_400;
/** Problems from games are kept for years (they are the players' gift). */
const GAME_PROBLEM_SECONDS = 5 * 365 * 86_400;
const VARIANTS = ['short', 'long'] as const;

/** A problem as the picking knows it: its id and starting rating. */
interface Listed {
  readonly id: string;
  readonly rating: number;
}
/** Problems a player is not shown again soon. */
const RECENT = 300;
/** A problem's rating is this sure at first (its starting rating is an estimate from the search). */
const PROBLEM_RD = 200;
/** Problems whose learned ratings are read to pick the next one. */
const SAMPLE = 24;
/** The next problem is one of this many of the sample nearest the player's rating. */
const NEAREST = 3;

export interface PuzzleProfile {
  readonly rating: Rating;
  readonly streak: number;
  readonly bestStreak: number;
  readonly solved: number;
  readonly attempts: number;
  /** The problem on the player's board, with the order its answers are shown in (bank indices). */
  readonly current: { readonly id: string; readonly order: readonly number[] } | null;
  readonly recent: readonly string[];
  /** The game the player last asked problems of (null: either). */
  readonly asked?: Variant | null;
}

export interface ProblemRecord {
  readonly rating: Rating;
  readonly attempts: number;
  readonly solved: number;
}

export type Answered =
  | { readonly kind: 'solved' | 'missed'; readonly problem: Problem; readonly chosen: number; readonly order: readonly number[]; readonly before: PuzzleProfile; readonly after: PuzzleProfile }
  /** Not the problem on the player's board (answered already, or an old message). */
  | { readonly kind: 'stale' };

export const NEW_PROFILE: PuzzleProfile = { rating: NEW_RATING, streak: 0, bestStreak: 0, solved: 0, attempts: 0, current: null, recent: [] };

/** The order a player sees a problem's answers in: fixed for them and the problem, the best not always first. */
export function answerOrder(userId: number, problem: Problem): number[] {
  return hashedOrder(`${userId}:${problem.id}`, problem.answers.length);
}

export class Puzzles {
  constructor(private readonly docs: DocStore) {}

  /** A problem by id: bundled, or from a reviewed game (null: none such, or unreadable). */
  async problem(id: string): Promise<Problem | null> {
    if (BANK_ID.test(id)) return problemById(id);
    if (!PROBLEM_ID.test(id)) return null;
    const doc = await this.docs.get(`puzzle:g:${id}`);
    if (!doc) return null;
    try {
      return parseProblem(JSON.parse(doc.data), id.startsWith('s') ? 'short' : 'long', id);
    } catch (e) {
      if (e instanceof BankError || e instanceof SyntaxError) return null;
      throw e;
    }
  }

  /**
   * Keep the problems a review made of a game's mistakes: each once (its id is a hash of the
   * position and roll, so a game reviewed twice, or the same position in two games, adds one).
   * Returns the ids added now.
   */
  async addFromGame(drafts: readonly ProblemDraft[]): Promise<string[]> {
    const added: string[] = [];
    for (const d of drafts) {
      const id = `${d.variant[0]}g${createHash('sha256').update(`${d.position}:${d.dice?.join('') ?? 'cube'}`).digest('hex').slice(0, 10)}`;
      const problem = parseProblem({ ...d, id, source: 'game' }, d.variant, id);
      if (!(await this.docs.save(`puzzle:g:${id}`, 0, JSON.stringify(problem), GAME_PROBLEM_SECONDS))) continue;
      await this.docs.index(`puzzle:games:${d.variant}`, `${id}:${Math.round(problem.rating)}`, true);
      added.push(id);
    }
    return added;
  }

  /** Every problem of a game (or both) as the picking knows them: the banks' and the games'. */
  private async listed(variant: Variant | null): Promise<Listed[]> {
    const out: Listed[] = [];
    for (const v of variant ? [variant] : VARIANTS) {
      for (const p of loadBank(v).problems) out.push({ id: p.id, rating: p.rating });
      for (const m of await this.docs.members(`puzzle:games:${v}`)) {
        const [id, rating] = m.split(':');
        if (id && PROBLEM_ID.test(id) && Number.isFinite(Number(rating))) out.push({ id, rating: Number(rating) });
      }
    }
    return out;
  }

  async profile(userId: number): Promise<PuzzleProfile> {
    const doc = await this.docs.get(`puzzle:u:${userId}`);
    return doc ? (JSON.parse(doc.data) as PuzzleProfile) : NEW_PROFILE;
  }

  async problemRecord(problem: Listed): Promise<ProblemRecord> {
    const doc = await this.docs.get(`puzzle:p:${problem.id}`);
    return doc ? (JSON.parse(doc.data) as ProblemRecord) : { rating: { rating: problem.rating, rd: PROBLEM_RD, vol: NEW_RATING.vol }, attempts: 0, solved: 0 };
  }

  /** Change a document by compare-and-set (a few tries when another instance wrote it meanwhile). */
  private async update<T>(key: string, empty: T, change: (old: T) => T | null): Promise<{ old: T; new: T } | null> {
    const r = await changeDoc<T>(this.docs, key, KEEP_SECONDS, (old) => change(old ?? empty));
    return r.changed ? { old: r.old ?? empty, new: r.value! } : null;
  }

  /**
   * The next problem for a player: of one game or either, rated within a window around the
   * player's rating that widens until it holds enough problems, none of their recent ones.
   */
  async next(userId: number, asked: Variant | null | 'as-before'): Promise<{ readonly problem: Problem; readonly order: readonly number[]; readonly profile: PuzzleProfile }> {
    const profile = await this.profile(userId);
    const variant = asked === 'as-before' ? (profile.asked ?? null) : asked;
    const recent = new Set(profile.recent);
    const listed = await this.listed(variant);
    const fresh = listed.filter((p) => !recent.has(p.id));
    const problem = await this.pick(fresh.length ? fresh : listed, profile.rating.rating);
    const order = answerOrder(userId, problem);
    const saved = await this.update<PuzzleProfile>(`puzzle:u:${userId}`, NEW_PROFILE, (old) => ({ ...old, asked: variant, current: { id: problem.id, order }, recent: [...old.recent.filter((x) => x !== problem.id), problem.id].slice(-RECENT) }));
    return { problem, order, profile: saved!.new };
  }

  /**
   * A problem rated near `rating`: a sample of the problems whose starting rating is near (a
   * window that widens until it holds enough), judged by their learned ratings (each problem's
   * rating moves with every answer): one of the few of the sample nearest by its learned rating.
   */
  private async pick(all: readonly Listed[], rating: number): Promise<Problem> {
    let width = 100;
    let near = all.filter((p) => Math.abs(p.rating - rating) <= width);
    while (near.length < 20 && width < 3200) {
      width *= 2;
      near = all.filter((p) => Math.abs(p.rating - rating) <= width);
    }
    if (near.length === 0) near = [...all];
    const sample: Listed[] = [];
    for (let i = 0; i < SAMPLE && near.length > 0; i++) sample.push(near.splice(randomInt(near.length), 1)[0]!);
    const learned = await Promise.all(sample.map(async (p) => ({ p, rating: (await this.problemRecord(p)).rating.rating })));
    // One of the few nearest by what the problems turned out to be (a little variety, still near);
    // a game's problem gone from the store meanwhile is passed over.
    learned.sort((a, b) => Math.abs(a.rating - rating) - Math.abs(b.rating - rating));
    const first = randomInt(Math.min(NEAREST, learned.length));
    for (const x of [learned[first]!, ...learned.filter((_, i) => i !== first)]) {
      const problem = await this.problem(x.p.id);
      if (problem) return problem;
    }
    // Only games' problems in the sample, all gone: any bundled one of the pool.
    const bundled = all.filter((p) => BANK_ID.test(p.id));
    return problemById(bundled[randomInt(bundled.length)]!.id)!;
  }

  /** The player's answer: the n-th answer as shown. Once per problem shown. */
  async answer(userId: number, problemId: string, shown: number): Promise<Answered> {
    const problem = await this.problem(problemId);
    if (!problem) return { kind: 'stale' };
    const record = await this.problemRecord(problem);
    const chosenIn = (p: PuzzleProfile): number | undefined => (p.current?.id === problemId ? p.current.order[shown] : undefined);
    const changed = await this.update<PuzzleProfile>(`puzzle:u:${userId}`, NEW_PROFILE, (old) => {
      const chosen = chosenIn(old);
      if (chosen === undefined) return null;
      const solved = chosen === 0;
      const streak = solved ? old.streak + 1 : 0;
      return { ...old, rating: rateAttempt(old.rating, record.rating, solved).solver, streak, bestStreak: Math.max(old.bestStreak, streak), solved: old.solved + (solved ? 1 : 0), attempts: old.attempts + 1, current: null };
    });
    if (!changed) return { kind: 'stale' };
    const chosen = chosenIn(changed.old)!;
    const solved = chosen === 0;
    // The problem's rating moves too (from its stored record, however many solve it at once).
    await this.update<ProblemRecord>(`puzzle:p:${problem.id}`, record, (old) => ({ rating: rateAttempt(changed.old.rating, old.rating, solved).problem, attempts: old.attempts + 1, solved: old.solved + (solved ? 1 : 0) }));
    return { kind: solved ? 'solved' : 'missed', problem, chosen, order: changed.old.current!.order, before: changed.old, after: changed.new };
  }
}
