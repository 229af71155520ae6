/** The trained weights: they load, their manifests match the encodings, fixed positions evaluate as committed. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ENCODINGS, PRUNE_ENCODINGS } from '../../src/ai/encode.js';
import { Evaluator } from '../../src/ai/evaluator.js';
import { Net } from '../../src/ai/net.js';
import { loadBundled, loadBundledPrune, loadBundledReview, loadWeights, OUTPUT_NAMES, WeightsError } from '../../src/ai/weights.js';
import { parsePosition } from '../../src/engine/index.js';

const fixture = JSON.parse(readFileSync(new URL('../fixtures/ai/evaluations.json', import.meta.url), 'utf8')) as Record<string, { sha256: string; cases: Array<{ position: unknown; probs: number[] }> }>;

/**
 * The players' nets, the Review's short-nardy net (long nardy has none: its Review uses the
 * players'), and short nardy's pruning net (search.ts), each with the encoding it reads.
 */
const bundles = [
  { key: 'long', variant: 'long' as const, enc: ENCODINGS.long, load: () => loadBundled('long') },
  { key: 'short', variant: 'short' as const, enc: ENCODINGS.short, load: () => loadBundled('short') },
  { key: 'short-review', variant: 'short' as const, enc: ENCODINGS.short, load: () => loadBundledReview('short')! },
  { key: 'short-prune', variant: 'short' as const, enc: PRUNE_ENCODINGS.short!, load: () => loadBundledPrune('short')! },
];

describe('the Review\'s nets', () => {
  it('short nardy has its own, apart from the players\' net; long nardy has none', () => {
    expect(loadBundledReview('short')!.manifest.sha256).not.toBe(loadBundled('short').manifest.sha256);
    expect(loadBundledReview('long')).toBeNull();
  });
});

describe.each(bundles)('$key weights', ({ key, variant, enc, load }) => {
  const { net, manifest, encoding } = load();

  it('load, and the manifest matches the encoding, the shape and the outputs', () => {
    expect(manifest.variant).toBe(variant);
    expect(encoding).toBe(enc);
    expect(manifest.encoding).toEqual({ version: enc.version, inputs: enc.inputs });
    expect(manifest.shape).toEqual({ inputs: encoding.inputs, hidden: net.shape.hidden, outputs: encoding.outputs });
    expect(manifest.outputs).toEqual(OUTPUT_NAMES[variant]);
    expect(Net.byteLength(manifest.shape)).toBe(net.params().byteLength);
    expect(typeof manifest.training.seed).toBe('number');
  });

  it('evaluate the fixed positions to the committed values', () => {
    expect(fixture[key]!.sha256).toBe(manifest.sha256);
    const ev = new Evaluator(net, encoding);
    for (const c of fixture[key]!.cases) {
      const p = parsePosition(c.position);
      const me = p.turn === 'white' ? p.white : p.black;
      const opp = p.turn === 'white' ? p.black : p.white;
      const probs = Array.from(ev.evaluate(me, 0, opp, 0, new Float32Array(encoding.outputs)));
      probs.forEach((x, i) => expect(x).toBeCloseTo(c.probs[i]!, 5));
    }
  });

  it('give consistent probabilities: a gammon is a win, a backgammon a gammon', () => {
    const ev = new Evaluator(net, encoding);
    for (const c of fixture[key]!.cases) {
      const p = parsePosition(c.position);
      const y = ev.evaluate(p.turn === 'white' ? p.white : p.black, 0, p.turn === 'white' ? p.black : p.white, 0, new Float32Array(encoding.outputs));
      for (const x of y) expect(x >= 0 && x <= 1).toBe(true);
      if (variant === 'long') {
        expect(y[1]).toBeLessThanOrEqual(y[0]!);
        expect(y[2]).toBeLessThanOrEqual(1 - y[0]! + 1e-6);
      } else {
        expect(y[2]).toBeLessThanOrEqual(y[1]!);
        expect(y[4]).toBeLessThanOrEqual(y[3]!);
      }
    }
  });
});

describe('weights on disk', () => {
  it('refuse a manifest of another encoding version or a damaged binary', async () => {
    const { mkdtempSync, writeFileSync, copyFileSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const dir = mkdtempSync(`${tmpdir()}/nardy-weights-`);
    const { ASSETS_DIR } = await import('../../src/ai/weights.js');
    copyFileSync(`${ASSETS_DIR}short.bin`, `${dir}/w.bin`);
    const manifest = JSON.parse(readFileSync(`${ASSETS_DIR}short.json`, 'utf8')) as Record<string, unknown>;
    writeFileSync(`${dir}/w.json`, JSON.stringify({ ...manifest, encoding: { version: 99, inputs: 205 } }));
    expect(() => loadWeights(`${dir}/w`, 'short')).toThrow(/encoding v99/);
    writeFileSync(`${dir}/w.json`, JSON.stringify(manifest));
    const bin = readFileSync(`${dir}/w.bin`);
    bin[100] = bin[100]! ^ 0xff;
    writeFileSync(`${dir}/w.bin`, bin);
    expect(() => loadWeights(`${dir}/w`, 'short')).toThrow(WeightsError);
    expect(() => loadWeights(`${dir}/w`, 'long')).toThrow(/weights for short, not long/);
  });

  it('a manifest of the wrong shape is refused with WeightsError, not read as a cast; so is a broken match equity table', async () => {
    const { mkdtempSync, writeFileSync, copyFileSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const { ASSETS_DIR } = await import('../../src/ai/weights.js');
    const { decodeTable } = await import('../../src/ai/met.js');
    const dir = mkdtempSync(`${tmpdir()}/nardy-weights-`);
    copyFileSync(`${ASSETS_DIR}short.bin`, `${dir}/w.bin`);
    const manifest = JSON.parse(readFileSync(`${ASSETS_DIR}short.json`, 'utf8')) as Record<string, unknown>;
    for (const bad of ['not json', JSON.stringify({ ...manifest, shape: undefined }), JSON.stringify({ ...manifest, shape: { inputs: '251', hidden: 256, outputs: 5 } }), JSON.stringify({ ...manifest, variant: 'chess' }), '[]']) {
      writeFileSync(`${dir}/w.json`, bad);
      expect(() => loadWeights(`${dir}/w`, 'short')).toThrow(WeightsError);
    }
    const met = JSON.parse(readFileSync(`${ASSETS_DIR}met.json`, 'utf8')) as { preCrawford: number[][]; postCrawford: number[] };
    expect(decodeTable(met).preCrawford.length).toBe(met.preCrawford.length);
    expect(() => decodeTable({ ...met, postCrawford: [0.5, 2] })).toThrow(/postCrawford/);
    expect(() => decodeTable({ ...met, preCrawford: [[0.5, 0.4]] })).toThrow(/square/);
  });
});
