/**
 * A board view -> a scene: a static background (per theme) and positioned SVG fragments. All
 * drawing decisions live here; svg.ts joins them into one SVG document and raster.ts turns them
 * into a PNG. Pure functions: the same view always gives the same scene.
 */
import { oppPointOf } from '../engine/numbering.js';
import { pipCount } from '../engine/position.js';
import { otherSide, type Die, type Position, type Side, type Step } from '../engine/types.js';
import { FONT_FAMILY } from './fonts.js';
import { barCenter, checkerCenter, G, HEIGHT, MAX_SPACED, pointGeometry, slabRect, WIDTH } from './layout.js';
import { THEMES, type Theme, type ThemeName } from './theme.js';

export interface Highlight {
  /** The side that played, and its steps in its own numbering (25 = bar, 0 = off). */
  readonly side: Side;
  readonly moves: readonly Step[];
}

export interface BoardLabels {
  readonly pips: string;
  readonly off: string;
  readonly score: string;
  /** "to" in "score: 1 (to 5)". */
  readonly to: string;
}

export interface BoardView {
  readonly position: Position;
  /** Whose point of view: its home at bottom right, its numbering on the edge. Default White. */
  readonly viewer?: Side;
  /** The roll of the side to move, and the dice it has not used yet (default: all). */
  readonly dice?: readonly [Die, Die] | null;
  readonly remaining?: readonly Die[];
  /**
   * The doubling cube; omit when the game has no cube. `offered`: a double is being offered,
   * `value` is the value offered (drawn highlighted, still in the middle).
   */
  readonly cube?: { readonly value: number; readonly owner: Side | null; readonly offered?: boolean } | null;
  /** Whose turn the info bars mark (default: the position's side to move; null: nobody, the game is over). */
  readonly turn?: Side | null;
  /** A banner across the board (the result when the game is over). */
  readonly result?: string | null;
  readonly names?: Partial<Record<Side, string>>;
  readonly score?: { readonly white: number; readonly black: number; readonly length: number } | null;
  /** The last play (drawn with arrows, ghosts where checkers left and outlines on arrivals). */
  readonly lastPlay?: Highlight | null;
  /** Steps already taken in the turn in progress. */
  readonly pending?: Highlight | null;
  /**
   * Reviews and hints: plays drawn as arrows only, on the position before them — the play made
   * (the mistake colour) and the best one (the last-play colour).
   */
  readonly compare?: { readonly played?: Highlight | null; readonly best?: Highlight | null } | null;
  /** Points to mark, in the numbering of the side to move (e.g. where it can move from). */
  readonly marks?: readonly number[];
  /** Points to mark in the other side's own numbering (lessons: both heads). */
  readonly otherMarks?: readonly number[];
  /** Whose dice these are when not the side to move's (lessons drawn after a play). */
  readonly diceSide?: Side;
  /** The opening roll: one die in each side's half. */
  readonly openingDice?: { readonly white: Die; readonly black: Die } | null;
  /** Draw the way each of these sides moves round the board (lessons). */
  readonly paths?: readonly Side[];
  readonly theme?: ThemeName;
  readonly labels?: Partial<BoardLabels>;
}

/** A piece of SVG drawn at (x, y) in a w x h box (content in local coordinates). */
export interface Fragment {
  readonly x: number;
  readonly y: number;
  readonly w: number;
  readonly h: number;
  readonly body: string;
  /** Seldom the same twice (arrows, pip counts): cached apart from the pieces that recur. */
  readonly volatile?: boolean;
}

export interface Scene {
  readonly width: number;
  readonly height: number;
  readonly theme: Theme;
  /** Static SVG body: depends on the theme only (cached as pixels by the rasterizer). */
  readonly background: string;
  readonly fragments: readonly Fragment[];
}

const DEFAULT_LABELS: BoardLabels = { pips: 'pips', off: 'off', score: 'score', to: 'to' };

export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

/** A display name: control and isolation characters removed, shortened to `max` characters. */
export function displayName(name: string, max = 22): string {
  // eslint-disable-next-line no-control-regex
  const clean = name.replace(/[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2066-\u2069]/g, '').replace(/\s+/g, ' ').trim();
  const chars = [...clean];
  return chars.length > max ? chars.slice(0, max - 1).join('').trimEnd() + '…' : clean;
}

const r = (n: number): number => Math.round(n);

function text(x: number, y: number, size: number, fill: string, content: string, opts: { bold?: boolean; anchor?: 'start' | 'middle' | 'end' } = {}): string {
  return `<text x="${x}" y="${y}" font-family="${FONT_FAMILY}" font-size="${size}"${opts.bold ? ' font-weight="bold"' : ''}${opts.anchor && opts.anchor !== 'start' ? ` text-anchor="${opts.anchor}"` : ''} fill="${fill}">${content}</text>`;
}

// ---- Static background ------------------------------------------------------------------------

function grain(x: number, y: number, w: number, h: number, colour: string, lines: number, seed: number): string {
  // Deterministic gentle wood-grain curves.
  let out = '';
  let s = seed;
  const rnd = (): number => {
    s = (s * 1103515245 + 12345) & 0x7fffffff;
    return s / 0x7fffffff;
  };
  for (let i = 0; i < lines; i++) {
    const yy = y + ((i + 0.5) * h) / lines + (rnd() - 0.5) * (h / lines);
    const a = (rnd() - 0.5) * 10;
    const b = (rnd() - 0.5) * 10;
    out += `<path d="M${x} ${r(yy)} C${r(x + w / 3)} ${r(yy + a)} ${r(x + (2 * w) / 3)} ${r(yy + b)} ${x + w} ${r(yy)}" stroke="${colour}" stroke-width="2" fill="none"/>`;
  }
  return out;
}

export function backgroundSvg(theme: Theme): string {
  const t = theme;
  let s = `<rect width="${WIDTH}" height="${HEIGHT}" fill="${t.background}"/>`;
  s += `<rect x="${G.frameX}" y="${G.frameY}" width="${G.frameW}" height="${G.frameH}" rx="14" fill="${t.frame}" stroke="${t.frameEdge}" stroke-width="4"/>`;
  if (t.frameGrain !== t.frame) s += grain(G.frameX + 8, G.frameY + 6, G.frameW - 16, 16, t.frameGrain, 2, 7) + grain(G.frameX + 8, G.frameY + G.frameH - 22, G.frameW - 16, 16, t.frameGrain, 2, 9);
  const fieldH = G.fieldBottom - G.fieldTop;
  for (const x of [G.leftX, G.rightX]) {
    s += `<rect x="${x}" y="${G.fieldTop}" width="${6 * G.pointW}" height="${fieldH}" fill="${t.field}"/>`;
    if (t.fieldGrain !== t.field) s += grain(x, G.fieldTop + 2, 6 * G.pointW, fieldH - 4, t.fieldGrain, 3, x);
  }
  s += `<rect x="${G.barX}" y="${G.fieldTop - 28}" width="${G.barW}" height="${fieldH + 56}" fill="${t.bar}" stroke="${t.frameEdge}" stroke-width="3"/>`;
  for (const x of [G.leftTrayX, G.trayX]) {
    s += `<rect x="${x}" y="${G.fieldTop}" width="${G.trayW}" height="${fieldH}" rx="6" fill="${t.tray}" stroke="${t.frameEdge}" stroke-width="3"/>`;
    s += `<line x1="${x}" y1="${G.midY}" x2="${x + G.trayW}" y2="${G.midY}" stroke="${t.frameEdge}" stroke-width="3"/>`;
  }
  for (let v = 1; v <= 24; v++) {
    const { cx, top } = pointGeometry(v);
    const colour = v % 2 === 1 ? t.pointA : t.pointB;
    const base = top ? G.fieldTop : G.fieldBottom;
    const tip = top ? G.fieldTop + G.triangleH : G.fieldBottom - G.triangleH;
    s += `<polygon points="${cx - G.pointW / 2 + 2},${base} ${cx + G.pointW / 2 - 2},${base} ${cx},${tip}" fill="${colour}"/>`;
    s += numberText(v, t.numbers);
  }
  // Info bars.
  s += `<rect x="0" y="${G.infoTop}" width="${WIDTH}" height="${G.infoH}" fill="${t.background}"/>`;
  s += `<rect x="0" y="${HEIGHT - G.infoH}" width="${WIDTH}" height="${G.infoH}" fill="${t.background}"/>`;
  return s;
}

function numberY(top: boolean): number {
  return top ? G.fieldTop - 7 : G.fieldBottom + 20;
}

function numberText(v: number, fill: string): string {
  const { cx, top } = pointGeometry(v);
  return text(cx, numberY(top), 17, fill, String(v), { bold: true, anchor: 'middle' });
}

// ---- Pieces ----------------------------------------------------------------------------------

const PAD = 4;
const CHECKER_BOX = 2 * (G.checkerR + PAD);

function checkerBody(theme: Theme, side: Side, opts: { label?: string; ring?: string; ghost?: string } = {}): string {
  const c = G.checkerR + PAD;
  const R = G.checkerR;
  if (opts.ghost) {
    return `<circle cx="${c}" cy="${c}" r="${R - 2}" fill="none" stroke="${opts.ghost}" stroke-width="4" stroke-dasharray="8 6"/>`;
  }
  const col = theme[side];
  // A rim in the ring colour and a flat face: one edge each keeps the PNG small.
  let s = `<circle cx="${c}" cy="${c}" r="${R}" fill="${col.ring}" stroke="${col.edge}" stroke-width="2"/>`;
  s += `<circle cx="${c}" cy="${c}" r="${R - 6}" fill="${col.fill}"/>`;
  if (opts.label) s += text(c, c + 7, 21, col.label, opts.label, { bold: true, anchor: 'middle' });
  if (opts.ring) s += `<circle cx="${c}" cy="${c}" r="${R + 1}" fill="none" stroke="${opts.ring}" stroke-width="5"/>`;
  return s;
}

function checkerAt(theme: Theme, side: Side, x: number, y: number, opts: { label?: string; ring?: string; ghost?: string } = {}): Fragment {
  const c = G.checkerR + PAD;
  return { x: r(x) - c, y: r(y) - c, w: CHECKER_BOX, h: CHECKER_BOX, body: checkerBody(theme, side, opts) };
}

const PIPS: Record<Die, Array<[number, number]>> = {
  1: [[0.5, 0.5]],
  2: [[0.27, 0.27], [0.73, 0.73]],
  3: [[0.27, 0.27], [0.5, 0.5], [0.73, 0.73]],
  4: [[0.27, 0.27], [0.73, 0.27], [0.27, 0.73], [0.73, 0.73]],
  5: [[0.27, 0.27], [0.73, 0.27], [0.5, 0.5], [0.27, 0.73], [0.73, 0.73]],
  6: [[0.27, 0.25], [0.73, 0.25], [0.27, 0.5], [0.73, 0.5], [0.27, 0.75], [0.73, 0.75]],
};

const DIE = 54;

function dieFragment(theme: Theme, value: Die, x: number, y: number, used: boolean): Fragment {
  const d = theme.die;
  let body = `<g${used ? ' opacity="0.35"' : ''}><rect x="3" y="3" width="${DIE}" height="${DIE}" rx="11" fill="${d.face}" stroke="${d.edge}" stroke-width="3"/>`;
  for (const [px, py] of PIPS[value]) body += `<circle cx="${r(3 + px * DIE)}" cy="${r(3 + py * DIE)}" r="5.5" fill="${d.pip}"/>`;
  body += '</g>';
  return { x, y, w: DIE + 6, h: DIE + 6, body };
}

// ---- The scene -------------------------------------------------------------------------------

/** The viewer's point where `side`'s own point p is drawn. */
function viewerPoint(p: Position, viewer: Side, side: Side, point: number): number {
  return side === viewer ? point : oppPointOf(p.variant, point);
}

interface Marks {
  /** Per side and own point: how many of the top checkers to outline, and in which colour. */
  outline: Map<string, { count: number; colour: string }>;
  ghosts: Fragment[];
  arrows: Fragment[];
}

function highlightMarks(view: Required<Pick<BoardView, 'position'>> & BoardView, theme: Theme, viewer: Side): Marks {
  const marks: Marks = { outline: new Map(), ghosts: [], arrows: [] };
  const p = view.position;
  const add = (h: Highlight | null | undefined, colour: string): void => {
    if (!h || h.moves.length === 0) return;
    const net = new Map<number, number>();
    for (const [from, to] of h.moves) {
      net.set(from, (net.get(from) ?? 0) - 1);
      net.set(to, (net.get(to) ?? 0) + 1);
    }
    const own = h.side === 'white' ? p.white : p.black;
    for (const [pt, n] of net) {
      if (n > 0) marks.outline.set(`${h.side}:${pt}`, { count: n, colour });
      if (n < 0 && pt >= 1 && pt <= 24) {
        const v = viewerPoint(p, viewer, h.side, pt);
        const have = own[pt]!;
        for (let k = 0; k < -n && have + k < MAX_SPACED; k++) {
          const c = checkerCenter(v, have + k, Math.max(have + k + 1, 1));
          marks.ghosts.push(checkerAt(theme, h.side, c.x, c.y, { ghost: colour }));
        }
      }
    }
    for (const [from, to] of h.moves) {
      const a = anchor(p, viewer, h.side, from, own[from]!, true);
      const b = anchor(p, viewer, h.side, to, own[to]!, false);
      marks.arrows.push(arrow(a, b, colour));
    }
  };
  add(view.lastPlay, theme.lastPlay);
  add(view.pending, theme.pending);
  // Arrows only, each step from the checker it moves as the play goes (the position is the one before).
  const arrowsOf = (h: Highlight | null | undefined, colour: string): void => {
    if (!h) return;
    const own = [...(h.side === 'white' ? p.white : p.black)];
    // Highest point first (always an order the steps can be made in), equal steps side by side:
    // the checkers of a doubled move (13/7(2)) then leave and arrive in the same order, so their
    // arrows run beside each other and never cross.
    const steps = [...h.moves].sort((x, y) => y[0] - x[0] || y[1] - x[1]);
    for (let i = 0; i < steps.length; ) {
      const [from, to] = steps[i]!;
      let n = 1;
      while (i + n < steps.length && steps[i + n]![0] === from && steps[i + n]![1] === to) n++;
      const left = own[from]! - n;
      // As for a last play: the source slot counted without the checker, the target with it.
      const sources = Array.from({ length: n }, (_, k) => anchor(p, viewer, h.side, from, left + k, true));
      const targets = Array.from({ length: n }, (_, k) => anchor(p, viewer, h.side, to, own[to]! + k + 1, false));
      // The checkers of one doubled move pair off in whichever order keeps their arrows apart.
      const inOrder = sources.map((a, k) => [a, targets[k]!] as const);
      const reversed = sources.map((a, k) => [a, targets[n - 1 - k]!] as const);
      for (const [a, b] of crossings(reversed) < crossings(inOrder) ? reversed : inOrder) marks.arrows.push(arrow(a, b, colour));
      own[from] = left;
      own[to] = own[to]! + n;
      i += n;
    }
  };
  arrowsOf(view.compare?.best, theme.lastPlay);
  arrowsOf(view.compare?.played, theme.mistake);
  return marks;
}

type Pt = { readonly x: number; readonly y: number };
/** How many pairs of these segments cross (touching ends do not count). */
function crossings(segs: ReadonlyArray<readonly [Pt, Pt]>): number {
  const side = (p: Pt, q: Pt, r: Pt): number => (q.x - p.x) * (r.y - p.y) - (q.y - p.y) * (r.x - p.x);
  let n = 0;
  for (let i = 0; i < segs.length; i++) {
    for (let j = i + 1; j < segs.length; j++) {
      const [a, b] = segs[i]!;
      const [c, d] = segs[j]!;
      if (side(a, b, c) * side(a, b, d) < 0 && side(c, d, a) * side(c, d, b) < 0) n++;
    }
  }
  return n;
}

/** Where an arrow starts or ends for a side's own point (bar, off, or a point). */
function anchor(p: Position, viewer: Side, side: Side, pt: number, count: number, source: boolean): { x: number; y: number } {
  const mine = side === viewer;
  if (pt === 25) return barCenter(mine, 0, 1);
  if (pt === 0) {
    const s = slabRect(mine, Math.max(0, count - 1), p.variant === 'long');
    return { x: s.x + s.w / 2, y: s.y + s.h / 2 };
  }
  const v = viewerPoint(p, viewer, side, pt);
  const slot = source ? Math.min(count, MAX_SPACED - 1) : Math.max(0, Math.min(count, MAX_SPACED) - 1);
  return checkerCenter(v, slot, Math.max(count, 1));
}

function arrow(a: { x: number; y: number }, b: { x: number; y: number }, colour: string): Fragment {
  const margin = 16;
  const x0 = r(Math.min(a.x, b.x)) - margin;
  const y0 = r(Math.min(a.y, b.y)) - margin;
  const w = r(Math.abs(a.x - b.x)) + 2 * margin;
  const h = r(Math.abs(a.y - b.y)) + 2 * margin;
  const ax = r(a.x) - x0;
  const ay = r(a.y) - y0;
  let bx = r(b.x) - x0;
  let by = r(b.y) - y0;
  const len = Math.hypot(bx - ax, by - ay) || 1;
  const ux = (bx - ax) / len;
  const uy = (by - ay) / len;
  // Stop short of the target's centre so the head sits on the checker, not under its label.
  bx = r(bx - ux * 10);
  by = r(by - uy * 10);
  const hx1 = r(bx - ux * 18 - uy * 10);
  const hy1 = r(by - uy * 18 + ux * 10);
  const hx2 = r(bx - ux * 18 + uy * 10);
  const hy2 = r(by - uy * 18 - ux * 10);
  const body =
    `<g opacity="0.85"><line x1="${ax}" y1="${ay}" x2="${r(bx - ux * 12)}" y2="${r(by - uy * 12)}" stroke="${colour}" stroke-width="6" stroke-linecap="round"/>` +
    `<polygon points="${bx},${by} ${hx1},${hy1} ${hx2},${hy2}" fill="${colour}"/></g>`;
  return { x: x0, y: y0, w, h, body, volatile: true };
}

/**
 * The way a side goes round: from its 24 along one row, across, along the other row to its home
 * and off. The viewer's path runs close to the middle line, the opponent's a little further out.
 */
function pathFragment(theme: Theme, p: Position, viewer: Side, side: Side): Fragment {
  const mine = side === viewer;
  const d = mine ? 48 : 96;
  const yTop = G.midY - d;
  const yBottom = G.midY + d;
  const x = (v: number): number => pointGeometry(v).cx;
  // Corners in the viewer's numbering, in the order the side passes them.
  let pts: Array<[number, number]>;
  if (mine) pts = [[x(24), yTop], [x(13), yTop], [x(12), yBottom], [x(1), yBottom]];
  else if (p.variant === 'long') pts = [[x(12), yBottom], [x(1), yBottom], [x(24), yTop], [x(13), yTop]];
  else pts = [[x(1), yBottom], [x(12), yBottom], [x(13), yTop], [x(24), yTop]];
  const path = `M${pts[0]![0]} ${pts[0]![1]} L${pts[1]![0]} ${pts[1]![1]} L${pts[2]![0]} ${pts[2]![1]} L${pts[3]![0]} ${pts[3]![1]}`;
  const [ex, ey] = pts[3]!;
  const dir = Math.sign(ex - pts[2]![0]);
  const head = `${ex + dir * 22},${ey} ${ex},${ey - 13} ${ex},${ey + 13}`;
  const c = theme[side];
  const body =
    `<g opacity="0.9"><path d="${path}" fill="none" stroke="${c.edge}" stroke-width="10" stroke-linejoin="round"/><path d="${path}" fill="none" stroke="${c.fill}" stroke-width="5" stroke-linejoin="round" stroke-dasharray="14 8"/>` +
    `<polygon points="${head}" fill="${c.fill}" stroke="${c.edge}" stroke-width="2"/></g>`;
  return { x: 0, y: 0, w: WIDTH, h: HEIGHT, body, volatile: true };
}

/** The result across the middle of the board. */
function banner(theme: Theme, content: string): Fragment {
  const w = 2 * 6 * G.pointW + G.barW - 40;
  const h = 74;
  const line = escapeXml(displayName(content, 44));
  return {
    x: G.leftX + 20,
    y: G.midY - h / 2,
    w,
    h,
    body: `<rect x="2" y="2" width="${w - 4}" height="${h - 4}" rx="16" fill="${theme.banner}" fill-opacity="0.92" stroke="${theme.mark}" stroke-width="4"/>` + text(w / 2, h / 2 + 11, 30, theme.bannerText, line, { bold: true, anchor: 'middle' }),
    volatile: true,
  };
}

function infoBar(view: BoardView, theme: Theme, side: Side, top: boolean, labels: BoardLabels): Fragment[] {
  const p = view.position;
  const y = top ? G.infoTop : HEIGHT - G.infoH;
  const own = side === 'white' ? p.white : p.black;
  const out: Fragment[] = [];
  const toMove = (view.turn === undefined ? p.turn : view.turn) === side;
  // Colour disc and the turn marker.
  let disc = `<circle cx="24" cy="24" r="17" fill="${theme[side].fill}" stroke="${theme[side].edge}" stroke-width="2"/>`;
  if (toMove) disc = `<circle cx="24" cy="24" r="22" fill="none" stroke="${theme.toMove}" stroke-width="4"/>` + disc;
  out.push({ x: 12, y: y + 7, w: 48, h: 48, body: disc });
  const name = escapeXml(displayName(view.names?.[side] ?? (side === 'white' ? 'White' : 'Black')));
  out.push({ x: 70, y: y + 8, w: 430, h: 46, body: text(0, 33, 26, toMove ? theme.toMove : theme.text, name, { bold: true }) });
  const stats = `${escapeXml(labels.pips)}: ${pipCount(own)}  ·  ${escapeXml(labels.off)}: ${own[0]}`;
  out.push({ x: 505, y: y + 13, w: 300, h: 36, body: text(0, 27, 22, theme.mutedText, stats), volatile: true });
  if (view.score && view.score.length > 1) {
    const sc = `${escapeXml(labels.score)}: ${view.score[side]} (${escapeXml(labels.to)} ${view.score.length})`;
    out.push({ x: WIDTH - 12 - 250, y: y + 8, w: 250, h: 46, body: text(250, 33, 24, theme.text, sc, { bold: true, anchor: 'end' }) });
  }
  return out;
}

/** Build the scene of a board view. */
export function buildScene(view: BoardView): Scene {
  const theme = THEMES[view.theme ?? 'wood'];
  if (!theme) throw new RangeError(`unknown theme ${String(view.theme)}`);
  const p = view.position;
  const viewer = view.viewer ?? 'white';
  const labels = { ...DEFAULT_LABELS, ...view.labels };
  const frags: Fragment[] = [];

  // Marked points: the number on the edge in a bright pill.
  const marked = [...(view.marks ?? []).map((m) => [p.turn, m] as const), ...(view.otherMarks ?? []).map((m) => [otherSide(p.turn), m] as const)];
  for (const [side, m] of marked) {
    if (m < 1 || m > 24) continue;
    const v = viewerPoint(p, viewer, side, m);
    const { cx, top } = pointGeometry(v);
    const y = numberY(top);
    frags.push({
      x: cx - 22,
      y: y - 22,
      w: 44,
      h: 30,
      body: `<rect x="1" y="1" width="42" height="26" rx="13" fill="${theme.mark}"/>` + text(22, 21, 17, theme.markText, String(v), { bold: true, anchor: 'middle' }),
    });
  }

  const marks = highlightMarks(view, theme, viewer);
  const ringFor = (side: Side, pt: number, k: number, n: number): string | undefined => {
    const o = marks.outline.get(`${side}:${pt}`);
    return o && k >= n - o.count ? o.colour : undefined;
  };

  // Checkers on the points. A stack's count is drawn again over the lessons' path lines, so that
  // no line hides it.
  const counted: Fragment[] = [];
  for (const side of [otherSide(viewer), viewer]) {
    const own = side === 'white' ? p.white : p.black;
    for (let pt = 1; pt <= 24; pt++) {
      const n = own[pt]!;
      if (n === 0) continue;
      const v = viewerPoint(p, viewer, side, pt);
      for (let k = 0; k < n; k++) {
        const c = checkerCenter(v, k, n);
        const label = n > MAX_SPACED && k === n - 1 ? String(n) : undefined;
        const checker = checkerAt(theme, side, c.x, c.y, { label, ring: ringFor(side, pt, k, n) });
        frags.push(checker);
        if (label) counted.push(checker);
      }
    }
    // The bar.
    const bar = own[25]!;
    for (let k = 0; k < bar; k++) {
      const c = barCenter(side === viewer, k, bar);
      const label = bar > 1 && k === bar - 1 ? String(bar) : undefined;
      frags.push(checkerAt(theme, side, c.x, c.y, { label, ring: ringFor(side, 25, k, bar) }));
    }
    // Borne off: slabs in the tray, the count beside.
    const off = own[0]!;
    const col = theme[side];
    const leftTray = p.variant === 'long' && side !== viewer;
    const outlined = marks.outline.get(`${side}:0`)?.count ?? 0;
    for (let k = 0; k < off; k++) {
      const s = slabRect(side === viewer, k, leftTray);
      const ring = k >= off - outlined ? (marks.outline.get(`${side}:0`)!.colour) : undefined;
      frags.push({
        x: s.x - 2,
        y: s.y - 2,
        w: s.w + 4,
        h: s.h + 4,
        body: `<rect x="2" y="2" width="${s.w}" height="${s.h}" rx="4" fill="${col.fill}" stroke="${ring ?? col.ring}" stroke-width="${ring ? 3 : 1.5}"/>`,
      });
    }
    if (off > 0) {
      const mine = side === viewer;
      const edge = slabRect(mine, off - 1, leftTray);
      const y = mine ? edge.y - 25 : edge.y + edge.h + 3;
      frags.push({ x: edge.x - 4, y, w: G.trayW, h: 23, body: text(G.trayW / 2, 18, 17, theme.numbers, String(off), { bold: true, anchor: 'middle' }) });
    }
  }
  frags.push(...marks.ghosts);

  // Dice in the mover's half: right for the viewer, left for the opponent.
  if (view.dice) {
    const [a, b] = view.dice;
    const values: Die[] = a === b ? [a, a, a, a] : [a, b];
    const remaining = [...(view.remaining ?? values)];
    const used = values.map(() => false);
    if (a === b) {
      for (let i = 0; i < 4 - remaining.length; i++) used[i] = true;
    } else {
      values.forEach((v, i) => {
        const j = remaining.indexOf(v);
        if (j >= 0) remaining.splice(j, 1);
        else used[i] = true;
      });
    }
    const half = (view.diceSide ?? p.turn) === viewer ? G.rightX : G.leftX;
    const gap = 14;
    const total = values.length * (DIE + 6) + (values.length - 1) * gap;
    let x = r(half + (6 * G.pointW - total) / 2);
    values.forEach((v, i) => {
      frags.push(dieFragment(theme, v, x, G.midY - (DIE + 6) / 2, used[i]!));
      x += DIE + 6 + gap;
    });
  }

  // The opening roll: each side's die in its own half.
  if (view.openingDice) {
    for (const side of ['white', 'black'] as const) {
      const half = side === viewer ? G.rightX : G.leftX;
      frags.push(dieFragment(theme, view.openingDice[side], r(half + (6 * G.pointW - DIE - 6) / 2), G.midY - (DIE + 6) / 2, false));
    }
  }

  for (const side of view.paths ?? []) frags.push(pathFragment(theme, p, viewer, side));
  if (view.paths?.length) frags.push(...counted);

  // The cube, in a tray half that no borne-off checkers use, so that no arrow crosses it:
  // centred (or offered) in the middle of the left tray, the viewer's lower down there, the
  // opponent's higher up (in long nardy, where the left tray's top holds the opponent's
  // checkers, at the top of the right tray).
  if (view.cube) {
    const size = 50;
    const owner = view.cube.offered ? null : view.cube.owner;
    const trayX = owner !== null && owner !== viewer && p.variant === 'long' ? G.trayX : G.leftTrayX;
    const cy = owner === null ? G.midY : owner === viewer ? G.midY + 110 : G.midY - 110;
    const c = theme.cube;
    const ring = view.cube.offered ? `<rect x="0" y="0" width="${size + 4}" height="${size + 4}" rx="11" fill="none" stroke="${theme.mark}" stroke-width="4"/>` : '';
    frags.push({
      x: trayX + (G.trayW - size) / 2 - 2,
      y: cy - size / 2 - 2,
      w: size + 4,
      h: size + 4,
      body: `<rect x="2" y="2" width="${size}" height="${size}" rx="9" fill="${c.face}" stroke="${c.edge}" stroke-width="3"/>` + text(size / 2 + 2, size / 2 + 11, view.cube.value >= 10 ? 22 : 26, c.text, String(view.cube.value), { bold: true, anchor: 'middle' }) + ring,
    });
  }

  frags.push(...marks.arrows);
  if (view.result) frags.push(banner(theme, view.result));
  frags.push(...infoBar(view, theme, otherSide(viewer), true, labels));
  frags.push(...infoBar(view, theme, viewer, false, labels));
  return { width: WIDTH, height: HEIGHT, theme, background: backgroundSvg(theme), fragments: frags };
}
