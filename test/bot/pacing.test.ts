/** Pacing of calls to one chat across instances: Telegram counts the spacing between calls as they arrive. */
import { describe, expect, it } from 'vitest';
import { ChatPacer, type Limits } from '../../src/bot/pacing.js';
import { MemoryStore } from '../../src/store/index.js';

const limits: Limits = { privateMs: 100, groupMs: 300, globalPerSecond: 1000, marginMs: 20 };
const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

describe('pacing a chat over two instances', () => {
  it('a call that runs long holds the other instance back until the spacing after its end', async () => {
    const store = new MemoryStore({ challengeSeconds: 60, finishedSeconds: 60, idleSeconds: 60 });
    const a = new ChatPacer(limits, Date.now, store.pacing);
    const b = new ChatPacer(limits, Date.now, store.pacing);
    const t0 = Date.now();
    await a.acquire(5);
    // A's call (drawing and uploading a picture, say) takes 300 ms; B books its slot meanwhile.
    const bStarted = (async () => {
      await sleep(10);
      await b.acquire(5);
      return Date.now() - t0;
    })();
    await sleep(300);
    // A's end as read just before release: the pacer records its end no earlier than this, so a
    // pause of this process between the two cannot move the bound past what the pacer enforces.
    const aEnded = Date.now() - t0;
    a.release(5);
    const startedAt = await bStarted;
    b.release(5);
    expect(startedAt).toBeGreaterThanOrEqual(aEnded + limits.privateMs + limits.marginMs - 5);
  });

  it('calls that end quickly keep the booked spacing only', async () => {
    const store = new MemoryStore({ challengeSeconds: 60, finishedSeconds: 60, idleSeconds: 60 });
    const a = new ChatPacer(limits, Date.now, store.pacing);
    const b = new ChatPacer(limits, Date.now, store.pacing);
    const t0 = Date.now();
    await a.acquire(7);
    a.release(7);
    await b.acquire(7);
    const gap = Date.now() - t0;
    b.release(7);
    expect(gap).toBeGreaterThanOrEqual(limits.privateMs + limits.marginMs - 5);
    // Far from the lease a call in progress holds (ten spacings): nothing waited for a call that had ended.
    expect(gap).toBeLessThan(5 * (limits.privateMs + limits.marginMs));
  });
});
