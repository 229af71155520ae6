/** Analysis of games over the trained evaluation; the export as JSON and as gnubg's .mat. */
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { analyse, mistakesOf, REVIEW_DEPTH, softLoss, type AnalyseOptions, type Analysis } from '../../src/ai/analysis.js';
import { GameFileError, parseExport, type GameExport } from '../../src/engine/gamefile.js';
import { ENCODINGS } from '../../src/ai/encode.js';
import { Evaluator } from '../../src/ai/evaluator.js';
import type { Net } from '../../src/ai/net.js';
import { createPlayer, LEVELS, loadBrains, Player } from '../../src/ai/player.js';
import { Search } from '../../src/ai/search.js';
import { loadBundled, loadBundledReview } from '../../src/ai/weights.js';
import { exportGame, parseMat, toMat } from '../../src/app/export.js';
import { applyMatchAction, newMatch, SeededDice, type MatchState } from '../../src/engine/index.js';
import { seededRandom } from '../../src/sim/rng.js';

/** A play's steps in one order (the analysis may list the steps of one play in either). */
const steps = (play: string): string => play.split(' ').sort().join(' ');

function exported(record: string[], variant: 'long' | 'short' = 'short'): GameExport {
  return parseExport({ format: 'nardy-game', version: 1, id: 'test000001', variant, rules: {}, length: 1, players: { white: 'Ann', black: 'Ben' }, games: [{ number: 1, score: { white: 0, black: 0 }, crawford: false, postCrawford: false, record, result: null }] });
}

/** A whole match between two bot levels, played through the engine. */
// Each match is played once for the whole file (hard's search makes them take seconds).
const played = new Map<string, MatchState>();
function playMatch(variant: 'long' | 'short', length: number, seed: number): MatchState {
  const key = `${variant}:${length}:${seed}`;
  if (!played.has(key)) played.set(key, playOut(variant, length, seed));
  return played.get(key)!;
}

/** A played match's single game as an export. */
function exportOf(variant: 'long' | 'short', seed: number): GameExport {
  const m = playMatch(variant, 1, seed);
  return parseExport({ format: 'nardy-game', version: 1, id: `played${String(seed).padStart(4, '0')}`, variant, rules: m.rules, length: 1, players: { white: 'Hard', black: 'Easy' }, games: [{ number: 1, score: { white: 0, black: 0 }, crawford: false, postCrawford: false, record: m.game.record, result: m.game.result }] });
}

/**
 * Each analysis of a played game, made once for the whole file (several tests read the same
 * one: the Review's deeper analyses take seconds), with the shares of its progress.
 */
const analysed = new Map<string, Promise<{ analysis: Analysis; shares: number[] }>>();
function analysisOf(variant: 'long' | 'short', seed: number, opts: Omit<AnalyseOptions, 'progress' | 'search'> = {}): Promise<{ analysis: Analysis; shares: number[] }> {
  const key = `${variant}:${seed}:${JSON.stringify(opts)}`;
  if (!analysed.has(key)) {
    const shares: number[] = [];
    analysed.set(key, analyse(exportOf(variant, seed), { ...opts, progress: (f) => void shares.push(f) }).then((analysis) => ({ analysis, shares })));
  }
  return analysed.get(key)!;
}

function playOut(variant: 'long' | 'short', length: number, seed: number): MatchState {
  const dice = new SeededDice(seed);
  let rolls = 0;
  // Hard without its clock (and without its second look, which would then take seconds a game):
  // the same game whatever the load on the machine, so the tests below read the same positions.
  const untimed = { ...LEVELS.hard, search: { ...LEVELS.hard.search, budgetMs: Infinity, deepCandidates: 0 }, cubeDeepBudgetMs: Infinity };
  const players = { white: new Player('hard', loadBrains(), seededRandom(seed), untimed), black: createPlayer('easy', seededRandom(seed + 1)) };
  let m = newMatch(variant, length);
  for (let i = 0; i < 5000 && !m.winner; i++) {
    const g = m.game;
    let r;
    if (g.phase === 'opening' || g.phase === 'roll') {
      const side = g.position.turn;
      if (g.phase === 'roll' && players[side].wantsToDouble(m)) r = applyMatchAction(m, { type: 'double' }, side);
      else r = applyMatchAction(m, { type: 'roll', dice: dice.roll(rolls++) }, g.phase === 'opening' ? 'white' : side);
    } else if (g.phase === 'double') {
      const taker = g.position.turn === 'white' ? 'black' : 'white';
      r = applyMatchAction(m, { type: players[taker].takes(m) ? 'take' : 'drop' }, taker);
    } else if (g.phase === 'move') {
      r = applyMatchAction(m, { type: 'play', moves: players[g.position.turn].choosePlay(g) }, g.position.turn);
    } else if (g.phase === 'over') {
      throw new Error('use the app for next games');
    } else throw new Error(`phase ${g.phase}`);
    if (!r.ok) throw new Error(r.error.message);
    m = r.state;
  }
  return m;
}

describe('analysis of a hand-made game', () => {
  it('a 3-1 opening played 13/10 6/5 is a big mistake; 8/5 6/5 is best', async () => {
    const a = await analyse(exported(['opening 3-1', 'W 31: 13/10 6/5', 'B 64: 24/18 13/9']));
    const first = a.decisions.find((d) => d.kind === 'play' && d.side === 'white')!;
    expect(steps(first.best)).toBe(steps('8/5 6/5'));
    expect(first.loss).toBeGreaterThan(0.08);
    expect(first.mark).not.toBe('ok');
    expect(first.forced).toBe(false);
    expect(steps(first.options![0]!.play)).toBe(steps('8/5 6/5'));
    // The opening roll is not luck; the reply's roll is.
    expect(first.luck).toBeUndefined();
    expect(a.decisions.find((d) => d.side === 'black' && d.kind === 'play')!.luck).toBeTypeOf('number');
    expect(a.players.white).toMatchObject({ unforced: 1, veryBad: first.mark === 'very-bad' ? 1 : 0 });
    expect(a.players.white.errorRate).toBeCloseTo(first.loss * 1000, 0);
    expect(mistakesOf(a, 'white')[0]).toBe(first);
  });

  it('the best play loses nothing; a forced play is not counted', async () => {
    const a = await analyse(exported(['opening 3-1', 'W 31: 8/5 6/5']));
    const d = a.decisions.find((x) => x.kind === 'play')!;
    expect(d.loss).toBe(0);
    expect(d.mark).toBe('ok');
    // Black on the bar against a closed board can do nothing: forced, out of the error rate.
    const closed = await analyse(exported(['opening 6-5', 'W 65: 24/18 18/13', 'B 66: 24/18(2) 13/7(2)']));
    expect(closed.decisions.every((x) => x.loss >= 0 && x.bestEquity >= x.equity - 1e-12)).toBe(true);
  });

  it('refuses what is not a game export, with a clear error', () => {
    expect(() => parseExport({ format: 'x' })).toThrow(GameFileError);
    expect(() => parseExport({ format: 'nardy-game', version: 1, variant: 'short', length: 1, games: [{ number: 1, score: { white: 0, black: 0 }, record: ['W 31: 13/10 13/12 rm -rf'] }] })).toThrow(/cannot read|not a legal/);
    return expect(analyse(exported(['opening 3-1', 'W 31: 13/10 13/12']))).rejects.toThrow(/not a legal play/);
  });
});

describe('analysis of whole games', () => {
  it.each(['short', 'long'] as const)('%s nardy: every decision analysed, losses never negative, progress to 100%%', async (variant) => {
    const seed = variant === 'short' ? 9 : 7;
    const m = playMatch(variant, 1, seed);
    const { analysis: a, shares: seen } = await analysisOf(variant, seed);
    const plays = m.game.record.filter((l) => /^[WB] \d\d:/.test(l)).length;
    expect(a.decisions.filter((d) => d.kind === 'play')).toHaveLength(plays);
    expect(a.decisions.every((d) => d.loss >= 0)).toBe(true);
    expect(seen.at(-1)).toBe(1);
    expect(seen.every((f, i) => i === 0 || f >= seen[i - 1]!)).toBe(true);
    // Easy (noisy on purpose) errs more than hard.
    expect(a.players.black.errorRate).toBeGreaterThan(a.players.white.errorRate);
  }, 120_000);

  it('at 1 ply, zeroWeight blends each play\'s 0-ply outcomes into its value: all of them, the 0-ply losses; half, the mean of the two values', async () => {
    const exp = exportOf('short', 9);
    const plays = (a: Analysis) => a.decisions.filter((d) => d.kind === 'play' && !d.forced);
    const zero = plays((await analysisOf('short', 9, { plies: 0 })).analysis);
    const one = plays((await analysisOf('short', 9, { plies: 1 })).analysis);
    const all = plays((await analysisOf('short', 9, { plies: 1, zeroWeight: 1 })).analysis);
    const half = plays((await analysisOf('short', 9, { plies: 1, zeroWeight: 0.5 })).analysis);
    expect(zero.length).toBeGreaterThan(10);
    for (let i = 0; i < zero.length; i++) {
      expect(all[i]!.loss).toBeCloseTo(zero[i]!.loss, 5);
      // The played play's value is the mean of its 0-ply and 1-ply values.
      expect(half[i]!.equity).toBeCloseTo((zero[i]!.equity + one[i]!.equity) / 2, 4);
    }
    // Not the same analysis as either end.
    expect(half.some((d, i) => Math.abs(d.loss - one[i]!.loss) > 1e-3)).toBe(true);
    expect(half.some((d, i) => Math.abs(d.loss - zero[i]!.loss) > 1e-3)).toBe(true);
    await expect(analyse(exp, { plies: 1, zeroWeight: 2 })).rejects.toThrow(/zeroWeight/);
  }, 120_000);

  it('secondLook values the best plays and the play made by their 0-, 1- and 2-ply outcomes as weighted; bad weights are refused', async () => {
    const m = playMatch('short', 1, 12);
    const exp = exported(m.game.record.slice(0, 24));
    const plays = (a: Awaited<ReturnType<typeof analyse>>) => a.decisions.filter((d) => d.kind === 'play' && !d.forced);
    const zero = plays(await analyse(exp, { plies: 0 }));
    const one = plays(await analyse(exp, { plies: 1 }));
    const asZero = plays(await analyse(exp, { plies: 1, secondLook: { weights: [1, 0, 0], candidates: 1 } }));
    const asOne = plays(await analyse(exp, { plies: 1, secondLook: { weights: [0, 1, 0], candidates: 1 } }));
    const two = plays(await analyse(exp, { plies: 1, secondLook: { weights: [0, 0, 1], candidates: 1 } }));
    expect(zero.length).toBeGreaterThan(8);
    for (let i = 0; i < zero.length; i++) {
      // The play made is always looked at, so its value is the weighted one.
      expect(asZero[i]!.equity).toBeCloseTo(zero[i]!.equity, 5);
      expect(asOne[i]!.equity).toBeCloseTo(one[i]!.equity, 4);
      // Only the looked-at plays rank: never more loss than the full 0-ply ranking finds.
      expect(asZero[i]!.loss).toBeLessThanOrEqual(zero[i]!.loss + 1e-6);
    }
    // Two plies ahead is another analysis.
    expect(two.some((d, i) => Math.abs(d.equity - one[i]!.equity) > 1e-3)).toBe(true);
    await expect(analyse(exp, { plies: 1, secondLook: { weights: [0.5, 0.5, 0.5], candidates: 2 } })).rejects.toThrow(/secondLook/);
    await expect(analyse(exp, { plies: 0, secondLook: { weights: [0, 0, 1], candidates: 2 } })).rejects.toThrow(/secondLook/);
    await expect(analyse(exp, { plies: 1, secondLook: { weights: [0, 0, 1], candidates: 0 } })).rejects.toThrow(/secondLook/);
  }, 120_000);

  it('secondLook works out only the depths it weighs: no 2-ply outcomes at a 2-ply weight of 0', async () => {
    const base = loadBrains().review('short');
    class Counting extends Search {
      twos = 0;
      override twoPlyMany(...args: Parameters<Search['twoPlyMany']>): ReturnType<Search['twoPlyMany']> {
        this.twos++;
        return super.twoPlyMany(...args);
      }
    }
    const exp = exported(['opening 3-1', 'W 31: 13/10 6/5', 'B 64: 24/18 13/9', 'W 52: 13/8 13/11']);
    const twosAt = async (weights: readonly [number, number, number]): Promise<number> => {
      const search = new Counting(base.ev, base.prune);
      await analyse(exp, { plies: 1, secondLook: { weights, candidates: 1 }, search });
      return search.twos;
    };
    expect(await twosAt([1, 0, 0])).toBe(0);
    expect(await twosAt([0.5, 0.5, 0])).toBe(0);
    expect(await twosAt([0, 0, 1])).toBeGreaterThan(0);
  }, 120_000);

  it('secondLook with where looks only in contact positions, or in contact ones with checkers off, and with minLoss also where the play lost that much; the plain analysis elsewhere', async () => {
    const exp = exportOf('short', 9);
    const plays = (a: Analysis) => a.decisions.filter((d) => d.kind === 'play' && !d.forced);
    // One candidate besides the play made, and no 2-ply outcomes: where the look goes is what is
    // tested here (the mix of depths is the tests' above), at a fraction of the work.
    const look = { weights: [0.5, 0.5, 0] as const, candidates: 1 };
    const plain = plays((await analysisOf('short', 9, { plies: 1 })).analysis);
    const all = plays(await analyse(exp, { plies: 1, secondLook: look }));
    const contact = plays(await analyse(exp, { plies: 1, secondLook: { ...look, where: 'contact' } }));
    const off = plays(await analyse(exp, { plies: 1, secondLook: { ...look, where: 'contact-off' } }));
    // Worked out here from the position: the furthest checkers of the two sides still have to pass.
    const kind = (d: (typeof plain)[number]): 'race' | 'contact' | 'contact-off' => {
      const me = d.position[d.side];
      const opp = d.position[d.side === 'white' ? 'black' : 'white'];
      const back = (a: readonly number[]): number => Math.max(0, ...a.map((n, i) => (i >= 1 && n > 0 ? i : 0)));
      if (back(me) + back(opp) <= 25) return 'race';
      return me[0]! > 0 || opp[0]! > 0 ? 'contact-off' : 'contact';
    };
    const kinds = plain.map(kind);
    expect(new Set(kinds)).toEqual(new Set(['race', 'contact', 'contact-off']));
    for (let i = 0; i < plain.length; i++) {
      expect(contact[i]!.equity).toBeCloseTo(kinds[i] === 'race' ? plain[i]!.equity : all[i]!.equity, 6);
      expect(off[i]!.equity).toBeCloseTo(kinds[i] === 'contact-off' ? all[i]!.equity : plain[i]!.equity, 6);
    }
    // The second look changes some contact values, so the checks above tell the two apart.
    expect(plain.some((d, i) => kinds[i] !== 'race' && Math.abs(d.equity - all[i]!.equity) > 1e-3)).toBe(true);
    await expect(analyse(exp, { plies: 1, secondLook: { ...look, where: 'nowhere' as 'all' } })).rejects.toThrow(/secondLook/);

    // minLoss: also wherever the play made loses at least that much before the look (the plain
    // analysis' loss), whatever the position.
    const either = plays(await analyse(exp, { plies: 1, secondLook: { ...look, where: 'contact-off', minLoss: 0.02 } }));
    let byLoss = 0;
    for (let i = 0; i < plain.length; i++) {
      const want = plain[i]!.loss >= 0.02 ? all[i]! : off[i]!;
      expect(either[i]!.equity).toBeCloseTo(want.equity, 6);
      expect(either[i]!.loss).toBeCloseTo(want.loss, 6);
      if (plain[i]!.loss >= 0.02 && kinds[i] !== 'contact-off' && Math.abs(all[i]!.equity - plain[i]!.equity) > 1e-3) byLoss++;
    }
    expect(byLoss).toBeGreaterThan(0);
    await expect(analyse(exp, { plies: 1, secondLook: { ...look, minLoss: -1 } })).rejects.toThrow(/secondLook/);
  }, 120_000);

  it("the Review's analysis (no options): 1 ply blended half and half, then the second look everywhere at the best three and the play made, ranked by their 2-ply values", async () => {
    const plays = (a: Analysis) => a.decisions.filter((d) => d.kind === 'play' && !d.forced);
    const review = (await analysisOf('short', 9)).analysis;
    const look = { weights: [0, 0, 1] as const, candidates: 3, where: 'all' as const };
    expect(review).toMatchObject({ plies: 1, zeroWeight: 0.5, secondLook: look });
    expect(review.secondLook?.minLoss).toBeUndefined();
    const ours = plays(review);
    const without = plays((await analysisOf('short', 9, { plies: 1, zeroWeight: 0.5 })).analysis);
    // The look changes values in every kind of position, with checkers off or not.
    const offNow = (d: (typeof ours)[number]): boolean => d.position.white[0]! + d.position.black[0]! > 0;
    expect(ours.some((d, i) => offNow(d) && Math.abs(d.equity - without[i]!.equity) > 1e-3)).toBe(true);
    expect(ours.some((d, i) => !offNow(d) && Math.abs(d.equity - without[i]!.equity) > 1e-3)).toBe(true);
    // The error rates by the expected losses at the Review's uncertainty.
    expect(review.uncertainty).toBe(REVIEW_DEPTH.short.uncertainty);
    expect(REVIEW_DEPTH.short.uncertainty).toBeGreaterThan(0);
    expect(review.decisions.some((d) => d.expectedLoss > d.loss + 1e-4)).toBe(true);
    // Long nardy's Review stays at 0 ply without a look, by the losses alone.
    expect(REVIEW_DEPTH.long).toEqual({ plies: 0, zeroWeight: 0, secondLook: null, uncertainty: 0 });
  }, 120_000);

  it('softLoss: max(0, d) on average with d off by a normal error of deviation s', () => {
    expect(softLoss(0.05, 0)).toBe(0.05);
    expect(softLoss(-0.05, 0)).toBe(0);
    // At d = 0 it is s / sqrt(2 pi); far from 0, d or 0.
    expect(softLoss(0, 0.01)).toBeCloseTo(0.01 / Math.sqrt(2 * Math.PI), 7);
    expect(softLoss(0.1, 0.01)).toBeCloseTo(0.1, 7);
    expect(softLoss(-0.1, 0.01)).toBeCloseTo(0, 7);
    // Worked out by the sum over a fine grid of the error: the same to 1e-6.
    for (const d of [-0.02, -0.005, 0.003, 0.015]) {
      let sum = 0;
      let weight = 0;
      for (let e = -0.08; e <= 0.08; e += 0.00005) {
        const w = Math.exp(-(e * e) / (2 * 0.01 * 0.01));
        sum += w * Math.max(0, d + e);
        weight += w;
      }
      expect(softLoss(d, 0.01)).toBeCloseTo(sum / weight, 6);
    }
    // Never below max(0, d), rising with d.
    let last = -1;
    for (let d = -0.05; d <= 0.05; d += 0.001) {
      const v = softLoss(d, 0.01);
      expect(v).toBeGreaterThanOrEqual(Math.max(0, d) - 1e-9);
      expect(v).toBeGreaterThan(last);
      last = v;
    }
  });

  it('uncertainty: each play\'s expected loss against the best other play, the error rates by them; 0 gives the losses', async () => {
    const u = 0.01;
    const plain = (await analysisOf('short', 9, { plies: 0, uncertainty: 0 })).analysis;
    const soft = (await analysisOf('short', 9, { plies: 0, uncertainty: u })).analysis;
    expect(soft.uncertainty).toBe(u);
    expect(plain.decisions.every((d) => d.expectedLoss === d.loss)).toBe(true);
    let above = 0;
    soft.decisions.forEach((d, i) => {
      // The same analysis otherwise.
      expect(d.loss).toBe(plain.decisions[i]!.loss);
      expect(d.expectedLoss).toBeGreaterThanOrEqual(d.loss);
      if (d.kind !== 'play' || d.forced) return;
      // Against the best play besides the one made: the next one where the play made is the best.
      const other = d.loss > 0 ? d.bestEquity : d.options![1]!.equity;
      expect(d.otherEquity).toBeCloseTo(other, 9);
      expect(d.expectedLoss).toBeCloseTo(Math.max(d.loss, softLoss(other - d.equity, u * Math.SQRT2)), 9);
      if (d.loss === 0 && d.expectedLoss > 1e-4) above++;
    });
    // Close choices where the play made was the analysis' best now cost something.
    expect(above).toBeGreaterThan(3);
    for (const side of ['white', 'black'] as const) {
      const unforced = soft.decisions.filter((d) => d.side === side && !d.forced);
      expect(soft.players[side].errorRate).toBeCloseTo((1000 * unforced.reduce((a, d) => a + d.expectedLoss, 0)) / unforced.length, 1);
      expect(soft.players[side].errorRate).toBeGreaterThan(plain.players[side].errorRate);
    }
    await expect(analyse(exportOf('short', 9), { plies: 0, uncertainty: -0.01 })).rejects.toThrow(/uncertainty/);
  }, 60_000);

  it('short nardy is analysed over the Review\'s own net, long nardy over the players\'', async () => {
    const over = (variant: 'long' | 'short', net: Net) => new Search(new Evaluator(net, ENCODINGS[variant]));
    const plays = (a: Awaited<ReturnType<typeof analyse>>) => a.decisions.filter((d) => d.kind === 'play').map((d) => d.equity);
    const short = playMatch('short', 1, 12);
    const sExp = parseExport({ format: 'nardy-game', version: 1, id: 'review0001', variant: 'short', rules: short.rules, length: 1, players: { white: 'Hard', black: 'Easy' }, games: [{ number: 1, score: { white: 0, black: 0 }, crawford: false, postCrawford: false, record: short.game.record, result: short.game.result }] });
    const byDefault = plays(await analyse(sExp, { plies: 0 }));
    expect(byDefault).toEqual(plays(await analyse(sExp, { plies: 0, search: over('short', loadBundledReview('short')!.net) })));
    expect(byDefault).not.toEqual(plays(await analyse(sExp, { plies: 0, search: over('short', loadBundled('short').net) })));
    const long = playMatch('long', 1, 12);
    const lExp = parseExport({ format: 'nardy-game', version: 1, id: 'review0002', variant: 'long', rules: long.rules, length: 1, players: { white: 'Hard', black: 'Easy' }, games: [{ number: 1, score: { white: 0, black: 0 }, crawford: false, postCrawford: false, record: long.game.record, result: long.game.result }] });
    expect(plays(await analyse(lExp, { plies: 0 }))).toEqual(plays(await analyse(lExp, { plies: 0, search: over('long', loadBundled('long').net) })));
  }, 120_000);
});

describe('export', () => {
  it('.mat: written for gnubg and read back to the same plays and cube actions', () => {
    const exp = exported(['opening 3-1', 'W 31: 8/5 6/5', 'B 64: 24/18 13/9', 'W doubles 2, taken', 'W 55: 13/3(2)', 'B 21: -', 'B doubles 4, passed']);
    const mat = toMat({ ...exp, length: 5, games: [{ ...exp.games[0]!, result: { winner: 'black', points: 2, kind: 'single', reason: 'dropped' } }] });
    expect(mat).toMatch(/^ 5 point match\n\n Game 1\n Ann : 0 +Ben : 0\n/);
    const back = parseMat(mat);
    expect(back.length).toBe(5);
    expect(back.games[0]!.names).toEqual(['Ann', 'Ben']);
    // Black's double and White's answer go on the next rows, as .mat writes them.
    expect(back.games[0]!.moves).toEqual([
      ['31: 8/5 6/5', '64: 24/18 13/9'],
      ['Doubles => 2', 'Takes'],
      ['55: 13/3(2)', '21:'],
      ['', 'Doubles => 4'],
      ['Drops', ''],
    ]);
    expect(back.games[0]!).toMatchObject({ winner: 1, points: 2 });
    // A single game (no cube) is a 1-point match, where gnubg sees no cube; the benchmarks'
    // money session is kept on request.
    const single = toMat({ ...exp, length: 1 });
    expect(single).toMatch(/^ 1 point match\n/);
    expect(parseMat(single).length).toBe(1);
    expect(toMat({ ...exp, length: 1 }, { single: 'money' })).toMatch(/^ 0 point match\n/);
    expect(() => toMat(exported(['opening 3-1'], 'long'))).toThrow(/short nardy only/);
  });

  it('a game record of the bot exports every game of its match', async () => {
    const { createApp } = await import('../../src/app/index.js');
    const { MemoryStore } = await import('../../src/store/index.js');
    const { inProcess } = await import('../../src/ai/thinker.js');
    const store = new MemoryStore({ challengeSeconds: 600, finishedSeconds: 600, idleSeconds: 600 });
    const app = createApp(store, { defaultLanguage: 'en', player: (l) => inProcess(createPlayer(l, seededRandom(5))) });
    const ann = { kind: 'human' as const, id: 7, name: 'Ann', lang: 'en' as const };
    const ben = { kind: 'human' as const, id: 8, name: 'Ben', lang: 'en' as const };
    let rec = await app.games.start({ kind: 'group', chatId: -7, lang: 'en', white: ann, black: ben, variant: 'short', length: 3, cube: false });
    for (let i = 0; i < 20 && !rec.finished; i++) {
      if (rec.match.game.phase === 'over') rec = ((await app.games.press(rec.id, rec.v, 7, { type: 'next' })) as { game: typeof rec }).game;
      // Ann plays her roll when it is hers (so the record has plays), then resigns; Ben accepts.
      rec = ((await app.games.resign(rec.id, 7, 1)) as { game: typeof rec }).game;
      rec = ((await app.games.press(rec.id, rec.v, 8, { type: 'accept' })) as { game: typeof rec }).game;
    }
    expect(rec.finished).toBe(true);
    const exp = exportGame(rec);
    expect(exp.games.map((g) => g.number)).toEqual(Array.from({ length: rec.match.gameNo }, (_, i) => i + 1));
    expect(exp.games.every((g) => g.result?.winner)).toBe(true);
    expect(exp.games[1]!.score).toEqual({ white: exp.games[0]!.result!.winner === 'white' ? 1 : 0, black: exp.games[0]!.result!.winner === 'black' ? 1 : 0 });
    expect(parseExport(JSON.parse(JSON.stringify(exp)))).toMatchObject({ id: rec.id, length: 3 });
  });
});

describe('nardy analyse', () => {
  const run = (args: string[], input: string) => spawnSync(process.execPath, ['dist/cli/nardy.js', 'analyse', ...args], { input, encoding: 'utf8', timeout: 60_000 });
  it('prints the analysis as JSON; --mat the .mat; a bad file an error line and exit 1', () => {
    const exp = JSON.stringify(exported(['opening 3-1', 'W 31: 13/10 6/5']));
    const r = run([], exp);
    expect(r.status).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(out.players.white.veryBad + out.players.white.bad + out.players.white.doubtful).toBe(1);
    expect(out.decisions[0]).toMatchObject({ side: 'white', kind: 'play', played: '13/10 6/5' });
    expect(steps(out.decisions[0].best)).toBe(steps('8/5 6/5'));
    // Without --plies, the Review's analysis: short nardy at 1 ply with the 0-ply blend and the 2-ply second look everywhere.
    expect(out).toMatchObject({ plies: 1, zeroWeight: 0.5, secondLook: { weights: [0, 0, 1], candidates: 3, where: 'all' }, uncertainty: REVIEW_DEPTH.short.uncertainty });
    expect(JSON.parse(run(['--plies', '0'], exp).stdout)).toMatchObject({ plies: 0, zeroWeight: 0, secondLook: null, uncertainty: 0 });
    expect(run(['--mat'], exp).stdout).toMatch(/1\) 31: 13\/10 6\/5/);
    const bad = run([], '{"format":"nardy-game","version":1}');
    expect(bad.status).toBe(1);
    expect(JSON.parse(bad.stdout).error).toMatch(/variant/);
    expect(run(['--plies', '7'], exp).status).toBe(2);
  }, 60_000);
});
