/** The /stats picture: real sharp, the chart's line follows the ratings. */
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { chartPoints, contrast, renderStats, statsSvg, STATS_WIDTH } from '../../src/render/stats.js';
import { THEMES } from '../../src/render/theme.js';
import { chartHistory } from '../../src/app/stats.js';
import { START_RATING } from '../../src/app/rating.js';

const view = {
  name: 'Вера <b>',
  labels: { rating: 'rating', best: 'best', chart: 'Rating over the last matches' },
  blocks: [{ title: 'Long nardy', rating: 1534.2, best: 1541, history: [1510, 1502, 1541, 1534.2], figures: [['matches', '4'] as const] }],
};

describe('stats picture', () => {
  it('a higher rating is drawn higher; one point sits in the middle; no history, no line', () => {
    const pts = chartPoints([1500, 1520, 1490], 300, 100);
    expect(pts[1]![1]).toBeLessThan(pts[0]![1]);
    expect(pts[2]![1]).toBeGreaterThan(pts[0]![1]);
    expect(pts.map(([x]) => x)).toEqual([0, 150, 300]);
    expect(chartPoints([1500], 300, 100)).toEqual([[150, 50]]);
    expect(chartPoints([], 300, 100)).toEqual([]);
  });

  it('is a PNG of the set width; names are escaped', async () => {
    expect(statsSvg(view)).toContain('Вера &lt;b&gt;');
    expect(statsSvg(view)).toContain('<polyline');
    const meta = await sharp(await renderStats(view)).metadata();
    expect([meta.format, meta.width]).toEqual(['png', STATS_WIDTH]);
  });

  it('the chart has a scale (its top, middle and bottom ratings); notes under the figures are drawn', async () => {
    const block = { title: 'Short nardy', rating: 1532, best: 1540, history: [1500, 1540], figures: [['matches', '2'] as const], notes: ['Against the bot: easy 3:1', 'Last: won 1:0 vs Ben'] };
    const svg = statsSvg({ name: 'Ann', blocks: [block], labels: { rating: 'rating', best: 'best', chart: 'chart' } });
    // 1500..1540 padded by 6 each side: 1494, 1520, 1546.
    for (const v of ['1494', '1520', '1546']) expect(svg).toContain(`>${v}</text>`);
    expect(svg).toContain('Against the bot: easy 3:1');
    expect(svg).toContain('Last: won 1:0 vs Ben');
    const png = await renderStats({ name: 'Ann', blocks: [block], labels: { rating: 'rating', best: 'best', chart: 'chart' } });
    const meta = await sharp(png).metadata();
    expect(meta.height).toBeGreaterThan(400);
  });

  it('one rated match is a line from the start rating, not a lone dot; a full history is drawn as kept', () => {
    expect(chartHistory({ history: [1508.5] })).toEqual([START_RATING, 1508.5]);
    expect(chartHistory({ history: [] })).toEqual([]);
    const full = Array.from({ length: 30 }, (_, i) => 1500 + i);
    expect(chartHistory({ history: full })).toEqual(full);
    const svg = statsSvg({ name: 'Ann', blocks: [{ title: 'Long nardy', rating: 1508.5, best: 1508.5, history: chartHistory({ history: [1508.5] }), figures: [['matches', '1'] as const] }], labels: { rating: 'rating', best: 'best', chart: 'chart' } });
    expect(svg).toContain('<polyline');
    // The scale is written large enough to read on a phone (the picture is shown about 400 px wide).
    // and in a colour that stands out from the chart's field (WCAG 4.5:1), in both themes.
    for (const theme of ['wood', 'dark'] as const) {
      const themed = statsSvg({ name: 'Ann', theme, blocks: [{ title: 'Long nardy', rating: 1508.5, best: 1508.5, history: [1500, 1508.5], figures: [] }], labels: { rating: 'rating', best: 'best', chart: 'chart' } });
      const scale = [...themed.matchAll(/font-size="(\d+)"[^>]*fill="(#[0-9a-f]{6})">(\d{4})<\/text>/g)].filter((m) => m[3] !== '1509');
      expect(scale.length).toBe(3);
      for (const m of scale) {
        expect(Number(m[1])).toBeGreaterThanOrEqual(22);
        expect(contrast(m[2]!, THEMES[theme].field)).toBeGreaterThanOrEqual(4.5);
      }
    }
  });
});
