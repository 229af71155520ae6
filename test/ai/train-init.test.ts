import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SHORT_ENCODING } from '../../src/ai/encode.js';

const train = (args: string[]): ReturnType<typeof spawnSync> =>
  spawnSync(process.execPath, ['--import', 'tsx', 'src/ai/train/main.ts', ...args], { encoding: 'utf8' });

/** The trainer's --init: weights it cannot start from get a clear message, exit 1, and leave no output folder. */
describe('the trainer refuses --init weights it cannot start from', () => {
  const dir = mkdtempSync(join(tmpdir(), 'nardy-train-init-'));
  const base = join(dir, 'long');
  copyFileSync('assets/ai/long.json', `${base}.json`);
  const bytes = readFileSync('assets/ai/long.bin');
  bytes[1000] = bytes[1000]! ^ 0x55; // one byte changed: the manifest's SHA-256 no longer matches
  writeFileSync(`${base}.bin`, bytes);

  const refuses = (args: string[], message: RegExp, out: string): void => {
    const r = train([...args, '--games', '1', '--workers', '1', '--out', out]);
    expect(String(r.stderr)).toMatch(message);
    expect(String(r.stderr)).not.toMatch(/\n\s+at /); // a message, not a stack trace
    expect(r.status).toBe(1);
    expect(existsSync(out)).toBe(false);
  };

  it('bytes that do not match their manifest', () => {
    refuses(['--variant', 'long', '--init', base], /long\.bin does not match the SHA-256 in its manifest/, join(dir, 'out1'));
  });

  it('no weights where it points', () => {
    refuses(['--variant', 'long', '--init', join(dir, 'none')], /no trained weights at .*none\.\{bin,json\}/, join(dir, 'out2'));
  });

  it("another game's weights", () => {
    copyFileSync('assets/ai/long.bin', `${base}.bin`);
    const shape = JSON.stringify((JSON.parse(readFileSync(`${base}.json`, 'utf8')) as { shape: unknown }).shape);
    const message = new RegExp(`--init .*long: long ${shape.replace(/[{}]/g, '\\$&')} cannot grow into short ${SHORT_ENCODING.inputs} inputs`);
    refuses(['--variant', 'short', '--init', base], message, join(dir, 'out3'));
  });
});
