/**
 * The one write path of a game record: read, decide, compare-and-set, and on a lost race decide
 * again on the newer record. Every change to a game goes through `update`; the decision function
 * sees the stored record (never ids or versions from a button) and says what to write, if
 * anything, and what to return.
 */
import type { SaveResult } from '../../store/types.js';
import type { GameRecord } from '../model.js';

/** What a decision made of the stored record: write `next` (its version is set here), or keep it as it is. */
export type Decision<T> = { readonly write: GameRecord; readonly out: (saved: GameRecord) => T } | { readonly keep: T };

export interface RecordAccess {
  get(id: string): Promise<GameRecord | null>;
  /** Compare-and-set over `before` (with the save's side effects: rating, clocks, timers). */
  save(next: GameRecord, before: GameRecord): Promise<{ result: SaveResult; rec: GameRecord }>;
}

/** How many times a decision is made again after losing a race before the caller is told so. */
export const UPDATE_ATTEMPTS = 6;

export type Updated<T> = { readonly kind: 'done'; readonly out: T } | { readonly kind: 'gone' } | { readonly kind: 'contended'; readonly game: GameRecord };

/** Decide on the stored record and write the decision, retrying a lost compare-and-set. */
export async function update<T>(records: RecordAccess, id: string, decide: (rec: GameRecord) => Decision<T> | Promise<Decision<T>>): Promise<Updated<T>> {
  let last: GameRecord | null = null;
  for (let attempt = 0; attempt < UPDATE_ATTEMPTS; attempt++) {
    const rec = await records.get(id);
    if (!rec) return { kind: 'gone' };
    last = rec;
    const d = await decide(rec);
    if ('keep' in d) return { kind: 'done', out: d.keep };
    const { result, rec: saved } = await records.save({ ...d.write, v: rec.v + 1 }, rec);
    if (result === 'saved') return { kind: 'done', out: d.out(saved) };
    if (result === 'gone') return { kind: 'gone' };
  }
  return { kind: 'contended', game: last! };
}
