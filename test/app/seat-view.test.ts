/**
 * The seat view's rules, per kind of game (against the bot, in a group, by link), phase and seat,
 * without Telegram: what each person may do now is one rule each (app/table/seat.ts), and the
 * chat's buttons and the Mini App both render it.
 */
import { describe, expect, it } from 'vitest';
import { createPlayer } from '../../src/ai/player.js';
import { inProcess } from '../../src/ai/thinker.js';
import { createApp, type App } from '../../src/app/index.js';
import { isBotToAct, toAct, type Press } from '../../src/app/games.js';
import type { GameRecord, PlayerRef } from '../../src/app/model.js';
import { seatChoices } from '../../src/app/table/seat.js';
import { turnKey } from '../../src/app/clocks.js';
import { currentTurn } from '../../src/engine/game.js';
import { seededRandom } from '../../src/sim/rng.js';
import { MemoryStore } from '../../src/store/index.js';

const ann = { kind: 'human' as const, id: 8801, name: 'Ann', lang: 'en' as const };
const ben = { kind: 'human' as const, id: 8802, name: 'Ben', lang: 'en' as const };
const eve = 8803;

function setup(): App {
  const store = new MemoryStore({ challengeSeconds: 600, finishedSeconds: 600, idleSeconds: 600 });
  return createApp(store, { defaultLanguage: 'en', player: (l) => inProcess(createPlayer(l, seededRandom(5))) });
}

const userOf = (rec: GameRecord, side: 'white' | 'black'): number => {
  const p = rec.players[side];
  return p.kind === 'human' ? p.id : -1;
};

/** Play on (first legal play, taking doubles) until `stop` holds. */
async function until(app: App, rec: GameRecord, stop: (r: GameRecord) => boolean): Promise<GameRecord> {
  for (let i = 0; i < 400 && !stop(rec); i++) {
    if (isBotToAct(rec)) {
      rec = await app.games.withBotTurn(rec);
      continue;
    }
    const g = rec.match.game;
    const side = toAct(rec) ?? g.position.turn;
    const press: Press = g.phase === 'roll' ? { type: 'roll' } : g.phase === 'double' ? { type: 'take' } : g.phase === 'move' ? (currentTurn(g).complete ? { type: 'done' } : { type: 'step', step: currentTurn(g).next[0]! }) : g.phase === 'over' ? { type: 'next' } : { type: 'decline' };
    const r = await app.games.press(rec.id, rec.v, userOf(rec, side), press);
    if (r.kind !== 'applied') throw new Error(`could not play on: ${r.kind}`);
    rec = r.game;
  }
  if (!stop(rec)) throw new Error('never got there');
  return rec;
}

async function start(app: App, kind: 'bot' | 'group' | 'link', length = 1, opts: { variant?: 'long' | 'short'; cube?: boolean; black?: PlayerRef } = {}): Promise<GameRecord> {
  const black: PlayerRef = opts.black ?? (kind === 'bot' ? { kind: 'bot', level: 'easy' } : ben);
  return app.games.start({ kind, chatId: kind === 'group' ? -8800 : ann.id, lang: 'en', white: ann, black, variant: opts.variant ?? 'short', length, ...(opts.cube !== undefined ? { cube: opts.cube } : {}) });
}

describe('the seat view', () => {
  it('a person who does not play has no choice at all', async () => {
    const app = setup();
    const rec = await start(app, 'group');
    const c = seatChoices(rec, eve);
    expect(c.side).toBeNull();
    expect([c.roll, c.steps.length, c.resign.length, c.next, c.rematch, c.claim, c.hint]).toEqual([false, 0, 0, false, null, null, false]);
  });

  it('on a move: the mover has the steps (and whole plays before the first); the other only resigns, between people', async () => {
    const app = setup();
    for (const kind of ['group', 'link'] as const) {
      const rec = await until(app, await start(app, kind), (r) => r.match.game.phase === 'move');
      const mover = toAct(rec)!;
      const me = seatChoices(rec, userOf(rec, mover));
      const other = seatChoices(rec, userOf(rec, mover === 'white' ? 'black' : 'white'));
      expect(me.steps.length).toBeGreaterThan(0);
      expect(me.plays.length).toBeGreaterThan(0);
      expect(me.resign).toEqual([1, 2, 3]);
      expect(other.steps).toEqual([]);
      expect(other.resign).toEqual([1, 2, 3]);
      expect(me.hint || other.hint).toBe(false);
    }
  });

  it('against the bot: the person resigns on their own turn only; hints on their move as the setting allows', async () => {
    const app = setup();
    let rec = await until(app, await start(app, 'bot', 1, { variant: 'long' }), (r) => r.match.game.phase === 'move' && !isBotToAct(r));
    const mine = seatChoices(rec, ann.id, { hints: 'auto' });
    expect(mine.resign).toEqual([1, 2]);
    expect(mine.hint).toBe(true);
    expect(seatChoices(rec, ann.id, { hints: 'off' }).hint).toBe(false);
    const hard = await until(app, await start(app, 'bot', 1, { variant: 'long', black: { kind: 'bot', level: 'hard' } }), (r) => r.match.game.phase === 'move' && !isBotToAct(r));
    expect(seatChoices(hard, ann.id, { hints: 'auto' }).hint).toBe(false);
    expect(seatChoices(hard, ann.id, { hints: 'on' }).hint).toBe(true);
    // The bot's turn: nothing for the person, not even resigning.
    rec = await until(app, rec, (r) => isBotToAct(r));
    expect(seatChoices(rec, ann.id).resign).toEqual([]);
  });

  it('a double offered: take or pass for the one it is offered to, nothing for the doubler, no resigning meanwhile', async () => {
    const app = setup();
    let rec = await until(app, await start(app, 'link', 3, { cube: true }), (r) => r.match.game.phase === 'roll');
    const doubler = toAct(rec)!;
    const d = seatChoices(rec, userOf(rec, doubler));
    expect(d.roll).toBe(true);
    expect(d.double).toBe(2);
    const r = await app.games.press(rec.id, rec.v, userOf(rec, doubler), { type: 'double' });
    rec = (r as { game: GameRecord }).game;
    const taker = seatChoices(rec, userOf(rec, doubler === 'white' ? 'black' : 'white'));
    const me = seatChoices(rec, userOf(rec, doubler));
    expect([taker.take, taker.drop, taker.resign]).toEqual([2, true, []]);
    expect([me.take, me.drop, me.roll, me.resign]).toEqual([null, false, false, []]);
  });

  it('a resignation offered: accept or decline for the other, nobody resigns meanwhile', async () => {
    const app = setup();
    let rec = await until(app, await start(app, 'group'), (r) => r.match.game.phase === 'move');
    rec = ((await app.games.resign(rec.id, ann.id, 2)) as { game: GameRecord }).game;
    const benSees = seatChoices(rec, ben.id);
    expect(benSees.accept).toBe(2);
    expect(benSees.resign).toEqual([]);
    expect(seatChoices(rec, ann.id).resign).toEqual([]);
  });

  it('a game over in a match: the next game and checking the dice, for either player; a match over: rematch, review, export', async () => {
    const app = setup();
    let rec = await until(app, await start(app, 'link', 3, { cube: false }), (r) => r.match.game.phase === 'move');
    rec = ((await app.games.resign(rec.id, ann.id, 1)) as { game: GameRecord }).game;
    rec = ((await app.games.press(rec.id, rec.v, ben.id, { type: 'accept' })) as { game: GameRecord }).game;
    for (const u of [ann.id, ben.id]) expect(seatChoices(rec, u)).toMatchObject({ next: true, checkDice: true, afterMatch: false, resign: [] });
    // The match ends: a rematch between people is an offer, then the other's acceptance.
    // Ann resigns the rest of the match, game by game.
    for (let i = 0; i < 5 && !rec.finished; i++) {
      if (rec.match.game.phase === 'over') rec = ((await app.games.press(rec.id, rec.v, ann.id, { type: 'next' })) as { game: GameRecord }).game;
      rec = await until(app, rec, (r) => r.match.game.phase === 'move' || r.match.game.phase === 'roll');
      rec = ((await app.games.resign(rec.id, ann.id, 1)) as { game: GameRecord }).game;
      rec = ((await app.games.press(rec.id, rec.v, ben.id, { type: 'accept' })) as { game: GameRecord }).game;
    }
    expect(rec.finished).toBe(true);
    const now = Date.now();
    for (const u of [ann.id, ben.id]) expect(seatChoices(rec, u, now)).toMatchObject({ afterMatch: true, checkDice: true, rematch: 'offer', next: false });
    rec = ((await app.games.rematch(rec.id, rec.v, ann.id)) as { game: GameRecord }).game;
    expect(seatChoices(rec, ann.id, now).rematch).toBe('waiting');
    expect(seatChoices(rec, ben.id, now).rematch).toBe('accept');
    // An offer that expired is gone: either may offer again.
    expect(seatChoices(rec, ben.id, now + 30 * 86_400_000).rematch).toBe('offer');
  });

  it('a claim is the waiting player\'s, for the clock\'s current turn only, never against the bot', async () => {
    const app = setup();
    const rec = await until(app, await start(app, 'link'), (r) => r.match.game.phase === 'move');
    const idle = toAct(rec)!;
    const waiting = idle === 'white' ? 'black' : 'white';
    const key = turnKey(rec)!;
    const ctx = { claimable: { side: idle, key } };
    expect(seatChoices(rec, userOf(rec, waiting), ctx).claim).toEqual({ idle, key });
    expect(seatChoices(rec, userOf(rec, idle), ctx).claim).toBeNull();
    expect(seatChoices(rec, userOf(rec, waiting), { claimable: { side: idle, key: `${key}x` } }).claim).toBeNull();
    const bot = await until(app, await start(app, 'bot'), (r) => r.match.game.phase === 'move' && !isBotToAct(r));
    expect(seatChoices(bot, ann.id, { claimable: { side: 'black', key: turnKey(bot) ?? '' } }).claim).toBeNull();
  });
});
