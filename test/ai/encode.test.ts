import { describe, expect, it } from 'vitest';
import { LONG_ENCODING, SHORT_ENCODING, type Encoding } from '../../src/ai/encode.js';

/** The encoded inputs from 192 on (what is not per-point units), rounded; short nardy's unless told. */
function features(me: number[], opp: number[], enc: Encoding = SHORT_ENCODING): Record<number, number> {
  const x = new Float32Array(enc.inputs);
  const idx = new Int32Array(enc.inputs);
  const n = enc.encode(me, 0, opp, 0, x, idx);
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

/** My two back checkers on my 22-point behind the opponent's six-prime on its 4..9-points. */
const behindAPrime = (): [number[], number[]] => {
  const me = empty();
  me[22] = 2;
  me[6] = 13;
  const opp = empty();
  for (let q = 4; q <= 9; q++) opp[q] = 2;
  opp[13] = 3;
  return [me, opp];
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
    const [me, opp] = behindAPrime();
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

  it('version 3: a double shot needs two blots (or two hitters) in reach of one roll', () => {
    const me = empty();
    me[20] = 1; // their 5-point
    me[18] = 1; // their 7-point
    me[6] = 13;
    const opp = empty();
    opp[8] = 3;
    opp[13] = 12;
    const two = features(me, opp);
    expect(two[201]).toBeGreaterThan(0); // shots at me
    expect(two[217]).toBeGreaterThan(0); // 3-1 hits both blots from their 8-point
    const one = features([...me.slice(0, 18), 0, ...me.slice(19)].map((c, p) => (p === 6 ? 14 : c)), opp);
    expect(one[201]).toBeGreaterThan(0);
    expect(one[217]).toBeUndefined(); // one blot, hitters on one point only
  });

  it('version 3: a full prime contains the checkers behind it completely; anchors, off in steps', () => {
    const [me, opp] = behindAPrime();
    const f = features(me, opp);
    expect(f[220]).toBe(1); // the opponent contains me: no escape from my 22
    expect(f[222]).toBe(1); // (squared)
    expect(f[219]).toBeLessThan(1); // my two points hardly contain their checkers on 13
    expect(f[231]).toBe(0.917); // my rearmost made point: 22 / 24
    expect(f[233]).toBe(0.25); // my most advanced anchor in their half: 22, (25 - 22) / 12
    const off = empty();
    off[0] = 7;
    off[3] = 8;
    const g = features(off, opp);
    expect(g[243]).toBe(1);
    expect(g[244]).toBe(0.4);
    expect(g[245]).toBeUndefined();
  });

  it('version 3: a board folded onto the 1- and 2-points is crashed', () => {
    const me = empty();
    me[1] = 8;
    me[2] = 3;
    me[4] = 1;
    me[9] = 1;
    me[20] = 2;
    const opp = start();
    const f = features(me, opp);
    expect(f[249]).toBe(1); // 5 in play besides 8 on the 1-point and 2 extra on the 2-point
    expect(f[250]).toBeUndefined(); // the opponent at the start is not
    expect(features(start(), start())[249]).toBeUndefined();
  });
});

const longFeatures = (me: number[], opp: number[]): Record<number, number> => features(me, opp, LONG_ENCODING);

/** Long nardy: my last checker on my 20-point behind their six points on my 14..19 (their 2..7), the rest of mine home; three on their head (my 12). */
const behindABlock = (): [number[], number[]] => {
  const me = empty();
  me[20] = 1;
  me[6] = 3;
  me[5] = 3;
  me[4] = 3;
  me[3] = 2;
  me[2] = 2;
  me[1] = 1;
  const opp = empty();
  for (let q = 2; q <= 7; q++) opp[q] = 2;
  opp[24] = 3;
  return [me, opp];
};

describe('long-nardy encoding, version 2', () => {
  const head = (): number[] => {
    const s = empty();
    s[24] = 15;
    return s;
  };

  it('the start: each head has the other head twelve points ahead; 33 rolls play in full from it', () => {
    const f = longFeatures(head(), head());
    expect(f[215]).toBeUndefined(); // none of the six points in front of my head is held
    expect(f[217]).toBe(0.917); // all but 3-3, 4-4 and 6-6 (which land on their head, my 12)
    expect(f[218]).toBe(0.917);
    expect(f[219]).toBeUndefined(); // nothing held by three points
    expect(f[223]).toBe(1); // all fifteen still have the other's head ahead
    expect(f[225]).toBeUndefined(); // an even race
    expect(f[226]).toBeUndefined();
  });

  it('a checker behind a six-point block: held, trapped, no roll plays; the other side nearly free', () => {
    const f = longFeatures(...behindABlock());
    expect(f[215]).toBe(1); // my 14..19 all held
    expect(f[217]).toBeUndefined(); // no roll moves it
    expect(f[219]).toBe(0.067); // one checker held by three or more points
    expect(f[221]).toBe(0.067); // and by five or more
    expect(f[223]).toBe(0.067); // my home checkers are past everything
    expect(f[225]).toBe(0.833); // 76 pips against 126
    expect(f[226]).toBeUndefined();
    // Their head (my 12) faces my home board (their 13..18) six to eleven pips ahead.
    expect(f[216]).toBe(0.167); // one of the six in front (their 18, my 6)
    expect(f[218]).toBe(0.25); // 1-2, 1-3, 1-4, 2-3 both ways and 1-1: 9 of 36
    expect(f[220]).toBeUndefined();
    expect(f[224]).toBe(0.2); // the three on the head; the rest are past my checkers
  });

  it('past each other: no contact inputs, the rolls count as free', () => {
    const me = empty();
    me[6] = 15;
    const opp = empty();
    opp[6] = 15;
    const f = longFeatures(me, opp);
    expect(f[217]).toBe(1);
    expect(f[218]).toBe(1);
    for (const i of [215, 216, 219, 220, 221, 222, 223, 224, 225, 226]) expect(f[i]).toBeUndefined();
  });
});

describe('long-nardy encoding, version 3', () => {
  it('the start: 33 rolls play in full for each side, both far from a mars', () => {
    const me = empty();
    me[24] = 15;
    const f = longFeatures(me, [...me]);
    expect(f[227]).toBe(0.917); // one checker a turn leaves the head: 3-3, 4-4, 6-6 reach the other head
    expect(f[228]).toBe(0.917);
    expect(f[229]).toBe(1); // 276 pips to bring all home and bear one off against 360: clipped
    expect(f[230]).toBe(1);
  });

  it('a checker behind a six-point block: every roll with a six and 5-5 is lost; the other side plays nearly all', () => {
    const f = longFeatures(...behindABlock());
    // Not all home, so nothing bears off: no six plays, 5-5 finds three steps (6 to 1).
    expect(f[227]).toBe(0.667); // 20 non-doubles without a six, 1-1 to 4-4
    // They lose only 6-6: one from the head is stopped by my 6-point (their 18), two 7 to 1.
    expect(f[228]).toBe(0.972);
    expect(f[229]).toBe(1); // 15 pips to save the mars against their 126
    expect(f[230]).toBe(0.3); // their 56 pips home and 2 to bear one off against my 76
  });

  it('one side about to be marsed: its race input is far behind; a side with checkers off has none', () => {
    const me = empty();
    me[14] = 15; // their 2-point
    const opp = empty();
    opp[1] = 2;
    opp[0] = 13;
    const f = longFeatures(me, opp);
    expect(f[229]).toBe(-1); // 120 pips home and 6 more against their 2
    expect(f[230]).toBeUndefined();
    expect(f[228]).toBe(1); // bearing off: every roll plays
  });
});

describe('long-nardy encoding, version 4', () => {
  it('the start: each head is a point the other must pass, with 14 × 23 spare pips behind it', () => {
    const me = empty();
    me[24] = 15;
    const f = longFeatures(me, [...me]);
    expect(f[231]).toBe(0.083); // one point of twelve
    expect(f[232]).toBe(0.083);
    expect(f[233]).toBe(0.894); // 322 of 360: all but the head's last checker, each 23 pips
    expect(f[234]).toBe(0.894);
  });

  it('a checker behind a six-point block: every point of each side still blocks; the block holds far more spare pips', () => {
    const f = longFeatures(...behindABlock());
    // All seven of my points lie ahead of their head (their 24); their six and their head lie
    // ahead of my checker on my 20.
    expect(f[231]).toBe(0.583);
    expect(f[232]).toBe(0.583);
    // Mine: 2·5 + 2·4 + 2·3 + 1·2 + 1·1 on my 6..2 (the 20 and the 1-point keep their one) = 27 of 360.
    expect(f[233]).toBe(0.075);
    // Theirs: one spare on each of their 2..7 (1 + 2 + … + 6 = 21) and two on the head (2 · 23): 67.
    expect(f[234]).toBe(0.186);
  });

  it('a point behind all of the other side holds nothing; past each other, no timing inputs', () => {
    const me = empty();
    me[24] = 14;
    me[3] = 1; // my 3-point is their 15: all of theirs, on their 14, are past it
    const opp = empty();
    opp[14] = 15;
    let f = longFeatures(me, opp);
    expect(f[231]).toBe(0.083); // only my head (their 12) is still ahead of them
    expect(f[233]).toBe(0.836); // 13 spare on the head · 23 + the free one on my 3 · 2 = 301
    expect(f[232]).toBe(0.083); // theirs (my 2) is ahead of my head
    expect(f[234]).toBe(0.506); // 14 spare · 13 = 182
    const past = empty();
    past[6] = 15;
    f = longFeatures(past, [...past]);
    for (const i of [231, 232, 233, 234]) expect(f[i]).toBeUndefined();
  });
});
