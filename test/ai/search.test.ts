import { describe, expect, it } from 'vitest';
import { ENCODINGS } from '../../src/ai/encode.js';
import { equityOf } from '../../src/ai/outcomes.js';
import { Evaluator } from '../../src/ai/evaluator.js';
import { Search, type SearchConfig } from '../../src/ai/search.js';
import { loadBundled } from '../../src/ai/weights.js';
import { LEVELS } from '../../src/ai/player.js';
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

  it('hard and expert blend; the gentle levels do not look ahead', () => {
    expect(LEVELS.hard.search.zeroWeight).toBeGreaterThan(0);
    expect(LEVELS.expert.search.zeroWeight).toBeGreaterThan(0);
    expect(LEVELS.medium.search.plies).toBe(0);
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
  });

  it('refuses what is not a level or not a number', () => {
    expect(() => parseSetting('grandmaster')).toThrow(/level/);
    expect(() => parseSetting('hard/depth=3')).toThrow(/bad override/);
    expect(() => parseSetting('hard/within=wide')).toThrow(/bad override/);
    expect(() => parseSetting('hard/within=')).toThrow(/bad override/);
    expect(() => parseSetting('hard/cubefulPlay=0.5')).toThrow(/bad override/);
  });
});
