/**
 * End to end, puzzles and the daily position: the bot as a process against the fake Bot API
 * (Telegram's limits on, a tenth of their times). A player solves ten problems by pressing their
 * buttons and their rating moves with each answer; in a group, an admin turns the daily position
 * on, it is posted when its timer comes (the test brings the timer to now), five members answer by
 * its buttons, each told privately once, and nothing more is posted in the group; the next day
 * (the day's record moved back a day) the result is posted once, then the new position.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { localDate, type DayRecord } from '../../src/app/puzzles/daily.js';
import type { PuzzleProfile } from '../../src/app/puzzles/puzzles.js';
import { parseCallback } from '../../src/bot/codec.js';
import { RedisStore } from '../../src/store/index.js';
import { FakeTelegram, type FakeChat, type FakeMessage, type FakeUser } from './fake-telegram.js';
import { buttons, logBotOnFailure, privateChat, startBot, type BotProcess } from './harness.js';

const PACE = '0.1';
const ttl = { challengeSeconds: 600, finishedSeconds: 600, idleSeconds: 600 };
let fake: FakeTelegram;
let bot: BotProcess;
logBotOnFailure(() => bot);
let store: RedisStore;

beforeAll(async () => {
  fake = new FakeTelegram().scaleLimits(Number(PACE));
  await fake.start();
  const prefix = `e2e-puzzles:${randomUUID().slice(0, 8)}:`;
  bot = await startBot(fake, { redisUrl: inject('redisUrl'), prefix, env: { PACE_SCALE: PACE, TIMER_TICK_MS: '200' } });
  store = new RedisStore(inject('redisUrl'), prefix, ttl);
}, 120_000);

afterAll(async () => {
  const tooMany = [...(fake?.tooManyLog ?? [])];
  await bot?.stop();
  await store?.close();
  await fake?.stop();
  expect(tooMany).toEqual([]);
});

const profile = async (id: number): Promise<PuzzleProfile> => JSON.parse((await store.docs.get(`puzzle:u:${id}`))!.data) as PuzzleProfile;
const puzzleButtons = (m: FakeMessage) => buttons(m).filter((b) => parseCallback(b.data)?.kind === 'puzzle');

describe('puzzles', () => {
  it('a player solves ten problems by pressing; the rating moves with each answer', { timeout: 90_000 }, async () => {
    const sol: FakeUser = { id: 9301, first_name: 'Sol', language_code: 'en' };
    const chat = privateChat(sol);
    fake.sendText(chat, sol, '/puzzle');
    let last = 1500;
    const done = new Set<number>();
    for (let i = 0; i < 10; i++) {
      const shown = await fake.waitFor(() => fake.chatMessages(sol.id).find((m) => m.photo && /^🧩 Puzzle/.test(m.caption ?? '') && !done.has(m.message_id)), 15_000, `problem ${i + 1}`);
      done.add(shown.message_id);
      const order = (await profile(sol.id)).current!.order;
      const answers = puzzleButtons(shown).filter((b) => (parseCallback(b.data) as { act: string }).act === 'answer');
      expect(answers.length).toBe(order.length);
      const right = i % 4 !== 3;
      const n = right ? order.indexOf(0) : order.findIndex((x) => x !== 0);
      const answer = await fake.answerOf(fake.press(shown, sol, answers[n]!.data), 15_000);
      expect(answer.text).toBe(right ? '✅ Right!' : '❌ Not the best play.');
      const after = await fake.waitFor(() => (fake.messages.get(`${sol.id}:${shown.message_id}`)?.edits ? fake.messages.get(`${sol.id}:${shown.message_id}`) : undefined), 15_000, 'the answer drawn');
      expect(after.caption).toMatch(/Puzzle rating \d+ \([+−]\d+\)/);
      const rating = (await profile(sol.id)).rating.rating;
      if (right) expect(rating).toBeGreaterThan(last);
      else expect(rating).toBeLessThan(last);
      last = rating;
      fake.press(after, sol, buttons(after).find((b) => /Next puzzle/.test(b.text))!.data);
    }
    const p = await profile(sol.id);
    expect([p.attempts, p.solved]).toEqual([10, 8]);
  });

  it('the daily position: posted when its time comes, five members answer once each, privately', { timeout: 60_000 }, async () => {
    const group: FakeChat = { id: -9_300_100, type: 'supergroup', title: 'Daily club' };
    const ada: FakeUser = { id: 9310, first_name: 'Ada', language_code: 'en' };
    const five: FakeUser[] = [9311, 9312, 9313, 9314, 9315].map((id, i) => ({ id, first_name: `M${i}`, language_code: 'ru' }));
    fake.admins.add(ada.id);
    fake.sendText(group, five[0]!, '/daily on 20:00 +3');
    await fake.waitFor(() => fake.chatMessages(group.id).find((m) => /Only the group's admins|Включать и выключать/.test(m.text ?? '')), 10_000, 'the refusal');
    fake.sendText(group, ada, '/daily on 20:00 +3 short');
    await fake.waitFor(() => fake.chatMessages(group.id).find((m) => /every day at 20:00 UTC\+3/.test(m.text ?? '')), 10_000, 'turned on');
    expect(await store.timers.when(`daily:${group.id}`)).toBeGreaterThan(Date.now());
    // The hour comes.
    await store.timers.set(`daily:${group.id}`, Date.now());
    const post = await fake.waitFor(() => fake.chatMessages(group.id).find((m) => m.photo && /position of the day/.test(m.caption ?? '')), 15_000, 'the daily position');
    const choices = buttons(post).filter((b) => parseCallback(b.data)?.kind === 'daily');
    expect(choices.length).toBeGreaterThanOrEqual(3);
    const before = fake.chatMessages(group.id).length;
    for (const [i, u] of five.entries()) {
      const a = await fake.answerOf(fake.press(post, u, choices[i % choices.length]!.data), 10_000);
      expect(a.text).toMatch(/^Your answer .+ is in|^Ваш ответ .+ принят/);
      const again = await fake.answerOf(fake.press(post, u, choices[(i + 1) % choices.length]!.data), 10_000);
      expect(again.text).toMatch(/answered already|уже ответили/);
    }
    expect(fake.chatMessages(group.id).length).toBe(before);
    // Posted once: the timer is set for the next day.
    await new Promise((r) => setTimeout(r, 600));
    expect(fake.chatMessages(group.id).filter((m) => m.photo).length).toBe(1);
    expect(await store.timers.when(`daily:${group.id}`)).toBeGreaterThan(Date.now() + 3_600_000);

    // The next day comes: the day's record is moved to yesterday, and the timer fires. The bot
    // posts yesterday's result (as a reply to its position), then today's position, once each.
    const today = localDate(Date.now(), 3);
    const yesterday = localDate(Date.now() - 86_400_000, 3);
    const dayDoc = (await store.docs.get(`daily:day:${group.id}:${today}`))!;
    const day = JSON.parse(dayDoc.data) as DayRecord;
    expect(Object.keys(day.answers)).toHaveLength(5);
    const right = Object.values(day.answers).filter((a) => a.choice === 0).map((a) => a.name);
    expect(await store.docs.save(`daily:day:${group.id}:${yesterday}`, 0, JSON.stringify({ ...day, date: yesterday }), 3600)).toBe(true);
    expect(await store.docs.save(`daily:day:${group.id}:${today}`, dayDoc.v, JSON.stringify({ ...day, messageId: null, answers: {}, posting: undefined }), 3600)).toBe(true);
    const open = (await store.docs.get(`daily:open:${group.id}`))!;
    expect(await store.docs.save(`daily:open:${group.id}`, open.v, JSON.stringify(yesterday), 3600)).toBe(true);
    await store.timers.set(`daily:${group.id}`, Date.now());
    const result = await fake.waitFor(() => fake.chatMessages(group.id).find((m) => m.photo && /^🗓 The position of \d{4}-/.test(m.caption ?? '')), 15_000, 'the result');
    expect(result.caption).toContain(`🗓 The position of ${yesterday}: 5 answered, ${Math.round((100 * right.length) / 5)}% right.`);
    if (right.length) expect(result.caption).toContain(`Found it: ${right.join(', ')}`);
    expect(result.reply_to_message?.message_id).toBe(post.message_id);
    await fake.waitFor(() => (fake.chatMessages(group.id).filter((m) => m.photo && /position of the day/.test(m.caption ?? '')).length === 2 ? true : undefined), 15_000, "today's position again");
    await new Promise((r) => setTimeout(r, 600));
    expect(fake.chatMessages(group.id).filter((m) => m.photo).length).toBe(3);
    expect((JSON.parse((await store.docs.get(`daily:day:${group.id}:${yesterday}`))!.data) as DayRecord).resultPosted).toBe(true);
  });
});
