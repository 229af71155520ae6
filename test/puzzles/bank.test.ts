/**
 * The bundled problem banks (assets/puzzles, made by scripts/puzzles/make.ts): their format, and a
 * sample of problems checked again by a search of its own: each answer a legal play of the roll,
 * the best ranked first among the answers, the themes true of the position.
 */
import { describe, expect, it } from 'vitest';
import { Player, LEVELS, loadBrains } from '../../src/ai/player.js';
import { legalPlays } from '../../src/engine/plays.js';
import { parsePlay } from '../../src/engine/notation.js';
import { defaultRules } from '../../src/engine/rules.js';
import { sidesOf } from '../../src/engine/types.js';
import { BankError, loadBank, parseBank, problemById, problemPosition } from '../../src/puzzles/bank.js';
import { isBearOff, sidesAfter } from '../../src/puzzles/facts.js';
import { seededRandom } from '../../src/sim/rng.js';

const key = (me: ArrayLike<number>, opp: ArrayLike<number>): string => `${Array.from(me).join(',')}|${Array.from(opp).join(',')}`;

describe('the problem banks', () => {
  for (const variant of ['short', 'long'] as const) {
    it(`${variant}: a bank of its game, every problem well formed, the ids unique`, () => {
      const bank = loadBank(variant);
      expect(bank.variant).toBe(variant);
      expect(bank.problems.length).toBeGreaterThanOrEqual(2000);
      expect(new Set(bank.problems.map((p) => p.id)).size).toBe(bank.problems.length);
      for (const p of bank.problems.slice(0, 50)) expect(problemById(p.id)).toBe(p);
    });

    it(`${variant}: a sample re-checked: legal answers, the best first by a search of its own, true themes`, () => {
      const bank = loadBank(variant);
      const rules = defaultRules(variant);
      // One roll ahead on every answer, no time limit: the same answer on any machine.
      const check = new Player('hard', loadBrains(), seededRandom(5), { ...LEVELS.hard, search: { noise: 0, plies: 1, candidates: 12, within: 1, zeroWeight: 0.35, budgetMs: 60_000 } });
      const step = Math.max(1, Math.floor(bank.problems.length / 20));
      let agree = 0;
      let sample = 0;
      for (let i = 0; i < bank.problems.length; i += step) {
        const p = bank.problems[i]!;
        const position = problemPosition(p);
        const legal = new Set(legalPlays(position, [p.dice[0], p.dice[1]], rules).map((x) => key(...(Object.values(sidesOf(x.position, position.turn)) as [number[], number[]]))));
        const after = p.answers.map((a) => {
          const s = sidesAfter(position, parsePlay(a.play));
          return key(s.me, s.opp);
        });
        for (const a of after) expect(legal.has(a), `${p.id}: an answer is not a legal play of ${p.dice}`).toBe(true);
        expect(new Set(after).size).toBe(after.length);
        const ranked = check.rank(position, [p.dice[0], p.dice[1]], rules);
        const equity = new Map(ranked.map((c) => [key(c.me, c.opp), c.equity]));
        const values = after.map((k) => equity.get(k)!);
        if (values.every((v, j) => j === 0 || values[0]! >= v)) agree++;
        if (p.themes.includes('bear-off')) expect(isBearOff(position)).toBe(true);
        sample++;
      }
      // The bank's answers were judged two rolls ahead; one roll ahead agrees on nearly all.
      expect(sample).toBeGreaterThanOrEqual(20);
      expect(agree / sample).toBeGreaterThanOrEqual(0.9);
    });
  }

  it('refuses a broken bank with the reason', () => {
    const good = loadBank('short');
    const p = good.problems[0]!;
    expect(() => parseBank({ ...good, schema: 9 })).toThrow(BankError);
    expect(() => parseBank({ ...good, problems: [{ ...p, answers: p.answers.slice(0, 2) }] })).toThrow(/three or four answers/);
    expect(() => parseBank({ ...good, problems: [{ ...p, answers: [...p.answers].reverse() }] })).toThrow(/not the best/);
    expect(() => parseBank({ ...good, problems: [p, p] })).toThrow(/repeated id/);
    expect(() => parseBank({ ...good, problems: [{ ...p, tempting: 0 }] })).toThrow(/tempting/);
    expect(() => parseBank({ ...good, variant: 'long' })).toThrow(/other game/);
  });
});
