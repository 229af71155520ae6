/**
 * GNU Backgammon for the benches: where it is, and its home made ready before several copies start.
 */
import { existsSync, mkdirSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';

export const GNUBG = '/usr/games/gnubg';

/**
 * gnubg makes ~/.gnubg (and ~/.gnubg/backup) when it first starts. On a machine where it never
 * ran, copies started at the same moment race to make it, and every one but the first stops at
 * once with "~/.gnubg: File exists" and exit status 1 (a bench then fails with "gnubg exited
 * with 1"). Made here first, before any copy starts, there is nothing to race for. `home`: the
 * HOME the copies will run with (this process's by default).
 */
export function gnubgHome(home: string = homedir()): void {
  if (existsSync(GNUBG)) mkdirSync(join(home, '.gnubg', 'backup'), { recursive: true, mode: 0o700 });
}
