/**
 * What the two files of the social half (social.e2e.test.ts, invitations.e2e.test.ts) share: one
 * bot process per file against the fake Bot API over HTTP, with a real redis-server and
 * Telegram's limits on (times scaled by PACE), and the steps of games by link. `fake`, `bot` and
 * `store` are the file's own (each test file runs in a process of its own), set by socialFile().
 */
import { afterAll, beforeAll, expect, inject } from 'vitest';
import { Games } from '../../src/app/games.js';
import type { GameRecord } from '../../src/app/model.js';
import { RedisStore } from '../../src/store/index.js';
import { FakeTelegram, type FakeMessage, type FakeUser } from './fake-telegram.js';
import { acceptLink, buttons, inviteByLink, logBotOnFailure, moverOf, privateChat, startBot, type BotProcess } from './harness.js';

const PACE = '0.1';
const ttl = { challengeSeconds: 600, finishedSeconds: 600, idleSeconds: 600 };
export let fake: FakeTelegram;
export let bot: BotProcess;
export let store: RedisStore;

/** The bot's environment: the pace, a quick timer tick, and `extra`. */
export const socialEnv = (extra: Record<string, string> = {}): Record<string, string> => ({ PACE_SCALE: PACE, TIMER_TICK_MS: '200', ...(process.env.E2E_LOGS ? { LOG_LEVEL: 'debug' } : {}), ...extra });

/** Starts the fake Bot API and the bot (with `extra` in its environment) before the file's tests; stops them after, and then expects no 429 to have been given. */
export function socialFile(extra: Record<string, string> = {}): void {
  logBotOnFailure(() => bot);
  beforeAll(async () => {
    fake = new FakeTelegram().scaleLimits(Number(PACE));
    await fake.start();
    bot = await startBot(fake, { redisUrl: inject('redisUrl'), env: socialEnv(extra) });
    store = new RedisStore(inject('redisUrl'), bot.prefix, ttl);
  });
  afterAll(async () => {
    if (process.env.E2E_LOGS) console.log(bot.logs.join('').split('\n').filter((l) => /"level":(2|3|4|5)0/.test(l)).slice(-80).join('\n'));
    // The processes stop first: a failed expectation must not leave them running.
    const tooMany = [...(fake?.tooManyLog ?? [])];
    await bot?.stop();
    await store?.close();
    await fake?.stop();
    expect(tooMany).toEqual([]);
  });
}

/** Starts the bot again (after it stopped) on the same store, with `env` (socialEnv's). */
export async function startAgain(env: Record<string, string>): Promise<void> {
  bot = await startBot(fake, { redisUrl: inject('redisUrl'), prefix: bot.prefix, env });
}

export const chatOf = privateChat;
export const gameIdOf = (msg: FakeMessage): string => buttons(msg).find((b) => b.data.startsWith('g|'))!.data.split('|')[1]!;
export const games = (): Games => new Games({ store });

/** The inviter makes an invitation by link through the menu; returns its id. */
export const invite = (from: FakeUser, variant: 'long' | 'short', length: number): Promise<string> => inviteByLink(fake, from, variant, length);

/** The friend opens the link and presses Accept; resolves with the game once both boards are up. */
export async function accept(by: FakeUser, inviter: FakeUser, id: string): Promise<GameRecord> {
  await acceptLink(fake, by, inviter, id);
  return (await games().get(id))!;
}

/** Whose board has something to press: the one to act. */
export const mover = (a: FakeUser, b: FakeUser): ReturnType<typeof moverOf> => moverOf(fake, a, b);
