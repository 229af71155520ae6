/**
 * Averages the parameters of several snapshots of one training run into one net (stochastic
 * weight averaging): npx tsx scripts/average-weights.ts long|short <out base> <base> <base> ...
 *
 * Self-play at a steady rate leaves a net moving about the level it can reach; the mean of its
 * snapshots along the way usually plays better than any one of them (docs/levels.md, The
 * networks). The snapshots must come from one run or one starting net (their hidden units must
 * mean the same), with the code's encoding and one shape. The manifest's `training` names every
 * snapshot by its base and SHA-256 and keeps the last one's training record. For example:
 *   npx tsx scripts/average-weights.ts long train/long-avg train/long-s/at-{30000,35000,40000}
 */
import { loadWeights, saveWeights, WeightsError, type Manifest } from '../src/ai/weights.js';
import type { Net } from '../src/ai/net.js';

function fail(message: string, code = 1): never {
  console.error(message);
  process.exit(code);
}

const [variant, out, ...bases] = process.argv.slice(2);
if ((variant !== 'long' && variant !== 'short') || !out || out.startsWith('--') || bases.length < 2 || bases.some((b) => b.startsWith('--'))) {
  fail('usage: npx tsx scripts/average-weights.ts long|short <out base> <base> <base> ... (two snapshots or more)', 2);
}
if (bases.includes(out)) fail(`the output ${out} is one of the snapshots`);
if (new Set(bases).size !== bases.length) fail('a snapshot is named twice');

const read: Array<{ net: Net; manifest: Manifest }> = [];
try {
  for (const base of bases) read.push(loadWeights(base, variant));
} catch (e) {
  if (e instanceof WeightsError) fail(e.message);
  throw e;
}
const first = read[0]!.net;
// loadWeights held every snapshot's inputs and outputs to the code's encoding: only the hidden layers can differ.
for (let k = 1; k < read.length; k++) {
  const s = read[k]!.net.shape;
  if (s.hidden !== first.shape.hidden || (s.hidden2 ?? 0) !== (first.shape.hidden2 ?? 0)) {
    fail(`${bases[k]}: shape ${JSON.stringify(s)} is not ${bases[0]}'s ${JSON.stringify(first.shape)}`);
  }
}
// The mean in float64, then rounded once to float32 (in the first net's buffer, which is ours).
const params = read.map((r) => r.net.params());
const mean = first.params();
for (let i = 0; i < mean.length; i++) {
  let sum = 0;
  for (const p of params) sum += p[i]!;
  mean[i] = sum / params.length;
}
const last = read.at(-1)!.manifest;
const m = saveWeights(out, first, variant, {
  ...last.training,
  averaged: read.map((r, k) => ({ base: bases[k], sha256: r.manifest.sha256 })),
  trainer: `scripts/average-weights.ts: the mean of ${read.length} snapshots (${String(last.training.trainer ?? 'training')})`,
});
console.log(`wrote ${out}.{bin,json}: the mean of ${read.length} snapshots, sha256 ${m.sha256.slice(0, 12)}`);
