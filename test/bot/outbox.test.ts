/** The outbox: each failure class is recognised, retried or given up as it should be, and logged once. */
import { Writable } from 'node:stream';
import pino from 'pino';
import { GrammyError, HttpError } from 'grammy';
import { describe, expect, it } from 'vitest';
import { Outbox, OutboxError, type Pacer } from '../../src/bot/outbox.js';

function logger() {
  const lines: Array<{ level: number; msg: string; chat?: number }> = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      for (const l of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(l));
      done();
    },
  });
  return { log: pino({ level: 'debug' }, stream), lines };
}

const ok = { ok: true as const, result: true };
const fail = (code: number, description: string, retryAfter?: number) => ({ ok: false as const, error_code: code, description, ...(retryAfter ? { parameters: { retry_after: retryAfter } } : {}) });

/** Run one call through the outbox's transformer with `answers` as Telegram's replies in turn. */
async function call(answers: Array<unknown | (() => never)>, opts: { pacer?: Pacer; method?: string; chat?: number | null } = {}) {
  const { log, lines } = logger();
  const sleeps: number[] = [];
  const outbox = new Outbox({ log, pacer: opts.pacer, patienceSeconds: 30, attempts: 3, sleep: async (ms) => void sleeps.push(ms) });
  let n = 0;
  const prev = (async () => {
    const a = answers[Math.min(n++, answers.length - 1)];
    if (typeof a === 'function') return (a as () => never)();
    return a;
  }) as never;
  const payload = opts.chat === null ? {} : { chat_id: opts.chat ?? 42, text: 'x' };
  let error: unknown = null;
  let result: unknown = null;
  try {
    result = await outbox.transformer(prev, (opts.method ?? 'sendMessage') as never, payload as never, undefined);
  } catch (e) {
    error = e;
  }
  await new Promise((r) => setTimeout(r, 10));
  return { error: error as OutboxError | null, result, calls: n, sleeps, lines, outbox };
}

describe('the outbox', () => {
  it('success passes through', async () => {
    const r = await call([ok]);
    expect(r.result).toEqual(ok);
    expect(r.calls).toBe(1);
  });

  it('"message is not modified" is its own class, not retried, not an error in the log', async () => {
    const r = await call([fail(400, 'Bad Request: message is not modified: specified new message content and reply markup are exactly the same')]);
    expect(r.error).toBeInstanceOf(OutboxError);
    expect(r.error!.kind).toBe('not-modified');
    expect(r.calls).toBe(1);
    expect(r.lines.filter((l) => l.level >= 40)).toEqual([]);
  });

  it('"message to edit not found" is "gone"', async () => {
    const r = await call([fail(400, 'Bad Request: message to edit not found')], { method: 'editMessageMedia' });
    expect(r.error!.kind).toBe('gone');
    expect(r.calls).toBe(1);
  });

  it('a blocked bot is "blocked", logged at info and only once per chat', async () => {
    const { log, lines } = logger();
    const outbox = new Outbox({ log });
    const prev = (async () => fail(403, 'Forbidden: bot was blocked by the user')) as never;
    for (let i = 0; i < 3; i++) {
      await expect(outbox.transformer(prev, 'sendMessage' as never, { chat_id: 5, text: 'x' } as never, undefined)).rejects.toMatchObject({ kind: 'blocked' });
    }
    await new Promise((r) => setTimeout(r, 10));
    const about = lines.filter((l) => /cannot write/.test(l.msg));
    expect(about).toHaveLength(1);
    expect(about[0]!.level).toBe(30);
  });

  it('"too many requests" waits as told and tries again', async () => {
    const r = await call([fail(429, 'Too Many Requests: retry after 2', 2), ok]);
    expect(r.result).toEqual(ok);
    expect(r.calls).toBe(2);
    expect(r.sleeps).toEqual([2000]);
  });

  it('a 429 longer than the patience is given up as "flood" (the chat is held back by the pacer)', async () => {
    const penalised: number[] = [];
    const pacer: Pacer = { acquire: async () => undefined, release: () => undefined, delay: () => 0, penalise: (_c, s) => (penalised.push(s), true) };
    const r = await call([fail(429, 'Too Many Requests: retry after 300', 300)], { pacer });
    expect(r.error!.kind).toBe('flood');
    expect(r.error!.retryAfter).toBe(300);
    expect(penalised).toEqual([300]);
    expect(r.calls).toBe(1);
  });

  it('transient failures (network, 5xx) are retried a bounded number of times', async () => {
    const network = (): never => {
      throw new HttpError('Network request failed', new Error('ECONNRESET'));
    };
    const r = await call([network, fail(502, 'Bad Gateway'), ok]);
    expect(r.result).toEqual(ok);
    expect(r.calls).toBe(3);
    const storm = await call([fail(500, 'Internal Server Error')]);
    expect(storm.error!.kind).toBe('transient');
    expect(storm.calls).toBe(3);
    expect(storm.lines.some((l) => l.level === 50)).toBe(true);
  });

  it('any other refusal is "refused" and logged as an error', async () => {
    const r = await call([fail(400, 'Bad Request: can\'t parse entities')]);
    expect(r.error!.kind).toBe('refused');
    expect(r.calls).toBe(1);
    expect(r.lines.filter((l) => l.level === 50)).toHaveLength(1);
  });

  it('a callback answer is never paced', async () => {
    const chats: Array<number | null> = [];
    const pacer: Pacer = { acquire: async (c) => void chats.push(c), release: () => undefined, delay: () => 0, penalise: () => true };
    await call([ok], { pacer, method: 'answerCallbackQuery', chat: null });
    await call([ok], { pacer, method: 'sendMessage', chat: 9 });
    expect(chats).toEqual([9]);
  });

  it('classifies grammY errors built from real answers', () => {
    expect(new GrammyError('x', fail(400, 'Bad Request: MESSAGE_ID_INVALID') as never, 'editMessageText', {}).description).toMatch(/MESSAGE_ID_INVALID/);
  });
});
