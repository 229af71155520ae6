/** The chat gate: a chat holds one slot; its later updates queue behind it; past the caps they are refused. */
import { describe, expect, it } from 'vitest';
import { ChatGate, OncePer } from '../../src/bot/fairness.js';

describe('the chat gate', () => {
  it('runs a chat\'s first update in its slot, queues the next ones, refuses past the chat\'s cap', () => {
    const gate = new ChatGate(3, 100);
    expect(gate.enter('a')).toBe('run');
    expect(gate.enter('a')).toBe('queue');
    expect(gate.enter('a')).toBe('queue');
    expect(gate.enter('a')).toBe('refuse');
    // Another chat is not held back by the first one's flood.
    expect(gate.enter('b')).toBe('run');
    gate.leave('a');
    expect(gate.enter('a')).toBe('queue');
    for (let i = 0; i < 3; i++) gate.leave('a');
    expect(gate.count('a')).toBe(0);
    expect(gate.enter('a')).toBe('run');
  });

  it('bounds the whole process: past the total every chat is refused until some are done', () => {
    const gate = new ChatGate(10, 4);
    for (const c of ['a', 'b', 'c', 'd']) expect(gate.enter(c)).toBe('run');
    expect(gate.enter('e')).toBe('refuse');
    gate.leave('a');
    expect(gate.enter('e')).toBe('run');
    expect(gate.count()).toBe(4);
  });

  it('settles once every queued update has run', async () => {
    const gate = new ChatGate();
    let done = 0;
    for (let i = 0; i < 3; i++) gate.track(new Promise<void>((r) => setTimeout(() => (done++, r()), 10 * i)));
    await gate.settled();
    expect(done).toBe(3);
  });

  it('says "slow down" once a window per chat', () => {
    let t = 0;
    const once = new OncePer(60_000, () => t);
    expect(once.take('a')).toBe(true);
    expect(once.take('a')).toBe(false);
    expect(once.take('b')).toBe(true);
    t = 60_000;
    expect(once.take('a')).toBe(true);
  });
});
