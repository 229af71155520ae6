/**
 * A tournament's pictures for its group: the standings table (Swiss, round robin) and the bracket
 * (knockout), drawn as SVG and rasterized by sharp with the boards' fonts and theme colours.
 */
import './fonts.js';
import sharp from 'sharp';
import { FONT_FAMILY } from './fonts.js';
import { escapeXml, displayName } from './scene.js';
import { THEMES } from './theme.js';
import { PNG_OPTIONS } from './raster.js';

export interface StandingsView {
  readonly title: string;
  readonly subtitle: string;
  /** Column heads: place, player, points, Buchholz, Sonneborn–Berger, difference. */
  readonly heads: readonly [string, string, string, string, string, string];
  readonly rows: ReadonlyArray<{ readonly place: number; readonly name: string; readonly points: number; readonly buchholz: number; readonly sb: number; readonly diff: number; readonly out: boolean }>;
}

export interface BracketView {
  readonly title: string;
  readonly subtitle: string;
  /** Round titles, left to right. */
  readonly rounds: readonly string[];
  /** Per round, its matches in bracket order: two names (null: a bye / empty) and the winner's index. */
  readonly matches: ReadonlyArray<ReadonlyArray<{ readonly names: readonly [string | null, string | null]; readonly winner: 0 | 1 | null; readonly score?: string }>>;
}

const theme = THEMES.wood;
/** Dark ink for text on the light field (the theme's own text colour is for its dark frame). */
const INK = '#2a1a0e';

function text(x: number, y: number, size: number, fill: string, content: string, opts: { bold?: boolean; anchor?: 'start' | 'middle' | 'end' } = {}): string {
  return `<text x="${x}" y="${y}" font-family="${FONT_FAMILY}" font-size="${size}"${opts.bold ? ' font-weight="bold"' : ''}${opts.anchor && opts.anchor !== 'start' ? ` text-anchor="${opts.anchor}"` : ''} fill="${fill}">${escapeXml(content)}</text>`;
}

const fmt = (x: number): string => (Number.isInteger(x) ? String(x) : x.toFixed(1));

export function standingsSvg(v: StandingsView): string {
  const W = 1000;
  const ROW = 40;
  const top = 130;
  const shown = v.rows.slice(0, 40);
  const H = top + ROW * (shown.length + 1) + 30;
  const cols = [44, 124, 600, 710, 820, 920];
  const parts: string[] = [];
  parts.push(`<rect width="${W}" height="${H}" fill="${theme.background}"/>`);
  parts.push(`<rect x="20" y="20" width="${W - 40}" height="${H - 40}" rx="18" fill="${theme.field}" stroke="${theme.frame}" stroke-width="6"/>`);
  parts.push(text(W / 2, 70, 30, INK, displayName(v.title, 56), { bold: true, anchor: 'middle' }));
  parts.push(text(W / 2, 105, 22, INK, displayName(v.subtitle, 70), { anchor: 'middle' }));
  const headY = top + 26;
  v.heads.forEach((h, i) => parts.push(text(cols[i]!, headY, 18, INK, displayName(h, 12), { bold: true, anchor: i >= 2 ? 'middle' : 'start' })));
  shown.forEach((r, k) => {
    const y = top + ROW * (k + 1);
    if (k % 2 === 0) parts.push(`<rect x="30" y="${y + 4}" width="${W - 60}" height="${ROW}" fill="${theme.tray}" opacity="0.35"/>`);
    const ty = y + 30;
    parts.push(text(cols[0]!, ty, 22, INK, `${r.place}`, { bold: r.place <= 3 }));
    parts.push(text(cols[1]!, ty, 22, INK, `${displayName(r.name, 34)}${r.out ? ' ✕' : ''}`, { bold: r.place <= 3 }));
    parts.push(text(cols[2]!, ty, 22, INK, fmt(r.points), { bold: true, anchor: 'middle' }));
    parts.push(text(cols[3]!, ty, 22, INK, fmt(r.buchholz), { anchor: 'middle' }));
    parts.push(text(cols[4]!, ty, 22, INK, fmt(r.sb), { anchor: 'middle' }));
    parts.push(text(cols[5]!, ty, 22, INK, (r.diff > 0 ? '+' : '') + fmt(r.diff), { anchor: 'middle' }));
  });
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">${parts.join('')}</svg>`;
}

export function bracketSvg(v: BracketView): string {
  const rounds = v.matches.length;
  const first = Math.max(1, v.matches[0]?.length ?? 1);
  const COL = 280;
  const BOX_H = 56;
  const GAP = 16;
  const W = Math.max(700, 40 + rounds * COL);
  const top = 140;
  const H = top + first * (BOX_H + GAP) + 40;
  const parts: string[] = [];
  parts.push(`<rect width="${W}" height="${H}" fill="${theme.background}"/>`);
  parts.push(`<rect x="10" y="10" width="${W - 20}" height="${H - 20}" rx="18" fill="${theme.field}" stroke="${theme.frame}" stroke-width="6"/>`);
  parts.push(text(W / 2, 60, 30, INK, displayName(v.title, 56), { bold: true, anchor: 'middle' }));
  parts.push(text(W / 2, 95, 20, INK, displayName(v.subtitle, 70), { anchor: 'middle' }));
  v.matches.forEach((col, r) => {
    const x = 30 + r * COL;
    parts.push(text(x + (COL - 40) / 2, top - 12, 20, INK, v.rounds[r] ?? '', { bold: true, anchor: 'middle' }));
    // A match of round r sits centred on the two matches of round r-1 that feed it.
    const span = 2 ** r;
    col.forEach((m, j) => {
      const centre = top + (j * span + span / 2) * (BOX_H + GAP);
      const y = centre - BOX_H / 2;
      parts.push(`<rect x="${x}" y="${y}" width="${COL - 40}" height="${BOX_H}" rx="8" fill="${theme.tray}" stroke="${theme.frame}" stroke-width="2"/>`);
      m.names.forEach((n, i) => {
        const ty = y + 23 + i * 25;
        parts.push(text(x + 10, ty, 18, theme.text, n === null ? '—' : displayName(n, 16), { bold: m.winner === i }));
      });
      if (m.score) parts.push(text(x + COL - 48, y + BOX_H / 2 + 6, 16, theme.text, m.score, { anchor: 'end' }));
      if (r + 1 < rounds) parts.push(`<line x1="${x + COL - 40}" y1="${centre}" x2="${x + COL - 10}" y2="${centre}" stroke="${theme.frame}" stroke-width="2"/>`);
    });
  });
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">${parts.join('')}</svg>`;
}

export async function renderSvgPng(svg: string): Promise<Buffer> {
  return sharp(Buffer.from(svg)).png(PNG_OPTIONS).toBuffer();
}
