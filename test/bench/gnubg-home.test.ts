/**
 * bench/gnubg.ts: gnubg's home is made before the benches start copies of gnubg side by side
 * (on a machine where gnubg never ran, copies started together raced to make it, and all but
 * one exited 1 with "~/.gnubg: File exists").
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { GNUBG, gnubgHome } from '../../bench/gnubg.js';

describe("gnubg's home for the benches", () => {
  it('is made under the HOME given, private, and three copies of gnubg started at once there all run', async () => {
    expect(existsSync(GNUBG), 'gnubg is installed (.ci/run installs it)').toBe(true);
    const dir = mkdtempSync(join(tmpdir(), 'nardy-home-'));
    try {
      gnubgHome(dir);
      expect(statSync(join(dir, '.gnubg', 'backup')).isDirectory()).toBe(true);
      expect(statSync(join(dir, '.gnubg')).mode & 0o777).toBe(0o700);
      gnubgHome(dir); // made already: nothing to do, no error
      const script = join(dir, 'quit.py');
      writeFileSync(script, 'import gnubg\n');
      const codes = await Promise.all([1, 2, 3].map(() => new Promise<number | null>((resolve) => spawn(GNUBG, ['-t', '-q', '-r', '-p', script], { env: { ...process.env, HOME: dir }, stdio: 'ignore' }).once('exit', resolve))));
      expect(codes).toEqual([0, 0, 0]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
