/** The /rules lessons must show what their texts say: checked with the engine. */
import { describe, expect, it } from 'vitest';
import { DEFAULT_RULES, legalPlays, scoreResult, turnView, type Position } from '../../src/engine/index.js';
import { LESSONS } from '../../src/lessons/lessons.js';

const lesson = (id: string) => [...LESSONS.long, ...LESSONS.short].find((l) => l.id === id)!;

describe('rules lessons', () => {
  it('every lesson has a valid position and both languages have its texts (see locales test)', () => {
    expect(LESSONS.long.map((l) => l.id)).toEqual(['long-setup', 'long-moving', 'long-head', 'long-block', 'long-bearoff', 'long-scoring', 'long-mistakes']);
    expect(LESSONS.short).toHaveLength(8);
  });

  it('the head lesson: the second player\'s first 6-6 is two checkers to 18, as drawn', () => {
    const l = lesson('long-head');
    const before: Position = { ...l.position, black: l.position.black.map((n, i) => (i === 24 ? n + 2 : i === 18 ? 0 : n)) };
    const plays = legalPlays(before, [6, 6]);
    expect(plays).toHaveLength(1);
    expect(turnView(before, [6, 6], l.view.pending!.moves).position.black).toEqual(l.position.black);
  });

  it('the block lesson: no play may hold 7..2, six in a row with no black checker ahead', () => {
    const l = lesson('long-block');
    expect(l.view.marks).toEqual([7]);
    const plays = legalPlays(l.position, l.view.dice!);
    expect(plays.length).toBeGreaterThan(0);
    for (const p of plays) expect([7, 6, 5, 4, 3, 2].every((pt) => p.position.white[pt]! > 0)).toBe(false);
    // Without the rule, 13/7 24/22 would stand.
    const off = legalPlays(l.position, l.view.dice!, { ...DEFAULT_RULES, block: 'off' });
    expect(off.some((p) => [7, 6, 5, 4, 3, 2].every((pt) => p.position.white[pt]! > 0))).toBe(true);
  });

  it('the bar lesson: with 5-2 every play enters with the 2 (bar/23), as drawn', () => {
    const l = lesson('short-bar');
    const start: Position = { ...l.position, black: l.position.black.map((n, i) => (i === 25 ? 1 : i === 23 ? n - 1 : n)) };
    expect(turnView(start, l.view.dice!, l.view.pending!.moves).position).toEqual(l.position);
    const plays = legalPlays(start, l.view.dice!);
    expect(plays.length).toBeGreaterThan(0);
    for (const p of plays) expect(p.moves.some(([f, t]) => f === 25 && t === 23)).toBe(true);
    for (const p of plays) expect(p.moves.some(([f, t]) => f === 25 && t === 20)).toBe(false);
  });

  it('the scoring lessons: mars in long nardy, backgammon (koks) in short', () => {
    expect(scoreResult(lesson('long-scoring').position, 'white', 1)).toMatchObject({ kind: 'mars', points: 2 });
    expect(scoreResult(lesson('short-scoring').position, 'white', 1)).toMatchObject({ kind: 'backgammon', points: 3 });
  });

  it('lessons drawn after a play show a position that play can lead to', () => {
    // Undo each step of the drawn play and check the play is legal from there.
    for (const id of ['long-moving', 'long-bearoff', 'short-moving', 'short-hit', 'short-bearoff']) {
      const l = lesson(id);
      const side = l.view.lastPlay!.side;
      const after = l.position;
      const own = [...(side === 'white' ? after.white : after.black)];
      for (const [from, to] of l.view.lastPlay!.moves) {
        own[to]!--;
        own[from]!++;
      }
      const opp = [...(side === 'white' ? after.black : after.white)];
      // A hit sent a blot to the bar: put it back where the step landed.
      if (id === 'short-hit') {
        opp[25]!--;
        opp[25 - 7]!++;
      }
      const before: Position = { ...after, turn: side, white: side === 'white' ? own : opp, black: side === 'white' ? opp : own };
      const rolls: Record<string, [number, number]> = { 'long-moving': [6, 5], 'long-bearoff': [6, 3], 'short-moving': [3, 1], 'short-hit': [6, 1], 'short-bearoff': [6, 4] };
      const roll = rolls[id] as [1, 1];
      const finals = legalPlays(before, roll).map((p) => JSON.stringify([p.position.white, p.position.black]));
      expect(finals, id).toContain(JSON.stringify([after.white, after.black]));
    }
  });
});
