/** Long nardy's races: where contact ends, the race network asked there, and its training data (scripts/race-data.ts). */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { allHome } from '../../src/ai/bearoff.js';
import { ENCODINGS } from '../../src/ai/encode.js';
import { Evaluator } from '../../src/ai/evaluator.js';
import { Net } from '../../src/ai/net.js';
import { longContact } from '../../src/ai/race.js';
import { readData } from '../../src/ai/train/data.js';
import { racesEvaluator, selfPlayRaces } from '../../src/ai/train/races.js';
import { loadBundled } from '../../src/ai/weights.js';
import { parsePositionId } from '../../src/engine/position.js';
import { seededRandom } from '../../src/sim/rng.js';

/** A side (own numbering) with `at` checkers on the points given, the rest off. */
function side(at: Record<number, number>): Int8Array {
  const a = new Int8Array(26);
  let on = 0;
  for (const [p, n] of Object.entries(at)) {
    a[Number(p)] = n;
    on += n;
  }
  a[0] = 15 - on;
  return a;
}

describe('longContact', () => {
  it('holds at the start and while the rearmost checkers have yet to pass each other', () => {
    expect(longContact(side({ 24: 15 }), 0, side({ 24: 15 }), 0)).toBe(true);
    // My rearmost on my 13, the other's on its 12: 13 + 12 > 24, they still meet.
    expect(longContact(side({ 13: 1, 3: 14 }), 0, side({ 12: 1, 2: 14 }), 0)).toBe(true);
  });

  it('is over once every checker of each side has passed the other\'s (p + q ≤ 24)', () => {
    expect(longContact(side({ 12: 1, 3: 14 }), 0, side({ 12: 1, 2: 14 }), 0)).toBe(false);
    expect(longContact(side({ 6: 15 }), 0, side({ 18: 2, 1: 13 }), 0)).toBe(false);
    // Read from offsets as the evaluator passes them.
    const pool = new Int8Array(52);
    pool.set(side({ 13: 1, 3: 14 }), 0);
    pool.set(side({ 12: 1, 2: 14 }), 26);
    expect(longContact(pool, 0, pool, 26)).toBe(true);
    pool.set(side({ 11: 1, 3: 14 }), 0);
    expect(longContact(pool, 0, pool, 26)).toBe(false);
  });
});

describe('the evaluator with a race network', () => {
  const main = loadBundled('long').net;
  const other = new Net(main.shape);
  other.initRandom(seededRandom(5));

  it('asks the race network in races and the main network where contact is left, and nothing else changes', () => {
    const both = new Evaluator(main, ENCODINGS.long, { race: other });
    const mainOnly = new Evaluator(main, ENCODINGS.long);
    const raceOnly = new Evaluator(other, ENCODINGS.long);
    const out = (ev: Evaluator, me: Int8Array, opp: Int8Array): number[] => Array.from(ev.evaluate(me, 0, opp, 0, new Float32Array(3)));
    const race: [Int8Array, Int8Array] = [side({ 12: 3, 8: 4, 5: 8 }), side({ 10: 2, 7: 6, 3: 7 })];
    const contact: [Int8Array, Int8Array] = [side({ 24: 10, 18: 5 }), side({ 24: 12, 16: 3 })];
    expect(out(both, ...race)).toEqual(out(raceOnly, ...race));
    expect(out(both, ...race)).not.toEqual(out(mainOnly, ...race));
    expect(out(both, ...contact)).toEqual(out(mainOnly, ...contact));
    // Both sides bearing off: the bear-off table, whichever nets there are.
    const home: [Int8Array, Int8Array] = [side({ 6: 5, 2: 5 }), side({ 5: 7, 1: 3 })];
    expect(out(both, ...home)).toEqual(out(mainOnly, ...home));
  });

  it('refuses a race network of another shape, and one for short nardy', () => {
    expect(() => new Evaluator(main, ENCODINGS.long, { race: new Net({ inputs: 10, hidden: 4, outputs: 3 }) })).toThrow(/does not fit/);
    const short = loadBundled('short').net;
    expect(() => new Evaluator(short, ENCODINGS.short, { race: short })).toThrow(/long nardy only/);
  });
});

describe('race training data', () => {
  it('self-play finds races, none of them a bear-off of both sides', () => {
    const random = seededRandom(3);
    const races = selfPlayRaces(racesEvaluator(loadBundled('long').net), random);
    expect(races.length).toBeGreaterThan(0);
    for (const r of races) {
      expect(longContact(r.me, 0, r.opp, 0)).toBe(false);
      expect(allHome(r.me, 0) && allHome(r.opp, 0)).toBe(false);
    }
  });

  it('scripts/race-data.ts writes each race with its played-out outcomes, as the trainer reads them', () => {
    const out = join(mkdtempSync(join(tmpdir(), 'nardy-race-')), 'race.txt');
    const r = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/race-data.ts', '--positions', '4', '--games', '144', '--seed', '9', '--out', out], { encoding: 'utf8' });
    expect(r.status, r.stderr).toBe(0);
    const lines = readFileSync(out, 'utf8').trim().split('\n');
    expect(lines).toHaveLength(4);
    for (const line of lines) {
      const [id, ...probs] = line.split(' ');
      const p = parsePositionId(id!);
      const me = p.turn === 'white' ? p.white : p.black;
      const opp = p.turn === 'white' ? p.black : p.white;
      expect(longContact(me, 0, opp, 0)).toBe(false);
      const [w, wm, lm] = probs.map(Number);
      expect(probs).toHaveLength(3);
      expect(wm!).toBeLessThanOrEqual(w! + 1e-9);
      expect(lm!).toBeLessThanOrEqual(1 - w! + 1e-9);
      // 144 games each: every probability a whole number of them.
      expect(Math.abs(w! * 144 - Math.round(w! * 144))).toBeLessThan(0.01);
    }
    expect(readData(out, 'long', false).count).toBe(4);
    const bad = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/race-data.ts', '--positions', '4', '--games', '10', '--out', out], { encoding: 'utf8' });
    expect(bad.status).toBe(2);
    expect(bad.stderr).toMatch(/--games must be at least 144/);
  });
});
