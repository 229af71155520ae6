/**
 * Match winning chances from the match equity table in assets/ai/met.json (Kazaross XG2, made by
 * scripts/make-met.ts). Used for both games: the table is backgammon's, and long nardy's mars
 * rate between good players is close enough to backgammon's gammon rate for cube decisions.
 */
import { readFileSync } from 'node:fs';

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
