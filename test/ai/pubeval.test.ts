/**
 * bench/pubeval.ts, the outside player of bench:analysis --players outside: its score against a
 * reference written the way Tesauro's routine reads a board (one signed array of 28 cells from the
 * mover's side, an input vector of 122, a dot product), on the positions of real games; and as a
 * player, that it plays legal whole plays and beats random play.
 */
import { describe, expect, it } from 'vitest';
import { inContact, pubeval, PubevalPlayer } from '../../bench/pubeval.js';
import { Generator, generatePlays } from '../../src/engine/fast.js';
import { apply, defaultRules, legalPlays, newGame, SeededDice, type GameState } from '../../src/engine/index.js';
import { seededRandom } from '../../src/sim/rng.js';

/** The two weight vectors, read back from the module through unit inputs. */
function weightsOf(race: boolean): number[] {
  // Input 5k+1 alone is one of my blots on my point 24 − k, input 121 alone is 15 checkers off.
  const w: number[] = [];
  const me = new Array<number>(26).fill(0);
  const opp = new Array<number>(26).fill(0);
  const base = pubeval(race, me, opp);
  expect(base).toBe(0);
  for (let k = 0; k < 24; k++) {
    const p = 24 - k;
    const at = (m: number, o: number): number => {
      me.fill(0);
      opp.fill(0);
      me[p] = m;
      opp[25 - p] = o;
      return pubeval(race, me, opp);
    };
    const blotOpp = at(0, 1);
    const blot = at(1, 0);
    const two = at(2, 0);
    const three = at(3, 0) - two;
    const four = (at(4, 0) - two) * 2;
    w.push(blotOpp, blot, two, three, four);
  }
  me.fill(0);
  opp.fill(0);
  opp[25] = 2;
  w.push(pubeval(race, me, opp));
  me.fill(0);
  opp.fill(0);
  me[0] = 14; // 15 off is the win, scored apart
  w.push((pubeval(race, me, opp) * 15) / 14);
  return w;
}

/** Tesauro's layout: pos[1..24] from the mover's side (mine > 0, theirs < 0), 0 their bar, 26 my off. */
function reference(race: boolean, me: ArrayLike<number>, opp: ArrayLike<number>, w: number[]): number {
  const pos = new Array<number>(28).fill(0);
  for (let p = 1; p <= 24; p++) pos[p] = me[p]! - opp[25 - p]!;
  pos[25] = me[25]!;
  pos[0] = -opp[25]!;
  pos[26] = me[0]!;
  pos[27] = -opp[0]!;
  if (pos[26] === 15) return Infinity;
  const x = new Array<number>(122).fill(0);
  for (let j = 1; j <= 24; j++) {
    const n = pos[25 - j]!;
    const o = 5 * (j - 1);
    if (n === -1) x[o] = 1;
    if (n === 1) x[o + 1] = 1;
    if (n >= 2) x[o + 2] = 1;
    if (n === 3) x[o + 3] = 1;
    if (n >= 4) x[o + 4] = (n - 3) / 2;
  }
  x[120] = -pos[0]! / 2;
  x[121] = pos[26]! / 15;
  return x.reduce((s, v, i) => s + v * w[i]!, 0);
}

function playOut(seed: number, white: (g: GameState) => ReturnType<PubevalPlayer['choosePlay']>, black: (g: GameState) => ReturnType<PubevalPlayer['choosePlay']>, visit?: (g: GameState) => void): GameState {
  const dice = new SeededDice(seed);
  let g = newGame('short', { rules: { ...defaultRules('short'), cube: false } });
  for (let i = 0; i < 3000 && g.phase !== 'over'; i++) {
    if (g.phase === 'move') {
      visit?.(g);
      const side = g.position.turn;
      g = apply(g, { type: 'play', moves: (side === 'white' ? white : black)(g) }, side);
    } else g = apply(g, { type: 'roll', dice: dice.roll(g.rolls) }, g.position.turn);
  }
  return g;
}

describe('pubeval', () => {
  it('the weights are Tesauro\'s published ones (spot checks from both vectors)', () => {
    const wc = weightsOf(false);
    const wr = weightsOf(true);
    expect(wc[0]).toBeCloseTo(0.25696, 5);
    expect(wc[1]).toBeCloseTo(-0.66937, 5);
    expect(wc[120]).toBeCloseTo(5.62596, 5);
    expect(wc[121]).toBeCloseTo(-2.758, 5);
    expect(wr[6]).toBeCloseTo(-1.40375, 5);
    expect(wr[119]).toBeCloseTo(-12.32252, 5);
    expect(wr[121]).toBeCloseTo(3.4204, 5);
  });

  it('scores every play of real games as the reference layout does, with the race chosen before the play', () => {
    const weights = { contact: weightsOf(false), race: weightsOf(true) };
    const gen = new Generator();
    let checked = 0;
    let races = 0;
    const player = new PubevalPlayer(1, seededRandom(5));
    playOut(3, (g) => player.choosePlay(g), (g) => player.choosePlay(g), (g) => {
      const p = g.position;
      const me0 = p.turn === 'white' ? p.white : p.black;
      const opp0 = p.turn === 'white' ? p.black : p.white;
      const race = !inContact(me0, opp0);
      if (race) races++;
      const n = generatePlays(p, g.dice!, g.rules, gen);
      for (let k = 0; k < n; k++) {
        const i = gen.result[k]!;
        const me = gen.pool.me.subarray(i * 26, i * 26 + 26);
        const opp = gen.pool.opp.subarray(i * 26, i * 26 + 26);
        const want = reference(race, me, opp, race ? weights.race : weights.contact);
        const got = pubeval(race, me, opp);
        if (want === Infinity) expect(got).toBe(Infinity);
        else expect(got).toBeCloseTo(want, 9);
        checked++;
      }
    });
    expect(checked).toBeGreaterThan(200);
    expect(races).toBeGreaterThan(0);
  });

  it('plays legal whole plays and beats random play', () => {
    const player = new PubevalPlayer();
    const random = seededRandom(9);
    const randomPlay = (g: GameState) => {
      const plays = legalPlays(g.position, g.dice!, g.rules);
      return [...plays[Math.floor(random() * plays.length)]!.moves];
    };
    let wins = 0;
    const games = 20;
    for (let s = 0; s < games; s++) {
      const pubWhite = s % 2 === 0;
      const g = playOut(100 + s, pubWhite ? (x) => player.choosePlay(x) : randomPlay, pubWhite ? randomPlay : (x) => player.choosePlay(x));
      expect(g.phase).toBe('over');
      if (g.result!.winner === (pubWhite ? 'white' : 'black')) wins++;
    }
    expect(wins).toBeGreaterThanOrEqual(18);
  });
});
