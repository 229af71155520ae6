/**
 * The table's one entry, act(gameId, userId, intent) → Outcome, without Telegram: every kind of
 * intent answers one union; the bot's turn follows by itself; a committed listener that fails
 * stops neither the change nor the others; the chat's buttons and the Mini App read one code.
 */
import { describe, expect, it } from 'vitest';
import { createPlayer } from '../../src/ai/player.js';
import { inProcess } from '../../src/ai/thinker.js';
import { createApp } from '../../src/app/index.js';
import type { GameRecord } from '../../src/app/model.js';
import { isBotToAct, toAct } from '../../src/app/table/rights.js';
import { decodeAct, encodeAct, type BoardAct } from '../../src/app/table/intent.js';
import { encode as encodeCallback, parseCallback } from '../../src/bot/codec.js';
import { parseAct } from '../../src/web/webapp/index.js';
import { seededRandom } from '../../src/sim/rng.js';
import { MemoryStore } from '../../src/store/index.js';

const ttl = { challengeSeconds: 600, finishedSeconds: 86_400, idleSeconds: 6000 };
const ann = { kind: 'human' as const, id: 31, name: 'Ann', lang: 'en' as const };
const ben = { kind: 'human' as const, id: 32, name: 'Ben', lang: 'en' as const };

function setup() {
  const store = new MemoryStore(ttl);
  const app = createApp(store, { defaultLanguage: 'en', warn: () => undefined, player: (l) => inProcess(createPlayer(l, seededRandom(4))) });
  return { app, store };
}

describe('act: one entry, one Outcome', () => {
  it('press, resign, claim, rematch and forfeit each answer the union; nobody else may act', async () => {
    const { app } = setup();
    const rec = await app.games.start({ kind: 'group', chatId: -61, lang: 'en', white: ann, black: ben, variant: 'short', length: 1 });
    const mover = toAct(rec) === 'white' ? ann : ben;
    const other = mover === ann ? ben : ann;
    expect((await app.games.act(rec.id, 99, { kind: 'press', v: rec.v, press: { type: 'roll' } })).kind).toBe('not-player');
    expect((await app.games.act(rec.id, mover.id, { kind: 'press', v: rec.v + 5, press: { type: 'roll' } })).kind).toBe('stale');
    expect((await app.games.act('nosuchgame', mover.id, { kind: 'forfeit' })).kind).toBe('gone');
    // A claim with no clock standing is out of date.
    expect((await app.games.act(rec.id, other.id, { kind: 'claim', key: 'whatever' })).kind).toBe('stale');
    // A rematch of a game that is not over: out of date.
    expect((await app.games.act(rec.id, ann.id, { kind: 'rematch', v: rec.v })).kind).toBe('stale');
    const offered = await app.games.act(rec.id, other.id, { kind: 'resign', level: 1 });
    expect(offered.kind).toBe('applied');
    const g1 = (offered as { game: GameRecord }).game;
    expect(g1.match.game.phase).toBe('resign');
    const accepted = await app.games.act(rec.id, mover.id, { kind: 'press', v: g1.v, press: { type: 'accept' } });
    expect(accepted).toMatchObject({ kind: 'applied', botToAct: false, game: { finished: true } });
    const done = (accepted as { game: GameRecord }).game;
    expect((await app.games.act(rec.id, ann.id, { kind: 'forfeit' })).kind).toBe('stale');
    expect((await app.games.act(rec.id, ann.id, { kind: 'rematch', v: done.v })).kind).toBe('offered');
    const started = await app.games.act(rec.id, ben.id, { kind: 'rematch', v: done.v + 1 });
    expect(started.kind).toBe('started');
    expect((started as { game: GameRecord }).game.id).not.toBe(rec.id);
  });

  it('the bot\'s turn runs without any front end asking: after a person\'s press the table moves for the bot', async () => {
    const { app } = setup();
    let rec = await app.games.start({ kind: 'bot', chatId: ann.id, lang: 'en', white: ann, black: { kind: 'bot', level: 'easy' }, variant: 'long', length: 1 });
    for (let i = 0; i < 12 && !rec.finished; i++) {
      await app.games.botTurnsSettled();
      rec = (await app.games.get(rec.id))!;
      // Nobody but the table took the bot's turn: whenever we look, the person is to act.
      expect(isBotToAct(rec)).toBe(false);
      const choices = rec.match.game.phase;
      const r = choices === 'roll' ? await app.games.act(rec.id, ann.id, { kind: 'press', v: rec.v, press: { type: 'roll' } }) : await app.games.act(rec.id, ann.id, { kind: 'resign', level: 1 });
      expect(r.kind).toBe('applied');
      if (choices !== 'roll') break;
      const after = (r as { game: GameRecord }).game;
      if (after.match.game.phase === 'move') {
        const { currentTurn } = await import('../../src/engine/game.js');
        const play = currentTurn(after.match.game).plays[0]!;
        const moved = await app.games.act(rec.id, ann.id, { kind: 'press', v: after.v, press: { type: 'play', moves: play.moves } });
        expect(moved.kind).toBe('applied');
        const m = (moved as { game: GameRecord; botToAct: boolean });
        if (!m.game.finished && m.game.match.game.phase !== 'move') expect(m.botToAct || !isBotToAct(m.game)).toBe(true);
        if (m.game.match.game.phase === 'move') {
          const done = await app.games.act(rec.id, ann.id, { kind: 'press', v: m.game.v, press: { type: 'done' } });
          expect(done.kind).toBe('applied');
        }
      }
    }
    await app.games.botTurnsSettled();
    const last = (await app.games.get(rec.id))!;
    expect(isBotToAct(last)).toBe(false);
    // The bot did play: its moves are in the game's record.
    expect(last.match.game.record.length + (last.results?.length ?? 0)).toBeGreaterThan(2);
  });

  it('a committed listener that throws stops neither the change nor the listeners after it', async () => {
    const { app } = setup();
    const heard: number[] = [];
    app.events.onCommit('broken', async () => {
      throw new Error('listener down');
    });
    app.events.onCommit('after', async (c) => void heard.push(c.game.v));
    const rec = await app.games.start({ kind: 'group', chatId: -62, lang: 'en', white: ann, black: ben, variant: 'long', length: 1 });
    const r = await app.games.act(rec.id, ann.id, { kind: 'resign', level: 1 });
    expect(r.kind).toBe('applied');
    expect((await app.games.get(rec.id))!.v).toBe(rec.v + 1);
    expect(heard).toEqual([rec.v, rec.v + 1]);
  });
});

describe('one parser for a board\'s act', () => {
  const acts: BoardAct[] = [
    { type: 'roll' }, { type: 'undo' }, { type: 'done' }, { type: 'double' }, { type: 'take' }, { type: 'drop' }, { type: 'accept' }, { type: 'decline' },
    { type: 'next' }, { type: 'rematch' }, { type: 'resign', level: 2 }, { type: 'resign-menu' }, { type: 'back' },
    { type: 'step', step: [24, 18] }, { type: 'step', step: [25, 20] }, { type: 'step', step: [3, 0] }, { type: 'play', moves: [[13, 7], [13, 7], [8, 2], [8, 2]] },
  ];
  it('a chat button and the Mini App carry the same code, read back by the same function', () => {
    for (const act of acts) {
      const code = encodeAct(act);
      expect(decodeAct(code)).toEqual(act);
      const data = encodeCallback({ kind: 'game', id: '0123456789', v: 7, act });
      expect(data.split('|')[3]).toBe(code);
      expect(parseCallback(data)).toEqual({ kind: 'game', id: '0123456789', v: 7, act });
      // The Mini App takes every press a board has, and not the chat's resign menu.
      expect(parseAct(code)).toEqual(act.type === 'resign-menu' || act.type === 'back' ? null : act);
    }
  });
  it('anything else is refused by both', () => {
    for (const bad of ['', 'R4', 's2418x', 's1824', 's2600', 'P2418241', 'P' + '2418'.repeat(5), 'rr', { type: 'roll' }, 5, null, 'r'.repeat(30)]) {
      expect(decodeAct(bad)).toBeNull();
      expect(parseAct(bad)).toBeNull();
    }
  });
});
