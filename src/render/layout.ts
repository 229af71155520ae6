/**
 * Board geometry, in pixels, seen from the viewer: its home (points 1-6) at bottom right, its
 * 7-12 bottom left, 13-18 top left, 19-24 top right, so it moves counter-clockwise from 24 to 1.
 */
export const WIDTH = 1074;
export const HEIGHT = 840;

/**
 * Two trays: the right one holds the viewer's borne-off checkers (bottom) and, in short nardy,
 * the opponent's (top, beside its home); in long nardy the opponent's home is top left, so its
 * checkers go to the left tray, beside that home (its bear-off arrows stay short).
 */
export const G = {
  infoTop: 0,
  infoH: 62,
  frameX: 6,
  frameY: 66,
  frameW: 1062,
  frameH: 708,
  fieldTop: 92,
  fieldBottom: 748,
  leftTrayX: 30,
  leftX: 108,
  pointW: 66,
  barX: 504,
  barW: 66,
  rightX: 570,
  trayX: 978,
  trayW: 66,
  midY: 420,
  checkerR: 31,
  /** Distance between stacked checker centres. */
  step: 63,
  triangleH: 280,
  slabH: 15,
  slabGap: 2,
} as const;

export interface PointGeometry {
  /** x of the point's centre line. */
  readonly cx: number;
  /** True for the top row (stacks grow downwards). */
  readonly top: boolean;
}

/** Where the viewer's point v (1..24) is drawn. */
export function pointGeometry(v: number): PointGeometry {
  if (v < 1 || v > 24) throw new RangeError(`no point ${v}`);
  if (v <= 12) {
    const right = v <= 6 ? G.rightX + 6 * G.pointW : G.leftX + 6 * G.pointW;
    const i = v <= 6 ? v - 1 : v - 7;
    return { cx: right - G.pointW / 2 - i * G.pointW, top: false };
  }
  const left = v <= 18 ? G.leftX : G.rightX;
  const i = v <= 18 ? v - 13 : v - 19;
  return { cx: left + G.pointW / 2 + i * G.pointW, top: true };
}

/** Visible checkers in a stack: up to five at full spacing; more are squeezed into that height. */
export const MAX_SPACED = 5;

/** Centre of checker k (0 = at the edge) in a stack of n on the viewer's point v. */
export function checkerCenter(v: number, k: number, n: number): { x: number; y: number } {
  const { cx, top } = pointGeometry(v);
  const spacing = n > MAX_SPACED ? (G.step * (MAX_SPACED - 1)) / (n - 1) : G.step;
  const offset = G.checkerR + 1 + k * spacing;
  return { x: cx, y: top ? G.fieldTop + offset : G.fieldBottom - offset };
}

/** Centre of checker k on the bar: the viewer's in the top half, the opponent's in the bottom. */
export function barCenter(viewerSide: boolean, k: number, n: number): { x: number; y: number } {
  const spacing = n > 4 ? (G.step * 3) / (n - 1) : G.step;
  const offset = 56 + G.checkerR + k * spacing;
  return { x: G.barX + G.barW / 2, y: viewerSide ? G.midY - offset : G.midY + offset };
}

/**
 * Top-left corner of borne-off slab k: the viewer's tray at the bottom right; the opponent's at
 * the top, right (short nardy) or left (long nardy: `left`).
 */
export function slabRect(viewerSide: boolean, k: number, left = false): { x: number; y: number; w: number; h: number } {
  const x = (left && !viewerSide ? G.leftTrayX : G.trayX) + 4;
  const w = G.trayW - 8;
  const pitch = G.slabH + G.slabGap;
  const y = viewerSide ? G.fieldBottom - 4 - (k + 1) * pitch + G.slabGap : G.fieldTop + 4 + k * pitch;
  return { x, y, w, h: G.slabH };
}
