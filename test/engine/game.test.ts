import { describe, expect, it } from 'vitest';
import {
  apply,
  applyAction,
  applyMatchAction,
  DEFAULT_RULES,
  newGame,
  newMatch,
  nextGame,
  rollsOf,
  scoreResult,
  type GameState,
  type Position,
  type Rules,
} from '../../src/engine/index.js';
import { long, short } from '../helpers/board.js';

/** A game already in progress at `position`, the side to move about to roll. */
function at(position: Position, rules: Rules = DEFAULT_RULES, extra: Partial<GameState> = {}): GameState {
  return { ...newGame(position.variant, { rules }), position, phase: 'roll', firstMover: 'white', ...extra };
}

describe('opening roll', () => {
  it('ties are rolled again; the higher die moves first with both numbers', () => {
    let g = newGame('long');
    g = apply(g, { type: 'roll', dice: [3, 3] }, 'white');
    expect(g.phase).toBe('opening');
    g = apply(g, { type: 'roll', dice: [2, 5] }, 'black');
    expect(g.phase).toBe('move');
    expect(g.position.turn).toBe('black');
    expect(g.dice).toEqual([2, 5]);
    expect(rollsOf(g)).toEqual([[3, 3], [2, 5]]);
    expect(g.record).toEqual(['opening 3-3', 'opening 2-5']);
  });

  it('option opening "reroll": the winner rolls again', () => {
    let g = newGame('long', { rules: { ...DEFAULT_RULES, opening: 'reroll' } });
    g = apply(g, { type: 'roll', dice: [6, 1] }, 'white');
    expect(g.phase).toBe('roll');
    expect(g.position.turn).toBe('white');
    g = apply(g, { type: 'roll', dice: [4, 4] }, 'white');
    expect(g.dice).toEqual([4, 4]);
  });
});

describe('turns', () => {
  it('steps, undo and done; only the side to move may act', () => {
    let g = apply(newGame('long'), { type: 'roll', dice: [6, 5] }, 'white');
    expect(applyAction(g, { type: 'step', step: [24, 18] }, 'black')).toMatchObject({ ok: false, error: { code: 'not-your-turn' } });
    g = apply(g, { type: 'step', step: [24, 18] }, 'white');
    expect(applyAction(g, { type: 'done' }, 'white')).toMatchObject({ ok: false, error: { code: 'play-incomplete' } });
    expect(applyAction(g, { type: 'step', step: [24, 19] }, 'white')).toMatchObject({ ok: false, error: { code: 'illegal-step' } });
    g = apply(g, { type: 'undo' }, 'white');
    expect(g.steps).toEqual([]);
    g = apply(g, { type: 'step', step: [24, 19] }, 'white');
    g = apply(g, { type: 'step', step: [19, 13] }, 'white');
    const before = g.version;
    g = apply(g, { type: 'done' }, 'white');
    expect(g.version).toBe(before + 1);
    expect(g.position.turn).toBe('black');
    expect(g.position.white[13]).toBe(1);
    expect(g.last).toMatchObject({ side: 'white', text: '24/19 19/13' });
  });

  it('a roll with no legal move passes the turn with a note', () => {
    const boxed = long('white', { 24: 15 }, { 6: 3, 5: 3, 4: 3, 3: 3, 2: 3 });
    const g = apply(at(boxed), { type: 'roll', dice: [6, 6] }, 'white');
    expect(g.phase).toBe('roll');
    expect(g.position.turn).toBe('black');
    expect(g.last).toMatchObject({ side: 'white', moves: [] });
    expect(g.record.at(-1)).toBe('W 66: -');
  });

  it('a whole play can be given at once (bots)', () => {
    let g = apply(newGame('short'), { type: 'roll', dice: [3, 1] }, 'white');
    g = apply(g, { type: 'play', moves: [[8, 5], [6, 5]] }, 'white');
    expect(g.position.white[5]).toBe(2);
    expect(applyAction(apply(newGame('short'), { type: 'roll', dice: [3, 1] }, 'white'), { type: 'play', moves: [[8, 5]] }, 'white')).toMatchObject({
      ok: false,
      error: { code: 'illegal-play' },
    });
  });
});

describe('end of game', () => {
  it('long nardy: oin is 1 point when the loser has borne off a checker', () => {
    const p = long('white', { 1: 1 }, { 1: 5 });
    const g = apply(apply(at(p), { type: 'roll', dice: [2, 1] }, 'white'), { type: 'play', moves: [[1, 0]] }, 'white');
    expect(g.result).toEqual({ winner: 'white', kind: 'oin', multiplier: 1, points: 1, reason: 'borne-off' });
  });

  it('long nardy: mars is 2 points when the loser has borne off none', () => {
    const p = long('white', { 1: 1 }, { 6: 15 });
    expect(scoreResult({ ...p, white: [15, ...new Array(25).fill(0)] }, 'white', 1)).toMatchObject({ kind: 'mars', points: 2 });
    const g = apply(apply(at(p), { type: 'roll', dice: [2, 1] }, 'white'), { type: 'play', moves: [[1, 0]] }, 'white');
    expect(g.result).toMatchObject({ winner: 'white', kind: 'mars', points: 2 });
  });

  it('short nardy: single, gammon, and koks (backgammon) with a checker on the bar or in the winner\'s home', () => {
    const won = (black: Parameters<typeof short>[2]) => {
      const p = short('white', { 1: 1 }, black);
      return apply(apply(at(p), { type: 'roll', dice: [2, 1] }, 'white'), { type: 'play', moves: [[1, 0]] }, 'white').result;
    };
    expect(won({ 6: 14 })).toMatchObject({ kind: 'single', points: 1 });
    expect(won({ 6: 15 })).toMatchObject({ kind: 'gammon', points: 2 });
    expect(won({ 6: 14, bar: 1 })).toMatchObject({ kind: 'backgammon', points: 3 });
    expect(won({ 6: 14, 20: 1 })).toMatchObject({ kind: 'backgammon', points: 3 }); // black's 20 = white's 5
  });

  it('the cube multiplies the result', () => {
    const p = short('white', { 1: 1 }, { 6: 15 });
    const g = apply(apply(at(p, { ...DEFAULT_RULES, cube: true }, { cube: { value: 4, owner: 'white' } }), { type: 'roll', dice: [2, 1] }, 'white'), { type: 'play', moves: [[1, 0]] }, 'white');
    expect(g.result).toMatchObject({ kind: 'gammon', points: 8 });
  });

  it('option lastRollDraw: Black gets one last roll and a draw if it also finishes', () => {
    const rules = { ...DEFAULT_RULES, lastRollDraw: true };
    const p = long('white', { 1: 1 }, { 2: 1, 1: 1 });
    let g = apply(apply(at(p, rules), { type: 'roll', dice: [2, 1] }, 'white'), { type: 'play', moves: [[1, 0]] }, 'white');
    expect(g.phase).toBe('roll');
    expect(g.lastRoll).toBe(true);
    const draw = apply(apply(g, { type: 'roll', dice: [3, 2] }, 'black'), { type: 'play', moves: [[2, 0], [1, 0]] }, 'black');
    expect(draw.result).toMatchObject({ winner: null, kind: 'draw', points: 0 });
    // With 1-1 Black finishes too (four steps); with a roll that cannot, White wins.
    g = apply(g, { type: 'roll', dice: [1, 1] }, 'black');
    expect(g.phase).toBe('move');
  });
});

describe('cube and resignation', () => {
  const cubeRules = { ...DEFAULT_RULES, cube: true };

  it('a dropped double: the doubler wins the current cube value', () => {
    let g = at(short('white', { 6: 15 }, { 6: 15 }), cubeRules);
    g = apply(g, { type: 'double' }, 'white');
    expect(g.phase).toBe('double');
    expect(applyAction(g, { type: 'drop' }, 'white')).toMatchObject({ ok: false, error: { code: 'not-your-turn' } });
    g = apply(g, { type: 'drop' }, 'black');
    expect(g.result).toEqual({ winner: 'white', kind: 'single', multiplier: 1, points: 1, reason: 'dropped' });
  });

  it('a taken double doubles the cube and gives it to the taker, who alone may redouble', () => {
    let g = at(short('white', { 6: 15 }, { 6: 15 }), cubeRules);
    g = apply(apply(g, { type: 'double' }, 'white'), { type: 'take' }, 'black');
    expect(g.cube).toEqual({ value: 2, owner: 'black' });
    expect(g.phase).toBe('roll');
    expect(g.position.turn).toBe('white');
    expect(applyAction(g, { type: 'double' }, 'white')).toMatchObject({ ok: false, error: { code: 'cube-not-allowed' } });
  });

  it('no doubling without the cube option, nor after rolling', () => {
    const g = at(short('white', { 6: 15 }, { 6: 15 }));
    expect(applyAction(g, { type: 'double' }, 'white')).toMatchObject({ ok: false, error: { code: 'cube-not-allowed' } });
    const rolled = apply(at(short('white', { 13: 15 }, { 6: 15 }), cubeRules), { type: 'roll', dice: [2, 1] }, 'white');
    expect(applyAction(rolled, { type: 'double' }, 'white')).toMatchObject({ ok: false, error: { code: 'cube-not-allowed' } });
  });

  it('resigning offers 1, 2 or 3 times the cube; the opponent accepts or declines', () => {
    let g = at(short('white', { 6: 15 }, { 6: 15 }), cubeRules, { cube: { value: 2, owner: 'black' } });
    g = apply(g, { type: 'resign', level: 2 }, 'white');
    const declined = apply(g, { type: 'decline' }, 'black');
    expect(declined.phase).toBe('roll');
    expect(apply(g, { type: 'accept' }, 'black').result).toMatchObject({ winner: 'black', kind: 'gammon', points: 4, reason: 'resigned' });
    expect(applyAction(at(long('white', { 6: 15 }, { 6: 15 })), { type: 'resign', level: 3 }, 'white')).toMatchObject({ ok: false });
  });

  it('nothing happens after the game is over', () => {
    const g = apply(apply(at(short('white', { 6: 15 }, { 6: 15 }), cubeRules), { type: 'double' }, 'white'), { type: 'drop' }, 'black');
    expect(applyAction(g, { type: 'roll', dice: [1, 2] }, 'white')).toMatchObject({ ok: false, error: { code: 'game-over' } });
  });
});

describe('matches', () => {
  it('the Crawford game: no doubling in the game after a side first reaches match point minus one', () => {
    let m = newMatch('short', 3, { ...DEFAULT_RULES, cube: true });
    // White doubles and Black drops twice... 1 point each: 2-0, White is at match point minus one.
    for (let i = 0; i < 2; i++) {
      const g = { ...m.game, phase: 'roll' as const, position: { ...m.game.position, turn: 'white' as const } };
      m = { ...m, game: g };
      let out = applyMatchAction(m, { type: 'double' }, 'white');
      if (!out.ok) throw out.error;
      out = applyMatchAction(out.state, { type: 'drop' }, 'black');
      if (!out.ok) throw out.error;
      m = out.state;
      if (i === 0) m = nextGame(m);
    }
    expect(m.score).toEqual({ white: 2, black: 0 });
    m = nextGame(m);
    expect(m.game.crawford).toBe(true);
    const crawfordGame = { ...m, game: { ...m.game, phase: 'roll' as const, position: { ...m.game.position, turn: 'black' as const } } };
    expect(applyMatchAction(crawfordGame, { type: 'double' }, 'black')).toMatchObject({ ok: false, error: { code: 'cube-not-allowed' } });
    // After the Crawford game, doubling is back.
    const done = { ...m, game: { ...m.game, phase: 'over' as const } };
    const post = nextGame(done);
    expect(post.game.crawford).toBe(false);
    const postGame = { ...post, game: { ...post.game, phase: 'roll' as const, position: { ...post.game.position, turn: 'black' as const } } };
    expect(applyMatchAction(postGame, { type: 'double' }, 'black').ok).toBe(true);
  });

  it('option crawford off: no Crawford game', () => {
    let m = newMatch('short', 2, { ...DEFAULT_RULES, cube: true, crawford: false });
    m = { ...m, score: { white: 1, black: 0 }, game: { ...m.game, phase: 'over' } };
    expect(nextGame(m).game.crawford).toBe(false);
  });

  it('the match ends when a side reaches the length', () => {
    let m = newMatch('short', 1, { ...DEFAULT_RULES, cube: true });
    m = { ...m, game: { ...m.game, phase: 'roll', position: { ...m.game.position, turn: 'white' } } };
    const a = applyMatchAction(m, { type: 'double' }, 'white');
    if (!a.ok) throw a.error;
    const b = applyMatchAction(a.state, { type: 'drop' }, 'black');
    if (!b.ok) throw b.error;
    expect(b.state.winner).toBe('white');
    expect(() => nextGame(b.state)).toThrow(/match is over/);
  });
});

describe('forfeit', () => {
  it('leaving scores nothing and gives the match to the opponent, whatever the score', () => {
    let m = newMatch('long', 3);
    m = { ...m, score: { white: 2, black: 0 }, game: { ...m.game, phase: 'roll', position: { ...m.game.position, turn: 'white' } } };
    const out = applyMatchAction(m, { type: 'forfeit' }, 'white');
    if (!out.ok) throw out.error;
    expect(out.state.game.result).toEqual({ winner: 'black', kind: 'forfeit', multiplier: 0, points: 0, reason: 'forfeit' });
    expect(out.state.score).toEqual({ white: 2, black: 0 });
    expect(out.state.winner).toBe('black');
  });
});

describe('actions from outside are checked, never thrown on', () => {

  const rolled = apply(newGame('long'), { type: 'roll', dice: [6, 5] }, 'white');
  it.each([
    [{ type: 'roll', dice: [0, 9] }, 'bad-action'],
    [{ type: 'roll', dice: [6.5, 2] }, 'bad-action'],
    [{ type: 'roll', dice: '65' }, 'bad-action'],
    [{ type: 'roll' }, 'bad-action'],
  ])('%j at the opening is refused as %s', (action, code) => {
    const out = applyAction(newGame('long'), action as never, 'white');
    expect(out.ok).toBe(false);
    if (!out.ok) expect(out.error.code).toBe(code);
  });
  it.each([
    [{ type: 'step', step: [24] }, 'illegal-step'],
    [{ type: 'step', step: 'x' }, 'illegal-step'],
    [{ type: 'step', step: [3, 9] }, 'illegal-step'],
    [{ type: 'play', moves: null }, 'illegal-play'],
    [{ type: 'play', moves: [[24, 18], 'oops'] }, 'illegal-play'],
    [{ type: 'play', moves: [[24, 18], [18, 13], [13, 7], [7, 1], [24, 18]] }, 'illegal-play'],
    [{ type: 'nonsense' }, 'bad-action'],
  ])('%j in a turn is refused as %s', (action, code) => {
    const side = rolled.position.turn;
    const out = applyAction(rolled, action as never, side);
    expect(out.ok).toBe(false);
    if (!out.ok) expect(out.error.code).toBe(code);
  });
});
