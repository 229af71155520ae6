/**
 * Scene -> PNG. The background of each theme is rasterized once; each distinct fragment is
 * rasterized once (cached by its SVG text) and alpha-blended into a copy of the background here,
 * touching only the fragment's pixels; sharp then encodes the PNG. The pixels are those of the
 * scene's SVG document (svg.ts) drawn in one go.
 */
import './fonts.js';
import { availableParallelism } from 'node:os';
import sharp from 'sharp';
import type { Fragment, Scene } from './scene.js';
import { fragmentSvg } from './svg.js';

interface Raster {
  readonly data: Buffer;
  readonly width: number;
  readonly height: number;
  readonly channels: number;
}

// Level 5: a board encodes in about 11.5 ms instead of 14.5 at level 6, for 8% more bytes, still
// within the 120 KB a board may weigh (bench:render; the encoder was the largest share of the
// bot's processor time under load, bench:profile). Levels 3-4 are faster still but heavier.
export const PNG_OPTIONS = { compressionLevel: 5, adaptiveFiltering: false } as const;

// Rasters are cached here (RasterCache): libvips' own operation cache (50 MB by default) would
// only hold the same pixels again, in the bot's resident memory.
sharp.cache(false);

const backgrounds = new Map<string, Promise<Raster>>();

async function rasterize(svg: string, channels: 3 | 4): Promise<Raster> {
  let img = sharp(Buffer.from(svg));
  if (channels === 3) img = img.removeAlpha();
  else img = img.ensureAlpha();
  const { data, info } = await img.raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height, channels: info.channels };
}

/** A least-recently-used cache of fragment rasters, bounded by bytes of pixels. */
class RasterCache {
  private readonly map = new Map<string, { raster: Promise<Raster>; bytes: number }>();
  private bytes = 0;

  constructor(private readonly budget: number) {}

  get(key: string, bytes: number, make: () => Promise<Raster>): Promise<Raster> {
    const hit = this.map.get(key);
    if (hit) {
      this.map.delete(key);
      this.map.set(key, hit);
      return hit.raster;
    }
    const raster = make();
    this.map.set(key, { raster, bytes });
    this.bytes += bytes;
    for (const [k, v] of this.map) {
      if (this.bytes <= this.budget || this.map.size <= 1) break;
      this.map.delete(k);
      this.bytes -= v.bytes;
    }
    return raster;
  }
}

// Checkers, dice, names and numbers recur on every board; arrows and pip counts seldom do, and
// must not push the others out.
const recurring = new RasterCache(24 * 1024 * 1024);
const volatile = new RasterCache(8 * 1024 * 1024);

function background(scene: Scene): Promise<Raster> {
  const key = `${scene.theme.name}:${scene.width}x${scene.height}`;
  let r = backgrounds.get(key);
  if (!r) {
    r = rasterize(fragmentSvg(scene.width, scene.height, scene.background), 3);
    backgrounds.set(key, r);
  }
  return r;
}

function fragment(f: Fragment): Promise<Raster> {
  const svg = fragmentSvg(f.w, f.h, f.body);
  return (f.volatile ? volatile : recurring).get(svg, f.w * f.h * 4, () => rasterize(svg, 4));
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

/** Draw a scene into `canvas` (a buffer of the background's size). */
async function paint(scene: Scene, canvas: Buffer | null): Promise<Raster> {
  const [bg, ...frags] = await Promise.all([background(scene), ...scene.fragments.map((f) => fragment(f))]);
  const out = canvas ?? Buffer.allocUnsafe(bg!.data.length);
  bg!.data.copy(out);
  scene.fragments.forEach((f, i) => blend(out, bg!.width, bg!.height, frags[i]!, f.x, f.y));
  return { data: out, width: bg!.width, height: bg!.height, channels: 3 };
}

/** The scene's pixels as raw RGB (for tests and the PNG encoder). */
export function sceneToRaw(scene: Scene): Promise<Raster> {
  return paint(scene, null);
}

// Canvases are reused (a board is 2.5 MB of pixels): one per render that can be in flight.
const canvases: Buffer[] = [];

/**
 * At most this many boards are drawn at once; the rest wait their turn. A burst of updates (200
 * games starting together, a backlog after a restart) would otherwise hold hundreds of canvases
 * and libvips buffers at the same moment, and the process keeps that memory afterwards.
 */
const RENDERS_AT_ONCE = Math.max(2, Math.min(8, availableParallelism()));
let rendering = 0;
const waiting: Array<() => void> = [];

async function slot<T>(work: () => Promise<T>): Promise<T> {
  if (rendering >= RENDERS_AT_ONCE) await new Promise<void>((resolve) => waiting.push(resolve));
  rendering++;
  try {
    return await work();
  } finally {
    rendering--;
    waiting.shift()?.();
  }
}

export function sceneToPng(scene: Scene): Promise<Buffer> {
  return slot(() => drawPng(scene));
}

async function drawPng(scene: Scene): Promise<Buffer> {
  const size = scene.width * scene.height * 3;
  let canvas = canvases.pop();
  if (canvas && canvas.length !== size) canvas = undefined;
  const raw = await paint(scene, canvas ?? Buffer.allocUnsafe(size));
  try {
    return await encodePng(raw);
  } finally {
    if (canvases.length < RENDERS_AT_ONCE) canvases.push(raw.data);
  }
}

export function encodePng(raw: Raster): Promise<Buffer> {
  return sharp(raw.data, { raw: { width: raw.width, height: raw.height, channels: raw.channels as 3 } }).png(PNG_OPTIONS).toBuffer();
}
