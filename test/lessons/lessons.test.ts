/** The /rules lessons must show what their texts say: checked with the engine. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DEFAULT_RULES, legalPlays, scoreResult, turnView, type Position } from '../../src/engine/index.js';
import { LESSONS } from '../../src/lessons/lessons.js';

const lesson = (id: string) => [...LESSONS.long, ...LESSONS.short].find((l) => l.id === id)!;

describe('rules lessons', () => {
  it('every lesson has a valid position and both languages have its texts (see locales test)', () => {
    expect(LESSONS.long.map((l) => l.id)).toEqual(['long-setup', 'long-opening', 'long-moving', 'long-head', 'long-block', 'long-bearoff', 'long-scoring', 'long-cube', 'long-presets', 'long-mistakes']);
    expect(LESSONS.short.map((l) => l.id)).toEqual(['short-setup', 'short-opening', 'short-moving', 'short-hit', 'short-bar', 'short-bearoff', 'short-scoring', 'short-cube', 'short-presets', 'short-mistakes']);
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
      const roll = l.view.dice as [1, 1];
      expect(l.view.diceSide ?? l.position.turn, id).toBe(side);
      const finals = legalPlays(before, roll).map((p) => JSON.stringify([p.position.white, p.position.black]));
      expect(finals, id).toContain(JSON.stringify([after.white, after.black]));
    }
  });

  const texts = (lang: 'en' | 'ru'): Map<string, string> => {
    const ftl = readFileSync(new URL(`../../locales/${lang}.ftl`, import.meta.url), 'utf8');
    const out = new Map<string, string>();
    for (const m of ftl.matchAll(/^lesson-([a-z-]+)-text = ([\s\S]*?)(?=^\S|$(?![\s\S]))/gm)) out.set(m[1]!, m[2]!);
    return out;
  };

  it('a lesson that names a roll draws it', () => {
    for (const lang of ['en', 'ru'] as const) {
      const t = texts(lang);
      for (const l of [...LESSONS.long, ...LESSONS.short]) {
        const text = t.get(l.id)!;
        expect(text, `${lang} ${l.id}`).toBeDefined();
        const named = [...text.matchAll(/(?<![\d/])([1-6])-([1-6])(?![\d])/g)].map((m) => `${m[1]}-${m[2]}`);
        if (!named.length) continue;
        const drawn = l.view.dice ? `${l.view.dice[0]}-${l.view.dice[1]}` : l.view.openingDice ? `${Math.max(l.view.openingDice.white, l.view.openingDice.black)}-${Math.min(l.view.openingDice.white, l.view.openingDice.black)}` : null;
        expect(drawn, `${lang} ${l.id} names ${named.join(', ')} but draws no dice`).not.toBeNull();
        expect(named, `${lang} ${l.id}`).toContain(drawn);
      }
    }
  });

  it('"play the larger" only where either die could be played alone (SPEC §1), in both languages', () => {
    const en = [...texts('en').values()].join('\n');
    const ru = [...texts('ru').values()].join('\n');
    expect(en).not.toMatch(/if only one can be played, play the larger|else the larger one/);
    expect(ru).not.toMatch(/если можно только одну — играется бо́льшая|иначе — бо́льшую/);
    expect(texts('en').get('long-moving')).toMatch(/If only one die can be played, you play it; if either could be played alone but not both, you must play the larger/);
    expect(texts('ru').get('long-moving')).toMatch(/Если можно сыграть только одну — играют её; если каждую по отдельности сыграть можно, а обе вместе нельзя — обязательно играют бо́льшую/);
  });

  it('no lesson shows an impossible position: in long nardy nobody has borne off with checkers outside home', () => {
    for (const l of LESSONS.long) {
      for (const own of [l.position.white, l.position.black]) {
        const outside = own.slice(7, 26).reduce((a, b) => a + b, 0);
        if (own[0]! > 0) expect(outside, l.id).toBe(0);
      }
    }
  });

  it('the setup marks both heads and draws both ways round; the opening lesson shows one die per side', () => {
    const setup = lesson('long-setup');
    expect(setup.view).toMatchObject({ marks: [24], otherMarks: [24], paths: ['white', 'black'] });
    expect(setup.position.white[24]).toBe(15);
    expect(setup.position.black[24]).toBe(15);
    for (const id of ['long-opening', 'short-opening']) {
      const o = lesson(id).view.openingDice!;
      expect(o.white).not.toBe(o.black);
    }
    expect(texts('ru').get('long-opening')).toMatch(/перебрасывают/);
  });

  it('the bar lesson is drawn from Black\'s side, so bar/23 is a number on the board', () => {
    const l = lesson('short-bar');
    expect(l.view.viewer).toBe('black');
    expect(texts('en').get('short-bar')).toMatch(/bar\/23/);
  });

  it('the marked points of the mistakes pictures are where a checker can start, as the texts say', () => {
    for (const id of ['long-mistakes', 'short-mistakes']) {
      const l = lesson(id);
      const starts = [...new Set(turnView(l.position, l.view.dice!, []).next.map(([f]) => f))].sort((a, b) => b - a);
      expect([...l.view.marks!].sort((a, b) => b - a), id).toEqual(starts);
      expect(texts('en').get(id)).toMatch(/marked points are where a checker may start/);
    }
    // The long mistakes picture: with 5-3 only one checker may leave the head.
    const l = lesson('long-mistakes');
    for (const p of legalPlays(l.position, l.view.dice!)) expect(p.moves.filter(([f]) => f === 24).length).toBeLessThanOrEqual(1);
  });

  it('the cube pictures: the owner\'s cube stands on the owner\'s side, as the texts say', () => {
    expect(lesson('short-cube').view.cube).toEqual({ value: 2, owner: 'white' });
    expect(lesson('long-cube').view.cube).toEqual({ value: 2, owner: 'black' });
    expect(texts('en').get('short-cube')).toMatch(/White owns the cube at 2/);
    expect(texts('en').get('long-cube')).toMatch(/Black owns the cube at 2/);
  });

  it('fits in a caption', () => {
    for (const lang of ['en', 'ru'] as const) for (const [id, text] of texts(lang)) expect(text.length, `${lang} ${id}`).toBeLessThan(950);
  });
});
