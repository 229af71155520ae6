/**
 * Scene -> PNG. The background of each theme is rasterized once; each distinct fragment is
 * rasterized once (cached by its SVG text) and alpha-blended into a copy of the background here,
 * touching only the fragment's pixels; sharp then encodes the PNG. The pixels are those of the
 * scene's SVG document (svg.ts) drawn in one go.
 */
import './fonts.js';
import sharp from 'sharp';
import type { Scene } from './scene.js';
import { fragmentSvg } from './svg.js';

interface Raster {
  readonly data: Buffer;
  readonly width: number;
  readonly height: number;
  readonly channels: number;
}

export const PNG_OPTIONS = { compressionLevel: 6, adaptiveFiltering: false } as const;

const backgrounds = new Map<string, Promise<Raster>>();
const fragments = new Map<string, Promise<Raster>>();
const FRAGMENT_CACHE_MAX = 4000;

async function rasterize(svg: string, channels: 3 | 4): Promise<Raster> {
  let img = sharp(Buffer.from(svg));
  if (channels === 3) img = img.removeAlpha();
  else img = img.ensureAlpha();
  const { data, info } = await img.raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height, channels: info.channels };
}

function background(scene: Scene): Promise<Raster> {
  const key = `${scene.theme.name}:${scene.width}x${scene.height}`;
  let r = backgrounds.get(key);
  if (!r) {
    r = rasterize(fragmentSvg(scene.width, scene.height, scene.background), 3);
    backgrounds.set(key, r);
  }
  return r;
}

function fragment(w: number, h: number, body: string): Promise<Raster> {
  const svg = fragmentSvg(w, h, body);
  let r = fragments.get(svg);
  if (r) {
    // Keep recently used entries: re-insert at the end of the Map's order.
    fragments.delete(svg);
    fragments.set(svg, r);
    return r;
  }
  r = rasterize(svg, 4);
  fragments.set(svg, r);
  if (fragments.size > FRAGMENT_CACHE_MAX) fragments.delete(fragments.keys().next().value!);
  return r;
}

/** Blend an RGBA raster (straight alpha) into an RGB canvas at (x, y), clipped to the canvas. */
function blend(canvas: Buffer, cw: number, ch: number, src: Raster, x: number, y: number): void {
  const s = src.data;
  const x0 = Math.max(0, x);
  const y0 = Math.max(0, y);
  const x1 = Math.min(cw, x + src.width);
  const y1 = Math.min(ch, y + src.height);
  for (let yy = y0; yy < y1; yy++) {
    let si = ((yy - y) * src.width + (x0 - x)) * 4;
    let di = (yy * cw + x0) * 3;
    for (let xx = x0; xx < x1; xx++, si += 4, di += 3) {
      const a = s[si + 3]!;
      if (a === 0) continue;
      if (a === 255) {
        canvas[di] = s[si]!;
        canvas[di + 1] = s[si + 1]!;
        canvas[di + 2] = s[si + 2]!;
      } else {
        const na = 255 - a;
        canvas[di] = (s[si]! * a + canvas[di]! * na + 127) / 255;
        canvas[di + 1] = (s[si + 1]! * a + canvas[di + 1]! * na + 127) / 255;
        canvas[di + 2] = (s[si + 2]! * a + canvas[di + 2]! * na + 127) / 255;
      }
    }
  }
}

/** The scene's pixels as raw RGB (for tests and the PNG encoder). */
export async function sceneToRaw(scene: Scene): Promise<Raster> {
  const [bg, ...frags] = await Promise.all([background(scene), ...scene.fragments.map((f) => fragment(f.w, f.h, f.body))]);
  const canvas = Buffer.from(bg!.data);
  scene.fragments.forEach((f, i) => blend(canvas, bg!.width, bg!.height, frags[i]!, f.x, f.y));
  return { data: canvas, width: bg!.width, height: bg!.height, channels: 3 };
}

export async function sceneToPng(scene: Scene): Promise<Buffer> {
  const raw = await sceneToRaw(scene);
  return encodePng(raw);
}

export function encodePng(raw: Raster): Promise<Buffer> {
  return sharp(raw.data, { raw: { width: raw.width, height: raw.height, channels: raw.channels as 3 } }).png(PNG_OPTIONS).toBuffer();
}
