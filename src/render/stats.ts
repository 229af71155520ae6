/**
 * The /stats picture: a player's numbers per game and a chart of the rating over the last rated
 * matches, drawn as an SVG and rasterized by sharp with the boards' fonts and theme colours.
 */
import './fonts.js';
import sharp from 'sharp';
import { FONT_FAMILY } from './fonts.js';
import { escapeXml, displayName } from './scene.js';
import { THEMES, type ThemeName } from './theme.js';
import { PNG_OPTIONS } from './raster.js';

export interface StatsBlock {
  /** "Long nardy" */
  readonly title: string;
  readonly rating: number;
  readonly best: number;
  /** Label / value pairs shown under the rating. */
  readonly figures: ReadonlyArray<readonly [string, string]>;
  /** Ratings after each of the last rated matches, oldest first. */
  readonly history: readonly number[];
}

export interface StatsView {
  readonly name: string;
  readonly blocks: readonly StatsBlock[];
  readonly labels: { readonly rating: string; readonly best: string; readonly chart: string };
  readonly theme?: ThemeName;
}

export const STATS_WIDTH = 1000;
const BLOCK_H = 330;

function text(x: number, y: number, size: number, fill: string, content: string, opts: { bold?: boolean; anchor?: 'start' | 'middle' | 'end' } = {}): string {
  return `<text x="${x}" y="${y}" font-family="${FONT_FAMILY}" font-size="${size}"${opts.bold ? ' font-weight="bold"' : ''}${opts.anchor && opts.anchor !== 'start' ? ` text-anchor="${opts.anchor}"` : ''} fill="${fill}">${escapeXml(content)}</text>`;
}

/** The points of a rating line in a w x h box (the range padded so a flat line sits in the middle). */
export function chartPoints(history: readonly number[], w: number, h: number): Array<[number, number]> {
  if (history.length === 0) return [];
  const lo = Math.min(...history);
  const hi = Math.max(...history);
  const pad = Math.max(5, (hi - lo) * 0.15);
  const min = lo - pad;
  const span = hi + pad - min;
  const step = history.length > 1 ? w / (history.length - 1) : 0;
  return history.map((r, i) => [Math.round((history.length > 1 ? i * step : w / 2) * 10) / 10, Math.round((h - ((r - min) / span) * h) * 10) / 10]);
}

export function statsSvg(view: StatsView): string {
  const t = THEMES[view.theme ?? 'wood'];
  const height = 90 + view.blocks.length * BLOCK_H + 20;
  let s = `<svg xmlns="http://www.w3.org/2000/svg" width="${STATS_WIDTH}" height="${height}" viewBox="0 0 ${STATS_WIDTH} ${height}">`;
  s += `<rect width="${STATS_WIDTH}" height="${height}" fill="${t.background}"/>`;
  s += text(30, 58, 34, t.text, displayName(view.name, 40), { bold: true });
  view.blocks.forEach((b, i) => {
    const y = 90 + i * BLOCK_H;
    s += `<rect x="20" y="${y}" width="${STATS_WIDTH - 40}" height="${BLOCK_H - 20}" rx="16" fill="${t.frame}" stroke="${t.frameEdge}" stroke-width="3"/>`;
    s += text(44, y + 46, 28, t.text, b.title, { bold: true });
    s += text(44, y + 112, 60, t.toMove, String(Math.round(b.rating)), { bold: true });
    s += text(44, y + 144, 20, t.mutedText, `${view.labels.rating} · ${view.labels.best} ${Math.round(b.best)}`);
    b.figures.forEach(([label, value], j) => {
      const fy = y + 182 + j * 28;
      s += text(44, fy, 20, t.mutedText, label);
      s += text(360, fy, 20, t.text, value, { bold: true, anchor: 'end' });
    });
    // The chart, right half.
    const cx = 420;
    const cy = y + 40;
    const cw = STATS_WIDTH - cx - 50;
    const ch = BLOCK_H - 100;
    s += `<rect x="${cx}" y="${cy}" width="${cw}" height="${ch}" rx="10" fill="${t.field}"/>`;
    s += text(cx + cw / 2, cy + ch + 30, 18, t.mutedText, view.labels.chart, { anchor: 'middle' });
    const pts = chartPoints(b.history, cw - 40, ch - 40).map(([x, yy]) => [x + cx + 20, yy + cy + 20] as const);
    if (pts.length > 1) s += `<polyline points="${pts.map(([x, yy]) => `${x},${yy}`).join(' ')}" fill="none" stroke="${t.lastPlay}" stroke-width="4" stroke-linejoin="round"/>`;
    for (const [x, yy] of pts) s += `<circle cx="${x}" cy="${yy}" r="5" fill="${t.lastPlay}"/>`;
    if (b.history.length) {
      const [lx, ly] = pts.at(-1)!;
      s += text(Math.min(lx, cx + cw - 10), Math.max(cy + 18, ly - 12), 18, t.lastPlay, String(Math.round(b.history.at(-1)!)), { bold: true, anchor: 'end' });
    }
  });
  return s + '</svg>';
}

export async function renderStats(view: StatsView): Promise<Buffer> {
  return sharp(Buffer.from(statsSvg(view))).removeAlpha().png(PNG_OPTIONS).toBuffer();
}
