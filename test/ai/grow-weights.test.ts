import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LONG_ENCODING } from '../../src/ai/encode.js';
import { Net } from '../../src/ai/net.js';
import { loadWeights, saveWeights } from '../../src/ai/weights.js';
import { seededRandom } from '../../src/sim/rng.js';

const grow = (args: string[]): ReturnType<typeof spawnSync> => spawnSync(process.execPath, ['--import', 'tsx', 'scripts/grow-weights.ts', ...args], { encoding: 'utf8' });

describe('scripts/grow-weights.ts', () => {
  const dir = mkdtempSync(join(tmpdir(), 'grow-'));
  const OLD = LONG_ENCODING.inputs - 4;
  // A net on an earlier long encoding: the current one less its last four inputs.
  const old = new Net({ inputs: OLD, hidden: 8, outputs: 3 });
  old.initRandom(seededRandom(5));
  saveWeights(join(dir, 'old'), old, 'long', { trainer: 'test' }, { ...LONG_ENCODING, version: LONG_ENCODING.version - 1, inputs: OLD });
  const current = new Net({ inputs: LONG_ENCODING.inputs, hidden: 8, outputs: 3 });
  current.initRandom(seededRandom(6));
  saveWeights(join(dir, 'current'), current, 'long', { trainer: 'test' });

  it('grows it to the current inputs, the new ones at zero weight: it evaluates every position as before', () => {
    // into a folder that does not exist yet
    const r = grow(['long', join(dir, 'old'), join(dir, 'new', 'grown')]);
    expect(r.status, String(r.stderr)).toBe(0);
    const { net, manifest } = loadWeights(join(dir, 'new', 'grown'), 'long');
    expect(manifest.encoding).toEqual({ version: LONG_ENCODING.version, inputs: LONG_ENCODING.inputs });
    expect(String(manifest.training.grown)).toContain(`${OLD} inputs`);
    // The start, and a position where the appended inputs are all set.
    const start = new Array<number>(26).fill(0);
    start[24] = 15;
    const me = new Array<number>(26).fill(0);
    me[20] = 1;
    me[6] = 14;
    const opp = new Array<number>(26).fill(0);
    for (let q = 2; q <= 7; q++) opp[q] = 2;
    opp[24] = 3;
    for (const [a, b] of [[start, start], [me, opp]] as const) {
      const x = new Float32Array(LONG_ENCODING.inputs);
      const idx = new Int32Array(LONG_ENCODING.inputs);
      const n = LONG_ENCODING.encode(a, 0, b, 0, x, idx);
      const newer = Array.from(idx.subarray(0, n)).filter((i) => i >= OLD);
      expect(newer.length).toBeGreaterThan(0);
      const kept = Int32Array.from(Array.from(idx.subarray(0, n)).filter((i) => i < OLD));
      const before = Array.from(old.forward(x, kept, kept.length, old.scratch()));
      const after = Array.from(net.forward(x, idx, n, net.scratch()));
      after.forEach((v, k) => expect(v).toBeCloseTo(before[k]!, 6));
    }
  });

  it('refuses what it cannot grow, with a clear message', () => {
    const bad = [
      [[], /usage/],
      [['short', join(dir, 'old'), join(dir, 'x')], /weights for long, not short/],
      [['long', join(dir, 'nowhere'), join(dir, 'x')], /no weights at/],
      [['long', join(dir, 'current'), join(dir, 'x')], /not an earlier version/],
    ] as const;
    for (const [args, message] of bad) {
      const r = grow([...args]);
      expect(r.status).not.toBe(0);
      expect(String(r.stderr)).toMatch(message);
    }
  });
});
