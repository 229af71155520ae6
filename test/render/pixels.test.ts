/**
 * Pixel truth: decode the board to raw pixels and look at every checker slot. The expected place
 * of each point is written here from the rule "the viewer's point 1 is at the bottom right, 12 at
 * the bottom left, 13 at the top left, 24 at the top right", not taken from the renderer.
 */
import { describe, expect, it } from 'vitest';
import type { Position, Side } from '../../src/engine/index.js';
import { oppPointOf } from '../../src/engine/index.js';
import { renderRaw } from '../../src/render/index.js';
import { THEMES } from '../../src/render/theme.js';
import { long, short } from '../helpers/board.js';

const POINT_W = 66;
const LEFT = 108;
const RIGHT = 570;
const TOP = 92;
const BOTTOM = 748;
const STEP = 63;
const FIRST = 32; // edge to the first checker's centre

function slot(v: number, k: number): { x: number; y: number } {
  let col: number; // 0..11 from the left edge of the board
  let top: boolean;
  if (v <= 12) {
    col = 12 - v; // 12 at the far left ... 1 at the far right
    top = false;
  } else {
    col = v - 13; // 13 at the far left ... 24 at the far right
    top = true;
  }
  const x = (col < 6 ? LEFT + col * POINT_W : RIGHT + (col - 6) * POINT_W) + POINT_W / 2;
  const y = top ? TOP + FIRST + k * STEP : BOTTOM - FIRST - k * STEP;
  return { x, y };
}

type Rgb = [number, number, number];
const hex = (h: string): Rgb => [1, 3, 5].map((i) => parseInt(h.slice(i, i + 2), 16)) as Rgb;
const near = (a: Rgb, b: Rgb, tol = 12): boolean => a.every((v, i) => Math.abs(v - b[i]!) <= tol);

type Raw = Awaited<ReturnType<typeof renderRaw>>;

/** Every slot where the picture disagrees with position p seen by viewer. */
function slotProblems(raw: Raw, p: Position, viewer: Side, theme: 'wood' | 'dark'): string[] {
  const px = (x: number, y: number): Rgb => {
    const i = (Math.round(y) * raw.width + Math.round(x)) * raw.channels;
    return [raw.data[i]!, raw.data[i + 1]!, raw.data[i + 2]!];
  };
  const colours = { white: hex(THEMES[theme].white.fill), black: hex(THEMES[theme].black.fill) };
  const other: Side = viewer === 'white' ? 'black' : 'white';
  const problems: string[] = [];
  for (let v = 1; v <= 24; v++) {
    const mine = (viewer === 'white' ? p.white : p.black)[v]!;
    const theirs = (other === 'white' ? p.white : p.black)[oppPointOf(p.variant, v)]!;
    const owner: Side | null = mine > 0 ? viewer : theirs > 0 ? other : null;
    const n = mine || theirs;
    for (let k = 0; k < 5; k++) {
      const { x, y } = slot(v, k);
      const c = px(x, y);
      const want = k < n ? owner : null;
      const isWhite = near(c, colours.white);
      const isBlack = near(c, colours.black);
      const got = isWhite ? 'white' : isBlack ? 'black' : null;
      if (got !== want) problems.push(`point ${v} slot ${k}: want ${want}, got ${got} (${c})`);
    }
  }
  return problems;
}

async function checkAllSlots(p: Position, viewer: Side, theme: 'wood' | 'dark' = 'wood'): Promise<void> {
  expect(slotProblems(await renderRaw(p, { viewer, theme }), p, viewer, theme)).toEqual([]);
}

describe('pixel truth: a disc of the right colour at every occupied slot, none elsewhere', () => {
  const p = long('white', { 24: 3, 20: 1, 13: 2, 7: 5, 1: 4 }, { 24: 2, 17: 4, 11: 1, 6: 3, 2: 1 });

  it('long nardy from White\'s side', async () => {
    await checkAllSlots(p, 'white');
  });

  it('long nardy from Black\'s side (its home at bottom right)', async () => {
    await checkAllSlots(p, 'black');
  });

  it('short nardy, both sides, and the dark theme', async () => {
    const s = short('black', { 24: 2, 13: 4, 8: 3, 6: 5 }, { 24: 2, 13: 5, 8: 3, 6: 4, 3: 1 });
    await checkAllSlots(s, 'white');
    await checkAllSlots(s, 'black');
    await checkAllSlots(s, 'white', 'dark');
  });

  it('would catch a wrong count, a wrong side or a flipped board', async () => {
    const raw = await renderRaw(p, { viewer: 'white' });
    const oneFewer = { ...p, white: p.white.map((n, i) => (i === 7 ? n - 1 : i === 0 ? n + 1 : n)) };
    expect(slotProblems(raw, oneFewer, 'white', 'wood')).toEqual(['point 7 slot 4: want null, got white (246,239,224)']);
    const swapped = { ...p, white: p.black, black: p.white };
    expect(slotProblems(raw, swapped, 'white', 'wood').length).toBeGreaterThan(10);
    expect(slotProblems(raw, p, 'black', 'wood').length).toBeGreaterThan(10);
  });

  it('stacks over five are squeezed with the count on the top checker, bar and tray are drawn', async () => {
    const s = short('white', { 6: 9, bar: 2, 1: 1 }, { 6: 12, bar: 1 });
    const raw = await renderRaw(s, { viewer: 'white' });
    const { x, y } = slot(6, 4);
    const i = (y * raw.width + x) * 3;
    // The top checker of a squeezed stack sits where the fifth would: white face or its label.
    expect(raw.data[i]! + raw.data[i + 1]! + raw.data[i + 2]!).toBeGreaterThan(0);
    // Two white checkers on the bar (top half of the bar, the viewer's side).
    const barX = 504 + 33;
    const white = hex(THEMES.wood.white.fill);
    const at = (yy: number): Rgb => {
      const j = (yy * raw.width + barX) * 3;
      return [raw.data[j]!, raw.data[j + 1]!, raw.data[j + 2]!];
    };
    expect(near(at(420 - 56 - 31), white)).toBe(true);
    // Black's bar checker in the bottom half.
    expect(near(at(420 + 56 + 31), hex(THEMES.wood.black.fill))).toBe(true);
    // Three white checkers borne off: slabs at the bottom of the tray.
    const j = ((748 - 4 - 8) * raw.width + 978 + 33) * 3;
    expect(near([raw.data[j]!, raw.data[j + 1]!, raw.data[j + 2]!], white)).toBe(true);
  });
});
