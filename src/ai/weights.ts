/**
 * Trained weights on disk: `<name>.bin` (the parameters as little-endian Float32, in Net's
 * layout) and `<name>.json`, a manifest that says what they mean (the encoding and its version,
 * the shape, the outputs) and where they come from (trainer, games, seed, date), with the
 * SHA-256 of the binary. Loading checks all of it against the code.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Variant } from '../engine/types.js';
import { ENCODINGS, PRUNE_ENCODINGS, type Encoding } from './encode.js';
import { Net, type NetShape } from './net.js';

export const OUTPUT_NAMES: Readonly<Record<Variant, readonly string[]>> = {
  long: ['win', 'win-mars', 'lose-mars'],
  short: ['win', 'win-gammon', 'win-backgammon', 'lose-gammon', 'lose-backgammon'],
};

export interface Manifest {
  readonly variant: Variant;
  readonly encoding: { readonly version: number; readonly inputs: number };
  readonly shape: NetShape;
  readonly outputs: readonly string[];
  readonly sha256: string;
  readonly date: string;
  /** How they were made: the trainer and its settings, games or samples, the seed. */
  readonly training: Readonly<Record<string, unknown>>;
}

export const ASSETS_DIR = fileURLToPath(new URL('../../assets/ai/', import.meta.url));

export class WeightsError extends Error {}

function sha256(buf: Uint8Array): string {
  return createHash('sha256').update(buf).digest('hex');
}

export function bytesOf(net: Net): Uint8Array {
  return new Uint8Array(net.buffer, net.w1.byteOffset, Net.byteLength(net.shape));
}

export function saveWeights(base: string, net: Net, variant: Variant, training: Record<string, unknown>, enc: Encoding = ENCODINGS[variant]): Manifest {
  const bytes = bytesOf(net);
  const manifest: Manifest = {
    variant,
    encoding: { version: enc.version, inputs: enc.inputs },
    shape: net.shape,
    outputs: OUTPUT_NAMES[variant],
    sha256: sha256(bytes),
    date: new Date().toISOString(),
    training,
  };
  mkdirSync(dirname(base), { recursive: true }); // a new run's folder need not exist yet
  writeFileSync(`${base}.bin`, bytes);
  writeFileSync(`${base}.json`, JSON.stringify(manifest, null, 2) + '\n');
  return manifest;
}

const isCount = (x: unknown): x is number => Number.isSafeInteger(x) && (x as number) >= 0;

/** A manifest read from disk, checked field by field (anything else is a WeightsError, never a cast). */
export function readManifest(path: string): Manifest {
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(path, 'utf8'));
  } catch (e) {
    throw new WeightsError(`${path}: not a readable JSON manifest (${(e as Error).message})`);
  }
  const m = raw as Record<string, unknown> | null;
  const enc = m?.encoding as Record<string, unknown> | undefined;
  const shape = m?.shape as Record<string, unknown> | undefined;
  const ok =
    m !== null &&
    typeof m === 'object' &&
    (m.variant === 'long' || m.variant === 'short') &&
    typeof enc === 'object' && enc !== null && isCount(enc.version) && isCount(enc.inputs) &&
    typeof shape === 'object' && shape !== null && isCount(shape.inputs) && isCount(shape.hidden) && isCount(shape.outputs) && (shape.hidden2 === undefined || isCount(shape.hidden2)) &&
    Array.isArray(m.outputs) && m.outputs.every((o) => typeof o === 'string') &&
    typeof m.sha256 === 'string' && typeof m.date === 'string' && typeof m.training === 'object' && m.training !== null;
  if (!ok) throw new WeightsError(`${path}: not a weights manifest (variant, encoding, shape, outputs, sha256, date, training)`);
  return raw as Manifest;
}

/**
 * Read weights as they are on disk: the manifest (passed to `check` before the bytes are read),
 * then the bytes, which must fit its shape and match its hash. Whatever encoding they were
 * trained on (scripts/grow-weights.ts reads older ones); `loadWeights` for the code's own.
 */
export function readNet(base: string, check: (manifest: Manifest) => void = () => {}): { net: Net; manifest: Manifest } {
  if (!existsSync(`${base}.json`) || !existsSync(`${base}.bin`)) throw new WeightsError(`no trained weights at ${base}.{bin,json}`);
  const manifest = readManifest(`${base}.json`);
  check(manifest);
  const shape = manifest.shape;
  const file = readFileSync(`${base}.bin`);
  if (file.length !== Net.byteLength(shape)) throw new WeightsError(`${base}.bin has ${file.length} bytes, the shape needs ${Net.byteLength(shape)}`);
  if (sha256(file) !== manifest.sha256) throw new WeightsError(`${base}.bin does not match the SHA-256 in its manifest`);
  const buf = new ArrayBuffer(file.length);
  new Uint8Array(buf).set(file);
  return { net: new Net(shape, buf), manifest };
}

/** Read and check weights: the manifest must match the encoding in the code, the bytes the hash. */
export function loadWeights(base: string, variant: Variant, enc: Encoding = ENCODINGS[variant]): { net: Net; manifest: Manifest; encoding: Encoding } {
  const { net, manifest } = readNet(base, (m) => {
    if (m.variant !== variant) throw new WeightsError(`${base}: weights for ${m.variant}, not ${variant}`);
    if (m.encoding?.version !== enc.version || m.encoding.inputs !== enc.inputs) {
      throw new WeightsError(`${base}: weights for ${variant} encoding v${m.encoding?.version} (${m.encoding?.inputs} inputs), the code has v${enc.version} (${enc.inputs})`);
    }
    if (m.shape.inputs !== enc.inputs || m.shape.outputs !== enc.outputs) throw new WeightsError(`${base}: shape ${JSON.stringify(m.shape)} does not fit the encoding`);
  });
  return { net, manifest, encoding: enc };
}

/** The weights the bot plays with (assets/ai/<variant>). */
export function loadBundled(variant: Variant): { net: Net; manifest: Manifest; encoding: Encoding } {
  return loadWeights(`${ASSETS_DIR}${variant}`, variant);
}

/**
 * The Review's own weights for a game (assets/ai/<variant>-review), where the game has them: a
 * copy of the players' net fine-tuned on whole decisions to value each roll's plays relative to
 * each other as gnubg's analysis does. null where the game has none (the Review then uses the
 * players' net).
 */
export function loadBundledReview(variant: Variant): { net: Net; manifest: Manifest; encoding: Encoding } | null {
  const base = `${ASSETS_DIR}${variant}-review`;
  if (!existsSync(`${base}.json`) && !existsSync(`${base}.bin`)) return null;
  return loadWeights(base, variant);
}

/** Save a pruning net (scripts/train-prune.ts), its manifest naming the pruning encoding. */
export function savePruneWeights(base: string, net: Net, variant: Variant, training: Record<string, unknown>): Manifest {
  const enc = PRUNE_ENCODINGS[variant];
  if (!enc) throw new WeightsError(`${variant} has no pruning encoding`);
  return saveWeights(base, net, variant, training, enc);
}

/**
 * The small net that picks the few plays of a roll worth the full net's look at the search's
 * inner layers (assets/ai/<variant>-prune; search.ts), checked as loadWeights checks the players'
 * net but against the pruning encoding. null where the game has none.
 */
export function loadBundledPrune(variant: Variant): { net: Net; manifest: Manifest; encoding: Encoding } | null {
  const enc = PRUNE_ENCODINGS[variant];
  const base = `${ASSETS_DIR}${variant}-prune`;
  if (!enc || (!existsSync(`${base}.json`) && !existsSync(`${base}.bin`))) return null;
  return loadWeights(base, variant, enc);
}
