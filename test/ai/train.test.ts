/** The supervised trainer's data and steps: grouped decisions, and the loss on the differences between their plays. */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ENCODINGS } from '../../src/ai/encode.js';
import { Net } from '../../src/ai/net.js';
import { equityOf } from '../../src/ai/outcomes.js';
import { readData } from '../../src/ai/train/data.js';
import { Adam, equityCoefficients, Fitter } from '../../src/ai/train/fit.js';
import { legalPlays, positionId, startPosition } from '../../src/engine/index.js';
import type { Dice, Position } from '../../src/engine/types.js';
import { seededRandom } from '../../src/sim/rng.js';

const enc = ENCODINGS.short;

/** The positions after each legal play of `dice` from the start, the opponent to roll. */
function playsFromStart(dice: Dice): Position[] {
  return legalPlays(startPosition('short', 'white'), dice).map((play) => play.position);
}

function file(lines: string[]): string {
  const f = join(mkdtempSync(join(tmpdir(), 'nardy-train-')), 'data.txt');
  writeFileSync(f, lines.join('\n') + '\n');
  return f;
}

describe('grouped training data', () => {
  const a = playsFromStart([3, 1] as unknown as Dice).map(positionId);
  const b = playsFromStart([6, 5] as unknown as Dice).map(positionId);
  const line = (id: string, w: number): string => `${id} ${w.toFixed(5)} 0.10000 0.00500 0.12000 0.00600`;

  it('keeps each decision whole, whatever the shuffle, and skips empty ones', () => {
    const f = file([...a.map((id) => line(id, 0.4)), '#', '#', ...b.map((id) => line(id, 0.6)), '#', line(a[0]!, 0.5), '#']);
    const d = readData(f, 'short', true);
    expect(d.decisions).toBe(3);
    expect(d.count).toBe(a.length + b.length + 1);
    const g = new Int32Array(d.groups!);
    const t = new Float32Array(d.targets);
    const sizes = [];
    for (let k = 0; k < 3; k++) {
      sizes.push(g[k + 1]! - g[k]!);
      // One decision's targets all carry its own win chance.
      const wins = new Set(Array.from({ length: g[k + 1]! - g[k]! }, (_, i) => t[(g[k]! + i) * 5]!.toFixed(2)));
      expect(wins.size).toBe(1);
    }
    expect(sizes.sort((x, y) => x - y)).toEqual([1, a.length, b.length].sort((x, y) => x - y));
    expect(g[3]).toBe(d.count);
  });

  it('refuses a decision left open, "#" lines without --groups, and bad lines', () => {
    expect(() => readData(file([line(a[0]!, 0.4), '#', line(a[1]!, 0.4)]), 'short', true)).toThrow(/not closed/);
    expect(() => readData(file([line(a[0]!, 0.4), '#']), 'short', false)).toThrow(/--groups/);
    // The error names the line in the file, "#" lines counted.
    expect(() => readData(file([line(a[0]!, 0.4), '#', `${a[1]} 0.5 0.1`, '#']), 'short', true)).toThrow(/bad line 3 /);
    expect(() => readData(file([line(a[0]!, 0.4), '#', `SW${'!'.repeat(14)} 0.5 0.1 0 0 0`, '#']), 'short', true)).toThrow(/line 3: /);
  });

  it('passes over the lines "R <id>" that gnubg labelling above 0 ply adds (its own choice)', () => {
    const d = readData(file([`R ${a[0]}`, ...a.map((id) => line(id, 0.4)), '#', `R ${b[1]}`, ...b.map((id) => line(id, 0.6)), '#']), 'short', true);
    expect(d.decisions).toBe(2);
    expect(d.count).toBe(a.length + b.length);
  });
});

describe('Fitter', () => {
  it('knows how each output weighs in the equity', () => {
    expect(Array.from(equityCoefficients('short', 5))).toEqual([2, 1, 1, -1, -1]);
    expect(Array.from(equityCoefficients('long', 3))).toEqual([2, 1, -1]);
  });

  /**
   * A decision whose targets come from a "teacher" net; a student learns them with and without
   * the loss on differences. The error that matters to an analysis is that of each play's
   * equity relative to the others (the spread of the equity errors around their mean).
   */
  /** A decision (the plays of 6-4 from the start) whose targets a random "teacher" net gives. */
  function decisionData(): { positions: Position[]; data: { boards: Int8Array; targets: Float32Array }; spread: (net: Net) => number; student: () => Net } {
    const positions = playsFromStart([6, 4] as unknown as Dice);
    const boards = new Int8Array(positions.length * 52);
    positions.forEach((p, s) => {
      boards.set(p.black, s * 52);
      boards.set(p.white, s * 52 + 26);
    });
    const teacher = new Net({ inputs: enc.inputs, hidden: 12, outputs: 5 });
    teacher.initRandom(seededRandom(11));
    const x = new Float32Array(enc.inputs);
    const idx = new Int32Array(enc.inputs);
    const targets = new Float32Array(positions.length * 5);
    for (let s = 0; s < positions.length; s++) {
      const m = enc.encode(boards, s * 52, boards, s * 52 + 26, x, idx);
      targets.set(teacher.forward(x, idx, m, teacher.scratch()), s * 5);
    }
    const data = { boards, targets };
    const spread = (net: Net): number => {
      const errs = positions.map((_, s) => {
        const m = enc.encode(boards, s * 52, boards, s * 52 + 26, x, idx);
        return equityOf('short', net.forward(x, idx, m, net.scratch())) - equityOf('short', targets.subarray(s * 5, s * 5 + 5));
      });
      const mean = errs.reduce((p, q) => p + q, 0) / errs.length;
      return Math.sqrt(errs.reduce((p, q) => p + (q - mean) ** 2, 0) / errs.length);
    };
    const student = (): Net => {
      const n = new Net({ inputs: enc.inputs, hidden: 12, outputs: 5 });
      n.initRandom(seededRandom(12));
      return n;
    };
    return { positions, data, spread, student };
  }

  it('the loss on differences fits the plays relative to each other better than cross-entropy alone', () => {
    const { positions, data, spread, student } = decisionData();
    const plain = student();
    const paired = student();
    const before = spread(plain);
    const fitPlain = new Fitter(plain, enc);
    const fitPaired = new Fitter(paired, enc);
    let sePlain = 0;
    for (let k = 0; k < 30; k++) {
      sePlain = fitPlain.decision(data, 0, positions.length, 0.05, 0);
      fitPaired.decision(data, 0, positions.length, 0.05, 4);
    }
    expect(positions.length).toBeGreaterThan(10);
    // Both learn; the loss on differences shrinks the relative error much more.
    expect(spread(plain)).toBeLessThan(before);
    expect(spread(paired)).toBeLessThan(0.6 * spread(plain));
    // Without the loss on differences a decision's steps are the plain samples' steps.
    const again = student();
    const one = new Fitter(again, enc);
    let seOne = 0;
    for (let k = 0; k < 30; k++) for (let s = 0; s < positions.length; s++) seOne += k === 29 ? one.sample(data, s, 0.05) : (one.sample(data, s, 0.05), 0);
    expect(seOne).toBeCloseTo(sePlain, 6);
  });

  it('Adam steps over minibatches reduce the error and the relative error, and the end of a job applies what is left', () => {
    const { positions, data, spread, student } = decisionData();
    const net = student();
    const before = spread(net);
    const adam = new Adam(net, 8, 0);
    const fitter = new Fitter(net, enc, adam);
    const first = fitter.decision(data, 0, positions.length, 0.01, 1);
    let last = first;
    for (let k = 0; k < 40; k++) last = fitter.decision(data, 0, positions.length, 0.01, 1);
    expect(last).toBeLessThan(0.5 * first);
    expect(spread(net)).toBeLessThan(0.5 * before);
    // Samples short of a batch wait for flush.
    fitter.sample(data, 0, 0.01);
    expect(adam.pending).toBeGreaterThan(0);
    const w = Float32Array.from(net.params());
    fitter.flush(0.01);
    expect(adam.pending).toBe(0);
    expect(Array.from(net.params()).some((x, i) => x !== w[i])).toBe(true);
  });

  it('Adam warms up: its first batches move the weights by a share of the step size', () => {
    const { positions, data, student } = decisionData();
    const moved = (warmup: number): number => {
      const net = student();
      const w = Float32Array.from(net.params());
      const fitter = new Fitter(net, enc, new Adam(net, positions.length, warmup));
      fitter.decision(data, 0, positions.length, 0.01, 0);
      return net.params().reduce((m, x, i) => Math.max(m, Math.abs(x - w[i]!)), 0);
    };
    // Adam's first step moves the weights with a gradient by about the step size.
    expect(moved(0)).toBeCloseTo(0.01, 3);
    expect(moved(10)).toBeCloseTo(0.001, 4);
  });
});

// The trainer as compiled (dist/ai/train/main.js, built afresh by the global setup): the same
// code as `npm run train`, started on under half the processor time.
describe('the trainer\'s command line', () => {
  it('refuses a rate floor above the starting rate, which would raise the rate instead of lowering it', () => {
    const r = spawnSync(process.execPath, ['dist/ai/train/main.js', '--variant', 'short', '--mode', 'gnubg', '--data', 'package.json', '--rate', '3e-5', '--rate-end', '0.002'], { encoding: 'utf8' });
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('--rate-end must not exceed --rate');
  });

  it('names a missing data file in a usage error, not a stack trace', () => {
    const r = spawnSync(process.execPath, ['dist/ai/train/main.js', '--variant', 'short', '--mode', 'gnubg', '--data', 'nowhere.txt'], { encoding: 'utf8' });
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('--data nowhere.txt: no such file');
    expect(r.stderr).not.toContain('ENOENT');
  });
});
