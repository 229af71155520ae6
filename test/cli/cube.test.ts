/** `nardy cube`: the bot's cube decisions as JSON lines. */
import { describe, expect, it } from 'vitest';
import { tableChance } from '../../src/ai/met.js';
import { createPlayer, Player } from '../../src/ai/player.js';
import { cubeLine } from '../../src/cli/bot-commands.js';
import { positionToJSON, startPosition } from '../../src/engine/position.js';
import { seededRandom } from '../../src/sim/rng.js';
import { board } from '../helpers/board.js';

const hard = createPlayer('hard', seededRandom(1)) as Player;
const line = (o: unknown): Record<string, unknown> => JSON.parse(cubeLine(hard, JSON.stringify(o)).out) as Record<string, unknown>;
const start = positionToJSON(startPosition('short', 'white'));
// White crushing: Black has borne off nothing and is far from home.
const crushing = positionToJSON(board('short', 'white', { 3: 5, 2: 5, 1: 5 }, { 13: 8, 18: 7 }));
// White far ahead in a race, no gammons.
const raceLead = positionToJSON(board('short', 'white', { 6: 2, 5: 3, 4: 3, 3: 3, 2: 2, 1: 2 }, { 8: 3, 7: 3, 6: 3, 5: 3 }));

describe('nardy cube', () => {
  it('no double in the opening position of a match to 3; an early double there is taken', () => {
    const m = { length: 3, score: [0, 0], crawford: false };
    expect(line({ position: start, cube: { value: 1, owner: null }, match: m })).toMatchObject({ action: 'no-double', equities: { scale: 'match' } });
    expect(line({ position: start, cube: { value: 1, owner: null }, match: m, offered: 2 }).action).toBe('take');
  });

  it('a race lead doubles; a gammonish rout is too good to double and a double there is passed; no cube in the Crawford game', () => {
    expect(line({ position: raceLead, cube: { value: 1, owner: null }, match: { length: 5, score: [0, 0], crawford: false } }).action).toBe('double');
    expect(line({ position: crushing, cube: { value: 1, owner: null }, match: { length: 0, score: [0, 0], crawford: false } }).action).toBe('no-double');
    expect(line({ position: crushing, cube: { value: 1, owner: null }, match: { length: 7, score: [0, 0], crawford: false }, offered: 2 }).action).toBe('pass');
    expect(line({ position: raceLead, cube: { value: 1, owner: null }, match: { length: 5, score: [0, 4], crawford: true } }).action).toBe('no-double');
  });

  it('length 0 is money play, valued in points: too good in a rout, double and pass in a race nearly won, no double and take at the start', () => {
    const money = { length: 0, score: [0, 0], crawford: false };
    const cube = { value: 1, owner: null };
    const rout = line({ position: crushing, cube, match: money }) as { action: string; equities: Record<string, number | string> };
    expect(rout.equities).toMatchObject({ scale: 'money', doublePass: 1 });
    // A gammon nearly sure: playing on is worth about 2 points, more than the 1 a pass gives.
    expect(rout.equities.noDouble as number).toBeGreaterThan(1.8);
    expect(rout.action).toBe('no-double');
    expect(line({ position: raceLead, cube, match: money }).action).toBe('double');
    expect(line({ position: raceLead, cube, match: money, offered: 2 }).action).toBe('pass');
    const opening = line({ position: start, cube, match: money }) as { action: string; equities: Record<string, number> };
    expect(opening.action).toBe('no-double');
    expect(Math.abs(opening.equities.noDouble!)).toBeLessThan(0.2);
    expect(line({ position: start, cube, match: money, offered: 2 }).action).toBe('take');
  });

  it('a side one point away outside the Crawford game: the games after it (the post-Crawford table)', () => {
    // White 1-away, Black 4-away, Black on roll: a pass leaves Black 3-away against 1-away after the Crawford game.
    const blackOnRoll = positionToJSON(startPosition('short', 'black'));
    const out = line({ position: blackOnRoll, cube: { value: 1, owner: null }, match: { length: 5, score: [4, 1], crawford: false } }) as { equities: { doublePass: number } };
    expect(out.equities.doublePass).toBeCloseTo(tableChance(3, 1, true), 4);
    expect(Math.abs(tableChance(3, 1, true) - tableChance(3, 1, false))).toBeGreaterThan(0.01);
  });

  it('bad lines get an error each, the others are still answered', () => {
    expect(cubeLine(hard, 'not json')).toMatchObject({ ok: false });
    expect(line({ position: start, cube: { value: 3, owner: null } }).error).toMatch(/cube.value/);
    expect(line({ position: start, cube: { value: 2, owner: 'black' } }).error).toMatch(/side on roll/);
    expect(line({ position: start, match: { length: 3, score: [3, 0] } }).error).toMatch(/score/);
    expect(line({ position: start, offered: 4 }).error).toMatch(/twice the cube/);
    expect(line({ position: start, match: { length: 5, score: [1, 2], crawford: true } }).error).toMatch(/crawford/);
    expect(line({ position: start, cube: 2 }).error).toMatch(/"cube"/);
    // The same answers as `nardy plays` and `nardy move` give (src/cli/lines.ts).
    expect(line({ cube: { value: 1, owner: null } })).toEqual({ error: 'missing "position"' });
    expect(line([start])).toEqual({ error: 'line must be a JSON object' });
    expect(JSON.parse(cubeLine(hard, '{"position":').out)).toEqual({ error: 'line is not valid JSON' });
    expect(line({ position: { ...start, white: [1] } }).error).toMatch(/white must have 26 entries/);
  });
});
