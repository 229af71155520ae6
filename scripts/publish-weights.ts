/**
 * Publish a training checkpoint as the bot's weights: npx tsx scripts/publish-weights.ts <variant> <checkpoint base> [--review]
 * (e.g. long train/long-td/checkpoint). Copies the weights with their manifest, and the training
 * log, into assets/ai/ (with --review, as the Review's net: assets/ai/<variant>-review, which the
 * analysis uses instead of the players' net). Then run scripts/fixtures/ai-evaluations.ts and
 * commit both.
 */
import { copyFileSync, existsSync } from 'node:fs';
import { dirname } from 'node:path';
import { ASSETS_DIR, loadWeights, saveWeights } from '../src/ai/weights.js';

const args = process.argv.slice(2);
const review = args.includes('--review');
const [variant, base, ...rest] = args.filter((a) => a !== '--review');
if ((variant !== 'long' && variant !== 'short') || !base || rest.length) {
  console.error('usage: npx tsx scripts/publish-weights.ts long|short <checkpoint base> [--review]');
  process.exit(2);
}
const name = review ? `${variant}-review` : variant;
const { net, manifest } = loadWeights(base, variant);
const m = saveWeights(`${ASSETS_DIR}${name}`, net, variant, manifest.training);
const log = `${dirname(base)}/log.jsonl`;
if (existsSync(log)) copyFileSync(log, `${ASSETS_DIR}${name}-log.jsonl`);
console.log(`published assets/ai/${name}.{bin,json}: ${JSON.stringify(m.training.progress ?? m.training)}`);
