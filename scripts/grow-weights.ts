/**
 * Grows a net trained on an earlier version of its game's encoding to the current version's
 * inputs, to compare it with nets trained on the new ones (the GROWN net of docs/levels.md's
 * long-nardy stages): npx tsx scripts/grow-weights.ts long|short <from base> <to base>
 *
 * The current encoding must append its new inputs after the earlier version's (as long nardy's
 * versions 2 and 3 do). The new inputs get zero weight, so the grown net plays exactly as the
 * one it comes from; it is the trainer's `--init` growth, written out. For example, the stage-3
 * long net (encoding version 2) from git history:
 *   git show 4c80575~1:assets/ai/long.bin > /tmp/long3.bin
 *   git show 4c80575~1:assets/ai/long.json > /tmp/long3.json
 *   npx tsx scripts/grow-weights.ts long /tmp/long3 /tmp/grown3
 */
import { existsSync, readFileSync } from 'node:fs';
import { ENCODINGS } from '../src/ai/encode.js';
import { growNet, Net } from '../src/ai/net.js';
import { readManifest, saveWeights, WeightsError } from '../src/ai/weights.js';

function fail(message: string, code = 1): never {
  console.error(message);
  process.exit(code);
}

const [variant, from, to, ...rest] = process.argv.slice(2);
if ((variant !== 'long' && variant !== 'short') || !from || !to || rest.length) {
  fail('usage: npx tsx scripts/grow-weights.ts long|short <from base> <to base>', 2);
}
const enc = ENCODINGS[variant];
if (!existsSync(`${from}.json`) || !existsSync(`${from}.bin`)) fail(`no weights at ${from}.{bin,json}`);
let m;
try {
  m = readManifest(`${from}.json`);
} catch (e) {
  fail(e instanceof WeightsError ? e.message : String(e));
}
if (m.variant !== variant) fail(`${from}: weights for ${m.variant}, not ${variant}`);
if ((m.shape.hidden2 ?? 0) > 0) fail(`${from}: a net with a second hidden layer cannot grow`);
if (m.shape.inputs !== m.encoding.inputs || m.shape.outputs !== enc.outputs) fail(`${from}: its shape ${JSON.stringify(m.shape)} does not fit its manifest or ${variant}'s outputs`);
if (m.encoding.version >= enc.version || m.shape.inputs >= enc.inputs) {
  fail(`${from}: encoding v${m.encoding.version} (${m.shape.inputs} inputs) is not an earlier version than the code's v${enc.version} (${enc.inputs})`);
}
const bytes = readFileSync(`${from}.bin`);
if (bytes.length !== Net.byteLength(m.shape)) fail(`${from}.bin has ${bytes.length} bytes, its shape needs ${Net.byteLength(m.shape)}`);
const buf = new ArrayBuffer(bytes.length);
new Uint8Array(buf).set(bytes);
// No hidden units are added, so nothing random is drawn.
const net = growNet(new Net(m.shape, buf), enc.inputs, m.shape.hidden, () => 0);
saveWeights(to, net, variant, {
  ...m.training,
  grown: `from ${from} (sha256 ${m.sha256}, encoding v${m.encoding.version}, ${m.shape.inputs} inputs) to v${enc.version}'s ${enc.inputs} inputs, the new ones at zero weight`,
});
console.log(`wrote ${to}.{bin,json}: ${m.shape.inputs} -> ${enc.inputs} inputs`);
