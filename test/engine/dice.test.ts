import { describe, expect, it } from 'vitest';
import { diceFromBytes, FairDice, fairRoll, newSeed, ScriptedDice, SeededDice, seedHash, verifyRolls, type Dice } from '../../src/engine/index.js';

describe('provably fair dice (SPEC §4)', () => {
  it('publishes the SHA-256 of the seed and derives each roll from seed and roll number', () => {
    const seed = '00'.repeat(32);
    expect(seedHash(seed)).toBe('66687aadf862bd776c8fc18b8e9f8e20089714856ee233b3902a591d0d5f2925');
    const fair = new FairDice(seed, 'g1');
    expect(fair.roll(0)).toEqual(fairRoll(seed, 'g1', 0));
    expect(fair.roll(0)).toEqual(fair.roll(0));
    // Different games with the same seed get different rolls.
    const a = Array.from({ length: 20 }, (_, n) => fair.roll(n).join(''));
    const b = Array.from({ length: 20 }, (_, n) => new FairDice(seed, 'g2').roll(n).join(''));
    expect(a).not.toEqual(b);
  });

  it('maps bytes to dice without modulo bias (bytes 252..255 are skipped)', () => {
    expect(diceFromBytes(Uint8Array.from([252, 253, 254, 255, 0, 5]))).toEqual([1, 6]);
    expect(diceFromBytes(Uint8Array.from([251, 6]))).toEqual([6, 1]);
    expect(diceFromBytes(Uint8Array.from([255, 255, 3]))).toBeNull();
  });

  it('is uniform over many rolls (chi-square on 36 outcomes)', () => {
    const seed = newSeed();
    const counts = new Array(36).fill(0);
    const n = 36_000;
    for (let i = 0; i < n; i++) {
      const [a, b] = fairRoll(seed, 'chi', i);
      counts[(a - 1) * 6 + (b - 1)]++;
    }
    const expected = n / 36;
    const chi = counts.reduce((s, c) => s + (c - expected) ** 2 / expected, 0);
    // 35 degrees of freedom: p = 0.0001 at about 73.
    expect(chi).toBeLessThan(73);
  });

  it('verifies a finished game and catches a forged roll or a wrong seed', () => {
    const seed = newSeed();
    const hash = seedHash(seed);
    const rolls: Dice[] = Array.from({ length: 30 }, (_, n) => fairRoll(seed, 'game-7', n));
    expect(verifyRolls(seed, hash, 'game-7', rolls)).toEqual({ ok: true, hashMatches: true, firstMismatch: -1 });
    const forged = rolls.map((r, i): Dice => (i === 12 ? [r[0] === 6 ? 1 : 6, r[1]] : r));
    expect(verifyRolls(seed, hash, 'game-7', forged)).toMatchObject({ ok: false, firstMismatch: 12 });
    expect(verifyRolls(newSeed(), hash, 'game-7', rolls)).toMatchObject({ ok: false, hashMatches: false });
    expect(verifyRolls('not hex', hash, 'game-7', rolls).ok).toBe(false);
  });

  it('test sources are deterministic', () => {
    expect(new SeededDice(5).roll(3)).toEqual(new SeededDice(5).roll(3));
    expect(new ScriptedDice([[6, 5]]).roll(0)).toEqual([6, 5]);
    expect(() => new ScriptedDice([]).roll(0)).toThrow(/ran out/);
  });
});
