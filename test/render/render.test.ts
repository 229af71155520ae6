import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { startPosition } from '../../src/engine/index.js';
import { renderPosition, renderSvg } from '../../src/render/index.js';
import { FONT_CONFIG } from '../../src/render/fonts.js';
import { displayName, escapeXml } from '../../src/render/scene.js';
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

  it.each(['wood', 'dark'] as const)('matches the golden picture of the %s theme (small tolerance)', async (theme) => {
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
