/** The board presenter: newest state wins, an identical board is not re-sent, a long 429 never drops a board. */
import { describe, expect, it } from 'vitest';
import { isBotToAct, type Press } from '../../src/app/games.js';
import { createApp } from '../../src/app/index.js';
import type { GameRecord } from '../../src/app/model.js';
import { Boards } from '../../src/bot/board/delivery.js';
import { createI18n } from '../../src/bot/i18n.js';
import { Outbox, OutboxError, UNPACED, type Pacer } from '../../src/bot/outbox.js';
import { createLogger } from '../../src/logger.js';
import { MemoryStore } from '../../src/store/index.js';
import { currentTurn } from '../../src/engine/game.js';

function setup(script: Array<'ok' | 'flood' | '5xx'>, pacer: Pacer = UNPACED, retryMs?: number) {
  const store = new MemoryStore({ challengeSeconds: 60, finishedSeconds: 60, idleSeconds: 600 });
  const app = createApp(store, { defaultLanguage: 'en' });
  const calls: Array<{ method: string; v: number }> = [];
  let n = 0;
  let nextMessage = 100;
  const call = (method: string, markup: unknown): unknown => {
    const data = JSON.stringify(markup);
    const v = Number(/"g\|[0-9a-z]{10}\|(\d+)\|/.exec(data)?.[1] ?? -1);
    calls.push({ method, v });
    const step = script[n++];
    if (step === 'flood') throw new OutboxError('flood', method, 'Too Many Requests: retry after 120', 120);
    if (step === '5xx') throw new OutboxError('transient', method, 'Bad Gateway', null);
    return { message_id: nextMessage++, chat: { id: 1 }, date: 0 };
  };
  const api = {
    sendPhoto: async (_c: number, _p: unknown, o: { reply_markup: unknown }) => call('sendPhoto', o.reply_markup),
    editMessageMedia: async (_c: number, _m: number, _media: unknown, o: { reply_markup: unknown }) => call('editMessageMedia', o.reply_markup),
    editMessageReplyMarkup: async () => true,
  };
  const log = createLogger('silent');
  const boards = new Boards({ api: api as never, outbox: new Outbox({ log, pacer }), i18n: createI18n('en', async () => 'en'), places: app.places, players: app.players, log, latest: (id) => app.games.get(id), ...(retryMs !== undefined ? { retryMs } : {}) });
  return { app, boards, calls };
}

const human = { kind: 'human' as const, id: 1, name: 'A', lang: 'en' as const };

/** The chat's turn: held closed (as Telegram's limits would keep it) until released. */
function gate() {
  let open = true;
  let opened: () => void = () => undefined;
  const pacer: Pacer = { ...UNPACED, acquire: async () => (open ? undefined : new Promise<void>((r) => (opened = r))) };
  return {
    pacer,
    hold: (): void => void (open = false),
    release: (): void => {
      open = true;
      opened();
    },
  };
}

/** A game against the bot, played to the person's last press of a turn (Done), the bot's turns taken as the bot does. */
async function beforeDone(app: ReturnType<typeof setup>['app']): Promise<GameRecord> {
  let rec: GameRecord = await app.games.start({ kind: 'bot', chatId: 1, lang: 'en', white: human, black: { kind: 'bot', level: 'easy' }, variant: 'short', length: 1 });
  for (let i = 0; i < 200; i++) {
    if (isBotToAct(rec)) {
      rec = await app.games.withBotTurn(rec);
      continue;
    }
    const g = rec.match.game;
    if (g.phase === 'move' && currentTurn(g).complete) break;
    const press: Press = g.phase === 'move' ? { type: 'step', step: currentTurn(g).next[0]! } : { type: 'roll' };
    const r = await app.games.press(rec.id, rec.v, 1, press);
    expect(r.kind).toBe('applied');
    rec = (r as { game: GameRecord }).game;
  }
  expect(currentTurn(rec.match.game).complete).toBe(true);
  return rec;
}

describe('board delivery', () => {
  it('a board whose calls keep failing (5xx) is tried again, ever more slowly, until Telegram answers', async () => {
    const { app, boards, calls } = setup(['ok', '5xx', '5xx', '5xx', '5xx', 'ok'], UNPACED, 20);
    const rec = await app.games.start({ kind: 'group', chatId: 1, lang: 'en', white: human, black: { ...human, id: 2, name: 'B' }, variant: 'long', length: 1 });
    await boards.show(rec);
    await boards.settled();
    const r = await app.games.resign(rec.id, 1, 1);
    expect(r.kind).toBe('applied');
    const next = (r as { game: typeof rec }).game;
    const t0 = Date.now();
    await boards.show(next);
    await boards.settled();
    // Four failures, then the edit of the newest version lands; waits 20 + 40 + 80 + 160 ms.
    expect(calls.map((c) => c.method)).toEqual(['sendPhoto', 'editMessageMedia', 'editMessageMedia', 'editMessageMedia', 'editMessageMedia', 'editMessageMedia']);
    expect(calls.at(-1)!.v).toBe(next.v);
    expect(Date.now() - t0).toBeGreaterThanOrEqual(290);
    expect(await app.places.where(rec.id, 1)).toMatchObject({ v: next.v });
  });

  it('a failing board of a game that is gone is given up', async () => {
    const { app, boards, calls } = setup(['5xx', '5xx', 'ok'], UNPACED, 10);
    // A record the store does not hold (expired, say): after the first failure nothing waits for it.
    const rec = await app.games.build({ kind: 'group', chatId: 1, lang: 'en', white: human, black: { ...human, id: 2, name: 'B' }, variant: 'long', length: 1 });
    await boards.show(rec);
    await boards.settled();
    expect(calls).toHaveLength(1);
  });

  it('a board held back by a 429 longer than any patience goes again later: it is never dropped', async () => {
    const { app, boards, calls } = setup(['flood', 'ok']);
    // A state the person acts on (a state with the bot to act is never drawn: its move comes first).
    const rec = await app.games.withBotTurn(await app.games.start({ kind: 'bot', chatId: 1, lang: 'en', white: human, black: { kind: 'bot', level: 'easy' }, variant: 'long', length: 1 }));
    expect(isBotToAct(rec)).toBe(false);
    await boards.show(rec);
    await boards.settled();
    expect(calls.map((c) => c.method)).toEqual(['sendPhoto', 'sendPhoto']);
    expect(await app.places.where(rec.id, 1)).toMatchObject({ messageId: 100 });
  });

  it('of several states waiting for the chat, only the newest is drawn; the same board is not sent twice', async () => {
    // The chat's turn stays closed until the gate opens (as Telegram's limits would keep it).
    const chat = gate();
    const { app, boards, calls } = setup(['ok', 'ok', 'ok', 'ok'], chat.pacer);
    const rec = await app.games.start({ kind: 'group', chatId: 1, lang: 'en', white: human, black: { ...human, id: 2, name: 'B' }, variant: 'long', length: 1 });
    await boards.show(rec);
    await boards.settled();
    chat.hold();
    // Three newer versions arrive while the chat is held: one edit, of the newest.
    let cur = rec;
    const shows: Array<Promise<void>> = [];
    for (let i = 0; i < 3; i++) {
      const side = cur.match.game.position.turn === 'white' ? 1 : 2;
      const r = await app.games.press(cur.id, cur.v, side, { type: 'resign', level: 1 });
      expect(r.kind).toBe('applied');
      cur = (r as { game: typeof cur }).game;
      const d = await app.games.press(cur.id, cur.v, side === 1 ? 2 : 1, { type: 'decline' });
      expect(d.kind).toBe('applied');
      cur = (d as { game: typeof cur }).game;
      shows.push(boards.show(cur));
    }
    chat.release();
    await Promise.all(shows);
    await boards.settled();
    expect(shows).toHaveLength(3);
    expect(cur.v).toBe(rec.v + 6);
    expect(calls.slice(1).map((c) => c.v)).toEqual([cur.v]);
    await boards.show(cur);
    await boards.settled();
    expect(calls).toHaveLength(2);
  });

  it('a state with the bot to act, stored while an older board waits for the chat, is not shown: the state after its turn is', async () => {
    const chat = gate();
    const { app, boards, calls } = setup(['ok', 'ok', 'ok', 'ok'], chat.pacer);
    const rec = await beforeDone(app);
    await boards.show(rec);
    await boards.settled();
    expect(calls).toHaveLength(1);
    // The same board again, held by the chat's limits while Done is pressed (the bot now to act).
    chat.hold();
    const again = boards.show(rec);
    const done = await app.games.press(rec.id, rec.v, 1, { type: 'done' });
    expect(done.kind).toBe('applied');
    const between = (done as { game: GameRecord }).game;
    expect(isBotToAct(between)).toBe(true);
    chat.release();
    await again;
    // The table takes the bot's turn itself, and the board shows where that left the game.
    await app.games.botTurnsSettled();
    const after = (await app.games.get(rec.id))!;
    expect(after.v).toBeGreaterThan(between.v);
    expect(isBotToAct(after)).toBe(false);
    await boards.show(after);
    await boards.settled();
    // Never the state with the bot to act: from before Done straight to after the bot's turn.
    expect(calls.map((c) => c.v)).toEqual([rec.v, after.v]);
  });

  it('a delivery that must take the newest state itself waits for the bot\'s turn instead of drawing the state with the bot to act', async () => {
    const chat = gate();
    const { app, boards, calls } = setup(['ok', 'ok', 'ok', 'ok'], chat.pacer);
    const rec = await beforeDone(app);
    await boards.show(rec);
    await boards.settled();
    chat.hold();
    const again = boards.show(rec);
    const done = await app.games.press(rec.id, rec.v, 1, { type: 'done' });
    const between = (done as { game: GameRecord }).game;
    expect(isBotToAct(between)).toBe(true);
    // Another instance wants the board after the bot's turn: this delivery may not hand it back,
    // and the newest stored state is the one with the bot to act.
    await app.places.want(rec.id, 1, between.v + 1);
    chat.release();
    await new Promise((r) => setTimeout(r, 400));
    const after = await app.games.withBotTurn(between);
    expect(after.v).toBe(between.v + 1);
    await again;
    await boards.settled();
    expect(calls.map((c) => c.v)).toEqual([rec.v, after.v]);
  });
});
