/** Reviews, export and hints through the handlers. */
import { describe, expect, it } from 'vitest';
import type { GameRecord } from '../../src/app/model.js';
import { parseCallback } from '../../src/bot/codec.js';
import { botHarness, type BotHarness, type Message, type User } from '../helpers/bot-harness.js';

const ann: User = { id: 91, first_name: 'Ann', language_code: 'en' };

const gameId = (m: Message): string => (parseCallback(m.buttons.flat().find((b) => b.callback_data?.startsWith('g|'))!.callback_data!) as { id: string }).id;

/** Play a single game against the bot to its end by pressing the first useful button. */
async function playOut(h: BotHarness, level: string, variant = 'short'): Promise<GameRecord> {
  await h.say(ann, '/play');
  await h.press(ann, h.last(ann.id), `pb|${variant}|${level}|1`);
  const id = gameId(h.board(ann.id));
  for (let i = 0; i < 600; i++) {
    const rec = (await h.app.games.get(id))!;
    if (rec.finished) return rec;
    const b = h.board(ann.id);
    const data = b.buttons.flat().map((x) => x.callback_data ?? '').find((d) => /^g\|.*\|(r|P\d+|s\d{4}|d|t|a)(\||$)/.test(d));
    if (!data) throw new Error(`nothing to press: ${JSON.stringify(b.buttons)}`);
    await h.press(ann, b, data);
  }
  throw new Error('the game did not end');
}

describe('hints', () => {
  it('against easy and medium a 💡 Hint shows the best plays on a picture; never against hard', async () => {
    const h = botHarness({ defaultLanguage: 'en' });
    await h.say(ann, '/play');
    await h.press(ann, h.last(ann.id), 'pb|short|easy|1');
    let b = h.board(ann.id);
    for (let i = 0; i < 10 && !b.buttons.flat().some((x) => x.callback_data?.startsWith('ht|')); i++) {
      const data = b.buttons.flat().map((x) => x.callback_data ?? '').find((d) => /\|r$/.test(d));
      if (!data) break;
      await h.press(ann, b, data);
      b = h.board(ann.id);
    }
    const hint = b.buttons.flat().find((x) => x.callback_data?.startsWith('ht|'));
    expect(hint?.text).toBe('💡 Hint');
    await h.press(ann, b, hint!.callback_data!);
    const shown = h.last(ann.id);
    expect(shown.photo).toBe(true);
    expect(shown.text).toMatch(/^💡 The best plays of this roll \(equity\):\n1\. .+ \([+−]\d\.\d{3}\)/);
    // A forged hint for a game against hard is refused.
    const h2 = botHarness({ defaultLanguage: 'en' });
    await h2.say(ann, '/play');
    await h2.press(ann, h2.last(ann.id), 'pb|short|hard|1');
    const b2 = h2.board(ann.id);
    expect(b2.buttons.flat().some((x) => x.callback_data?.startsWith('ht|'))).toBe(false);
    const rec = (await h2.app.games.get(gameId(b2)))!;
    expect(await h2.press(ann, b2, `ht|${rec.id}|${rec.v}`)).toMatch(/Hints are for/);
  });
});

describe('review and export', () => {
  it('after a game: Review posts the error rates and the biggest mistakes with pictures; Export sends the files', async () => {
    const h = botHarness({ defaultLanguage: 'en' });
    const rec = await playOut(h, 'easy');
    const end = h.board(ann.id);
    const labels = end.buttons.flat().map((b) => b.text);
    expect(labels).toEqual(expect.arrayContaining(['📊 Review', '💾 Export']));
    const before = h.in(ann.id).length;
    await h.press(ann, end, `rv|${rec.id}|r`);
    const after = h.in(ann.id).slice(before);
    const summary = after.find((m) => /^Review: Short nardy/.test(m.text))!;
    expect(summary.text).toMatch(/Ann: error rate \d+\.\d over \d+ moves; doubtful \d+, bad \d+, very bad \d+; luck [+−]\d\.\d\d/);
    expect(summary.history[0]).toMatch(/Analysing… 0%|in line/);
    const pictures = after.filter((m) => m.photo);
    if (pictures.length) {
      expect(pictures.length).toBeLessThanOrEqual(3);
      expect(pictures[0]!.text).toMatch(/^Mistake 1 of \d+ \(game 1\): (doubtful|bad|very bad), \d\.\d{3} lost\n/);
    } else {
      expect(after.some((m) => /made no mistake/.test(m.text))).toBe(true);
    }
    // Export: the JSON (and .mat for short nardy).
    const docs = h.calls.filter((c) => c.method === 'sendDocument').length;
    await h.press(ann, end, `rv|${rec.id}|e`);
    expect(h.calls.filter((c) => c.method === 'sendDocument').length).toBe(docs + 2);
    await h.say(ann, '/export');
    expect(h.calls.filter((c) => c.method === 'sendDocument').length).toBe(docs + 4);
    // A stranger cannot review someone else's game.
    expect(await h.press({ id: 999, first_name: 'Zed', language_code: 'en' }, end, `rv|${rec.id}|r`)).toMatch(/Only the players/);
  }, 120_000);
});
