/** Reviews, export and hints through the handlers. */
import { describe, expect, it } from 'vitest';
import type { GameRecord, HintMode, PlayerRef } from '../../src/app/model.js';
import { parseCallback } from '../../src/bot/codec.js';
import { analyse } from '../../src/ai/analysis.js';
import { analyserHere, Reviews, ReviewThreads, type ReviewAsk } from '../../src/app/reviews.js';
import { exportGame } from '../../src/app/export.js';
import { positionId } from '../../src/engine/position.js';
import { hintsOffered } from '../../src/app/hints.js';
import { actor } from '../../src/engine/game.js';
import { botHarness, GROUP, type BotHarness, type Message, type User } from '../helpers/bot-harness.js';

const ann: User = { id: 91, first_name: 'Ann', language_code: 'en' };
const ben: User = { id: 92, first_name: 'Ben', language_code: 'en' };
const cy: User = { id: 93, first_name: 'Cy', language_code: 'en' };

const gameId = (m: Message): string => (parseCallback(m.buttons.flat().find((b) => b.callback_data?.startsWith('g|'))!.callback_data!) as { id: string }).id;

/** Play a single game against the bot to its end by pressing the first useful button. */
async function playOut(h: BotHarness, level: string, variant = 'short', who: User = ann): Promise<GameRecord> {
  await h.say(who, '/play');
  await h.press(who, h.last(who.id), `pb|${variant}|${level}|1`);
  const id = gameId(h.board(who.id));
  for (let i = 0; i < 600; i++) {
    const rec = (await h.app.games.get(id))!;
    if (rec.finished) return rec;
    const b = h.board(who.id);
    const data = b.buttons.flat().map((x) => x.callback_data ?? '').find((d) => /^g\|.*\|(r|P\d+|s\d{4}|d|t|a)(\||$)/.test(d));
    if (!data) throw new Error(`nothing to press: ${JSON.stringify(b.buttons)}`);
    await h.press(who, b, data);
  }
  throw new Error('the game did not end');
}


/**
 * For the tests of the line, the summary and the pictures, not of the analysis' depth: each game
 * analysed at 0 ply, yielding after every decision as the Review on this thread does. The
 * Review's own depth, through a worker as in production: 'the review in a worker thread'.
 */
const quick = analyserHere({ plies: 0 });

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
    // Pressed again on the same board: a toast, not the same picture twice.
    const photos = h.calls.filter((c) => c.method === 'sendPhoto').length;
    expect(await h.press(ann, b, hint!.callback_data!)).toMatch(/just above/);
    expect(h.calls.filter((c) => c.method === 'sendPhoto').length).toBe(photos);
    // A forged hint for a game against hard is refused.
    const h2 = botHarness({ defaultLanguage: 'en' });
    await h2.say(ann, '/play');
    await h2.press(ann, h2.last(ann.id), 'pb|short|hard|1');
    const b2 = h2.board(ann.id);
    expect(b2.buttons.flat().some((x) => x.callback_data?.startsWith('ht|'))).toBe(false);
    const rec = (await h2.app.games.get(gameId(b2)))!;
    expect(await h2.press(ann, b2, `ht|${rec.id}|${rec.v}`)).toMatch(/No hint here/);
  });
});

/** Roll (and play the first offered step) until the board has been seen for `turns` of the person's moves. */
async function boardsOfTurns(h: BotHarness, who: User, turns: number): Promise<Message[]> {
  const seen: Message[] = [];
  for (let i = 0; i < 200 && seen.length < turns; i++) {
    const b = h.board(who.id);
    const datas = b.buttons.flat().map((x) => x.callback_data ?? '');
    if (datas.some((d) => /^g\|.*\|(s\d{4}|P\d+)(\||$)/.test(d))) seen.push({ ...b, buttons: b.buttons.map((r) => [...r]) });
    const data = datas.find((d) => /^g\|.*\|(r|P\d+|s\d{4}|d|t|a)(\||$)/.test(d));
    if (!data) break;
    await h.press(who, b, data);
  }
  return seen;
}

const hasHint = (m: Message): boolean => m.buttons.flat().some((x) => x.callback_data?.startsWith('ht|'));

describe('the hint setting', () => {
  it('off: no 💡 on any board against easy, and a forged hint is refused; on: hints against hard too', async () => {
    const h = botHarness({ defaultLanguage: 'en' });
    await h.say(ann, '/settings');
    const settings = h.last(ann.id);
    expect(settings.buttons.flat().map((b) => b.text)).toEqual(expect.arrayContaining(['✅ 💡 Easy and medium', '💡 Every level', '💡 Off']));
    await h.press(ann, settings, 'st|hints|off');
    expect(h.last(ann.id).buttons.flat().map((b) => b.text)).toContain('✅ 💡 Off');
    await h.say(ann, '/play');
    await h.press(ann, h.last(ann.id), 'pb|short|easy|1');
    const boards = await boardsOfTurns(h, ann, 4);
    expect(boards.length).toBe(4);
    expect(boards.some(hasHint)).toBe(false);
    const rec = (await h.app.games.get(gameId(h.board(ann.id))))!;
    expect(await h.press(ann, h.board(ann.id), `ht|${rec.id}|${rec.v}`)).toMatch(/No hint here/);
    expect(h.calls.some((c) => c.method === 'sendPhoto' && String(c.payload.caption ?? '').startsWith('💡'))).toBe(false);

    // Every level: Ben gets hints against hard.
    await h.say(ben, '/settings');
    await h.press(ben, h.last(ben.id), 'st|hints|on');
    await h.say(ben, '/play');
    await h.press(ben, h.last(ben.id), 'pb|short|hard|1');
    const benBoards = await boardsOfTurns(h, ben, 2);
    expect(benBoards.every(hasHint)).toBe(true);
  }, 60_000);

  it('never between people, whatever the setting (rated games)', () => {
    const human = (id: number, name: string): PlayerRef => ({ kind: 'human', id, name }) as PlayerRef;
    const rec = (kind: GameRecord['kind'], black: PlayerRef): GameRecord =>
      ({ kind, match: { game: { position: { turn: 'white' } } }, players: { white: human(1, 'A'), black } }) as unknown as GameRecord;
    const bot = (level: string): PlayerRef => ({ kind: 'bot', level }) as PlayerRef;
    for (const mode of ['auto', 'on', 'off'] as HintMode[]) {
      expect(hintsOffered(rec('group', human(2, 'B')), mode)).toBe(false);
      expect(hintsOffered(rec('link', human(2, 'B')), mode)).toBe(false);
    }
    expect(hintsOffered(rec('bot', bot('medium')), 'auto')).toBe(true);
    expect(hintsOffered(rec('bot', bot('hard')), 'auto')).toBe(false);
    expect(hintsOffered(rec('bot', bot('expert')), 'on')).toBe(true);
    expect(hintsOffered(rec('bot', bot('easy')), 'off')).toBe(false);
  });
});

describe('the review queue', () => {
  it('one review at a time: the others wait in line (told their place as it moves), then each shows progress and their summary', async () => {
    const timed: Array<{ seconds: number; ok: boolean }> = [];
    const reviews = new Reviews({ atOnce: 1, progressEveryMs: 0, analyser: quick, analysed: (seconds, ok) => void timed.push({ seconds, ok }) });
    const h = botHarness({ defaultLanguage: 'en', reviews, waitForReviews: false });
    const a = await playOut(h, 'easy', 'short', ann);
    const b = await playOut(h, 'easy', 'short', ben);
    const c = await playOut(h, 'easy', 'short', cy);
    const before = { ann: h.in(ann.id).length, ben: h.in(ben.id).length, cy: h.in(cy.id).length };
    await Promise.all([h.press(ann, h.board(ann.id), `rv|${a.id}|r`), h.press(ben, h.board(ben.id), `rv|${b.id}|r`), h.press(cy, h.board(cy.id), `rv|${c.id}|r`)]);
    const note = (u: User, n: number): Message => h.in(u.id).slice(n).find((m) => /^(Analysing|Your review is in line|Review:)/.test(m.history[0] ?? ''))!;
    // The presses were answered at once; the reviews run on. Meanwhile the bot answers Cy, whose
    // review still waits in line.
    expect(note(cy, before.cy).history).toEqual(['Your review is in line: 2 ahead of it.']);
    // What /metrics reports of the line: one analysed, two waiting.
    expect([reviews.analysing, reviews.waiting]).toEqual([1, 2]);
    expect(await h.press(cy, h.board(cy.id), `rv|${c.id}|r`)).toBe('Your review of this game is already on its way.');
    await h.say(cy, '/help');
    expect(h.last(cy.id).text).not.toMatch(/^(Analysing|Your review)/);
    expect(note(cy, before.cy).history.some((x) => x.startsWith('Review:'))).toBe(false);
    await h.reviews.settled();
    expect([reviews.analysing, reviews.waiting]).toEqual([0, 0]);
    // Each analysis timed once, all of them ended well.
    expect(timed.map((x) => x.ok)).toEqual([true, true, true]);
    expect(timed.every((x) => x.seconds > 0 && x.seconds < 120)).toBe(true);
    // Each asked once and got one summary, the double press none.
    for (const [u, n] of [[ann, before.ann], [ben, before.ben], [cy, before.cy]] as const) expect(h.in(u.id).slice(n).filter((m) => /^Review: Short nardy/.test(m.history.at(-1) ?? '')).length).toBe(1);
    const first = note(ann, before.ann);
    const second = note(ben, before.ben);
    expect(first.history[0]).toBe('Analysing… 0%');
    expect(second.history[0]).toBe('Your review is in line: 1 ahead of it.');
    const third = note(cy, before.cy);
    // The third moves up the line as the first finishes.
    expect(third.history.slice(0, 3)).toEqual(['Your review is in line: 2 ahead of it.', 'Your review is in line: 1 ahead of it.', 'Analysing… 0%']);
    for (const m of [first, second, third]) {
      const percents = m.history.map((x) => /^Analysing… (\d+)%$/.exec(x)?.[1]).filter((x): x is string => x !== undefined).map(Number);
      // Progress goes up step by step, never back, and ends in the summary.
      expect(percents.length).toBeGreaterThan(3);
      expect(percents).toEqual([...percents].sort((x, y) => x - y));
      expect(percents.at(-1)).toBeLessThan(100);
      expect(m.history.at(-1)).toMatch(/^Review: Short nardy/);
    }
    // The second started only when the first was done: its 0% edit comes after the first's last progress.
    const order = h.calls.filter((c) => c.method === 'editMessageText' || c.method === 'sendMessage').map((c) => `${c.payload.chat_id}:${String(c.payload.text)}`);
    const annLast = order.map((x) => x.startsWith(`${ann.id}:Analysing`)).lastIndexOf(true);
    expect(order.indexOf(`${ben.id}:Analysing… 0%`)).toBeGreaterThan(annLast);
    expect(order.some((x) => x.startsWith(`${ben.id}:Analysing… 1`) || x.startsWith(`${ben.id}:Analysing… 2`))).toBe(true);
  }, 120_000);
});

describe('the review in a worker thread (as in production)', () => {
  it('posts the summary of the worker\'s analysis, with its progress on the way', async () => {
    // At 0 ply like the tests above: that the worker analyses at the Review's depth, and as the
    // main thread does, is test/app/review-threads.test.ts's.
    const threads = new ReviewThreads(1, 60_000, { plies: 0 });
    try {
      const reviews = new Reviews({ progressEveryMs: 0, analyser: threads.analyse });
      const h = botHarness({ defaultLanguage: 'en', reviews });
      const rec = await playOut(h, 'easy');
      const before = h.in(ann.id).length;
      await h.press(ann, h.board(ann.id), `rv|${rec.id}|r`);
      await h.reviews.settled();
      const note = h.in(ann.id).slice(before).find((m) => /^Analysing/.test(m.history[0] ?? ''))!;
      const percents = note.history.map((x) => /^Analysing… (\d+)%$/.exec(x)?.[1]).filter((x): x is string => x !== undefined).map(Number);
      expect(percents.length).toBeGreaterThan(3);
      expect(percents).toEqual([...percents].sort((x, y) => x - y));
      // The summary is the worker's analysis.
      const summary = note.history.at(-1)!;
      expect(summary).toMatch(/^Review: Short nardy/);
      expect(summary).toMatch(/Ann: error rate \d+\.\d over \d+ moves/);
      // Asked for problems, the worker makes them too: of Ann's decisions only.
      const side = rec.players.white.kind === 'human' ? 'white' : 'black';
      const there = await threads.analyse(exportGame(rec), async () => undefined, { problemsOf: [side] });
      expect(Array.isArray(there.problems)).toBe(true);
      const annsPositions = new Set(there.decisions.filter((d) => d.side === side).map((d) => positionId(d.position)));
      for (const p of there.problems!) expect([p.source, annsPositions.has(p.position)]).toEqual(['game', true]);
    } finally {
      await threads.close();
    }
  }, 120_000);
});

describe('review and export', () => {
  it('after a game: Review posts the error rates and the biggest mistakes with pictures; Export sends the files', async () => {
    const asks: Array<ReviewAsk | undefined> = [];
    const h = botHarness({ defaultLanguage: 'en', reviews: new Reviews({ analyser: (g, p, ask) => (asks.push(ask), quick(g, p, ask)) }) });
    const rec = await playOut(h, 'easy');
    const end = h.board(ann.id);
    const labels = end.buttons.flat().map((b) => b.text);
    expect(labels).toEqual(expect.arrayContaining(['📊 Review', '💾 Export']));
    const before = h.in(ann.id).length;
    await h.press(ann, end, `rv|${rec.id}|r`);
    await h.reviews.settled();
    const after = h.in(ann.id).slice(before);
    expect(after.filter((m) => /^Review: Short nardy/.test(m.text)).length).toBe(1);
    const summary = after.find((m) => /^Review: Short nardy/.test(m.text))!;
    expect(summary.text).toMatch(/Ann: error rate \d+\.\d over \d+ moves; doubtful \d+, bad \d+, very bad \d+; luck [+−]\d\.\d\d/);
    expect(summary.history[0]).toMatch(/Analysing… 0%|in line/);
    // Ann did not agree to give her games' positions: no problems asked for, none made.
    expect(asks).toEqual([undefined]);
    expect(summary.text).not.toMatch(/🧩/);
    const pictures = after.filter((m) => m.photo);
    if (pictures.length) {
      expect(pictures.length).toBeLessThanOrEqual(3);
      expect(pictures[0]!.text).toMatch(/^Mistake 1 of \d+ \(game 1\): (doubtful|bad|very bad), \d\.\d{3} points lost\n/);
    } else {
      expect(after.some((m) => /made no mistake/.test(m.text))).toBe(true);
    }
    // Export: the JSON (and .mat for short nardy).
    const docs = h.calls.filter((c) => c.method === 'sendDocument').length;
    await h.press(ann, end, `rv|${rec.id}|e`);
    expect(h.calls.filter((c) => c.method === 'sendDocument').length).toBe(docs + 2);
    await h.say(ann, '/export');
    expect(h.calls.filter((c) => c.method === 'sendDocument').length).toBe(docs + 4);
    // A stranger can neither review nor export someone else's game: a clear refusal, nothing sent.
    const zed = { id: 999, first_name: 'Zed', language_code: 'en' };
    expect(await h.press(zed, end, `rv|${rec.id}|r`)).toMatch(/Only the players/);
    const sent = h.calls.filter((c) => c.method === 'sendDocument').length;
    expect(await h.press(zed, end, `rv|${rec.id}|e`)).toMatch(/Only the players of this game can export it/);
    expect(h.calls.filter((c) => c.method === 'sendDocument').length).toBe(sent);
    // Review again: the review is above; nothing is posted twice.
    const posted = h.calls.length;
    expect(await h.press(ann, end, `rv|${rec.id}|r`)).toMatch(/above in this chat/);
    await h.reviews.settled();
    expect(h.calls.slice(posted).filter((c) => c.method === 'sendMessage' || c.method === 'sendPhoto')).toEqual([]);
  }, 120_000);
});

describe('problems from reviewed games', () => {
  it('with the players\' agreement (/settings) the review makes problems of their mistakes; they are told, and /puzzle offers them', async () => {
    const asks: Array<ReviewAsk | undefined> = [];
    const h = botHarness({ defaultLanguage: 'en', reviews: new Reviews({ analyser: (g, p, ask) => (asks.push(ask), quick(g, p, ask)) }) });
    await h.say(ann, '/settings');
    await h.pressLabel(ann, h.last(ann.id), /My reviewed games may give puzzles: no/);
    expect((await h.app.players.settings(ann.id)).sharePuzzles).toBe(true);
    expect(h.last(ann.id).buttons.flat().map((b) => b.text)).toContain('🧩 My reviewed games may give puzzles: yes');
    const rec = await playOut(h, 'easy');
    const side = rec.players.white.kind === 'human' ? 'white' : 'black';
    const before = h.in(ann.id).length;
    await h.press(ann, h.board(ann.id), `rv|${rec.id}|r`);
    await h.reviews.settled();
    // Only the person's side: the bot needs no agreement and gives none.
    expect(asks).toEqual([{ problemsOf: [side] }]);
    const made = h.reviews.cached(rec.id)!.problems ?? [];
    const summary = h.in(ann.id).slice(before).find((m) => /^Review: Short nardy/.test(m.text))!;
    const kept = await h.store.docs.members('puzzle:games:short');
    expect(kept.length).toBe(made.length);
    if (made.length) {
      expect(summary.text).toMatch(/🧩 (One position of this game is now a puzzle|\d positions of this game are now puzzles) for everyone/);
      const problem = (await h.app.puzzles.problem(kept[0]!.split(':')[0]!))!;
      expect(problem.source).toBe('game');
      // The mistake made is one of the answers, and not the best.
      expect(rec.match.game.position.variant).toBe('short');
      expect(problem.answers[problem.tempting]!.play).not.toBe(problem.answers[0]!.play);
    } else expect(summary.text).not.toMatch(/🧩/);
  }, 120_000);
});

describe('review in a group', () => {
  it('each player reviews their own moves; the summary gives both players, the mistakes are the presser\'s', async () => {
    const h = botHarness({ defaultLanguage: 'en', reviews: new Reviews({ analyser: quick }) });
    await h.say(ann, '/play short', GROUP, { from: ben });
    await h.pressLabel(ben, h.last(GROUP.id), /Accept|Принять/);
    const id = gameId(h.board(GROUP.id));
    let rec = (await h.app.games.get(id))!;
    const userOf = (side: 'white' | 'black'): User => {
      const p = rec.players[side];
      return p.kind === 'human' && p.id === ann.id ? ann : ben;
    };
    for (let i = 0; i < 800 && !rec.finished; i++) {
      const board = h.board(GROUP.id);
      const b = board.buttons.flat().find((x) => /^g\|.*\|(r|P\d+|s\d{4}|d|t)(\||$)/.test(x.callback_data ?? ''));
      if (!b) throw new Error(`nothing to press: ${JSON.stringify(board.buttons)}`);
      await h.press(userOf(actor(rec.match.game) ?? rec.match.game.position.turn), board, b.callback_data!);
      rec = (await h.app.games.get(id))!;
    }
    expect(rec.finished).toBe(true);
    const end = h.board(GROUP.id);
    expect(end.buttons.flat().map((b) => b.text)).toContain('📊 Review');
    for (const who of [ann, ben]) {
      const before = h.in(GROUP.id).length;
      await h.press(who, end, `rv|${rec.id}|r`);
      const after = h.in(GROUP.id).slice(before);
      const summary = after.find((m) => /^Review: Short nardy/.test(m.text))!;
      expect(summary.text).toContain('Ann: error rate');
      expect(summary.text).toContain('Ben: error rate');
      const side = rec.players.white.kind === 'human' && rec.players.white.id === who.id ? 'white' : 'black';
      const mistakes = after.filter((m) => m.photo);
      const none = after.find((m) => /made no mistake/.test(m.text));
      // Pictures of the presser's mistakes only (or the note that there were none, by name).
      if (mistakes.length === 0) expect(none?.text).toContain(who.first_name);
      const a = h.reviews.cached(rec.id)!;
      const mine = a.decisions.filter((d) => d.side === side && !d.forced && d.mark !== 'ok');
      expect(mistakes.length).toBe(Math.min(3, mine.length));
    }
  }, 120_000);
});

