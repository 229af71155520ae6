/**
 * Noticing a wiped storage: a Redis without persistence that restarted, or one that was flushed,
 * comes back empty, and every game in play is gone with it. A marker key with a random id is
 * written once; each instance remembers the id it saw and looks again on every tick. The marker
 * gone (or replaced by another instance that found it gone) means the data was lost.
 */
import { randomBytes } from 'node:crypto';
import type { Dialogues } from './dialogues.js';

const KEY = 'storage-epoch';
/** The marker's lifetime, renewed daily (every key has one). */
const TTL_SECONDS = 400 * 86_400;

export type EpochCheck = 'first' | 'same' | 'wiped';

export class StorageEpoch {
  private known: string | null = null;
  private renewedAt = 0;

  constructor(
    private readonly dialogues: Dialogues,
    private readonly now: () => number = Date.now,
  ) {}

  /** Look at the marker: 'first' (this instance's first look), 'same', or 'wiped' since the last look. */
  async check(): Promise<EpochCheck> {
    let seen = (await this.dialogues.read(KEY)) as string | undefined | null;
    const lost = !seen || (this.known !== null && seen !== this.known);
    if (!seen) {
      const mine = randomBytes(8).toString('hex');
      seen = (await this.dialogues.setIfAbsent(KEY, mine, TTL_SECONDS)) ? mine : (((await this.dialogues.read(KEY)) as string | undefined) ?? mine);
      this.renewedAt = this.now();
    } else if (this.now() - this.renewedAt > 86_400_000) {
      await this.dialogues.write(KEY, seen, TTL_SECONDS);
      this.renewedAt = this.now();
    }
    const first = this.known === null;
    this.known = seen;
    return first ? 'first' : lost ? 'wiped' : 'same';
  }
}
