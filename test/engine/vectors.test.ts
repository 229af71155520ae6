/**
 * Agreement with outside references: the cases of an independent implementation (copied from
 * shared/vectors into test/fixtures/vectors) and GNU Backgammon's legal plays for short nardy
 * (test/fixtures/gnubg-short.jsonl, made by scripts/gnubg/make-fixture.sh).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { legalPlays, parsePosition, positionId, type Dice } from '../../src/engine/index.js';

interface Case {
  position: unknown;
  dice: Dice;
  count: number;
  finals: string[];
}

function load(file: string): Case[] {
  return readFileSync(new URL(`../fixtures/${file}`, import.meta.url), 'utf8')
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as Case);
}

const canonical = (p: { variant: string; turn: string; white: readonly number[]; black: readonly number[] }): string =>
  JSON.stringify({ black: p.black, turn: p.turn, variant: p.variant, white: p.white });

describe.each(['long-random', 'long-blocks', 'short-random'])('reference vectors: %s', (name) => {
  const cases = load(`vectors/${name}.jsonl`);

  it(`has its cases (${cases.length})`, () => {
    expect(cases.length).toBeGreaterThanOrEqual(100);
  });

  it('every case: the same count and the same final positions', () => {
    const mismatches: string[] = [];
    for (const c of cases) {
      const plays = legalPlays(parsePosition(c.position), c.dice);
      const got = plays.map((p) => canonical(p.position)).sort();
      const want = c.finals.map((f) => canonical(JSON.parse(f))).sort();
      if (plays.length !== c.count || JSON.stringify(got) !== JSON.stringify(want)) {
        mismatches.push(`${JSON.stringify(c.position)} ${c.dice}: got ${plays.length}, want ${c.count}`);
      }
    }
    expect(mismatches).toEqual([]);
  });
});

describe('GNU Backgammon agreement (short nardy)', () => {
  const cases = load('gnubg-short.jsonl');

  it(`has at least 2,000 positions (${cases.length})`, () => {
    expect(cases.length).toBeGreaterThanOrEqual(2000);
    expect(cases.some((c) => c.count === 0)).toBe(true);
    expect(cases.some((c) => c.dice[0] === c.dice[1])).toBe(true);
  });

  it('every position: the same plays, compared by final position', () => {
    const mismatches: string[] = [];
    for (const c of cases) {
      const position = parsePosition(c.position);
      const got = legalPlays(position, c.dice).map((p) => positionId(p.position)).sort();
      if (JSON.stringify(got) !== JSON.stringify([...c.finals].sort())) {
        mismatches.push(`${positionId(position)} ${c.dice}: got ${got.length}, gnubg ${c.count}`);
      }
    }
    expect(mismatches).toEqual([]);
  });
});
