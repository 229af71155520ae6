/**
 * Global setup: compile src/ to dist/ (what `npm start` runs), so the tests can start the compiled
 * bot, and build the Mini App's page (src/web/page -> dist/webapp, type-checked first), which the
 * bot serves under /app/ whichever way it is started.
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export default function setup(): void {
  const root = fileURLToPath(new URL('../..', import.meta.url));
  const steps: Array<[string, string[]]> = [
    ['the build', ['node_modules/typescript/bin/tsc', '-p', 'tsconfig.build.json']],
    ["the page's type check", ['node_modules/typescript/bin/tsc', '-p', 'tsconfig.web.json']],
    ["the page's build", ['node_modules/vite/bin/vite.js', 'build', '--config', 'src/web/page/vite.config.ts']],
  ];
  for (const [what, args] of steps) {
    const r = spawnSync(process.execPath, args, { cwd: root, encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`${what} failed:\n${r.stdout}${r.stderr}`);
  }
}
