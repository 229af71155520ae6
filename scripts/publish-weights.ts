/**
 * Publish a training checkpoint as the bot's weights: npx tsx scripts/publish-weights.ts <variant> <checkpoint base>
 * (e.g. long train/long-td/checkpoint). Copies the weights with their manifest, and the training
 * log, into assets/ai/. Then run scripts/fixtures/ai-evaluations.ts and commit both.
 */
import { copyFileSync, existsSync } from 'node:fs';
import { dirname } from 'node:path';
import { ASSETS_DIR, loadWeights, saveWeights } from '../src/ai/weights.js';

const [variant, base] = process.argv.slice(2);
if ((variant !== 'long' && variant !== 'short') || !base) {
  console.error('usage: npx tsx scripts/publish-weights.ts long|short <checkpoint base>');
  process.exit(2);
}
const { net, manifest } = loadWeights(base, variant);
const m = saveWeights(`${ASSETS_DIR}${variant}`, net, variant, manifest.training);
const log = `${dirname(base)}/log.jsonl`;
if (existsSync(log)) copyFileSync(log, `${ASSETS_DIR}${variant}-log.jsonl`);
console.log(`published assets/ai/${variant}.{bin,json}: ${JSON.stringify(m.training.progress ?? m.training)}`);
