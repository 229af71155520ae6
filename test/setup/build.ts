/**
 * Global setup: compile src/ to dist/ (what `npm start` runs), so the tests can start the compiled
 * bot, and build the Mini App's page (src/web/page -> dist/webapp, type-checked first), which the
 * bot serves under /app/ whichever way it is started. The build and the page's check and build
 * are independent: they run side by side.
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

function run(root: string, what: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd: root });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString('utf8')));
    child.stderr.on('data', (d: Buffer) => (out += d.toString('utf8')));
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${what} failed:\n${out}`))));
  });
}

export default async function setup(): Promise<void> {
  const root = fileURLToPath(new URL('../..', import.meta.url));
  await Promise.all([
    run(root, 'the build', ['node_modules/typescript/bin/tsc', '-p', 'tsconfig.build.json']),
    (async () => {
      await run(root, "the page's type check", ['node_modules/typescript/bin/tsc', '-p', 'tsconfig.web.json']);
      await run(root, "the page's build", ['node_modules/vite/bin/vite.js', 'build', '--config', 'src/web/page/vite.config.ts']);
    })(),
  ]);
}
