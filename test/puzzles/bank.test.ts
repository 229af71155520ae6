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
import { BankError, CUBE_ANSWERS, cubeAnswerErrors, loadBank, parseBank, problemById, problemPosition } from '../../src/puzzles/bank.js';
import { matchAt } from '../../src/engine/match.js';
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
      const plays = bank.problems.filter((p) => p.kind === 'play');
      const step = Math.max(1, Math.floor(plays.length / 20));
      let agree = 0;
      let sample = 0;
      for (let i = 0; i < plays.length; i += step) {
        const p = plays[i]!;
        const dice = p.dice!;
        const position = problemPosition(p);
        const legal = new Set(legalPlays(position, [dice[0], dice[1]], rules).map((x) => key(...(Object.values(sidesOf(x.position, position.turn)) as [number[], number[]]))));
        const after = p.answers.map((a) => {
          const s = sidesAfter(position, parsePlay(a.play));
          return key(s.me, s.opp);
        });
        for (const a of after) expect(legal.has(a), `${p.id}: an answer is not a legal play of ${p.dice}`).toBe(true);
        expect(new Set(after).size).toBe(after.length);
        const ranked = check.rank(position, [dice[0], dice[1]], rules);
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

  it('short: cube problems, before the roll, the four answers ranked by what each gets wrong; a sample re-checked one roll ahead', () => {
    const cubes = loadBank('short').problems.filter((p) => p.kind === 'cube');
    expect(cubes.length).toBeGreaterThanOrEqual(300);
    const best = new Map<string, number>();
    for (const p of cubes) {
      expect(p.dice).toBeNull();
      expect(p.themes).toContain('cube');
      expect(p.answers.map((a) => a.play).sort()).toEqual([...CUBE_ANSWERS].sort());
      expect(p.cube!.win).toBeGreaterThanOrEqual(0.5);
      best.set(p.answers[0]!.play, (best.get(p.answers[0]!.play) ?? 0) + 1);
    }
    // Every answer is the right one of some problems; none of most.
    for (const a of CUBE_ANSWERS) expect(best.get(a) ?? 0, a).toBeGreaterThan(cubes.length * 0.1);
    for (const a of CUBE_ANSWERS) expect(best.get(a) ?? 0, a).toBeLessThanOrEqual(Math.ceil(cubes.length * 0.3));
    // One roll ahead (the bank's answers were judged two rolls ahead everywhere).
    const check = new Player('hard', loadBrains(), seededRandom(5), { ...LEVELS.hard, cubePlies: 1 });
    const rules = { ...defaultRules('short'), cube: true };
    let agree = 0;
    const sample = cubes.filter((_, i) => i % Math.floor(cubes.length / 30) === 0);
    for (const p of sample) {
      const position = problemPosition(p);
      const match = matchAt(position, { length: 0, score: [0, 0], crawford: false, cube: { value: p.cube!.value, owner: p.cube!.owner === 'me' ? position.turn : null } }, rules, 'roll');
      const errors = cubeAnswerErrors(check.cubeDecision(match, true).equities);
      const mine = CUBE_ANSWERS.reduce((a, b) => (errors[b] < errors[a] ? b : a));
      if (mine === p.answers[0]!.play) agree++;
    }
    expect(sample.length).toBeGreaterThanOrEqual(25);
    expect(agree / sample.length).toBeGreaterThanOrEqual(0.85);
  });

  it("a cube answer's error: the doubler's part and the taker's part", () => {
    // Double/take is right: no double loses the doubling gain, a pass loses the take's value.
    expect(cubeAnswerErrors({ noDouble: 0.5, doubleTake: 0.8, doublePass: 1 })).toEqual({ 'no-double': 0.30000000000000004, 'double-take': 0, 'double-pass': 0.19999999999999996, 'too-good': 0.5 });
    // Too good: playing on beats cashing, the opponent should pass a double.
    const tg = cubeAnswerErrors({ noDouble: 1.2, doubleTake: 1.9, doublePass: 1 });
    expect(tg['too-good']).toBe(0);
    expect(tg['double-pass']).toBeCloseTo(0.2, 9);
    expect(tg['no-double']).toBeCloseTo(0.9, 9);
    expect(tg['double-take']).toBeCloseTo(0.2 + 0.9, 9);
  });

  it('refuses a broken bank with the reason', () => {
    const good = loadBank('short');
    const p = good.problems[0]!;
    expect(() => parseBank({ ...good, schema: 9 })).toThrow(BankError);
    expect(() => parseBank({ ...good, problems: [{ ...p, answers: p.answers.slice(0, 2) }] })).toThrow(/three or four answers/);
    expect(() => parseBank({ ...good, problems: [{ ...p, answers: [...p.answers].reverse() }] })).toThrow(/not the best/);
    expect(() => parseBank({ ...good, problems: [p, p] })).toThrow(/repeated id/);
    expect(() => parseBank({ ...good, problems: [{ ...p, tempting: 0 }] })).toThrow(/tempting/);
    expect(() => parseBank({ ...good, variant: 'long', problems: [{ ...p, id: 'l1' }] })).toThrow(/other game/);
    expect(() => parseBank({ ...good, variant: 'long' })).toThrow(/bad id/);
    const cube = good.problems.find((x) => x.kind === 'cube')!;
    expect(() => parseBank({ ...good, problems: [{ ...cube, dice: [3, 1] }] })).toThrow(/before the roll/);
    expect(() => parseBank({ ...good, problems: [{ ...cube, answers: cube.answers.map((a, i) => (i === 1 ? { ...a, play: 'beaver' } : a)) }] })).toThrow(/not a cube answer/);
    expect(() => parseBank({ ...good, problems: [{ ...cube, cube: { ...cube.cube, owner: 'opp' } }] })).toThrow(/bad cube/);
    expect(() => parseBank({ ...good, problems: [{ ...cube, kind: 'riddle' }] })).toThrow(/a play or of the cube/);
  });
});
