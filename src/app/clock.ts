/**
 * One clock for every instance: the storage's (Redis's TIME). Each instance measures how far its
 * own wall clock is from the storage's (at start and on every tick) and stamps and compares every
 * deadline (move clocks, rematch offers, invitations, the inbox's sweeps) by the storage's time,
 * so an instance whose clock runs ahead never ends a player's time early, and one that runs
 * behind never late.
 */

/** Beyond this difference from the storage's clock an instance says so (it still keeps the storage's time). */
export const SKEW_WARN_MS = 2000;

export class SharedClock {
  private offset = 0;
  private synced = false;

  constructor(
    /** The storage's time in ms. */
    private readonly serverTime: () => Promise<number>,
    private readonly local: () => number = Date.now,
  ) {}

  /** Now, by the storage's clock (this instance's own until the first measure). */
  readonly now = (): number => this.local() + this.offset;

  /** How far the storage's clock is ahead of this instance's, in ms (negative: behind). */
  get skew(): number {
    return this.offset;
  }

  get isSynced(): boolean {
    return this.synced;
  }

  /**
   * Measure the difference again (half the round trip taken as the way there). A slow answer
   * (over a second) says little: the last measure is kept then. Returns the difference.
   */
  async sync(): Promise<number> {
    const t0 = this.local();
    const server = await this.serverTime();
    const t1 = this.local();
    if (t1 - t0 > 1000 && this.synced) return this.offset;
    this.offset = Math.round(server - (t0 + t1) / 2);
    this.synced = true;
    return this.offset;
  }
}
