/** Global setup: compile src/ to dist/ (what `npm start` runs), so the tests can start the compiled bot. */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export default function setup(): void {
  const root = fileURLToPath(new URL('../..', import.meta.url));
  const r = spawnSync(process.execPath, ['node_modules/typescript/bin/tsc', '-p', 'tsconfig.build.json'], { cwd: root, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`the build failed:\n${r.stdout}${r.stderr}`);
}
