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
  /** Whole lines under the figures: games against the bot, the last results. */
  readonly notes?: readonly string[];
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

const luminance = (hex: string): number => {
  const v = parseInt(hex.slice(1, 7), 16);
  const c = [(v >> 16) & 255, (v >> 8) & 255, v & 255].map((x) => {
    const s = x / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * c[0]! + 0.7152 * c[1]! + 0.0722 * c[2]!;
};
/** WCAG contrast ratio of two colours. */
export const contrast = (a: string, b: string): number => {
  const [x, y] = [luminance(a), luminance(b)].sort((p, q) => q - p) as [number, number];
  return (x + 0.05) / (y + 0.05);
};
/** Of the theme's colours, the one that reads best on the chart's field. */
const inkOn = (field: string, inks: readonly string[]): string => [...inks].sort((a, b) => contrast(b, field) - contrast(a, field))[0]!;

/** The rating range a chart shows (padded so a flat line sits in the middle). */
export function chartRange(history: readonly number[]): { readonly min: number; readonly max: number } {
  const lo = Math.min(...history);
  const hi = Math.max(...history);
  const pad = Math.max(5, (hi - lo) * 0.15);
  return { min: lo - pad, max: hi + pad };
}

/** The points of a rating line in a w x h box. */
export function chartPoints(history: readonly number[], w: number, h: number): Array<[number, number]> {
  if (history.length === 0) return [];
  const { min, max } = chartRange(history);
  const span = max - min;
  const step = history.length > 1 ? w / (history.length - 1) : 0;
  return history.map((r, i) => [Math.round((history.length > 1 ? i * step : w / 2) * 10) / 10, Math.round((h - ((r - min) / span) * h) * 10) / 10]);
}

const NOTE_H = 28;

function blockHeight(b: StatsBlock): number {
  return Math.max(BLOCK_H, 182 + b.figures.length * 28 + (b.notes?.length ?? 0) * NOTE_H + 20);
}

export function statsSvg(view: StatsView): string {
  const t = THEMES[view.theme ?? 'wood'];
  const tops: number[] = [];
  let bottom = 90;
  for (const b of view.blocks) {
    tops.push(bottom);
    bottom += blockHeight(b);
  }
  const height = bottom + 20;
  let s = `<svg xmlns="http://www.w3.org/2000/svg" width="${STATS_WIDTH}" height="${height}" viewBox="0 0 ${STATS_WIDTH} ${height}">`;
  s += `<rect width="${STATS_WIDTH}" height="${height}" fill="${t.background}"/>`;
  s += text(30, 58, 34, t.text, displayName(view.name, 40), { bold: true });
  view.blocks.forEach((b, i) => {
    const y = tops[i]!;
    const bh = blockHeight(b);
    s += `<rect x="20" y="${y}" width="${STATS_WIDTH - 40}" height="${bh - 20}" rx="16" fill="${t.frame}" stroke="${t.frameEdge}" stroke-width="3"/>`;
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
    s += text(cx + cw / 2, cy + ch + 30, 20, t.mutedText, view.labels.chart, { anchor: 'middle' });
    // The scale: the top and bottom of the range, and the middle, as gridlines with their ratings.
    if (b.history.length) {
      const { min, max } = chartRange(b.history);
      const ink = inkOn(t.field, [t.pointB, t.text, t.background, t.mutedText]);
      for (const f of [0, 0.5, 1]) {
        const gy = Math.round((cy + 20 + (ch - 40) * (1 - f)) * 10) / 10;
        s += `<line x1="${cx + 74}" y1="${gy}" x2="${cx + cw - 10}" y2="${gy}" stroke="${ink}" stroke-width="1.5" stroke-dasharray="4 6" opacity="0.45"/>`;
        s += text(cx + 68, gy + 8, 22, ink, String(Math.round(min + (max - min) * f)), { anchor: 'end' });
      }
    }
    const pts = chartPoints(b.history, cw - 120, ch - 40).map(([x, yy]) => [x + cx + 96, yy + cy + 20] as const);
    if (pts.length > 1) s += `<polyline points="${pts.map(([x, yy]) => `${x},${yy}`).join(' ')}" fill="none" stroke="${t.lastPlay}" stroke-width="4" stroke-linejoin="round"/>`;
    for (const [x, yy] of pts) s += `<circle cx="${x}" cy="${yy}" r="5" fill="${t.lastPlay}"/>`;
    if (b.history.length) {
      const [lx, ly] = pts.at(-1)!;
      s += text(Math.min(lx, cx + cw - 10), Math.max(cy + 22, ly - 12), 22, t.lastPlay, String(Math.round(b.history.at(-1)!)), { bold: true, anchor: 'end' });
    }
    // Notes: full width under the figures and the chart.
    const ny = Math.max(y + 194 + b.figures.length * 28, cy + ch + 62);
    (b.notes ?? []).forEach((note, j) => (s += text(44, ny + j * NOTE_H, 19, t.text, note.length > 90 ? note.slice(0, 89) + '…' : note)));
  });
  return s + '</svg>';
}

export async function renderStats(view: StatsView): Promise<Buffer> {
  return sharp(Buffer.from(statsSvg(view))).removeAlpha().png(PNG_OPTIONS).toBuffer();
}
