/** Challenges without Telegram: who may accept, the first acceptor wins, and no half-done accept. */
import { describe, expect, it } from 'vitest';
import { createApp } from '../../src/app/index.js';
import { MemoryStore, type Store, type StoredGame } from '../../src/store/index.js';

const ttl = { challengeSeconds: 60, finishedSeconds: 600, idleSeconds: 600 };
const ann = { id: 1, name: 'Ann', username: 'ann', lang: 'en' as const };
const ben = { id: 2, name: 'Ben', username: 'ben', lang: 'ru' as const };
const eve = { id: 3, name: 'Eve', username: 'eve', lang: 'en' as const };

function setup(store: Store = new MemoryStore(ttl)) {
  return { store, app: createApp(store, { defaultLanguage: 'ru' }) };
}

describe('challenges', () => {
  it('an open challenge: the challenger cannot accept; the first acceptor starts the game, the rest find it gone', async () => {
    const { app } = setup();
    const c = await app.challenges.create({ chatId: -5, from: ann, target: null, variant: 'short', length: 3 });
    expect(await app.challenges.accept(c.id, ann, 'press-ann')).toEqual({ kind: 'own' });
    const results = await Promise.all([app.challenges.accept(c.id, ben, 'press-ben'), app.challenges.accept(c.id, eve, 'press-eve')]);
    expect(results.map((r) => r.kind).sort()).toEqual(['gone', 'started']);
    const started = results.find((r) => r.kind === 'started') as Extract<(typeof results)[number], { kind: 'started' }>;
    expect(started.game.id).toBe(c.id);
    // Colours are drawn; the board is the challenger's, from the challenger's side.
    const annSide = started.game.players.white.kind === 'human' && started.game.players.white.id === 1 ? 'white' : 'black';
    expect(started.game.players[annSide]).toMatchObject({ id: 1 });
    expect(started.game.seats[0]).toMatchObject({ owner: 1, viewer: annSide, lang: 'en' });
    // The dice: the chain committed in the challenge message, the acceptor's press as client seed.
    expect(started.game.dice.commit).toBe(c.dice.commit);
    expect(started.game.dice.client).toMatch(/^press-(ben|eve)$/);
    expect(await app.games.get(c.id)).toEqual(started.game);
    expect((await app.games.inChat(-5)).map((g) => g.id)).toEqual([c.id]);
    expect(await app.challenges.get(c.id)).toBeNull();
  });

  it('a challenge to someone: only they may accept or decline; only the challenger may cancel', async () => {
    const { app } = setup();
    const c = await app.challenges.create({ chatId: -5, from: ann, target: { id: null, username: 'Ben', name: null }, variant: 'long', length: 1 });
    expect((await app.challenges.accept(c.id, eve, 'press-eve')).kind).toBe('not-target');
    expect((await app.challenges.decline(c.id, eve)).kind).toBe('not-allowed');
    expect((await app.challenges.cancel(c.id, ben.id)).kind).toBe('not-allowed');
    expect((await app.challenges.decline(c.id, ben)).kind).toBe('done');
    expect((await app.challenges.accept(c.id, ben, 'press-ben')).kind).toBe('gone');
  });

  it('a failure between taking the challenge and starting its game leaves the challenge open and no game', async () => {
    const base = new MemoryStore(ttl);
    let failNext = true;
    // A store whose atomic claim breaks once, as a crash or a lost connection would.
    const flaky: Store = {
      ...base,
      kind: base.kind,
      games: base.games,
      boards: base.boards,
      users: base.users,
      dialogues: base.dialogues,
      ping: () => base.ping(),
      time: () => base.time(),
      close: () => base.close(),
      challenges: {
        put: (...a) => base.challenges.put(...a),
        get: (id) => base.challenges.get(id),
        take: (id) => base.challenges.take(id),
        inChat: (chatId) => base.challenges.inChat(chatId),
        claim: async (id: string, game: StoredGame) => {
          if (failNext) {
            failNext = false;
            throw new Error('connection lost');
          }
          return base.challenges.claim(id, game);
        },
      },
    };
    const { app } = setup(flaky);
    const c = await app.challenges.create({ chatId: -9, from: ann, target: null, variant: 'long', length: 1 });
    await expect(app.challenges.accept(c.id, ben, 'press-ben')).rejects.toThrow('connection lost');
    expect(await app.challenges.get(c.id)).not.toBeNull();
    expect(await app.games.get(c.id)).toBeNull();
    // Pressed again, it works.
    expect((await app.challenges.accept(c.id, ben, 'press-ben')).kind).toBe('started');
    expect(await app.games.get(c.id)).not.toBeNull();
  });

  it('cancelling all of a user\'s challenges in a chat', async () => {
    const { app } = setup();
    await app.challenges.create({ chatId: -5, from: ann, target: null, variant: 'long', length: 1 });
    await app.challenges.create({ chatId: -5, from: ann, target: null, variant: 'short', length: 1 });
    const other = await app.challenges.create({ chatId: -5, from: ben, target: null, variant: 'short', length: 1 });
    expect((await app.challenges.cancelAllBy(-5, ann.id)).length).toBe(2);
    expect((await app.challenges.inChat(-5)).map((c) => c.id)).toEqual([other.id]);
  });
});
