import { describe, expect, it } from 'vitest';
import { ENCODINGS, PRUNE_ENCODINGS, SHORT_PRUNE_INPUTS } from '../../src/ai/encode.js';
import { Evaluator } from '../../src/ai/evaluator.js';
import { equityOf } from '../../src/ai/outcomes.js';
import { LEVELS, playersSearch, PRUNE_KEEP } from '../../src/ai/player.js';
import { Search, type SearchConfig } from '../../src/ai/search.js';
import { loadBundled, loadBundledPrune } from '../../src/ai/weights.js';
import { sidesOf, type Dice, type Position } from '../../src/engine/index.js';
import { randomGame } from '../../src/sim/selfplay.js';
import { seededRandom } from '../../src/sim/rng.js';

/** The first `count` short positions (with their dice) of seeded random games. */
function positions(count: number): Array<{ position: Position; dice: Dice }> {
  const out: Array<{ position: Position; dice: Dice }> = [];
  for (let seed = 1; out.length < count; seed++) {
    randomGame('short', seed, undefined, undefined, ({ position, dice, count: n }) => {
      if (n > 0 && out.length < count) out.push({ position, dice });
    });
  }
  return out;
}

describe('the pruning encoding', () => {
  it('is the short encoding\'s first inputs, at the same numbers and with the same values', () => {
    const full = ENCODINGS.short;
    const prune = PRUNE_ENCODINGS.short!;
    expect(prune.inputs).toBe(SHORT_PRUNE_INPUTS);
    const xf = new Float32Array(full.inputs);
    const fi = new Int32Array(full.inputs);
    const xp = new Float32Array(prune.inputs);
    const pi = new Int32Array(prune.inputs);
    let contact = 0;
    for (const { position } of positions(400)) {
      const { me, opp } = sidesOf(position);
      const nf = full.encode(me, 0, opp, 0, xf, fi);
      const np = prune.encode(me, 0, opp, 0, xp, pi);
      const a = new Map<number, number>();
      for (let k = 0; k < nf; k++) if (fi[k]! < SHORT_PRUNE_INPUTS) a.set(fi[k]!, xf[fi[k]!]!);
      const b = new Map<number, number>();
      for (let k = 0; k < np; k++) b.set(pi[k]!, xp[pi[k]!]!);
      expect(b).toEqual(a);
      if (a.get(200) === 1) contact++;
    }
    expect(contact).toBeGreaterThan(100);
  });

  it('only short nardy has one', () => {
    expect(PRUNE_ENCODINGS.long).toBeUndefined();
    expect(loadBundledPrune('long')).toBeNull();
  });
});

describe('the bundled pruning net', () => {
  it('loads against the pruning encoding, small beside the players\' net', () => {
    const w = loadBundledPrune('short')!;
    expect(w).not.toBeNull();
    expect(w.manifest.encoding.inputs).toBe(SHORT_PRUNE_INPUTS);
    expect(w.net.shape.hidden).toBeLessThan(loadBundled('short').net.shape.hidden / 2);
    expect(w.manifest.training.trainer).toMatch(/train-prune/);
  });

  it('keeps the full net\'s best play among its best few of a roll most of the time', () => {
    const w = loadBundledPrune('short')!;
    const prune = new Evaluator(w.net, w.encoding);
    const full = new Evaluator(loadBundled('short').net, ENCODINGS.short);
    // Every play of each position's roll, valued by both (the side then to roll: lower is better for the mover).
    const search = new Search(full);
    let kept = 0;
    let decisions = 0;
    const p = new Float32Array(5);
    for (const { position, dice } of positions(300)) {
      const { me, opp } = sidesOf(position);
      const plays = search.rank(me, opp, dice, { noise: 0, plies: 0, candidates: 1, within: 0, budgetMs: 0 }, () => 0.5);
      if (plays.length <= PRUNE_KEEP) continue;
      decisions++;
      const byPrune = plays.map((c, i) => ({ i, v: -equityOf('short', prune.evaluate(c.opp, 0, c.me, 0, p)) })).sort((a, b) => b.v - a.v);
      if (byPrune.slice(0, PRUNE_KEEP).some(({ i }) => i === 0)) kept++;
    }
    expect(decisions).toBeGreaterThan(50);
    expect(kept / decisions).toBeGreaterThan(0.9);
  });
});

describe('search with a pruning net', () => {
  const full = (): Evaluator => new Evaluator(loadBundled('short').net, ENCODINGS.short);
  const cfg: SearchConfig = { ...LEVELS.expert.search, budgetMs: 1e9, deepBudgetMs: 1e9 };
  const looks = positions(12);
  const ranked = (s: Search, which = looks) => which.map(({ position, dice }) => {
    const { me, opp } = sidesOf(position);
    return s.rank(me, opp, dice, cfg, () => 0.5).map((c) => ({ moves: c.moves, equity: c.equity, ply: c.ply }));
  });
  const plain = ranked(new Search(full()));

  it('prunes with the full net itself to the same choices and values as no pruning (the kept plays include the best)', () => {
    // The same net as the pruning net: its best play is the full net's, so keeping 1 or 3 changes
    // nothing. Each position once (keep 1 the first half, keep 3 the second: a pruned search at
    // expert's depth costs seconds a position).
    const half = looks.length / 2;
    expect(ranked(new Search(full(), { ev: full(), keep: 1 }), looks.slice(0, half))).toEqual(plain.slice(0, half));
    expect(ranked(new Search(full(), { ev: full(), keep: 3 }), looks.slice(half))).toEqual(plain.slice(half));
  }, 120_000);

  it('asks the full net far less with the bundled pruning net, and chooses as without it', () => {
    const ev = full();
    const pruned = playersSearch('short', loadBundled('short').net);
    expect(pruned.prune?.keep).toBe(PRUNE_KEEP);
    const evPruned = pruned.ev as Evaluator;
    const before = evPruned.count;
    const withPrune = ranked(pruned);
    const plainSearch = new Search(ev);
    ranked(plainSearch);
    expect(evPruned.count - before).toBeLessThan(0.4 * ev.count);
    // The chosen play: the same as the full search's in all but at most one of the positions.
    const same = withPrune.filter((r, i) => JSON.stringify(r[0]!.moves) === JSON.stringify(plain[i]![0]!.moves)).length;
    expect(same).toBeGreaterThanOrEqual(looks.length - 1);
  }, 120_000);

  it('is off with keep 0 and refuses a net of another game', () => {
    expect(playersSearch('short', loadBundled('short').net, 0).prune).toBeNull();
    const long = new Evaluator(loadBundled('long').net, ENCODINGS.long);
    expect(() => new Search(full(), { ev: long, keep: 4 })).toThrow(/does not fit/);
  });
});
