/** The step-by-step interface: bearing off the last checker, and the six-block on bear-off steps. */
import { describe, expect, it } from 'vitest';
import { apply, legalPlays, newGame, parsePositionId, positionId, startPosition, turnView, type Dice, type GameState, type Position } from '../../src/engine/index.js';
import { board } from '../helpers/board.js';
import { blockIsLegal } from '../helpers/reference.js';

function moving(position: Position, dice: Dice): GameState {
  return { ...newGame(position.variant), position, phase: 'move', dice, firstMover: 'white' };
}

describe('bearing off the last checker', () => {
  for (const variant of ['long', 'short'] as const) {
    const last = board(variant, 'white', { 3: 1 }, variant === 'long' ? { 13: 15 } : { 24: 15 });
    for (const dice of [
      [1, 5],
      [5, 1],
    ] as Dice[]) {
      it(`${variant}, dice ${dice.join('-')}: both 3/off and 3/2 2/off are offered and end the game`, () => {
        const view = turnView(last, dice, []);
        expect(view.next).toEqual(expect.arrayContaining([
          [3, 0],
          [3, 2],
        ]));
        const direct = turnView(last, dice, [[3, 0]]);
        expect(direct.complete).toBe(true);
        expect(direct.next).toEqual([]);
        const twoSteps = turnView(last, dice, [
          [3, 2],
          [2, 0],
        ]);
        expect(twoSteps.complete).toBe(true);
        // Both are the same play, and both are accepted as a play.
        for (const moves of [[[3, 0]], [[3, 2], [2, 0]]] as Array<Array<[number, number]>>) {
          const g = apply(moving(last, dice), { type: 'play', moves }, 'white');
          expect(g.phase).toBe('over');
          expect(g.result?.winner).toBe('white');
        }
      });
    }
  }
});

describe('the six-block rule holds on bear-off steps too', () => {
  // An artificial standing block: White holds its 1..6 (Black's 13..18) with no black checker
  // ahead of it; every step must leave no such block, a bear-off step included.
  const standing = board('long', 'white', { 6: 2, 5: 2, 4: 2, 3: 2, 2: 2, 1: 2 }, { 20: 15 });
  it('no legal play keeps the block after any of its steps', () => {
    for (const dice of [[6, 1], [6, 6], [5, 3], [2, 1]] as Dice[]) {
      for (const play of legalPlays(standing, dice)) {
        const me = [...standing.white];
        for (const [from, to] of play.moves) {
          me[from]!--;
          me[to]!++;
          expect(blockIsLegal('long', me, standing.black)).toBe(true);
        }
      }
    }
  });
  it('a bear-off step may not leave it standing either: with 6-5 no first step breaks it, so the roll passes', () => {
    // 6/off would leave 6 held; only after it could 6/1 break the block. Strictly, that is no play.
    const p = board('long', 'white', { 6: 2, 5: 2, 4: 2, 3: 2, 2: 2, 1: 1 }, { 20: 15 });
    expect(legalPlays(p, [6, 5])).toEqual([]);
    expect(turnView(p, [6, 5], []).next).toEqual([]);
  });

  it('a bear-off step that leaves the block standing is refused, by the plays and the steps alike', () => {
    // One checker on 6: only taking it away breaks the block (6/off or 6/5); 1/off or 5/4 would not.
    const single = board('long', 'white', { 6: 1, 5: 2, 4: 2, 3: 2, 2: 2, 1: 2 }, { 20: 15 });
    const offered = turnView(single, [6, 1], []).next;
    expect([...offered].sort()).toEqual([
      [6, 0],
      [6, 5],
    ]);
    for (const play of legalPlays(single, [6, 1])) expect([[6, 0], [6, 5]].map(String)).toContain(String(play.moves[0]));
  });
});

describe('position ids', () => {
  it('only the canonical id of a position is accepted', () => {
    const id = positionId(startPosition('long'));
    expect(parsePositionId(id)).toEqual(startPosition('long'));
    // The last character carries unused bits: setting them names the same checkers.
    const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    let other = 0;
    for (const ch of B64) {
      const alt = id.slice(0, 15) + ch;
      if (alt === id) continue;
      expect(() => parsePositionId(alt)).toThrow();
      other++;
    }
    expect(other).toBe(63);
  });
});
