/**
 * Supervised training data: GNU Backgammon's outcomes (scripts/gnubg/make-training-data.sh) or the
 * net's own 1-ply look-ahead (scripts/lookahead-data.ts). One line a position, "<position id>"
 * and the game's outcomes (short: w wg wbg lg lbg; long: w wm lm), seen by the side to roll; in
 * grouped data a line "#" closes each decision (the plays of one roll). A line "R <id>" (gnubg's
 * own choice in the decision, bench:decisions' yardstick; training-data.py wrote it whenever it
 * labelled above 0 ply until it was asked for with NARDY_REFERENCE) is no training position and
 * is passed over, so that such files still train.
 */
import { readFileSync } from 'node:fs';
import { parsePositionId } from '../../engine/position.js';
import type { Variant } from '../../engine/types.js';
import { seededRandom } from '../../sim/rng.js';
import { ENCODINGS } from '../encode.js';

/** from .. to - 1 in a random order (Fisher-Yates). */
export function shuffled(from: number, to: number, random: () => number): Int32Array {
  const n = to - from;
  const order = new Int32Array(n);
  for (let i = 0; i < n; i++) order[i] = from + i;
  for (let i = n - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    const t = order[i]!;
    order[i] = order[j]!;
    order[j] = t;
  }
  return order;
}

export interface Data {
  boards: SharedArrayBuffer;
  targets: SharedArrayBuffer;
  count: number;
  /** Grouped data: decision k is samples groups[k] .. groups[k + 1] - 1; `decisions` of them. */
  groups?: SharedArrayBuffer;
  decisions?: number;
}

/**
 * Read the outcomes (one position id and the game's probabilities a line), in a fixed
 * shuffled order so that the held-out part is a fair sample. With `grouped`, a line "#" closes
 * each decision and the decisions are shuffled, each keeping its plays together.
 */
export function readData(file: string, variant: Variant, grouped: boolean): Data {
  // The file can be larger than a string may be: find the lines in the bytes.
  const bytes = readFileSync(file);
  const starts: number[] = [];
  const groupEnds: number[] = [];
  for (let i = 0; i < bytes.length; ) {
    const end = bytes.indexOf(10, i);
    const stop = end < 0 ? bytes.length : end;
    if (stop > i) {
      if (bytes[i] === 35 /* # */) {
        if (!grouped) throw new Error(`${file}: a line "#" (grouped data: add --groups)`);
        if (starts.length > (groupEnds.at(-1) ?? 0)) groupEnds.push(starts.length);
      } else if (!(bytes[i] === 82 /* R */ && bytes[i + 1] === 32)) starts.push(i);
    }
    i = stop + 1;
  }
  if (grouped && starts.length > (groupEnds.at(-1) ?? 0)) throw new Error(`${file}: the last decision is not closed by "#"`);
  if (grouped && groupEnds.length === 0) throw new Error(`${file}: no decisions (lines "#") in grouped data`);
  const O = ENCODINGS[variant].outputs;
  const boards = new SharedArrayBuffer(starts.length * 52);
  const targets = new SharedArrayBuffer(starts.length * O * 4);
  const b = new Int8Array(boards);
  const t = new Float32Array(targets);
  const random = seededRandom(12345);
  let count = 0;
  /** The line number in the file of the line starting at byte `from` (for errors only). */
  const lineAt = (from: number): number => {
    let n = 1;
    for (let i = bytes.indexOf(10); i >= 0 && i < from; i = bytes.indexOf(10, i + 1)) n++;
    return n;
  };
  const put = (li: number): void => {
    const from = starts[li]!;
    const end = bytes.indexOf(10, from);
    const parts = bytes.toString('latin1', from, end < 0 ? bytes.length : end).split(' ');
    if (parts.length !== 1 + O) throw new Error(`${file}: bad line ${lineAt(from)} (a position id and ${O} outcomes)`);
    let p;
    try {
      p = parsePositionId(parts[0]!);
    } catch (e) {
      throw new Error(`${file}: line ${lineAt(from)}: ${(e as Error).message}`);
    }
    if (p.variant !== variant) throw new Error(`${file}: line ${lineAt(from)} is not ${variant}`);
    const me = p.turn === 'white' ? p.white : p.black;
    const opp = p.turn === 'white' ? p.black : p.white;
    b.set(me, count * 52);
    b.set(opp, count * 52 + 26);
    for (let k = 0; k < O; k++) t[count * O + k] = Number(parts[1 + k]);
    count++;
  };
  if (!grouped) {
    for (const li of shuffled(0, starts.length, random)) put(li);
    return { boards, targets, count };
  }
  const groups = new SharedArrayBuffer((groupEnds.length + 1) * 4);
  const g = new Int32Array(groups);
  shuffled(0, groupEnds.length, random).forEach((k, n) => {
    g[n] = count;
    for (let li = k === 0 ? 0 : groupEnds[k - 1]!; li < groupEnds[k]!; li++) put(li);
  });
  g[groupEnds.length] = count;
  return { boards, targets, count, groups, decisions: groupEnds.length };
}

