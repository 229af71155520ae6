/**
 * Match winning chances from the match equity table in assets/ai/met.json (Kazaross XG2, made by
 * scripts/make-met.ts). Used for both games: the table is backgammon's, and long nardy's mars
 * rate between good players is close enough to backgammon's gammon rate for cube decisions.
 */
import { readFileSync } from 'node:fs';
import { equityOf } from './outcomes.js';

interface Table {
  readonly preCrawford: readonly (readonly number[])[];
  readonly postCrawford: readonly number[];
}

let table: Table | null = null;

const isChance = (x: unknown): x is number => typeof x === 'number' && x >= 0 && x <= 1;

/** The table as read from its file, checked: chances between 0 and 1, a square pre-Crawford part. */
export function decodeTable(raw: unknown): Table {
  const t = raw as Record<string, unknown> | null;
  const pre = t?.preCrawford;
  const post = t?.postCrawford;
  if (!Array.isArray(pre) || pre.length === 0 || !pre.every((row) => Array.isArray(row) && row.length === pre.length && row.every(isChance))) throw new Error('met.json: preCrawford must be a square table of chances');
  if (!Array.isArray(post) || post.length === 0 || !post.every(isChance)) throw new Error('met.json: postCrawford must be a list of chances');
  return { preCrawford: pre as number[][], postCrawford: post as number[] };
}

function met(): Table {
  table ??= decodeTable(JSON.parse(readFileSync(new URL('../../assets/ai/met.json', import.meta.url), 'utf8')));
  return table;
}

export interface MatchScore {
  /** Points "me" and the opponent still need. */
  readonly awayMe: number;
  readonly awayOpp: number;
  /** This game is the Crawford game. */
  readonly crawford: boolean;
  /** The Crawford game has been played (before this one). */
  readonly postCrawford: boolean;
}

/** The chance that "me", `a` away, wins the match against `b` away, before a game starts. */
export function tableChance(a: number, b: number, postCrawford: boolean): number {
  if (a <= 0) return 1;
  if (b <= 0) return 0;
  const t = met();
  const cap = (n: number): number => Math.min(n, t.postCrawford.length) - 1;
  if (postCrawford && (a === 1 || b === 1)) {
    if (a === 1 && b === 1) return 0.5;
    return a === 1 ? 1 - t.postCrawford[cap(b)]! : t.postCrawford[cap(a)]!;
  }
  return t.preCrawford[cap(a)]![cap(b)]!;
}

/** The match winning chance of "me" after this game ends with `delta` points to me (negative: to the opponent). */
export function matchWinChance(m: MatchScore, delta: number): number {
  const a = delta > 0 ? m.awayMe - delta : m.awayMe;
  const b = delta < 0 ? m.awayOpp + delta : m.awayOpp;
  // After the Crawford game every later game is post-Crawford; a side newly one away makes the
  // next game the Crawford game, which is what the table's one-away rows are.
  return tableChance(a, b, m.postCrawford || m.crawford);
}

/**
 * The value of outcome probabilities (the networks' cumulative ones, `me` the side they are for)
 * at a match score with the cube at `cube`, cubeless: the match winning chance of each result,
 * rescaled so that a single win is +1 and a single loss -1, like money equity. In money play a
 * gammon is worth two single wins; at a match score it is worth what it does to the match (at
 * double match point nothing more than a win, for a side one away after a double nothing more).
 * Linear in the probabilities, so it ranks plays as the match winning chance does.
 */
export function matchEquity(variant: 'long' | 'short', m: MatchScore, cube: number): (p: ArrayLike<number>) => number {
  const win = (k: number): number => matchWinChance(m, k * cube);
  const S1 = win(1);
  const L1 = win(-1);
  const half = (S1 - L1) / 2;
  // A game that cannot change the match (it never happens in play): money weights keep the ranking sane.
  if (!(half > 1e-9)) return (p) => equityOf(variant, p);
  const g = (win(2) - S1) / half;
  const lg = (win(-2) - L1) / half;
  if (variant === 'long') return (p) => 2 * p[0]! - 1 + g * p[1]! + lg * p[2]!;
  const bg = (win(3) - win(2)) / half;
  const lbg = (win(-3) - win(-2)) / half;
  return (p) => 2 * p[0]! - 1 + g * p[1]! + bg * p[2]! + lg * p[3]! + lbg * p[4]!;
}
