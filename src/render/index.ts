/** Board pictures: a position with everything around it -> SVG (pure) -> PNG (sharp). */
import { parsePosition } from '../engine/position.js';
import type { Position } from '../engine/types.js';
import { sceneToPng, sceneToRaw } from './raster.js';
import { buildScene, type BoardView } from './scene.js';
import { sceneToSvg } from './svg.js';

export type { BoardView, Highlight, BoardLabels } from './scene.js';
export type { ThemeName } from './theme.js';
export { THEMES } from './theme.js';
export { buildScene } from './scene.js';
export { sceneToSvg } from './svg.js';

export type RenderOptions = Omit<BoardView, 'position'>;

function view(position: Position | unknown, options: RenderOptions): BoardView {
  // Accept the JSON of SPEC §2 from anywhere: validate it at this edge.
  return { ...options, position: parsePosition(position) };
}

/** The board as an SVG document. */
export function renderSvg(position: Position | unknown, options: RenderOptions = {}): string {
  return sceneToSvg(buildScene(view(position, options)));
}

/** The board as a PNG. */
export async function renderPosition(position: Position | unknown, options: RenderOptions = {}): Promise<Buffer> {
  return sceneToPng(buildScene(view(position, options)));
}

/** Raw RGB pixels of the board (for tests). */
export async function renderRaw(position: Position | unknown, options: RenderOptions = {}): ReturnType<typeof sceneToRaw> {
  return sceneToRaw(buildScene(view(position, options)));
}

/** Rasterize the backgrounds and common pieces once, so that the first real board is fast. */
export async function warmUpRenderer(): Promise<void> {
  const { startPosition } = await import('../engine/position.js');
  for (const theme of ['wood', 'dark'] as const) {
    for (const variant of ['long', 'short'] as const) {
      await renderPosition(startPosition(variant), { theme, dice: [6, 5], cube: { value: 1, owner: null }, names: { white: 'Warm', black: 'Up' } });
    }
  }
}
