/**
 * bench/outside.ts, the outside long-nardy opponent: its board cells and inputs on known
 * positions, and a network read from a blob made here, valued by hand. (Its agreement with the
 * app's own engine, 1e-6 on every network, needs a checkout of the app: bench/outside-parity.ts.)
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { newGame } from '../../src/engine/game.js';
import { legalPlays } from '../../src/engine/plays.js';
import { startPosition } from '../../src/engine/position.js';
import { AppPlayer, cells, features, OutsidePlayer, outsideValue, readNardiw } from '../../bench/outside.js';
import { board } from '../helpers/board.js';

const dir = mkdtempSync(join(tmpdir(), 'nardy-outside-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A blob as the app's export_weights writes one. */
function blob(kind: number, tensors: Array<[string, number[], number[]]>): string {
  const parts: Buffer[] = [Buffer.from('NRDW', 'latin1')];
  const u32 = (n: number): Buffer => {
    const b = Buffer.alloc(4);
    b.writeUInt32LE(n);
    return b;
  };
  parts.push(u32(1), u32(kind), u32(tensors.length));
  for (const [name, dims, data] of tensors) {
    parts.push(u32(Buffer.byteLength(name)), Buffer.from(name), u32(dims.length), ...dims.map(u32));
    const f = Buffer.alloc(4 * data.length);
    data.forEach((v, i) => f.writeFloatLE(v, 4 * i));
    parts.push(f);
  }
  const file = join(dir, `net-${Math.random().toString(36).slice(2)}.nardiw`);
  writeFileSync(file, Buffer.concat(parts));
  return file;
}

/** An MLP whose value is a known function of one input: logits (a·x[k], 0, 0, 0). */
function mlp(k: number, a: number): string {
  const zeros = (n: number): number[] => new Array<number>(n).fill(0);
  const w0 = zeros(64 * 150);
  w0[k] = 1; // hidden 0 = x[k]
  const w1 = zeros(16 * 64);
  w1[0] = 1; // hidden 0 = silu(x[k])
  const w2 = zeros(4 * 16);
  w2[0] = a;
  return blob(0, [
    ['trunk.0.weight', [64, 150], w0],
    ['trunk.0.bias', [64], zeros(64)],
    ['trunk.3.weight', [16, 64], w1],
    ['trunk.3.bias', [16], zeros(16)],
    ['trunk.6.weight', [4, 16], w2],
    ['trunk.6.bias', [4], zeros(4)],
    ['scores', [4], [1, 2, -1, -2]],
  ]);
}

describe('the outside network', () => {
  it("places the board on the app's cells: White from column 0 of row 0, Black from column 0 of row 1", () => {
    const start = cells(startPosition('long'));
    expect(start[0]).toBe(15);
    expect(start[12]).toBe(-15);
    expect(start.filter((c) => c !== 0)).toHaveLength(2);
    // White's point 1 is the last cell of row 1; Black's point 1 the last of row 0.
    expect(cells(board('long', 'white', { 1: 15 }, { 1: 15 }))).toEqual([...new Array(11).fill(0), -15, ...new Array(11).fill(0), 15]);
  });

  it('gives the inputs from the side to move, its own points first', () => {
    const x = features(2, startPosition('long').white, startPosition('long').black);
    const at = (row: number, col: number): number => Math.round(x[row * 25 + col]! * 15 * 1e4) / 1e4;
    expect([at(0, 0), at(1, 0), at(2, 0)]).toEqual([1, 1, 13]); // 15 on the mover's head
    expect([at(3, 12), at(4, 12), at(5, 12)]).toEqual([1, 1, 13]); // the opponent's head, 12 points on
    expect([0, 1, 2, 3, 4, 5].map((r) => at(r, 24))).toEqual([0, 0, 360, 360, 15, 15]); // off, pips, not home
    // The MLP's third pair is the points occupied instead of the pips.
    const y = features(0, board('long', 'white', { 3: 2, 1: 1 }, { 24: 14 }).white, board('long', 'white', { 3: 2, 1: 1 }, { 24: 14 }).black);
    expect([0, 1, 2, 3, 4, 5].map((r) => Math.round(y[r * 25 + 24]! * 15))).toEqual([12, 1, 2, 1, 0, 14]);
  });

  it('reads a blob and values a position as the softmax of its outputs times (1, 2, -1, -2)', () => {
    const x = features(0, startPosition('long').white, startPosition('long').black);
    const k = 2 * 25 + 0; // 13/15 on the head
    const net = readNardiw(mlp(k, 3));
    const h = x[k]! / (1 + Math.exp(-x[k]!));
    const s = h / (1 + Math.exp(-h));
    const e = Math.exp(3 * s);
    expect(outsideValue(net, x)).toBeCloseTo((e * 1 + 2 - 1 - 2) / (e + 3), 6);
    expect(() => readNardiw(blob(1, []))).toThrow(/kind 1/);
    writeFileSync(join(dir, 'bad.nardiw'), 'NOPE');
    expect(() => readNardiw(join(dir, 'bad.nardiw'))).toThrow(/NRDW/);
  });

  it('plays a legal play, greedy or looking one roll ahead, and takes a win when it has one', () => {
    // The value rises with the mover's checkers off (column 24 of row 0): greedy bears off the most.
    const net = readNardiw(mlp(24, 5));
    const game = { ...newGame('long'), position: board('long', 'white', { 1: 1, 6: 1 }, { 1: 1, 24: 14 }), phase: 'move' as const, dice: [6, 1] as const };
    for (const player of [new OutsidePlayer('greedy', net, false), new OutsidePlayer('look', net, true, 3)]) {
      const steps = player.choosePlay(game);
      const play = legalPlays(game.position, game.dice, game.rules).find((p) => JSON.stringify(p.moves) === JSON.stringify(steps));
      expect(play?.position.white[0]).toBe(15); // the win: all off
    }
    // Without a win: a net whose side to move loses as its opponent bears off (row 1 of column
    // 24) makes the mover bear off as many as it can.
    const off = readNardiw(mlp(25 + 24, -5));
    const race = { ...game, position: board('long', 'white', { 6: 2, 3: 1 }, { 1: 1, 24: 14 }), dice: [6, 3] as const };
    const plays = legalPlays(race.position, race.dice, race.rules);
    expect(new Set(plays.map((p) => p.position.white[0])).size).toBeGreaterThan(1);
    for (const player of [new OutsidePlayer('greedy', off, false), new OutsidePlayer('look', off, true, 8)]) {
      const steps = player.choosePlay(race);
      const play = plays.find((p) => JSON.stringify(p.moves) === JSON.stringify(steps));
      expect(play?.position.white[0]).toBe(Math.max(...plays.map((p) => p.position.white[0]!)));
    }
    expect(new AppPlayer('app', '/nonexistent', mlp(24, 5)).level).toBe('app');
  });
});
