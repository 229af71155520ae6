import type { Scene } from './scene.js';

/** The whole scene as one SVG document (each fragment clipped to its box, as it is rasterized). */
export function sceneToSvg(scene: Scene): string {
  let s = `<svg xmlns="http://www.w3.org/2000/svg" width="${scene.width}" height="${scene.height}" viewBox="0 0 ${scene.width} ${scene.height}">`;
  s += scene.background;
  for (const f of scene.fragments) s += `<svg x="${f.x}" y="${f.y}" width="${f.w}" height="${f.h}" overflow="hidden">${f.body}</svg>`;
  return s + '</svg>';
}

export function fragmentSvg(w: number, h: number, body: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}">${body}</svg>`;
}
