/** A real local Redis Cluster for tests: three masters on free ports, joined with redis-cli. */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import net from 'node:net';
import { freePort } from './redis.js';

export interface LocalCluster {
  readonly nodes: string[];
  stop(): void;
}

/** Whether this redis-server can run as a cluster node (Debian's can). */
export function clusterSupported(): boolean {
  const r = spawnSync('redis-server', ['--version'], { encoding: 'utf8' });
  const cli = spawnSync('redis-cli', ['--version'], { encoding: 'utf8' });
  return r.status === 0 && cli.status === 0 && /v=([6-9]|\d\d)\./.test(r.stdout);
}

async function waitFor(check: () => boolean, ms: number, what: string): Promise<void> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (check()) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`timed out waiting for ${what}`);
}

/** Whether `port` can be bound now on 127.0.0.1. */
function bindable(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const srv = net.createServer();
    srv.once('error', () => resolve(false));
    srv.listen(port, '127.0.0.1', () => srv.close(() => resolve(true)));
  });
}

/** A free port whose cluster bus port (port + 10000, which a node also binds) is free too. */
async function freeNodePort(): Promise<number> {
  for (;;) {
    const port = await freePort();
    if (port + 10000 <= 65535 && (await bindable(port + 10000))) return port;
  }
}

export async function startCluster(): Promise<LocalCluster> {
  const dir = mkdtempSync(join(tmpdir(), 'nardy-cluster-'));
  const ports = [await freeNodePort(), await freeNodePort(), await freeNodePort()];
  const procs: ChildProcess[] = ports.map((port) =>
    spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--cluster-enabled', 'yes', '--cluster-config-file', `nodes-${port}.conf`, '--dir', dir, '--save', '', '--appendonly', 'no'], { stdio: 'ignore' }),
  );
  const stop = (): void => {
    for (const p of procs) p.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    for (const port of ports) await waitFor(() => spawnSync('redis-cli', ['-p', String(port), 'ping'], { encoding: 'utf8' }).stdout.trim() === 'PONG', 10_000, `node ${port}`);
    const nodes = ports.map((p) => `127.0.0.1:${p}`);
    const made = spawnSync('redis-cli', ['--cluster', 'create', ...nodes, '--cluster-replicas', '0', '--cluster-yes'], { encoding: 'utf8', timeout: 30_000 });
    if (made.status !== 0) throw new Error(`redis-cli --cluster create failed: ${made.stdout}${made.stderr}`);
    await waitFor(() => ports.every((p) => /cluster_state:ok/.test(spawnSync('redis-cli', ['-p', String(p), 'cluster', 'info'], { encoding: 'utf8' }).stdout)), 20_000, 'the cluster');
    return { nodes, stop };
  } catch (e) {
    stop();
    throw e;
  }
}
