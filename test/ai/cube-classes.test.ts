/**
 * Cube decisions of the position classes issue 55 found weak, against GNU Backgammon's 2-ply
 * verdicts (test/fixtures/cube-classes.jsonl, made by bench/cube-class.ts: see its header):
 *   - a bear-off against a checker on the bar (bar-bearoff): the take gnubg passes, and its
 *     neighbours, decided by games played out (Search.rollout) where the network misjudged;
 *   - too good to double where a gammon with the cube where it is wins the match (too-good);
 * and the Review judges the first class as hard decides it (analysis.ts, cubeOutcomes).
 * Only decisions 0.1 (take or pass) or 0.05 (too good) or more from turning, by gnubg's figures.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { cubeOutcomes, REVIEW_ROLLOUT } from '../../src/ai/analysis.js';
import { bearOffContact, LEVELS, loadBrains, Player, positionSeed } from '../../src/ai/player.js';
import { matchAt, parseRules, type MatchState } from '../../src/engine/index.js';
import { parsePositionId, startPosition } from '../../src/engine/position.js';
import { sidesOf, type Position, type Side } from '../../src/engine/types.js';
import { Search } from '../../src/ai/search.js';
import { seededRandom } from '../../src/sim/rng.js';

interface Case {
  readonly class: 'bar-bearoff' | 'too-good';
  readonly id: string;
  readonly position: string;
  readonly cube: { readonly value: number; readonly owner: 'me' | null };
  readonly match: { readonly length: number; readonly score: readonly [number, number] } | null;
  readonly gnubg: { readonly nd: number; readonly dt: number; readonly dp: number; readonly gnubg: string };
}

const cases = readFileSync(new URL('../fixtures/cube-classes.jsonl', import.meta.url), 'utf8').trim().split('\n').map((l) => JSON.parse(l) as Case);

function matchOf(position: Position, cube: Case['cube'], m: Case['match'], phase: 'roll' | 'double'): MatchState {
  const doubler: Side = position.turn;
  const [mine, theirs] = m ? m.score : [0, 0];
  const score: [number, number] = doubler === 'white' ? [mine, theirs] : [theirs, mine];
  return matchAt(position, { length: m?.length ?? 0, score, crawford: false, cube: { value: cube.value, owner: cube.owner === 'me' ? doubler : null } }, parseRules({ cube: true }), phase);
}

describe('cube decisions of the weak classes, as gnubg 2-ply decides them', () => {
  // Hard as the bot plays it, but a fixed number of games played out (the bot's own stops at a
  // time budget, which a busy machine would reach sooner): the same answers on any machine.
  const hard = new Player('hard', loadBrains(), seededRandom(1), { ...LEVELS.hard, cubeRollout: { games: 648, budgetMs: Infinity } });

  it("the take of issue 55: match to 5, 1:0, gnubg redoubles to 4 with 11 checkers on a 4-point board against one on the bar and 13 off; gnubg's 2-ply passes (take −0.294)", () => {
    const position: Position = { variant: 'short', turn: 'black', white: [13, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 1], black: [4, 4, 2, 3, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0] };
    const { me, opp } = sidesOf(position, 'black');
    expect(bearOffContact(me, opp)).toBe(true);
    const d = hard.cubeDecision(matchOf(position, { value: 2, owner: 'me' }, { length: 5, score: [0, 1] }, 'double'));
    expect(d.action).toBe('pass');
    // Played out, Black (the doubler) wins about 76% (gnubg: 75.9%), not the 70% of the look-ahead.
    expect(d.situation.probs[0]).toBeGreaterThan(0.73);
    expect(d.situation.probs[0]).toBeLessThan(0.8);
  });

  it('hard plays out the class as configured: 1,296 games within 250 ms', () => {
    expect(LEVELS.hard.cubeRollout).toEqual({ games: 1296, budgetMs: 250 });
  });

  for (const c of cases) {
    const where = `${c.match ? `${c.match.score.join(':')} to ${c.match.length}` : 'money'}, cube ${c.cube.value}${c.cube.owner ? ' owned' : ''}`;
    if (c.class === 'bar-bearoff') {
      const take = c.gnubg.dt <= c.gnubg.dp;
      it(`bar-bearoff ${c.position} (${where}): ${take ? 'take' : 'pass'}, as gnubg (${c.gnubg.gnubg})`, () => {
        const d = hard.cubeDecision(matchOf(parsePositionId(c.position), c.cube, c.match, 'double'), c.match === null);
        expect(d.action).toBe(take ? 'take' : 'pass');
      });
    } else {
      it(`too good ${c.position} (${where}): no double, as gnubg (${c.gnubg.gnubg})`, () => {
        const d = hard.cubeDecision(matchOf(parsePositionId(c.position), c.cube, c.match, 'roll'), c.match === null);
        expect(d.action).toBe('no-double');
      });
    }
  }

  it("the Review judges the class as hard decides it: from games played out, not the look-ahead", () => {
    const position: Position = { variant: 'short', turn: 'black', white: [13, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 1], black: [4, 4, 2, 3, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0] };
    const { me, opp } = sidesOf(position, 'black');
    const search = loadBrains().review('short');
    const ahead = { probs: search.preRoll(me, opp, 1), leaves: [] };
    const judged = cubeOutcomes(search, me, opp, parseRules({ cube: true }), ahead);
    expect(judged.leaves).toBeUndefined();
    expect(judged.probs[0]).toBeGreaterThan(0.73);
    expect(judged.probs[0]).toBeLessThan(0.8);
    // Elsewhere, the look-ahead's outcomes as given.
    const start = sidesOf(startPosition('short', 'white'), 'white');
    expect(cubeOutcomes(search, start.me, start.opp, parseRules({ cube: true }), ahead)).toBe(ahead);
  });

  it("the Review's games played out stop at a count of plays valued, not at a time: the same figures on a busy machine as on an idle one", () => {
    // Bearing off with six off against one checker left on the 24-point: 1,296 games take some
    // 180,000 plays valued, over a second, so both budgets cut them.
    const side = (slots: Record<number, number>): number[] => {
      const s = Array<number>(26).fill(0);
      for (const [p, n] of Object.entries(slots)) s[Number(p)] = n;
      return s;
    };
    const me = side({ 0: 6, 1: 2, 2: 2, 3: 2, 4: 2, 5: 1 });
    const opp = side({ 24: 1, 7: 4, 6: 4, 5: 3, 4: 3 });
    const rules = parseRules({ cube: true });
    const search = loadBrains().review('short');
    const judged = cubeOutcomes(search, me, opp, rules, { probs: search.preRoll(me, opp, 0), leaves: [] });
    const counted = search.rollout(me, opp, rules, seededRandom(positionSeed(me, opp)), REVIEW_ROLLOUT.games, Infinity, REVIEW_ROLLOUT.evaluations);
    expect(counted.games).toBeGreaterThanOrEqual(144);
    expect(counted.games).toBeLessThan(1296);
    expect(Array.from(judged.probs)).toEqual(Array.from(counted.probs));
    // A time budget gives other figures once the clock runs short (here: none at all).
    expect(search.rollout(me, opp, rules, seededRandom(positionSeed(me, opp)), REVIEW_ROLLOUT.games, 0).games).toBe(144);
    // The count of plays valued stops at whole rounds of 36 first rolls, and gives more games for more.
    const more = search.rollout(me, opp, rules, seededRandom(positionSeed(me, opp)), REVIEW_ROLLOUT.games, Infinity, 2 * REVIEW_ROLLOUT.evaluations);
    expect(counted.games % 36).toBe(0);
    expect(more.games).toBeGreaterThan(counted.games);
  });

  it('the Review plays each position out once a search: analyses again of the same game ask no more games', () => {
    const base = loadBrains().review('short');
    class Counting extends Search {
      calls = 0;
      override rollout(...args: Parameters<Search['rollout']>): ReturnType<Search['rollout']> {
        this.calls++;
        return super.rollout(...args);
      }
    }
    const search = new Counting(base.ev, base.prune);
    const position: Position = { variant: 'short', turn: 'black', white: [13, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 1], black: [4, 4, 2, 3, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0] };
    const { me, opp } = sidesOf(position, 'black');
    const rules = parseRules({ cube: true });
    const ahead = { probs: search.preRoll(me, opp, 0, rules), leaves: [] };
    const first = cubeOutcomes(search, me, opp, rules, ahead).probs;
    expect(search.calls).toBe(1);
    // What a caller does with its figures does not reach the next one.
    const kept = Array.from(first);
    first.fill(0);
    expect(Array.from(cubeOutcomes(search, me, opp, rules, ahead).probs)).toEqual(kept);
    expect(search.calls).toBe(1);
    // Another position, or the other side on roll, is played out afresh.
    cubeOutcomes(search, opp, me, rules, ahead);
    expect(search.calls).toBe(2);
    // Another search plays out its own.
    const other = new Counting(base.ev, base.prune);
    expect(Array.from(cubeOutcomes(other, me, opp, rules, ahead).probs)).toEqual(kept);
    expect(other.calls).toBe(1);
  });

  it('the class: bearing off against a checker on the bar or in the home board, either way round; not a race or a middle game', () => {
    const off = (n: number, home: number[]): number[] => {
      const s = Array<number>(26).fill(0);
      s[0] = n;
      home.forEach((k, i) => (s[i + 1] = k));
      return s;
    };
    const bearing = off(4, [4, 2, 3, 2]);
    const onBar = [13, ...Array<number>(18).fill(0), 1, 0, 0, 0, 0, 0, 1];
    expect(bearOffContact(bearing, onBar)).toBe(true);
    expect(bearOffContact(onBar, bearing)).toBe(true);
    // Passed each other: a race.
    expect(bearOffContact(bearing, off(11, [1, 1, 1, 1]))).toBe(false);
    // Nobody home yet.
    const start = [0, 0, 0, 0, 0, 0, 5, 0, 3, 0, 0, 0, 0, 5, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 0];
    expect(bearOffContact(start, start)).toBe(false);
  });
});
