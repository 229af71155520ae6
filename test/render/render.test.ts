import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { startPosition } from '../../src/engine/index.js';
import { renderPosition, renderSvg } from '../../src/render/index.js';
import { FONT_CONFIG } from '../../src/render/fonts.js';
import { buildScene, displayName, escapeXml } from '../../src/render/scene.js';
import { THEMES } from '../../src/render/theme.js';
import { long, short } from '../helpers/board.js';
import { GOLDEN_POSITION, GOLDEN_VIEWS } from './golden-views.js';

const cyrillic = { white: 'Константин Константинопольский-Оглы', black: 'Жанна <b>&"\'' };

describe('SVG snapshots', () => {
  const cases: Array<[string, Parameters<typeof renderSvg>[0], Parameters<typeof renderSvg>[1]]> = [
    ['long-start-white', startPosition('long'), { names: cyrillic }],
    ['long-start-black-view', startPosition('long', 'black'), { viewer: 'black', dice: [6, 6], remaining: [6, 6] }],
    ['short-start-dice-cube', startPosition('short'), { dice: [3, 1], cube: { value: 1, owner: null } }],
    ['short-bar-off-tall-stack', short('black', { 6: 11, 1: 1 }, { bar: 2, 20: 1, 6: 3 }), { viewer: 'black', cube: { value: 4, owner: 'white' }, names: cyrillic, score: { white: 3, black: 4, length: 7 } }],
    ['long-last-play-dark', long('black', { 24: 14, 13: 1 }, { 24: 15 }), { theme: 'dark', lastPlay: { side: 'white', moves: [[24, 18], [18, 13]] }, marks: [24] }],
    ['short-double-offered', startPosition('short'), { cube: { value: 4, owner: null, offered: true }, score: { white: 1, black: 2, length: 5 } }],
    ['long-over-banner', long('white', {}, { 6: 3, 5: 2 }), { turn: null, result: 'White wins: mars, 2 points', lastPlay: { side: 'white', moves: [[2, 0]] } }],
  ];
  it.each(cases)('%s', async (name, position, options) => {
    await expect(renderSvg(position, options)).toMatchFileSnapshot(`./__snapshots__/${name}.svg`);
  });

  it('names are escaped and shortened; control and direction marks are dropped', () => {
    const svg = renderSvg(startPosition('long'), { names: cyrillic });
    expect(svg).toContain('Жанна &lt;b&gt;&amp;&quot;&#39;');
    expect(svg).not.toContain('<b>');
    expect(displayName(cyrillic.white)).toBe('Константин Константин…');
    expect(displayName('a\u202eb\u0007c')).toBe('abc');
    expect(escapeXml('<&>')).toBe('&lt;&amp;&gt;');
  });
});

describe('PNG', () => {
  it('is a phone-friendly opaque PNG of 1000-1280 px width', async () => {
    const png = await renderPosition(startPosition('short'), { dice: [6, 5] });
    const meta = await sharp(png).metadata();
    expect(meta.format).toBe('png');
    expect(meta.width).toBeGreaterThanOrEqual(1000);
    expect(meta.width).toBeLessThanOrEqual(1280);
    expect(meta.hasAlpha).toBe(false);
  });

  it('takes the position JSON of SPEC §2 and rejects a broken one', async () => {
    const json = JSON.parse(JSON.stringify(startPosition('long')));
    expect((await renderPosition(json)).length).toBeGreaterThan(1000);
    await expect(renderPosition({ ...json, white: [1, 2, 3] })).rejects.toThrow(/26 entries/);
    expect(() => renderSvg({ variant: 'x' })).toThrow(/variant/);
  });

  it.each(['wood', 'dark', 'review'] as const)('matches the golden picture %s (small tolerance)', async (theme) => {
    const golden = await sharp(readFileSync(new URL(`../fixtures/golden/board-${theme}.png`, import.meta.url))).raw().toBuffer({ resolveWithObject: true });
    const now = await sharp(await renderPosition(GOLDEN_POSITION, GOLDEN_VIEWS[theme])).raw().toBuffer({ resolveWithObject: true });
    expect(now.info.width).toBe(golden.info.width);
    expect(now.info.height).toBe(golden.info.height);
    let differing = 0;
    let total = 0;
    for (let i = 0; i < now.data.length; i++) {
      const d = Math.abs(now.data[i]! - golden.data[i]!);
      total += d;
      if (d > 24) differing++;
    }
    expect(differing / now.data.length).toBeLessThan(0.002);
    expect(total / now.data.length).toBeLessThan(0.5);
  });
});

describe('fonts', () => {
  it('uses the project fontconfig with the shipped fonts only', () => {
    expect(process.env.FONTCONFIG_FILE).toBe(FONT_CONFIG);
    const conf = readFileSync(FONT_CONFIG, 'utf8');
    expect(conf).toContain('<dir prefix="relative">.</dir>');
    expect(conf).not.toContain('/usr/share/fonts');
  });

  it('draws Cyrillic names (ink where the name is)', async () => {
    const withName = await sharp(await renderPosition(startPosition('long'), { names: { white: 'ЖЖЖЖЖЖЖЖ', black: 'b' } })).raw().toBuffer();
    const without = await sharp(await renderPosition(startPosition('long'), { names: { white: ' ', black: 'b' } })).raw().toBuffer();
    let changed = 0;
    for (let i = 0; i < withName.length; i++) if (withName[i] !== without[i]) changed++;
    expect(changed).toBeGreaterThan(1000);
  });
});

describe('what the picture says (issue 12)', () => {
  type Box = { x: number; y: number; w: number; h: number };
  const cubeBox = (scene: ReturnType<typeof buildScene>): Box & { body: string } => scene.fragments.find((f) => /rx="9"/.test(f.body))!;
  /** The arrows of a scene as segments in board coordinates. */
  const segments = (scene: ReturnType<typeof buildScene>): Array<[number, number, number, number]> =>
    scene.fragments.filter((f) => f.body.includes('<line')).map((f) => {
      const m = /x1="(-?\d+)" y1="(-?\d+)" x2="(-?\d+)" y2="(-?\d+)"/.exec(f.body)!;
      return [f.x + Number(m[1]), f.y + Number(m[2]), f.x + Number(m[3]), f.y + Number(m[4])];
    });
  const crosses = (s: [number, number, number, number], b: Box): boolean => {
    for (let i = 0; i <= 100; i++) {
      const x = s[0] + ((s[2] - s[0]) * i) / 100;
      const y = s[1] + ((s[3] - s[1]) * i) / 100;
      if (x >= b.x && x <= b.x + b.w && y >= b.y && y <= b.y + b.h) return true;
    }
    return false;
  };

  it('an offered double shows the value offered, highlighted, not the old one', () => {
    const scene = buildScene({ position: startPosition('short'), cube: { value: 4, owner: null, offered: true } });
    const cube = cubeBox(scene);
    expect(cube.body).toMatch(/>4<\/text>/);
    expect(cube.body).toContain(THEMES.wood.mark);
  });

  it('no arrow runs through the cube, wherever it is, and bear-off arrows stay beside their home', () => {
    const plays: Array<[ReturnType<typeof long>, 'white' | 'black', Array<[number, number]>]> = [
      [long('white', { 24: 10, 13: 3, 8: 2 }, { 24: 10, 11: 5 }), 'white', [[13, 8], [8, 1]]],
      [long('white', { 24: 10, 13: 3, 8: 2 }, { 24: 10, 11: 5 }), 'black', [[24, 13], [13, 7]]],
      [long('white', { 3: 1, 1: 1 }, { 6: 3, 5: 2, 3: 2 }), 'black', [[6, 0], [5, 0]]],
      [long('white', { 3: 1, 1: 1 }, { 6: 3, 5: 2, 3: 2 }), 'white', [[3, 0], [1, 0]]],
      [short('white', { 8: 3, 6: 5, 13: 5, 24: 2 }, { 8: 3, 6: 5, 13: 5, 24: 2 }), 'white', [[8, 3], [6, 3]]],
      [short('white', { 8: 3, 6: 5, 13: 5, 24: 2 }, { 8: 3, 6: 5, 13: 5, 24: 2 }), 'black', [[13, 7], [8, 7]]],
      [short('white', { 2: 2 }, { 6: 3, 1: 2 }), 'black', [[6, 0], [1, 0]]],
    ];
    for (const [position, side, moves] of plays) {
      for (const viewer of ['white', 'black'] as const) {
        for (const cube of [{ value: 1, owner: null }, { value: 2, owner: 'white' as const }, { value: 2, owner: 'black' as const }]) {
          const scene = buildScene({ position, viewer, cube, lastPlay: { side, moves } });
          const box = cubeBox(scene);
          for (const seg of segments(scene)) expect(crosses(seg, box), `${position.variant} ${side} ${JSON.stringify(moves)} viewer ${viewer} cube ${JSON.stringify(cube)}`).toBe(false);
          if (moves.some(([, to]) => to === 0)) for (const seg of segments(scene)) expect(Math.abs(seg[2] - seg[0])).toBeLessThan(500);
        }
      }
    }
  });

  it("a hint's doubled move (13/7(2), in any order of its steps) is drawn as arrows that never cross", () => {
    const intersect = (a: [number, number, number, number], b: typeof a): boolean => {
      const d = (p: number[], q: number[], r: number[]): number => (q[0]! - p[0]!) * (r[1]! - p[1]!) - (q[1]! - p[1]!) * (r[0]! - p[0]!);
      const [p1, p2, p3, p4] = [[a[0], a[1]], [a[2], a[3]], [b[0], b[1]], [b[2], b[3]]];
      return d(p1!, p2!, p3!) * d(p1!, p2!, p4!) < 0 && d(p3!, p4!, p1!) * d(p3!, p4!, p2!) < 0;
    };
    const position = short('white', { 13: 5, 10: 1, 6: 5, 8: 3, 24: 1 }, { 13: 5, 8: 3, 6: 5, 24: 2 });
    for (const moves of [
      [[13, 10], [13, 10], [10, 7], [10, 7]],
      [[13, 10], [10, 7], [13, 10], [10, 7]],
      [[8, 5], [8, 5], [6, 3], [6, 3]],
      [[24, 21], [24, 21], [13, 10], [13, 10]],
    ] as Array<[number, number]>[]) {
      for (const viewer of ['white', 'black'] as const) {
        const scene = buildScene({ position, viewer, compare: { best: { side: 'white', moves } } });
        const segs = segments(scene);
        expect(segs.length).toBe(4);
        for (let i = 0; i < segs.length; i++) for (let j = i + 1; j < segs.length; j++) expect(intersect(segs[i]!, segs[j]!), `${JSON.stringify(moves)} viewer ${viewer}: arrows ${i} and ${j}`).toBe(false);
      }
    }
  });

  it("a lesson's path lines never hide a stack's count: the count is drawn over them", () => {
    for (const variant of ['long', 'short'] as const) {
      const scene = buildScene({ position: startPosition(variant), paths: ['white', 'black'] });
      const lastPath = scene.fragments.map((f) => f.body.includes('stroke-dasharray="14 8"')).lastIndexOf(true);
      expect(lastPath).toBeGreaterThan(0);
      const counts = scene.fragments.map((f, i) => ({ i, n: /font-weight="bold"[^>]*>(\d+)<\/text>/.exec(f.body)?.[1] })).filter((x) => x.n && Number(x.n) > 5);
      // Each count on the board (15 on each head in long nardy, the stacks of 5 or more in short) has a copy after the last path.
      const before = new Set(counts.filter((x) => x.i < lastPath).map((x) => x.n));
      const after = new Set(counts.filter((x) => x.i > lastPath).map((x) => x.n));
      expect([...before].every((n) => after.has(n)), `${variant}: ${[...before]} vs ${[...after]}`).toBe(true);
    }
  });

  it('at the end: a banner with the result and nobody ringed as on move', async () => {
    const p = long('white', {}, { 6: 3, 5: 2 });
    const over = buildScene({ position: p, turn: null, result: 'White wins: mars, 2 points' });
    expect(over.fragments.some((f) => f.body.includes('White wins: mars, 2 points'))).toBe(true);
    expect(over.fragments.some((f) => f.body.includes(`stroke="${THEMES.wood.toMove}" stroke-width="4"/><circle`))).toBe(false);
    const playing = buildScene({ position: p });
    expect(playing.fragments.some((f) => f.body.includes(`stroke="${THEMES.wood.toMove}" stroke-width="4"/><circle`))).toBe(true);
  });

  it('the header: pips and checkers off apart, the score with its length', () => {
    const svg = renderSvg(startPosition('long'), { labels: { pips: 'пипсы', off: 'снято', score: 'счёт', to: 'до' }, score: { white: 0, black: 2, length: 3 } });
    expect(svg).toContain('пипсы: 360  ·  снято: 0');
    expect(svg).toContain('счёт: 0 (до 3)');
    expect(svg).not.toMatch(/0\/3/);
  });

  it('the dark theme is calm and its checkers match ⚪ and ⚫', () => {
    const luma = (h: string): number => { const [r, g, b] = [1, 3, 5].map((i) => parseInt(h.slice(i, i + 2), 16)); return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!; };
    // Chroma: how far a colour is from grey (0-255); the old theme's blue points had 202.
    const chroma = (h: string): number => { const c = [1, 3, 5].map((i) => parseInt(h.slice(i, i + 2), 16)); return Math.max(...c) - Math.min(...c); };
    const d = THEMES.dark;
    expect(luma(d.white.fill)).toBeGreaterThan(200);
    expect(luma(d.black.fill)).toBeLessThan(40);
    for (const c of [d.field, d.pointA, d.pointB, d.frame]) expect(chroma(c)).toBeLessThan(40);
    expect(luma(d.field)).toBeGreaterThan(luma(d.black.fill) + 20);
  });
});
