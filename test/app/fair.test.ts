/**
 * Fair dice without Telegram: a match's dice chain is committed before its client seed is known;
 * each game's seed is revealed at its end and checks against the commitment; rolls mix in the
 * client seed; records of the first version still verify their way.
 */
import { execFileSync } from 'node:child_process';
import { createHash, createHmac } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { isBotToAct, verifyGame } from '../../src/app/games.js';
import { createApp } from '../../src/app/index.js';
import { decodeGame } from '../../src/app/records.js';
import { chainCommit, chainMatches, chainSeed, fairRoll, newSeed, seedHash } from '../../src/engine/dice.js';
import { MemoryStore } from '../../src/store/index.js';

const ttl = { challengeSeconds: 60, finishedSeconds: 600, idleSeconds: 600 };
const ann = { kind: 'human' as const, id: 1, name: 'Ann', lang: 'en' as const };
const ben = { kind: 'human' as const, id: 2, name: 'Ben', lang: 'en' as const };

/** The README's recipe, written out independently of src/engine/dice.ts. */
function recipeRoll(serverSeedHex: string, client: string, gameId: string, k: number, n: number): [number, number] {
  for (let round = 0; ; round++) {
    const msg = `${client}:${gameId}:${k}:${n}` + (round ? `:${round}` : '');
    const bytes = createHmac('sha256', Buffer.from(serverSeedHex, 'hex')).update(msg).digest();
    const faces = [...bytes].filter((b) => b < 252).map((b) => (b % 6) + 1);
    if (faces.length >= 2) return [faces[0]!, faces[1]!];
  }
}

function recipeChain(seedHex: string, k: number): string {
  let x = Buffer.from(seedHex, 'hex');
  for (let i = 0; i < k; i++) x = createHash('sha256').update(x).digest();
  return x.toString('hex');
}

describe('fair dice', () => {
  it('the chain: x_k hashes k times to the commitment; a later seed is not derived from an earlier one', () => {
    const master = newSeed();
    const commit = chainCommit(master);
    for (const k of [1, 2, 7, 64]) {
      expect(chainMatches(chainSeed(master, k), k, commit)).toBe(true);
      expect(recipeChain(chainSeed(master, k), k)).toBe(commit);
      expect(chainMatches(chainSeed(master, k), k + 1 > 64 ? 63 : k + 1, commit)).toBe(false);
    }
    expect(createHash('sha256').update(Buffer.from(chainSeed(master, 2), 'hex')).digest('hex')).toBe(chainSeed(master, 1));
    expect(chainMatches('zz', 1, commit)).toBe(false);
  });

  it('the commitment shown before a match is the one the match uses, and the next match gets a new one', async () => {
    const app = createApp(new MemoryStore(ttl), { defaultLanguage: 'en' });
    const shown = await app.players.nextCommit(1);
    expect(await app.players.nextCommit(1)).toBe(shown); // stable until used
    const dice = await app.players.matchDice(1, 'cbq-777');
    expect(dice.commit).toBe(shown);
    expect(dice.client).toBe('cbq-777');
    expect(await app.players.nextCommit(1)).not.toBe(shown);
    // A person's own seed replaces the press id.
    expect(await app.players.setClientSeed(1, 'my:seed')).toBe(false);
    expect(await app.players.setClientSeed(1, 'lucky-7')).toBe(true);
    expect((await app.players.matchDice(1, 'cbq-778')).client).toBe('lucky-7');
  });

  it('every roll of every game follows the recipe; a finished game checks out; /fair covers the last game', async () => {
    const app = createApp(new MemoryStore(ttl), { defaultLanguage: 'en' });
    const dice = await app.players.matchDice(1, 'press-42');
    let rec = await app.games.start({ kind: 'group', chatId: -3, lang: 'en', white: ann, black: ben, variant: 'long', length: 3, dice });
    expect(rec.fair).toMatchObject({ scheme: 2, hash: dice.commit, index: 1, client: 'press-42', key: `press-42:${rec.id}:1` });
    const running = await app.fair.check(rec.id);
    expect(running).toMatchObject({ kind: 'checked', games: [{ seed: null, ok: null, index: 1 }] });
    // Play the first game out by resignation, then the second starts with x_2 of the same chain.
    for (let i = 0; i < 6 && rec.match.game.phase !== 'move'; i++) {
      const side = rec.match.game.position.turn;
      const r = await app.games.press(rec.id, rec.v, rec.players[side].kind === 'human' ? (rec.players[side] as typeof ann).id : 0, { type: 'roll' });
      if (r.kind === 'applied') rec = r.game;
    }
    const mover = rec.match.game.position.turn === 'white' ? 1 : 2;
    let r = await app.games.resign(rec.id, mover, 1);
    expect(r.kind).toBe('applied');
    rec = (r as { game: typeof rec }).game;
    const other = mover === 1 ? 2 : 1;
    r = await app.games.press(rec.id, rec.v, other, { type: 'accept' });
    rec = (r as { game: typeof rec }).game;
    expect(rec.match.game.phase).toBe('over');
    const first = rec.fair;
    const rolls = first.rolls.match(/../g)!.map((d) => [Number(d[0]), Number(d[1])]);
    rolls.forEach((roll, n) => expect(recipeRoll(first.seed, 'press-42', rec.id, 1, n)).toEqual(roll));
    expect(verifyGame(rec)).toMatchObject([{ scheme: 2, ok: true, index: 1 }]);
    // The README's script, which uses nothing of this code, agrees; a changed roll fails it.
    const script = fileURLToPath(new URL('../../scripts/verify-dice.mjs', import.meta.url));
    const args = [first.seed, '1', dice.commit, 'press-42', rec.id];
    expect(execFileSync(process.execPath, [script, ...args, first.rolls], { encoding: 'utf8' })).toMatch(/^ok/);
    const forged = (first.rolls[0] === '6' ? '1' : '6') + first.rolls.slice(1);
    expect(() => execFileSync(process.execPath, [script, ...args, forged], { encoding: 'utf8' })).toThrow();
    expect(() => execFileSync(process.execPath, [script, chainSeed(dice.master, 2), '1', dice.commit, 'press-42', rec.id, first.rolls], { encoding: 'utf8' })).toThrow();
    // Plain /fair: the last game that ended, for both players.
    const o = await app.fair.overview(-3, 2);
    expect(o.last).toMatchObject({ kind: 'checked', gameId: rec.id });
    r = await app.games.press(rec.id, rec.v, 1, { type: 'next' });
    rec = (r as { game: typeof rec }).game;
    expect(rec.fair).toMatchObject({ scheme: 2, index: 2, hash: dice.commit, key: `press-42:${rec.id}:2` });
    expect(rec.fair.seed).toBe(chainSeed(dice.master, 2));
    expect((await app.fair.check(rec.id)) as unknown).toMatchObject({ games: [{ ok: true, index: 1 }, { ok: null, index: 2 }] });
    expect(isBotToAct(rec)).toBe(false);
    expect(await app.fair.check('zzzzzzzzzz')).toEqual({ kind: 'not-found' });
    expect(await app.fair.check('../x')).toEqual({ kind: 'bad-id' });
  });

  it('a record of the first version (one seed per game) still verifies the way it was made', () => {
    const seed = newSeed();
    const id = 'abcdefghij';
    const rolls = [0, 1, 2].map((n) => fairRoll(seed, `${id}:1`, n)).map(([a, b]) => `${a}${b}`).join('');
    const v1 = {
      id, v: 3, kind: 'bot', chatId: 5, lang: 'en',
      players: { white: { kind: 'human', id: 5, name: 'A', lang: 'en' }, black: { kind: 'bot', level: 'easy' } },
      match: { schema: 1, variant: 'long', rules: {}, length: 1, score: { white: 0, black: 0 }, crawfordDone: false, gameNo: 1, winner: 'white', game: { schema: 1, phase: 'over', rolls: 3 } },
      fair: { key: `${id}:1`, seed, hash: seedHash(seed), rolls },
      archive: [], createdAt: 0, updatedAt: 0, finished: true,
    };
    const rec = decodeGame(v1);
    expect(rec.fair.scheme).toBe(1);
    expect(rec.seats).toEqual([{ chatId: 5, viewer: 'white', lang: 'en', owner: 5 }]);
    expect(verifyGame(rec)).toMatchObject([{ scheme: 1, ok: true, rolls: 3 }]);
    const forged = decodeGame({ ...v1, fair: { ...v1.fair, rolls: '66' + rolls.slice(2) } });
    expect(verifyGame(forged)[0]!.ok).toBe(rolls.startsWith('66'));
  });
});
