import { createHash } from 'node:crypto';
import { ENCODINGS } from '../../src/ai/encode.js';
import type { Position } from '../../src/engine/index.js';

/**
 * What the game's encoding makes of `p` for the side to move, as a short digest: the inputs it
 * sets, sorted by index, each with its value's float32 bits (scripts/fixtures/encodings.ts).
 */
export function encodingDigest(p: Position): string {
  const enc = ENCODINGS[p.variant];
  const x = new Float32Array(enc.inputs);
  const idx = new Int32Array(enc.inputs);
  const me = p.turn === 'white' ? p.white : p.black;
  const opp = p.turn === 'white' ? p.black : p.white;
  const n = enc.encode(me, 0, opp, 0, x, idx);
  const set = Array.from(idx.subarray(0, n)).sort((a, b) => a - b);
  const bits = new Uint32Array(new Float32Array(set.map((i) => x[i]!)).buffer);
  return createHash('sha256').update(set.map((i, k) => `${i}:${bits[k]!.toString(16)}`).join(',')).digest('hex').slice(0, 16);
}
