/**
 * Puzzles through the handlers (the bundled banks, real rendering, an in-memory store): a player
 * solves ten problems by pressing answers and their rating moves (up when right, down when
 * wrong), an answer counts once, the answer shows what each play loses and why, /puzzle stats
 * tells the record, one game can be asked for, and a group is pointed to the private chat.
 */
import { describe, expect, it } from 'vitest';
import { parseCallback } from '../../src/bot/codec.js';
import { NEW_PROFILE } from '../../src/app/puzzles/puzzles.js';
import { loadBank, problemById } from '../../src/puzzles/bank.js';
import { botHarness, GROUP, type Message, type User } from '../helpers/bot-harness.js';

const una: User = { id: 91, first_name: 'Una', language_code: 'en', username: 'una' };
const yan: User = { id: 92, first_name: 'Ян', language_code: 'ru', username: 'yan' };

const answers = (m: Message): Array<{ n: number; id: string; data: string }> =>
  m.buttons.flat().flatMap((b) => {
    const cb = parseCallback(b.callback_data);
    return cb?.kind === 'puzzle' && cb.act === 'answer' ? [{ n: cb.n, id: cb.id, data: b.callback_data! }] : [];
  });

describe('/puzzle', () => {
  it('ten problems solved by pressing: the rating moves with each answer, each answer counts once', async () => {
    const h = botHarness({ defaultLanguage: 'en' });
    await h.say(una, '/puzzle');
    let ratings = [1500];
    for (let i = 0; i < 10; i++) {
      const shown = h.last(una.id);
      expect(shown.photo).toBe(true);
      const choices = answers(shown);
      expect(choices.length).toBeGreaterThanOrEqual(3);
      const problem = problemById(choices[0]!.id)!;
      const cube = problem.kind === 'cube';
      expect(shown.text).toMatch(cube ? /🧩 Puzzle s\d+ · Short nardy · rating \d+\n(White|Black) ⚪?⚫? ?to roll, a money game, .*: what is the cube action\?/ : /🧩 Puzzle [sl]\d+ · (Short|Long) nardy · rating \d+\n(White|Black) ⚪?⚫? ?to play \d-\d: find the best play\./);
      // The buttons are the problem's answers, as players write plays, the best not always first.
      const order = (await h.app.puzzles.profile(una.id)).current!.order;
      const right = order.indexOf(0);
      const pick = i % 3 === 2 ? choices.find((c) => c.n !== right)! : choices.find((c) => c.n === right)!;
      const toast = await h.press(una, shown, pick.data);
      const solved = pick.n === right;
      expect(toast).toBe(solved ? '✅ Right!' : cube ? '❌ Not the right action.' : '❌ Not the best play.');
      const answered = h.in(una.id).find((m) => m.messageId === shown.messageId)!;
      expect(answered.text).toMatch(solved ? /solved!/ : cube ? /not the right action/ : /not the best play/);
      // Every answer with what it loses; the best marked; why, when missed (a cube problem: always).
      expect(answered.text).toMatch(cube ? /✅ .* — the right action/ : /✅ .* — the best play/);
      expect(answered.text.match(/ — loses \d\.\d{3}/g)!.length).toBe(problem.answers.length - 1);
      if (!solved || cube) expect(answered.text).toMatch(/\nWhy: /);
      const rating = (await h.app.puzzles.profile(una.id)).rating.rating;
      if (solved) expect(rating).toBeGreaterThan(ratings.at(-1)!);
      else expect(rating).toBeLessThan(ratings.at(-1)!);
      ratings.push(rating);
      // The same answer again changes nothing.
      expect(await h.press(una, shown, pick.data)).toMatch(/answered already/);
      expect((await h.app.puzzles.profile(una.id)).rating.rating).toBe(rating);
      await h.pressLabel(una, h.in(una.id).find((m) => m.messageId === shown.messageId)!, /Next puzzle/);
    }
    const p = await h.app.puzzles.profile(una.id);
    expect(p.attempts).toBe(10);
    expect(p.solved).toBe(7);
    expect(p.streak).toBe(1);
    expect(p.bestStreak).toBe(2);
    expect(new Set(p.recent).size, JSON.stringify(p.recent)).toBe(11);
    await h.say(una, '/puzzle stats');
    expect(h.last(una.id).text).toMatch(new RegExp(`🧩 Puzzles: rating ${Math.round(p.rating.rating)} \\(± \\d+\\)\\nSolved 7 of 10 \\(70%\\)\\nStreak 1, best streak 2`));
    ratings = [];
  });

  it('a cube problem: the four cube actions as buttons, the cube on the board, the answer with the chances and why', async () => {
    const h = botHarness({ defaultLanguage: 'en' });
    // Every play problem of short nardy seen lately: the next short problem is a cube problem.
    const plays = loadBank('short').problems.filter((p) => p.kind === 'play').map((p) => p.id);
    await h.store.docs.save(`puzzle:u:${una.id}`, 0, JSON.stringify({ ...NEW_PROFILE, recent: plays }), 600);
    await h.say(una, '/puzzle short');
    const shown = h.last(una.id);
    const choices = answers(shown);
    const problem = problemById(choices[0]!.id)!;
    expect(problem.kind).toBe('cube');
    expect(shown.text).toMatch(/to roll, a money game, (the cube centred at 1|your cube at 2): what is the cube action\?\nTheme: the cube/);
    expect(shown.buttons.flat().map((b) => b.text).sort()).toEqual(['Double, pass', 'Double, take', 'No double, take', 'Too good, pass']);
    const order = (await h.app.puzzles.profile(una.id)).current!.order;
    const wrong = choices.find((c) => c.n !== order.indexOf(0))!;
    expect(await h.press(una, shown, wrong.data)).toBe('❌ Not the right action.');
    const answered = h.in(una.id).find((m) => m.messageId === shown.messageId)!;
    const c = problem.cube!;
    expect(answered.text).toContain(`wins ${Math.round(100 * c.win)}% of games`);
    expect(answered.text).toMatch(/✅ (No double, take|Double, take|Double, pass|Too good, pass) — the right action/);
    expect(answered.text).toMatch(/❌ .* — loses \d\.\d{3} \(your answer\)/);
    // In Russian, the same problem's words.
    const ru = botHarness({ defaultLanguage: 'ru' });
    await ru.store.docs.save(`puzzle:u:${yan.id}`, 0, JSON.stringify({ ...NEW_PROFILE, recent: plays }), 600);
    await ru.say(yan, '/puzzle short');
    expect(ru.last(yan.id).text).toMatch(/Бросок (белых|чёрных) .*, игра на деньги, куб (в центре \(1\)|ваш \(2\))\. Как поступить с кубом\?/);
    expect(ru.last(yan.id).buttons.flat().map((b) => b.text).sort()).toEqual(['Не удваивать, принять', 'Слишком хорошо, отказаться', 'Удвоить, отказаться', 'Удвоить, принять']);
  });

  it('one game when asked, in Russian; a bad word is explained; a group is sent to the private chat', async () => {
    const h = botHarness();
    await h.say(yan, '/puzzle длинные');
    const m = h.last(yan.id);
    expect(m.text).toMatch(/^🧩 Задача l\d+ · Длинные нарды · рейтинг \d+\nХод (белых|чёрных) ⚪?⚫?: \d-\d\. Найдите лучший ход\./);
    await h.say(yan, '/puzzle шашки');
    expect(h.last(yan.id).text).toMatch(/\/puzzle long или \/puzzle short/);
    await h.say(yan, '/puzzle stats');
    expect(h.last(yan.id).text).toMatch(/Вы ещё не решали задач/);
    await h.say(yan, '/puzzle', GROUP);
    expect(h.last(GROUP.id).text).toMatch(/\/puzzle/);
    expect(h.last(GROUP.id).photo).toBe(false);
    // The menu has it.
    await h.say(yan, '/start');
    await h.pressLabel(yan, h.last(yan.id), /Задачи/);
    expect(h.last(yan.id).text).toMatch(/^🧩 Задача [sl]\d+/);
  });
});
