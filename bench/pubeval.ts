/**
 * Tesauro's pubeval, a player for benchmarks that owes nothing to our networks or to gnubg's.
 *
 * pubeval is the linear evaluation Gerry Tesauro published for backgammon programmers to compare
 * against (public domain): each point's checkers as five inputs (an opponent's blot, one of mine,
 * two or more, exactly three, and half the count above three), the opponent's checkers on the bar
 * and my checkers off, weighted by one of two fixed vectors, for contact and for the race, chosen
 * by the position before the move. The play with the highest score is made. It "makes lots of
 * obvious mistakes", which is what bench:analysis wants from it: errors that neither our network
 * nor gnubg's had a hand in choosing (our own levels pick plays by our network, so our analysis of
 * their games is judged on plays its own errors selected).
 *
 * With `noise` (in pubeval's units, where plays of one roll usually lie within a few units of each
 * other) a Gaussian draw is added to every play's score, for weaker players.
 */
import type { GameState } from '../src/engine/game.js';
import { highestScoring } from '../src/ai/baseline.js';
import { shortContact } from '../src/ai/outcomes.js';
import { Generator } from '../src/engine/fast.js';
import type { Step } from '../src/engine/types.js';

// prettier-ignore
const CONTACT = [
  0.25696, -0.66937, -1.66135, -2.02487, -2.53398, -0.16092, -1.11725, -1.06654,
  -0.9283, -1.99558, -1.10388, -0.80802, 0.09856, -0.62086, -1.27999, -0.5922,
  -0.73667, 0.89032, -0.38933, -1.59847, -1.50197, -0.60966, 1.56166, -0.47389,
  -1.8039, -0.83425, -0.97741, -1.41371, 0.245, 0.1097, -1.36476, -1.05572,
  1.1542, 0.11069, -0.38319, -0.74816, -0.59244, 0.81116, -0.39511, 0.11424,
  -0.73169, -0.56074, 1.09792, 0.15977, 0.13786, -1.18435, -0.43363, 1.06169,
  -0.21329, 0.04798, -0.94373, -0.22982, 1.22737, -0.13099, -0.06295, -0.75882,
  -0.13658, 1.78389, 0.30416, 0.36797, -0.69851, 0.13003, 1.2307, 0.40868,
  -0.21081, -0.64073, 0.31061, 1.59554, 0.65718, 0.25429, -0.80789, 0.0824,
  1.78964, 0.54304, 0.41174, -1.06161, 0.07851, 2.01451, 0.49786, 0.91936,
  -0.9075, 0.05941, 1.8312, 0.58722, 1.28777, -0.83711, -0.33248, 2.64983,
  0.52698, 0.82132, -0.58897, -1.18223, 3.35809, 0.62017, 0.57353, -0.07276,
  -0.36214, 4.37655, 0.45481, 0.21746, 0.10504, -0.61977, 3.54001, 0.04612,
  -0.18108, 0.63211, -0.87046, 2.47673, -0.48016, -1.27157, 0.86505, -1.11342,
  1.24612, -0.82385, -2.77082, 1.23606, -1.59529, 0.10438, -1.30206, -4.1152,
  5.62596, -2.758,
];

// prettier-ignore
const RACE = [
  0, -0.1716, 0.2701, 0.29906, -0.08471, 0, -1.40375, -1.05121,
  0.07217, -0.01351, 0, -1.29506, -2.16183, 0.13246, -1.03508, 0,
  -2.29847, -2.34631, 0.17253, 0.08302, 0, -1.27266, -2.87401, -0.07456,
  -0.3424, 0, -1.3464, -2.46556, -0.13022, -0.01591, 0, 0.27448,
  0.60015, 0.48302, 0.25236, 0, 0.39521, 0.68178, 0.05281, 0.09266,
  0, 0.24855, -0.06844, -0.37646, 0.05685, 0, 0.17405, 0.0043,
  0.74427, 0.00576, 0, 0.12392, 0.31202, -0.91035, -0.1627, 0,
  0.01418, -0.10839, -0.02781, -0.88035, 0, 1.07274, 2.00366, 1.16242,
  0.2252, 0, 0.85631, 1.06349, 1.49549, 0.18966, 0, 0.37183,
  -0.50352, -0.14818, 0.12039, 0, 0.13681, 0.13978, 1.11245, -0.12707,
  0, -0.22082, 0.20178, -0.06285, -0.52728, 0, -0.13597, -0.19412,
  -0.09308, -1.26062, 0, 3.05454, 5.16874, 1.5068, 5.35, 0,
  2.19605, 3.8539, 0.88296, 2.30052, 0, 0.92321, 1.08744, -0.11696,
  -0.7856, 0, -0.09795, -0.8305, -1.09167, -4.94251, 0, -1.00316,
  -3.66465, -2.56906, -9.67677, 0, -2.77982, -7.26713, -3.40177, -12.32252,
  0, 3.4204,
];

/**
 * pubeval's score of a position after the mover's play: `me` and `opp` each in their own
 * numbering (0 off, 1..24 points, 25 bar; short nardy, where the opponent's q is my 25 − q),
 * `race` decided on the position before the play.
 */
export function pubeval(race: boolean, me: ArrayLike<number>, opp: ArrayLike<number>): number {
  if (me[0] === 15) return Infinity;
  const w = race ? RACE : CONTACT;
  let score = 0;
  // Block k holds my point 24 − k (and the opponent's checkers on it: its own point k + 1).
  for (let k = 0; k < 24; k++) {
    const p = 24 - k;
    const mine = me[p]!;
    const theirs = opp[25 - p]!;
    const o = 5 * k;
    if (theirs === 1) score += w[o]!;
    else if (mine === 1) score += w[o + 1]!;
    else if (mine >= 2) {
      score += w[o + 2]!;
      if (mine === 3) score += w[o + 3]!;
      if (mine >= 4) score += (w[o + 4]! * (mine - 3)) / 2;
    }
  }
  score += (w[120]! * opp[25]!) / 2;
  score += (w[121]! * me[0]!) / 15;
  return score;
}

/** Contact: some checker of one side still has to pass one of the other's (short nardy). */
export const inContact = (me: ArrayLike<number>, opp: ArrayLike<number>): boolean => shortContact(me, opp);

function gaussian(random: () => number): number {
  const u = 1 - random();
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * random());
}

/** A short-nardy player choosing by pubeval (plus noise); `random` seeds the noise. */
export class PubevalPlayer {
  private readonly gen = new Generator();

  constructor(
    private readonly noise = 0,
    private readonly random: () => number = () => 0.5,
  ) {}

  choosePlay(state: GameState): Step[] {
    if (state.variant !== 'short') throw new Error('pubeval plays short nardy only');
    const p = state.position;
    const race = !inContact(p.turn === 'white' ? p.white : p.black, p.turn === 'white' ? p.black : p.white);
    return highestScoring(state, this.gen, (me, opp) => {
      const score = pubeval(race, me, opp);
      return this.noise > 0 && score !== Infinity ? score + this.noise * gaussian(this.random) : score;
    });
  }
}
