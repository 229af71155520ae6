import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LONG_ENCODING } from '../../src/ai/encode.js';
import { Net } from '../../src/ai/net.js';
import { loadWeights, saveWeights } from '../../src/ai/weights.js';
import { seededRandom } from '../../src/sim/rng.js';

const average = (args: string[]): ReturnType<typeof spawnSync> => spawnSync(process.execPath, ['--import', 'tsx', 'scripts/average-weights.ts', ...args], { encoding: 'utf8' });

describe('scripts/average-weights.ts', () => {
  const dir = mkdtempSync(join(tmpdir(), 'average-'));
  const snapshot = (name: string, seed: number, hidden = 8): Net => {
    const net = new Net({ inputs: LONG_ENCODING.inputs, hidden, outputs: 3 });
    net.initRandom(seededRandom(seed));
    saveWeights(join(dir, name), net, 'long', { trainer: 'test', games: seed * 1000 });
    return net;
  };
  const a = snapshot('a', 1);
  const b = snapshot('b', 2);
  const c = snapshot('c', 3);
  snapshot('wide', 4, 12);

  it('writes the mean of the snapshots, each parameter, with a manifest naming them', () => {
    // into a folder that does not exist yet, as a new run's would not
    const out = join(dir, 'new', 'mean');
    const r = average(['long', out, join(dir, 'a'), join(dir, 'b'), join(dir, 'c')]);
    expect(r.status, String(r.stderr)).toBe(0);
    const { net, manifest } = loadWeights(out, 'long');
    const [pa, pb, pc, pm] = [a, b, c, net].map((n) => n.params());
    expect(pm!.length).toBe(pa!.length);
    for (let i = 0; i < pm!.length; i++) expect(pm![i]).toBeCloseTo((pa![i]! + pb![i]! + pc![i]!) / 3, 6);
    const named = manifest.training.averaged as Array<{ base: string; sha256: string }>;
    expect(named.map((s) => s.base)).toEqual([join(dir, 'a'), join(dir, 'b'), join(dir, 'c')]);
    expect(named[2]!.sha256).toBe(loadWeights(join(dir, 'c'), 'long').manifest.sha256);
    expect(manifest.training.games).toBe(3000); // the last snapshot's record
    expect(String(manifest.training.trainer)).toContain('the mean of 3 snapshots');
  });

  it('refuses what it cannot average, with a clear message, and writes nothing', () => {
    const x = join(dir, 'x');
    const bad = [
      [['long', x, join(dir, 'a')], /usage/],
      [['short', x, join(dir, 'a'), join(dir, 'b')], /weights for long, not short/],
      [['long', x, join(dir, 'a'), join(dir, 'nowhere')], /no trained weights at/],
      [['long', x, join(dir, 'a'), join(dir, 'wide')], /shape .* is not/],
      [['long', x, join(dir, 'a'), join(dir, 'a')], /named twice/],
      [['long', join(dir, 'a'), join(dir, 'a'), join(dir, 'b')], /is one of the snapshots/],
    ] as const;
    for (const [args, message] of bad) {
      const r = average([...args]);
      expect(r.status).not.toBe(0);
      expect(String(r.stderr)).toMatch(message);
      expect(String(r.stderr)).not.toMatch(/\n\s+at /); // no stack trace
    }
    expect(existsSync(`${x}.json`) || existsSync(`${x}.bin`)).toBe(false);
  });
});
