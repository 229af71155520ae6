/** Use cases without Telegram: starting games, presses, stale versions, the bot's turns, fairness. */
import { describe, expect, it } from 'vitest';
import { createPlayer } from '../../src/ai/player.js';
import { inProcess } from '../../src/ai/thinker.js';
import { Games, isBotToAct, verifyGame, type PressResult } from '../../src/app/games.js';
import { DEFAULT_SETTINGS, OFFERED_LEVELS, offeredLevel, type GameRecord, type PlayerRef } from '../../src/app/model.js';
import { actor, currentTurn } from '../../src/engine/game.js';
import { seededRandom } from '../../src/sim/rng.js';
import { MemoryStore } from '../../src/store/index.js';

const ttl = { challengeSeconds: 60, finishedSeconds: 600, idleSeconds: 600 };
const alice: PlayerRef = { kind: 'human', id: 1, name: 'Alice', lang: 'en' };
const bob: PlayerRef = { kind: 'human', id: 2, name: 'Bob', lang: 'ru' };

function games(settings = DEFAULT_SETTINGS) {
  const store = new MemoryStore(ttl);
  return new Games({ store, settings: async () => settings, player: (level) => inProcess(createPlayer(level, seededRandom(5))) }) as Games & { readonly deps: { store: MemoryStore } };
}

/** A press, then (as the bot layer does once the press is answered) the bot's turn. */
async function pressThen(g: Games, id: string, v: number, user: number, press: Parameters<Games['press']>[3]): Promise<PressResult> {
  const r = await g.press(id, v, user, press);
  if (r.kind !== 'applied' || !r.botToAct) return r;
  const b = await g.botTurn(id);
  return b.kind === 'gone' ? { kind: 'gone' } : { kind: 'applied', game: b.game, botToAct: isBotToAct(b.game) };
}

/** A new game, after the bot's first turn when the bot moves first. */
async function started(g: Games, opts: Parameters<Games['start']>[0]): Promise<GameRecord> {
  const rec = await g.start(opts);
  if (!isBotToAct(rec)) return rec;
  const b = await g.botTurn(rec.id);
  if (b.kind === 'gone') throw new Error('gone');
  return b.game;
}

/** Roll until the person to move has a turn in progress (forced plays are made for them). */
async function toMove(g: Games, rec: GameRecord): Promise<GameRecord> {
  while (rec.match.game.phase !== 'move') {
    const p = rec.players[rec.match.game.position.turn];
    const r = await pressThen(g, rec.id, rec.v, p.kind === 'human' ? p.id : 0, { type: 'roll' });
    if (r.kind !== 'applied') throw new Error(r.kind);
    rec = r.game;
  }
  return rec;
}

/** Press whatever the person to act would press first, until the match ends. */
async function playOut(g: Games, rec: GameRecord, humanAlwaysToAct = false): Promise<GameRecord> {
  for (let i = 0; i < 3000 && !rec.finished; i++) {
    const game = rec.match.game;
    const side = game.phase === 'double' || game.phase === 'resign' ? (game.position.turn === 'white' ? 'black' : 'white') : game.position.turn;
    const p = rec.players[side];
    const user = p.kind === 'human' ? p.id : 1;
    const press =
      game.phase === 'over' ? { type: 'next' as const } :
      game.phase === 'roll' ? { type: 'roll' as const } :
      game.phase === 'double' ? { type: 'take' as const } :
      currentTurn(game).complete ? { type: 'done' as const } : { type: 'step' as const, step: currentTurn(game).next[0]! };
    const r = await pressThen(g, rec.id, rec.v, user, press);
    if (r.kind !== 'applied') throw new Error(`press refused: ${r.kind}`);
    rec = r.game;
    if (humanAlwaysToAct && !rec.finished && rec.match.game.phase !== 'over') expect(rec.players[actor(rec.match.game) ?? 'white'].kind).toBe('human');
  }
  return rec;
}

describe('games between two people', () => {
  it('a match to 3 is played to its end; every press bumps the version once', async () => {
    const g = games();
    let rec = await g.start({ chatId: -5, kind: 'group', lang: 'en', white: alice, black: bob, variant: 'short', length: 3 });
    expect(rec.v).toBe(0);
    expect(rec.events[0]?.type).toBe('opening');
    rec = await playOut(g, rec);
    expect(rec.finished).toBe(true);
    expect(Math.max(rec.match.score.white, rec.match.score.black)).toBeGreaterThanOrEqual(3);
    expect(await g.deps.store.games.inChat(-5)).toEqual([]);
    // Every game's seed is revealed and reproduces its rolls.
    expect(verifyGame(rec).every((r) => r.ok === true)).toBe(true);
  });

  it('a stale version, a stranger and the wrong player change nothing', async () => {
    const g = games();
    const rec = await toMove(g, await g.start({ chatId: -6, kind: 'group', lang: 'en', white: alice, black: bob, variant: 'long', length: 1 }));
    const mover = rec.match.game.position.turn === 'white' ? 1 : 2;
    const other = mover === 1 ? 2 : 1;
    expect((await g.press(rec.id, rec.v + 1, mover, { type: 'undo' })).kind).toBe('stale');
    expect((await g.press(rec.id, rec.v, 99, { type: 'undo' })).kind).toBe('not-player');
    expect(await g.press(rec.id, rec.v, other, { type: 'undo' })).toMatchObject({ kind: 'not-your-turn' });
    expect(await g.press(rec.id, rec.v, mover, { type: 'step', step: [3, 1] })).toMatchObject({ kind: 'refused', code: 'illegal-step' });
    expect(await g.press('nope', 0, mover, { type: 'undo' })).toEqual({ kind: 'gone' });
    expect(await g.get(rec.id)).toEqual(rec);
  });

  it('two presses of one version: one applies, the other is stale', async () => {
    const g = games();
    const rec = await toMove(g, await g.start({ chatId: -7, kind: 'group', lang: 'en', white: alice, black: bob, variant: 'long', length: 1 }));
    const mover = rec.match.game.position.turn === 'white' ? 1 : 2;
    const step = currentTurn(rec.match.game).next[0]!;
    const results = await Promise.all([g.press(rec.id, rec.v, mover, { type: 'step', step }), g.press(rec.id, rec.v, mover, { type: 'step', step })]);
    expect(results.map((r) => r.kind).sort()).toEqual(['applied', 'stale']);
    expect((await g.get(rec.id))!.match.game.steps).toHaveLength(1);
  });
});

describe('games against the bot', () => {
  it("the bot's plays are asked for at the match score in a match, for money in a single game", async () => {
    const asked: Array<{ length: number; score: unknown }> = [];
    const store = new MemoryStore(ttl);
    const g = new Games({
      store,
      settings: async () => DEFAULT_SETTINGS,
      player: (level) => {
        const t = inProcess(createPlayer(level, seededRandom(5)));
        return { ...t, choosePlay: async (game, score) => { asked.push({ length: current, score }); return t.choosePlay(game, score); } };
      },
    });
    let current = 3;
    let rec = await started(g, { chatId: 1, kind: 'bot', lang: 'en', white: alice, black: { kind: 'bot', level: 'medium' }, variant: 'short', length: 3 });
    rec = await playOut(g, rec, true);
    expect(rec.finished).toBe(true);
    const inMatch = asked.filter((a) => a.length === 3);
    expect(inMatch.length).toBeGreaterThan(5);
    for (const a of inMatch) {
      const s = a.score as { awayMe: number; awayOpp: number };
      expect(s.awayMe).toBeGreaterThanOrEqual(1);
      expect(s.awayMe).toBeLessThanOrEqual(3);
      expect(s.awayOpp).toBeGreaterThanOrEqual(1);
    }
    current = 1;
    await playOut(g, await started(g, { chatId: 2, kind: 'bot', lang: 'en', white: bob, black: { kind: 'bot', level: 'medium' }, variant: 'short', length: 1 }), true);
    const single = asked.filter((a) => a.length === 1);
    expect(single.length).toBeGreaterThan(5);
    expect(single.every((a) => a.score === undefined)).toBe(true);
  });

  it('a press is saved without waiting for the bot: the table takes the bot\'s turn itself, right after', async () => {
    const g = games();
    let rec = await started(g, { chatId: 1, kind: 'bot', lang: 'en', white: alice, black: { kind: 'bot', level: 'easy' }, variant: 'short', length: 1 });
    // Play the person's turn by hand until it passes to the bot.
    for (let i = 0; i < 20 && !isBotToAct(rec); i++) {
      const game = rec.match.game;
      const press = game.phase === 'roll' ? { type: 'roll' as const } : currentTurn(game).complete ? { type: 'done' as const } : { type: 'step' as const, step: currentTurn(game).next[0]! };
      const r = await g.press(rec.id, rec.v, 1, press);
      if (r.kind !== 'applied') throw new Error(r.kind);
      rec = r.game;
      expect(r.botToAct).toBe(isBotToAct(r.game));
    }
    // The press's answer: saved as it is, the bot not moved yet.
    expect(isBotToAct(rec)).toBe(true);
    // Nobody asks for the bot's turn: the table takes it.
    await g.botTurnsSettled();
    const after = (await g.get(rec.id))!;
    expect(after.v).toBe(rec.v + 1);
    expect(isBotToAct(after)).toBe(false);
    // Asked again with nothing to do, it changes nothing.
    expect((await g.botTurn(rec.id)).kind).toBe('idle');
  });

  it('the bot answers at once: after every press it is the person\'s turn again (or the game is over)', async () => {
    const g = games();
    const rec = await started(g, { chatId: 1, kind: 'bot', lang: 'en', white: alice, black: { kind: 'bot', level: 'medium' }, variant: 'long', length: 3 });
    const done = await playOut(g, rec, true);
    expect(done.finished).toBe(true);
  });

  it('without "confirm" a complete play is sent at once; auto-roll rolls for the player', async () => {
    const g = games({ ...DEFAULT_SETTINGS, confirm: false, autoRoll: 'no-double' });
    let rec = await started(g, { chatId: 1, kind: 'bot', lang: 'en', white: alice, black: { kind: 'bot', level: 'easy' }, variant: 'long', length: 1 });
    // Auto-roll: a person's turn never waits in the roll phase (no cube in long nardy).
    expect(rec.match.game.phase).toBe('move');
    const view = currentTurn(rec.match.game);
    for (let i = 0; i < view.playLength; i++) {
      const r = await pressThen(g, rec.id, rec.v, 1, { type: 'step', step: currentTurn(rec.match.game).next[0]! });
      if (r.kind !== 'applied') throw new Error(r.kind);
      rec = r.game;
    }
    expect(rec.match.game.last?.side === 'black' || rec.match.game.phase === 'over' || rec.match.game.position.turn === 'white').toBe(true);
  });

  it('a resignation is answered by the bot; a forfeit ends the match', async () => {
    const g = games();
    const rec = await started(g, { chatId: 1, kind: 'bot', lang: 'en', white: alice, black: { kind: 'bot', level: 'medium' }, variant: 'short', length: 1 });
    const r = await pressThen(g, rec.id, rec.v, 1, { type: 'resign', level: 3 });
    expect(r.kind).toBe('applied');
    const after = (r as { game: GameRecord }).game;
    expect(after.finished).toBe(true);
    expect(after.match.game.result).toMatchObject({ winner: 'black', kind: 'backgammon', reason: 'resigned' });
    const rec2 = await g.start({ chatId: 1, kind: 'bot', lang: 'en', white: alice, black: { kind: 'bot', level: 'easy' }, variant: 'long', length: 3 });
    const out = await g.forfeit(rec2.id, 1);
    expect(out.kind).toBe('applied');
    const f = (out as { game: GameRecord }).game;
    expect(f?.finished).toBe(true);
    expect(f?.match.winner).toBe('black');
    // Abandoning scores nothing (not the biggest loss): the result says what happened.
    expect(f?.match.game.result).toMatchObject({ winner: 'black', kind: 'forfeit', points: 0, reason: 'forfeit' });
    expect(f?.match.score).toEqual({ white: 0, black: 0 });
  });

  it('the bot offers no expert any more: a game asked at expert (a rematch of before) plays at hard in both games', async () => {
    expect(OFFERED_LEVELS).toEqual(['easy', 'medium', 'hard']);
    expect(offeredLevel('expert')).toBe('hard');
    expect(offeredLevel('medium')).toBe('medium');
    const g = games();
    for (const variant of ['long', 'short'] as const) {
      const rec = await g.start({ chatId: 1, kind: 'bot', lang: 'en', white: alice, black: { kind: 'bot', level: 'expert' }, variant, length: 1 });
      expect(Object.values(rec.players).find((p) => p.kind === 'bot')).toEqual({ kind: 'bot', level: 'hard' });
    }
  });

  it('rematch: one new game for two presses, colours swapped', async () => {
    const g = games();
    const rec = await g.start({ chatId: -8, kind: 'group', lang: 'en', white: alice, black: bob, variant: 'long', length: 1 });
    const done = ((await g.forfeit(rec.id, 1)) as { game?: GameRecord }).game;
    // Both press at once: one press is the offer, the other accepts it; one new match.
    const [a, b] = await Promise.all([g.rematch(done!.id, done!.v, 1), g.rematch(done!.id, done!.v, 2)]);
    const made = [a, b].filter((r) => r.kind === 'started');
    expect(made).toHaveLength(1);
    expect([a, b].map((r) => r.kind).sort()).toEqual(['offered', 'started']);
    expect((made[0] as { game: GameRecord }).game.players.white).toEqual(bob);
  });
});
