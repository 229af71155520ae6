/**
 * Global setup: a redis-server of the tests' own on a free port (nothing shared with whatever
 * runs on 6379), given to the tests as inject('redisUrl').
 */
import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    redisUrl: string;
  }
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

async function waitForPort(port: number, ms = 10_000): Promise<void> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    const ok = await new Promise<boolean>((resolve) => {
      const s = net.connect(port, '127.0.0.1', () => {
        s.end();
        resolve(true);
      });
      s.on('error', () => resolve(false));
    });
    if (ok) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`redis-server did not start on port ${port}`);
}

/** A redis-server of the tests' own; with `dir`, its data is kept there (append-only) across restarts. */
export async function startRedis(opts: { port?: number; dir?: string } = {}): Promise<{ url: string; port: number; proc: ChildProcess }> {
  const port = opts.port ?? (await freePort());
  const persist = opts.dir ? ['--dir', opts.dir, '--appendonly', 'yes', '--appendfsync', 'always'] : ['--appendonly', 'no'];
  const proc = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', ...persist], { stdio: 'ignore' });
  proc.on('error', (e) => {
    throw new Error(`cannot start redis-server (is it installed?): ${e.message}`);
  });
  await waitForPort(port);
  return { url: `redis://127.0.0.1:${port}`, port, proc };
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const { url, proc } = await startRedis();
  project.provide('redisUrl', url);
  return async () => {
    proc.kill('SIGTERM');
  };
}
