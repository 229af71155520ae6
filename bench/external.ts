/** The bot as GNU Backgammon's external player (`nardy gnubg-external`), for the benches that play gnubg. */
import { spawn, type ChildProcess } from 'node:child_process';

/** Start the bot's external player on a port; resolves once it listens. */
export async function startExternal(port: number, level: string, seed: number, extra: readonly string[] = []): Promise<ChildProcess> {
  const p = spawn(process.execPath, ['--import', 'tsx', 'src/cli/nardy.ts', 'gnubg-external', '--port', String(port), '--level', level, '--seed', String(seed), ...extra], { stdio: ['ignore', 'ignore', 'pipe'] });
  await new Promise<void>((resolve, reject) => {
    let err = '';
    p.stderr!.on('data', (d: Buffer) => {
      err += d.toString();
      if (err.includes('listening on')) resolve();
    });
    p.once('exit', (code) => reject(new Error(`external player exited (${code}): ${err}`)));
  });
  return p;
}
