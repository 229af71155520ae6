/** The /stats picture: real sharp, the chart's line follows the ratings. */
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { chartPoints, renderStats, statsSvg, STATS_WIDTH } from '../../src/render/stats.js';

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
});
