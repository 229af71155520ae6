/**
 * What the puzzle records share: a document changed by compare-and-set (a few tries when another
 * instance wrote it meanwhile), and an order of answers fixed by a hash (the best not always first).
 */
import { createHash } from 'node:crypto';
import type { DocStore } from '../../store/index.js';

/**
 * Change the JSON document at `key`: `change` gets the stored value (null: none) and gives the new
 * one, or null to leave it. Returns the value before, the value now, and whether this call wrote it.
 */
export async function changeDoc<T>(docs: DocStore, key: string, ttlSeconds: number, change: (old: T | null) => T | null): Promise<{ readonly old: T | null; readonly value: T | null; readonly changed: boolean }> {
  for (let i = 0; i < 8; i++) {
    const doc = await docs.get(key);
    const old = doc ? (JSON.parse(doc.data) as T) : null;
    const next = change(old);
    if (next === null) return { old, value: old, changed: false };
    if (await docs.save(key, doc?.v ?? 0, JSON.stringify(next), ttlSeconds)) return { old, value: next, changed: true };
  }
  throw new Error(`could not update ${key}: too many writers at once`);
}

/** The indices 0..n-1 shuffled by the hash of `seed`: the same order for the same seed. */
export function hashedOrder(seed: string, n: number): number[] {
  const h = createHash('sha256').update(seed).digest();
  const order = Array.from({ length: n }, (_, i) => i);
  for (let i = order.length - 1; i > 0; i--) {
    const j = h[i]! % (i + 1);
    [order[i], order[j]] = [order[j]!, order[i]!];
  }
  return order;
}
