import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parsePositionId } from '../../src/engine/index.js';
import { encodingDigest } from '../helpers/encoding-digest.js';

/** Made by scripts/fixtures/encodings.ts with the encoders the bundled networks were trained on. */
const fixture = JSON.parse(readFileSync(new URL('../fixtures/ai/encodings.json', import.meta.url), 'utf8')) as Record<'long' | 'short', Array<[string, string]>>;

describe('the encoders give the inputs the networks were trained on, bit for bit', () => {
  for (const variant of ['long', 'short'] as const) {
    it(`${variant}: 1,500 positions from random games`, () => {
      const cases = fixture[variant];
      expect(cases).toHaveLength(1500);
      const wrong = cases.filter(([id, digest]) => encodingDigest(parsePositionId(id)) !== digest).map(([id]) => id);
      expect(wrong).toEqual([]);
    });
  }
});
