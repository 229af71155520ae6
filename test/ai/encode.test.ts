import { describe, expect, it } from 'vitest';
import { SHORT_ENCODING } from '../../src/ai/encode.js';

/** The encoded inputs from 192 on (what is not per-point units), rounded. */
function features(me: number[], opp: number[]): Record<number, number> {
  const x = new Float32Array(SHORT_ENCODING.inputs);
  const idx = new Int32Array(SHORT_ENCODING.inputs);
  const n = SHORT_ENCODING.encode(me, 0, opp, 0, x, idx);
  const f: Record<number, number> = {};
  for (let k = 0; k < n; k++) if (idx[k]! >= 192) f[idx[k]!] = +x[idx[k]!]!.toFixed(3);
  return f;
}
const empty = (): number[] => new Array<number>(26).fill(0);
const start = (): number[] => {
  const s = empty();
  s[24] = 2;
  s[13] = 5;
  s[8] = 3;
  s[6] = 5;
  return s;
};

describe('short-nardy encoding', () => {
  it('the start: contact, no blots, one home point each, every checker still to bring home', () => {
    const f = features(start(), start());
    expect(f[200]).toBe(1); // contact
    expect(f[201]).toBeUndefined(); // no shots: no blots
    expect(f[213]).toBe(0.167); // my home points (the 6)
    expect(f[211]).toBe(0.667); // 10 of 15 outside home, none off
    expect(f[207]).toBeUndefined(); // from my 24 past their 13-point (my 12): no roll gets there (zero is left out)
  });

  it('a full prime in front of my back checkers leaves no escape; the opponent escapes with 5 rolls', () => {
    const me = empty();
    me[22] = 2;
    me[6] = 13;
    const opp = empty();
    for (let q = 4; q <= 9; q++) opp[q] = 2;
    opp[13] = 3;
    const f = features(me, opp);
    expect(f[203]).toBe(1); // a six-prime ahead of me
    expect(f[207]).toBeUndefined(); // no escapes
    expect(f[208]).toBe(0.139); // 6-5, 6-6, 4-4, 3-3 past my point 22 from their 13: 5 of 36
  });

  it('on the bar against three closed home points: a quarter of the rolls dance', () => {
    const me = start();
    me[25] = 1;
    me[24] = 1;
    const opp = empty();
    opp[6] = 3;
    opp[5] = 2;
    opp[4] = 2;
    opp[13] = 3;
    opp[8] = 3;
    opp[24] = 2;
    const f = features(me, opp);
    expect(f[192]).toBe(1);
    expect(f[205]).toBe(0.25);
    expect(f[201]).toBeGreaterThan(0.9); // my blot on 24 is in front of three of their points
    expect(f[209]).toBeGreaterThan(0); // and being hit costs pips
  });
});
