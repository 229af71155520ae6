/**
 * Races met in long nardy's self-play: games by a net's best 0-ply play (its equity blurred by
 * `noise` so that the games vary), and the positions along them, with the side to roll, where
 * neither side can meet the other any more and not both bear off yet (the bear-off table values
 * those). For bench/race.ts (one drawn at random a game) and scripts/race-data.ts (all).
 */
import type { Die, Dice, Side } from '../../engine/types.js';
import { otherSide } from '../../engine/types.js';
import { Generator } from '../../engine/fast.js';
import { startPosition } from '../../engine/position.js';
import { DEFAULT_RULES } from '../../engine/rules.js';
import { allHome } from '../bearoff.js';
import { ENCODINGS } from '../encode.js';
import { Evaluator } from '../evaluator.js';
import type { Net } from '../net.js';
import { equityOf } from '../outcomes.js';
import { longContact } from '../race.js';

export interface RacePosition {
  /** The side to roll, its checkers (own numbering, 0 off), and the other side's. */
  readonly turn: Side;
  readonly me: number[];
  readonly opp: number[];
}

/** The evaluator self-play asks (one for all games: making one copies the net into its kernel). */
export function racesEvaluator(net: Net): Evaluator {
  return new Evaluator(net, ENCODINGS.long);
}

const gen = new Generator();

/** One self-play game of long nardy by `ev` (racesEvaluator): the races met along it, in order. */
export function selfPlayRaces(ev: Evaluator, random: () => number, noise = 0.03): RacePosition[] {
  const y = new Float32Array(3);
  const die = (): Die => (1 + Math.floor(random() * 6)) as Die;
  const gauss = (): number => Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
  const start = startPosition('long');
  const sides: Record<Side, Int8Array> = { white: new Int8Array(start.white), black: new Int8Array(start.black) };
  let turn: Side = random() < 0.5 ? 'white' : 'black';
  let dice = [die(), die()] as unknown as Dice;
  const races: RacePosition[] = [];
  for (let t = 0; t < 3000; t++) {
    const me = sides[turn];
    const opp = sides[otherSide(turn)];
    if (t > 0 && !longContact(me, 0, opp, 0) && !(allHome(me, 0) && allHome(opp, 0))) races.push({ turn, me: Array.from(me), opp: Array.from(opp) });
    const n = gen.generate('long', me, opp, dice, DEFAULT_RULES);
    let best = -Infinity;
    let pick = gen.result[0]!;
    for (let k = 0; k < n; k++) {
      const i = gen.result[k]!;
      ev.afterPlay(gen.pool.me, i * 26, gen.pool.opp, i * 26, y);
      const eq = equityOf('long', y) + noise * gauss();
      if (eq > best) {
        best = eq;
        pick = i;
      }
    }
    me.set(gen.pool.me.subarray(pick * 26, pick * 26 + 26));
    opp.set(gen.pool.opp.subarray(pick * 26, pick * 26 + 26));
    if (me[0] === 15) break;
    turn = otherSide(turn);
    dice = [die(), die()] as unknown as Dice;
  }
  return races;
}
