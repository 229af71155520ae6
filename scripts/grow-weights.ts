/**
 * Grows a net trained on an earlier version of its game's encoding to the current version's
 * inputs, to compare it with nets trained on the new ones (the GROWN net of docs/levels.md's
 * long-nardy stages): npx tsx scripts/grow-weights.ts long|short <from base> <to base>
 *
 * The current encoding must append its new inputs after the earlier version's (as long nardy's
 * versions 2, 3 and 4 do). The new inputs get zero weight, so the grown net plays exactly as the
 * one it comes from; it is the trainer's `--init` growth, written out. For example, the stage-4
 * long net (encoding version 3) from git history:
 *   git show 6bf97d0~1:assets/ai/long.bin > /tmp/long4.bin
 *   git show 6bf97d0~1:assets/ai/long.json > /tmp/long4.json
 *   npx tsx scripts/grow-weights.ts long /tmp/long4 /tmp/grown4
 * (the stage-3 net, encoding version 2: 4c80575~1, as /tmp/long3, grown to /tmp/grown3).
 */
import { existsSync } from 'node:fs';
import { ENCODINGS } from '../src/ai/encode.js';
import { growNet } from '../src/ai/net.js';
import { readNet, saveWeights, WeightsError } from '../src/ai/weights.js';

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
let read;
try {
  read = readNet(from, (m) => {
    if (m.variant !== variant) throw new WeightsError(`${from}: weights for ${m.variant}, not ${variant}`);
    if ((m.shape.hidden2 ?? 0) > 0) throw new WeightsError(`${from}: a net with a second hidden layer cannot grow`);
    if (m.shape.inputs !== m.encoding.inputs || m.shape.outputs !== enc.outputs) throw new WeightsError(`${from}: its shape ${JSON.stringify(m.shape)} does not fit its manifest or ${variant}'s outputs`);
    if (m.encoding.version >= enc.version || m.shape.inputs >= enc.inputs) {
      throw new WeightsError(`${from}: encoding v${m.encoding.version} (${m.shape.inputs} inputs) is not an earlier version than the code's v${enc.version} (${enc.inputs})`);
    }
  });
} catch (e) {
  fail(e instanceof WeightsError ? e.message : String(e));
}
const { net: old, manifest: m } = read;
// No hidden units are added, so nothing random is drawn.
const net = growNet(old, enc.inputs, m.shape.hidden, () => 0);
saveWeights(to, net, variant, {
  ...m.training,
  grown: `from ${from} (sha256 ${m.sha256}, encoding v${m.encoding.version}, ${m.shape.inputs} inputs) to v${enc.version}'s ${enc.inputs} inputs, the new ones at zero weight`,
});
console.log(`wrote ${to}.{bin,json}: ${m.shape.inputs} -> ${enc.inputs} inputs`);
