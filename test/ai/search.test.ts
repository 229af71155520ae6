import { describe, expect, it } from 'vitest';
import { ENCODINGS } from '../../src/ai/encode.js';
import { equityOf, flipOutcomes } from '../../src/ai/outcomes.js';
import { Evaluator } from '../../src/ai/evaluator.js';
import { Search, type SearchConfig } from '../../src/ai/search.js';
import { loadBundled } from '../../src/ai/weights.js';
import { LEVELS } from '../../src/ai/player.js';
import { DEFAULT_RULES } from '../../src/engine/rules.js';
import type { Dice } from '../../src/engine/index.js';
import { parseSetting } from '../../bench/settings.js';

// A contact position from a real game (mover's numbering: 0 off, 1..24, 25 bar).
const me = [0, 0, 0, 0, 2, 0, 4, 2, 2, 0, 1, 3, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0];
const opp = [0, 0, 0, 0, 2, 2, 3, 0, 2, 2, 0, 1, 0, 2, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0];
const dice = [3, 6] as unknown as Dice;
const wide: SearchConfig = { noise: 0, plies: 1, candidates: 6, within: 10, budgetMs: 1e9 };

describe('search: the looked-ahead value blended with the 0-ply one (zeroWeight)', () => {
  const search = new Search(new Evaluator(loadBundled('short').net, ENCODINGS.short));
  const key = (c: { me: Int8Array; opp: Int8Array }): string => `${c.me.join(',')}|${c.opp.join(',')}`;
  const random = (): number => 0.5;
  const zero = new Map(search.rank(me, opp, dice, { ...wide, plies: 0 }, random).map((c) => [key(c), c]));
  const one = new Map(search.rank(me, opp, dice, wide, random).filter((c) => c.ply === 1).map((c) => [key(c), c]));

  it('each candidate looked at gets (1 - w) of its 1-ply outcomes and w of its 0-ply ones', () => {
    const blended = search.rank(me, opp, dice, { ...wide, zeroWeight: 0.35 }, random).filter((c) => c.ply === 1);
    expect(blended).toHaveLength(6);
    for (const c of blended) {
      const p0 = zero.get(key(c))!.probs;
      const p1 = one.get(key(c))!.probs;
      for (let j = 0; j < c.probs.length; j++) expect(c.probs[j]).toBeCloseTo(0.65 * p1[j]! + 0.35 * p0[j]!, 6);
      expect(c.equity).toBeCloseTo(equityOf('short', c.probs), 6);
    }
    // Ranked by the blended value.
    for (let k = 1; k < blended.length; k++) expect(blended[k - 1]!.equity).toBeGreaterThanOrEqual(blended[k]!.equity);
  });

  it('without a weight the value is the 1-ply average alone, as before', () => {
    const plain = search.rank(me, opp, dice, { ...wide, zeroWeight: 0 }, random).filter((c) => c.ply === 1);
    for (const c of plain) expect(Array.from(c.probs)).toEqual(Array.from(one.get(key(c))!.probs));
  });

  it('hard blends; the gentle levels do not look ahead', () => {
    expect(LEVELS.hard.search.zeroWeight).toBeGreaterThan(0);
    expect(LEVELS.medium.search.plies).toBe(0);
  });

  it('hard takes its second look on its best five for its whole budget; expert, no longer offered, plays as hard', () => {
    expect(LEVELS.hard.search.deepCandidates).toBe(5);
    expect(LEVELS.hard.search.deepBudgetMs).toBeUndefined();
    expect(LEVELS.expert).toEqual(LEVELS.hard);
  });
});

describe('search: the second look (2-ply) on several candidates at once', () => {
  const search = new Search(new Evaluator(loadBundled('short').net, ENCODINGS.short));
  const ref = new Search(new Evaluator(loadBundled('short').net, ENCODINGS.short));
  const random = (): number => 0.5;
  const cands = search.rank(me, opp, dice, wide, random).slice(0, 3);
  const ROLLS: Array<{ dice: Dice; weight: number }> = [];
  for (let a = 1; a <= 6; a++) for (let b = a; b <= 6; b++) ROLLS.push({ dice: [a, b] as unknown as Dice, weight: a === b ? 1 : 2 });
  const flip = (p: ArrayLike<number>): Float32Array => {
    const out = new Float32Array(5);
    flipOutcomes('short', p, out);
    return out;
  };

  /** For us (just moved to `mine`) against `theirs` to roll, per opponent roll: our 0-ply outcomes after its best answer (1st layer) and our 1-ply ones (2nd). */
  function layers(mine: ArrayLike<number>, theirs: ArrayLike<number>): Map<string, { weight: number; v1: Float32Array; v2: Float32Array }> {
    const out = new Map<string, { weight: number; v1: Float32Array; v2: Float32Array }>();
    for (const { dice: d, weight } of ROLLS) {
      const answers = ref.rank(theirs, mine, d, { ...wide, plies: 0 }, random);
      const [us, them] = answers.length ? [answers[0]!.opp, answers[0]!.me] : [mine, theirs];
      const v1 = answers.length ? flip(answers[0]!.probs) : ref.preRoll(us, them, 0);
      const v2 = them[0] === 15 ? v1 : ref.preRoll(us, them, 1);
      out.set(`${d[0]}${d[1]}`, { weight, v1, v2 });
    }
    return out;
  }

  it('with time for every roll, each candidate gets its exact 2-ply outcomes', () => {
    const got = search.twoPlyMany(cands, cands.map((c) => c.probs), DEFAULT_RULES, () => false)!;
    expect(got).toHaveLength(3);
    cands.forEach((c, i) => {
      const want = new Float32Array(5);
      for (const { weight, v2 } of layers(c.me, c.opp).values()) for (let j = 0; j < 5; j++) want[j] = want[j]! + (weight * v2[j]!) / 36;
      for (let j = 0; j < 5; j++) expect(got[i]![j]).toBeCloseTo(want[j]!, 5);
    });
  });

  it('cut short, each keeps its 1-ply outcomes corrected by the mean difference the second layer made on the same rolls', () => {
    const one = cands.map((c) => search.onePly(c.me, c.opp));
    const seen: number[] = [];
    // Stop after four rolls: 6-5, 2-1, 4-4, 6-3 (weights 2, 2, 1, 2).
    const got = search.twoPlyMany(cands, one, DEFAULT_RULES, (rolls) => rolls >= 4 || (seen.push(rolls), false))!;
    expect(seen).toEqual([0, 1, 2, 3]);
    cands.forEach((c, i) => {
      const l = layers(c.me, c.opp);
      const diff = new Float32Array(5);
      for (const k of ['65', '12', '44', '36']) {
        const { weight, v1, v2 } = l.get(k.split('').sort().join(''))!;
        for (let j = 0; j < 5; j++) diff[j] = diff[j]! + (weight * (v2[j]! - v1[j]!)) / 7;
      }
      for (let j = 0; j < 5; j++) expect(got[i]![j]).toBeCloseTo(Math.max(0, one[i]![j]! + diff[j]!), 5);
    });
  });

  it('no roll looked at in time: no second look at all', () => {
    expect(search.twoPlyMany(cands, cands.map((c) => c.probs), DEFAULT_RULES, () => true)).toBeNull();
  });

  it('expert ranks its best 1-ply candidates by the second look, best first, and keeps the rest after them', () => {
    const cfg = { ...LEVELS.expert.search, within: 10, deepWithin: 10, budgetMs: 1e9 };
    const deep = cfg.deepCandidates!;
    expect(deep).toBeGreaterThan(1);
    expect(cfg.candidates).toBeGreaterThan(deep);
    const ranked = search.rank(me, opp, dice, cfg, random);
    expect(ranked.length).toBeGreaterThan(cfg.candidates);
    expect(ranked.slice(0, cfg.candidates + 1).map((c) => c.ply)).toEqual([...Array<number>(deep).fill(2), ...Array<number>(cfg.candidates - deep).fill(1), 0]);
    for (let k = 1; k < deep; k++) expect(ranked[k - 1]!.equity).toBeGreaterThanOrEqual(ranked[k]!.equity);
  });
});

describe('bench settings', () => {
  it('a level with overrides of its search', () => {
    const s = parseSetting('hard/candidates=8/within=0.25/zeroWeight=0', true);
    expect(s.level).toBe('hard');
    expect(s.config.search).toMatchObject({ candidates: 8, within: 0.25, zeroWeight: 0, noise: 0 });
    expect(s.config.cubePlies).toBe(LEVELS.hard.cubePlies);
    expect(s.config.cubefulPlay).toBe(true);
    expect(parseSetting('hard/cubefulPlay=0').config.cubefulPlay).toBe(false);
    expect(parseSetting('hard/cubefulPlay=0').config.search).toEqual(LEVELS.hard.search);
    expect(parseSetting('hard/deepBudgetMs=60').config.search.deepBudgetMs).toBe(60);
    // The cube's depth, the window and the time of its second roll.
    const c = parseSetting('hard/cubePlies=1/cubeDeepWithin=0.25/cubeDeepBudgetMs=1000').config;
    expect(c).toMatchObject({ cubePlies: 1, cubeDeepWithin: 0.25, cubeDeepBudgetMs: 1000 });
    expect(c.search).toEqual(LEVELS.hard.search);
  });

  it('refuses what is not a level or not a number', () => {
    expect(() => parseSetting('grandmaster')).toThrow(/level/);
    expect(() => parseSetting('hard/depth=3')).toThrow(/bad override/);
    expect(() => parseSetting('hard/within=wide')).toThrow(/bad override/);
    expect(() => parseSetting('hard/cubePlies=3')).toThrow(/cubePlies 0, 1 or 2/);
    expect(() => parseSetting('hard/within=')).toThrow(/bad override/);
    expect(() => parseSetting('hard/cubefulPlay=0.5')).toThrow(/bad override/);
  });
});
