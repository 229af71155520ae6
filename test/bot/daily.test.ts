/**
 * The daily position in a group through the handlers (a clock of the test's own): an admin turns
 * it on, the position is posted at the hour, members answer once each (privately, by toasts), the
 * next day's result is posted before the next position; two instances post each day once; an
 * instance that fails half way leaves the timer to finish the day, repeating nothing.
 */
import { describe, expect, it } from 'vitest';
import { createApp } from '../../src/app/index.js';
import { dailyProblem, localDate, nextPost, type DailyPoster } from '../../src/app/puzzles/daily.js';
import { parseCallback } from '../../src/bot/codec.js';
import { parseDaily } from '../../src/bot/features/daily.js';
import { problemById } from '../../src/puzzles/bank.js';
import { botHarness, GROUP, type User } from '../helpers/bot-harness.js';

const admin: User = { id: 201, first_name: 'Ada', language_code: 'en', username: 'ada' };
const members: User[] = [202, 203, 204, 205, 206].map((id, i) => ({ id, first_name: ['Bo', 'Cy', 'Di', 'Ed', 'Fi'][i]!, language_code: 'en' }));

describe('the daily position', () => {
  it('is the same problem for everyone on a date, and changes with the date', () => {
    expect(dailyProblem('2026-12-06', 'long').id).toBe(dailyProblem('2026-12-06', 'long').id);
    const week = ['2026-12-01', '2026-12-02', '2026-12-03', '2026-12-04', '2026-12-05', '2026-12-06', '2026-12-07'].map((d) => dailyProblem(d, 'short').id);
    expect(new Set(week).size).toBeGreaterThan(4);
    // The group's date and hour: 23:30 UTC is the next day in Moscow.
    expect(localDate(Date.UTC(2026, 11, 6, 23, 30), 3)).toBe('2026-12-07');
    expect(nextPost(Date.UTC(2026, 11, 6, 18, 0), { hour: 20, minute: 0, offset: 3 })).toBe(Date.UTC(2026, 11, 7, 17, 0));
    expect(nextPost(Date.UTC(2026, 11, 6, 16, 0), { hour: 20, minute: 0, offset: 3 })).toBe(Date.UTC(2026, 11, 6, 17, 0));
  });

  it("/daily on reads the hour, the group's time, the game and the language; anything else is not understood", () => {
    expect(parseDaily(['on'], 'ru')).toEqual({ on: true, hour: 20, minute: 0, offset: 3, variant: 'long', lang: 'ru' });
    expect(parseDaily(['on', '9:30', '-5', 'short', 'en'], 'ru')).toEqual({ on: true, hour: 9, minute: 30, offset: -5, variant: 'short', lang: 'en' });
    expect(parseDaily(['on', 'короткие', 'utc+2'], 'en')).toEqual({ on: true, hour: 20, minute: 0, offset: 2, variant: 'short', lang: 'en' });
    expect(parseDaily(['off'], 'en')).toEqual({ on: false });
    for (const bad of [['on', '25:00'], ['on', '+15'], ['on', 'chess'], ['off', 'now'], ['maybe']]) expect(parseDaily(bad, 'en')).toBeNull();
  });

  it("a firing before the hour (the timer moved, a clock ahead) posts today's position once and sets the next day's hour, not today's again", async () => {
    let now = Date.UTC(2026, 11, 6, 16, 30);
    const h = botHarness({ defaultLanguage: 'en', admins: [admin.id], now: () => now });
    await h.say(admin, '/daily on 20:00 +3 short', GROUP);
    expect(await h.store.timers.when(`daily:${GROUP.id}`)).toBe(Date.UTC(2026, 11, 6, 17, 0));
    await h.store.timers.set(`daily:${GROUP.id}`, now);
    await h.app.tick();
    expect(h.in(GROUP.id).filter((m) => m.photo).length).toBe(1);
    expect(await h.store.timers.when(`daily:${GROUP.id}`)).toBe(Date.UTC(2026, 11, 7, 17, 0));
    // Today's hour passes without a second post; the next day's comes.
    now = Date.UTC(2026, 11, 6, 17, 0, 5);
    await h.app.tick();
    expect(h.in(GROUP.id).filter((m) => m.photo).length).toBe(1);
    now = Date.UTC(2026, 11, 7, 17, 0, 5);
    await h.app.tick();
    await h.app.tick();
    expect(h.in(GROUP.id).filter((m) => m.photo).length).toBe(3);
  });

  it('an admin turns it on; posted at the hour; one answer each, told privately; the result the next day, once', async () => {
    let now = Date.UTC(2026, 11, 6, 12, 0);
    const h = botHarness({ defaultLanguage: 'en', admins: [admin.id], now: () => now });
    await h.say(members[0]!, '/daily on 20:00 +3 short', GROUP);
    expect(h.last(GROUP.id).text).toMatch(/Only the group's admins/);
    await h.say(admin, '/daily on 20:00 +3 short', GROUP);
    expect(h.last(GROUP.id).text).toMatch(/every day at 20:00 UTC\+3, Short nardy/);
    expect(await h.store.timers.when(`daily:${GROUP.id}`)).toBe(Date.UTC(2026, 11, 6, 17, 0));
    await h.say(admin, '/daily on at noon', GROUP);
    expect(h.last(GROUP.id).text).toMatch(/\/daily on \[HH:MM\]/);
    // The hour comes: the position, with the day's problem, in one post.
    now = Date.UTC(2026, 11, 6, 17, 0, 5);
    await h.app.tick();
    const post = h.last(GROUP.id);
    expect(post.photo).toBe(true);
    expect(post.text).toMatch(/^🗓 The position of the day, 2026-12-06 · Short nardy/);
    const problem = dailyProblem('2026-12-06', 'short');
    const buttons = post.buttons.flat();
    expect(buttons.length).toBe(problem.answers.length);
    await h.app.tick();
    expect(h.in(GROUP.id).filter((m) => m.photo).length).toBe(1);
    // Five members answer; each once; nothing is posted in the group for it.
    const day = (await h.app.daily.day(GROUP.id, '2026-12-06'))!;
    const bestButton = day.order.indexOf(0);
    const before = h.in(GROUP.id).length;
    for (const [i, u] of members.entries()) {
      const n = i < 3 ? bestButton : (bestButton + 1) % buttons.length;
      const toast = await h.press(u, post, buttons[n]!.callback_data!);
      expect(toast).toMatch(/^Your answer .+ is in\./);
      expect(await h.press(u, post, buttons[(n + 1) % buttons.length]!.callback_data!)).toMatch(/You have answered already/);
    }
    expect(h.in(GROUP.id).length).toBe(before);
    expect(Object.keys((await h.app.daily.day(GROUP.id, '2026-12-06'))!.answers).length).toBe(5);
    // The next day: yesterday's result, then today's position.
    now = Date.UTC(2026, 11, 7, 17, 0, 5);
    await h.app.tick();
    await h.app.tick();
    const photos = h.in(GROUP.id).filter((m) => m.photo);
    expect(photos.length).toBe(3);
    expect(photos[1]!.text).toMatch(new RegExp(`^🗓 The position of 2026-12-06: 5 answered, 60% right\\. The best play: .+\\.\\nFound it: Bo, Cy, Di\\.\\nThis week: (Bo|Cy|Di) 1`));
    expect(photos[2]!.text).toMatch(/2026-12-07/);
    // Yesterday's buttons are closed now.
    expect(await h.press(members[4]!, post, buttons[0]!.callback_data!)).toMatch(/closed/);
    expect(parseCallback(buttons[0]!.callback_data!)).toMatchObject({ kind: 'daily', date: '20261206' });
    expect(problemById(problem.id)).toBe(problem);
  });

  it('two instances post each day once; one that fails half way leaves the timer to finish, repeating nothing', async () => {
    let now = Date.UTC(2026, 11, 6, 12, 0);
    const h = botHarness({ defaultLanguage: 'en', admins: [admin.id], now: () => now });
    await h.say(admin, '/daily on 9:30 long', { ...GROUP, id: GROUP.id - 7 });
    const chat = GROUP.id - 7;
    // A second instance over the same storage, whose front end counts what it posts.
    const other = createApp(h.store, { defaultLanguage: 'en', now: () => now });
    const posted: string[] = [];
    const counting: DailyPoster = {
      post: async (_c, _cfg, day) => (posted.push(`post ${day.date}`), 1),
      result: async (_c, _cfg, r) => void posted.push(`result ${r.date}`),
    };
    other.daily.use(counting);
    for (const day of [7, 8, 9]) {
      now = Date.UTC(2026, 11, day, 9, 30, 1);
      await Promise.all([h.app.daily.due(chat), other.daily.due(chat), h.app.daily.due(chat)]);
    }
    const here = h.in(chat).filter((m) => m.photo).map((m) => (/^🗓 The position of the day, (\S+)/.exec(m.text)?.[1] ? `post ${/(\d{4}-\d{2}-\d{2})/.exec(m.text)![1]}` : `result ${/(\d{4}-\d{2}-\d{2})/.exec(m.text)![1]}`));
    expect([...here, ...posted].sort()).toEqual(['post 2026-12-07', 'post 2026-12-08', 'post 2026-12-09', 'result 2026-12-07', 'result 2026-12-08'].sort());
    // An instance whose post fails (a dead connection, a kill): the day is created, not posted;
    // the timer fires again (its lease ran out) and posts it, once.
    let fail = true;
    const third = createApp(h.store, { defaultLanguage: 'en', now: () => now });
    third.daily.use({ post: async (...a) => (fail ? Promise.reject(new Error('connection lost')) : counting.post(...a)), result: async (...a) => (fail ? Promise.reject(new Error('connection lost')) : counting.result(...a)) });
    now = Date.UTC(2026, 11, 10, 9, 30, 1);
    posted.length = 0;
    await expect(third.daily.due(chat)).rejects.toThrow(/connection lost/);
    fail = false;
    await third.daily.due(chat);
    await third.daily.due(chat);
    expect(posted).toEqual(['result 2026-12-09', 'post 2026-12-10']);
  });
});
