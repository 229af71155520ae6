/**
 * The board, drawn by the page from the state's numbers (no picture from the server), in one of
 * two shapes:
 *
 * - wide (a computer, a phone held sideways): as the chat's picture, the viewer's home at bottom
 *   right, the tray on the right;
 * - tall (a phone held upright): the same board turned a quarter clockwise, so that the twelve
 *   points of a side run down the screen's length and each is a thumb wide: the viewer's home at
 *   bottom left, the tray at the bottom. The numbers stay upright.
 *
 * Geometry is worked out in "wide" units and turned at the end; every tap zone (each point, the
 * tray) is at least one point's width on both sides, which the page scales to ≥ 44 CSS px; dice
 * and the cube are drawn by the page beside the board, with the names and pips.
 */
import type { BoardData, Palette, Side, ZoneId } from './state.js';

export type Shape = 'tall' | 'wide';

export interface Zone {
  readonly id: ZoneId;
  readonly x: number;
  readonly y: number;
  readonly w: number;
  readonly h: number;
}

export interface Drawing {
  readonly width: number;
  readonly height: number;
  /** The board's SVG body (inside an <svg> of viewBox 0 0 width height). */
  readonly body: string;
  readonly zones: readonly Zone[];
  /** Where the bar is drawn (its checkers are picked up by the page, not tapped). */
  readonly bar: { readonly x: number; readonly y: number; readonly w: number; readonly h: number };
}

/** Widths, in units: a point, the bar, the tray, the frame. */
const P = 10;
const BAR = 9.2;
const TRAY = 10;
const F = 0.75;
const R = 4.5;
/** The board's long side, in units. */
const W = F + 6 * P + BAR + 6 * P + TRAY + F;

/** A row's length and the band between the rows, by shape. */
const ROWS: Record<Shape, { readonly L: number; readonly M: number }> = {
  tall: { L: 33.5, M: 10 },
  wide: { L: 46, M: 10 },
};

/** The board's size as drawn (tall: turned). */
export function boardSize(shape: Shape): { width: number; height: number } {
  const { L, M } = ROWS[shape];
  const H = 2 * F + 2 * L + M;
  return shape === 'tall' ? { width: H, height: W } : { width: W, height: H };
}

const COLOUR = /^#[0-9a-fA-F]{3,8}$/;
const c = (v: string, fallback: string): string => (COLOUR.test(v) ? v : fallback);
const n2 = (v: number): string => String(Math.round(v * 100) / 100);

export function drawBoard(b: BoardData, pal: Palette, shape: Shape): Drawing {
  const { L, M } = ROWS[shape];
  const H = 2 * F + 2 * L + M;
  const size = boardSize(shape);
  // Wide units -> drawn units.
  const at = (x: number, y: number): [number, number] => (shape === 'tall' ? [H - y, x] : [x, y]);
  const box = (x: number, y: number, w: number, h: number): { x: number; y: number; w: number; h: number } => {
    const [ax, ay] = at(x, y);
    const [bx, by] = at(x + w, y + h);
    return { x: Math.min(ax, bx), y: Math.min(ay, by), w: Math.abs(bx - ax), h: Math.abs(by - ay) };
  };
  const rect = (x: number, y: number, w: number, h: number, fill: string, extra = ''): string => {
    const r = box(x, y, w, h);
    return `<rect x="${n2(r.x)}" y="${n2(r.y)}" width="${n2(r.w)}" height="${n2(r.h)}" fill="${fill}"${extra}/>`;
  };
  const poly = (pts: Array<[number, number]>, fill: string): string => `<polygon points="${pts.map(([x, y]) => at(x, y).map(n2).join(',')).join(' ')}" fill="${fill}"/>`;
  const circle = (x: number, y: number, r: number, fill: string, extra = ''): string => {
    const [cx, cy] = at(x, y);
    return `<circle cx="${n2(cx)}" cy="${n2(cy)}" r="${n2(r)}" fill="${fill}"${extra}/>`;
  };
  const text = (x: number, y: number, size: number, fill: string, content: string, bold = false): string => {
    const [tx, ty] = at(x, y);
    return `<text x="${n2(tx)}" y="${n2(ty)}" font-size="${n2(size)}" fill="${fill}" text-anchor="middle" dominant-baseline="central"${bold ? ' font-weight="bold"' : ''}>${content}</text>`;
  };

  const leftX = F;
  const barX = F + 6 * P;
  const rightX = barX + BAR;
  const trayX = rightX + 6 * P;
  const top = F;
  const bottom = H - F;
  const mid = F + L + M / 2;
  /** The viewer's point v: its centre line and row. */
  const point = (v: number): { cx: number; top: boolean } => {
    if (v <= 12) {
      const right = v <= 6 ? rightX + 6 * P : leftX + 6 * P;
      const i = v <= 6 ? v - 1 : v - 7;
      return { cx: right - P / 2 - i * P, top: false };
    }
    const left = v <= 18 ? leftX : rightX;
    const i = v <= 18 ? v - 13 : v - 19;
    return { cx: left + P / 2 + i * P, top: true };
  };
  /** Centre of checker k of a stack of n on a row: full spacing while they fit, squeezed after. */
  const spacing = (n: number, room: number): number => (n <= 1 ? 0 : Math.min(2 * R, (room - 2 * R) / (n - 1)));
  const stackAt = (v: number, k: number, n: number): [number, number] => {
    const { cx, top: isTop } = point(v);
    const off = R + 0.3 + k * spacing(n, L - 0.6);
    return [cx, isTop ? top + off : bottom - off];
  };
  /** Bar checkers: the viewer's in the top half, the opponent's in the bottom (as the chat's picture). */
  const barAt = (viewerSide: boolean, k: number, n: number): [number, number] => {
    const room = L - 2;
    const off = 6 + R + k * spacing(n, room - 6);
    return [barX + BAR / 2, viewerSide ? mid - off : mid + off];
  };

  const p = pal;
  const out: string[] = [];
  // Frame, field, bar and tray.
  out.push(rect(0, 0, W, H, c(p.frame, '#6e4424')));
  out.push(rect(leftX, top, 6 * P, H - 2 * F, c(p.field, '#e6c795')));
  out.push(rect(rightX, top, 6 * P, H - 2 * F, c(p.field, '#e6c795')));
  out.push(rect(barX, 0, BAR, H, c(p.bar, '#6e4424')));
  out.push(rect(trayX, top, TRAY, H - 2 * F, c(p.tray, '#4f2f16')));
  // Points: alternating colours, tips towards the middle.
  for (let v = 1; v <= 24; v++) {
    const { cx, top: isTop } = point(v);
    const fill = c(v % 2 === 0 ? p.pointA : p.pointB, '#8a3418');
    const base = isTop ? top : bottom;
    const tip = isTop ? top + L - 1 : bottom - L + 1;
    out.push(poly([[cx - P / 2 + 0.4, base], [cx + P / 2 - 0.4, base], [cx, tip]], fill));
  }
  // Point numbers, in the band between the rows, next to each point's tip (a line between the
  // two rows of numbers keeps 12 and 13 apart).
  {
    const [x1, y1] = at(leftX + 1, mid);
    const [x2, y2] = at(trayX - 1, mid);
    out.push(`<line x1="${n2(x1)}" y1="${n2(y1)}" x2="${n2(x2)}" y2="${n2(y2)}" stroke="${c(p.numbers, '#f7e6c8')}" stroke-width="0.25" opacity="0.45"/>`);
  }
  const numSize = 3.2;
  for (let v = 1; v <= 24; v++) {
    const { cx, top: isTop } = point(v);
    out.push(text(cx, isTop ? top + L + M * 0.24 : bottom - L - M * 0.24, numSize, c(p.numbers, '#f7e6c8'), String(v)));
  }
  // Checkers.
  const colours = (s: Side): Palette['white'] => (s === 'white' ? p.white : p.black);
  const checker = (x: number, y: number, s: Side): string => {
    const k = colours(s);
    return circle(x, y, R, c(k.fill, s === 'white' ? '#f6efe0' : '#2a2420'), ` stroke="${c(k.edge, '#000000')}" stroke-width="0.45"`) + circle(x, y, R * 0.62, 'none', ` stroke="${c(k.ring, '#888888')}" stroke-width="0.45"`);
  };
  const count = (x: number, y: number, s: Side, n: number): string => text(x, y, 4.6, c(colours(s).label, '#000000'), String(n), true);
  /** Where each zone's top checker is (for the marks of plays). */
  const anchor = new Map<ZoneId, [number, number]>();
  for (let v = 1; v <= 24; v++) {
    const st = b.points[v - 1];
    const n = st?.n ?? 0;
    for (let k = 0; k < n; k++) {
      const [x, y] = stackAt(v, k, n);
      out.push(checker(x, y, st!.side));
    }
    // A stack whose checkers overlap says how many it has.
    if (st && n > 1 && spacing(n, L - 0.6) < 2 * R - 0.01) {
      const [x, y] = stackAt(v, n - 1, n);
      out.push(count(x, y, st.side, n));
    }
    anchor.set(`p${v}`, stackAt(v, Math.max(0, n - 1), Math.max(1, n)));
  }
  const other: Side = b.viewer === 'white' ? 'black' : 'white';
  for (const s of [b.viewer, other]) {
    const n = b.bar[s];
    for (let k = 0; k < n; k++) {
      const [x, y] = barAt(s === b.viewer, k, n);
      out.push(checker(x, y, s));
    }
    if (n > 1 && spacing(n, L - 8) < 2 * R - 0.01) {
      const [x, y] = barAt(s === b.viewer, n - 1, n);
      out.push(count(x, y, s, n));
    }
  }
  // The trays: the viewer's borne-off checkers at the bottom, the opponent's at the top, as slabs.
  const slab = 1.9;
  for (const s of [b.viewer, other]) {
    const n = b.off[s];
    const k = colours(s);
    for (let i = 0; i < n; i++) {
      const y = s === b.viewer ? bottom - 0.8 - (i + 1) * (slab + 0.3) : top + 0.8 + i * (slab + 0.3);
      out.push(rect(trayX + 1.2, y, TRAY - 2.4, slab, c(k.fill, '#ffffff'), ` stroke="${c(k.edge, '#000000')}" stroke-width="0.3"`));
    }
    if (n > 0) {
      const y = s === b.viewer ? bottom - 0.8 - n * (slab + 0.3) - 3.2 : top + 0.8 + n * (slab + 0.3) + 3.2;
      out.push(text(trayX + TRAY / 2, y, 3.6, c(p.numbers, '#ffffff'), String(n), true));
    }
  }
  // The last play and the steps taken this turn: a line from where each checker left to where it went.
  const mark = (side: Side, moves: ReadonlyArray<readonly [ZoneId, ZoneId]>, colour: string, dashed: boolean): void => {
    const seen = new Map<string, number>();
    // The bar and the tray: the mover's own half of each.
    const own = (z: ZoneId): [number, number] | undefined =>
      z === 'bar' ? barAt(side === b.viewer, 0, 1) : z === 'off' ? [trayX + TRAY / 2, side === b.viewer ? bottom - L / 2 : top + L / 2] : anchor.get(z);
    for (const [from, to] of moves) {
      const a = own(from);
      const z = own(to);
      if (!a || !z) continue;
      // The same step twice (doubles): the second line beside the first, never across it.
      const key = `${from}>${to}`;
      const k = seen.get(key) ?? 0;
      seen.set(key, k + 1);
      const shift = k * 1.6;
      const [x1, y1] = at(a[0] + shift, a[1]);
      const [x2, y2] = at(z[0] + shift, z[1]);
      out.push(`<line x1="${n2(x1)}" y1="${n2(y1)}" x2="${n2(x2)}" y2="${n2(y2)}" stroke="${colour}" stroke-width="1.1" stroke-linecap="round"${dashed ? ' stroke-dasharray="2 1.6"' : ''} opacity="0.85"/>`);
      out.push(`<circle cx="${n2(x2)}" cy="${n2(y2)}" r="${n2(R + 0.5)}" fill="none" stroke="${colour}" stroke-width="0.9"/>`);
    }
  };
  if (b.last) mark(b.last.side, b.last.moves, c(p.lastPlay, '#1f9d55'), false);
  if (b.pending) mark(b.pending.side, b.pending.moves, c(p.pending, '#1c7ed6'), true);

  // Tap zones: each point with its half of the band, and the tray. The bar is no tap target: a
  // checker there must enter before any other moves, so the page picks it up by itself.
  const zones: Zone[] = [];
  for (let v = 1; v <= 24; v++) {
    const { cx, top: isTop } = point(v);
    const r = box(cx - P / 2, isTop ? top : mid, P, L + M / 2);
    zones.push({ id: `p${v}`, ...r });
  }
  zones.push({ id: 'off', ...box(trayX, top, TRAY, H - 2 * F) });
  return { width: size.width, height: size.height, body: out.join(''), zones, bar: box(barX, top, BAR, H - 2 * F) };
}
