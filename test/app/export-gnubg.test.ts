/**
 * A single game's .mat, read back by GNU Backgammon itself (installed by .ci/run): it imports
 * cleanly as a game without a cube, so gnubg's analysis charges no cube decisions.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { exportGame, toMat } from '../../src/app/export.js';
import { Games } from '../../src/app/games.js';
import type { GameRecord, PlayerRef } from '../../src/app/model.js';
import { actor, currentTurn } from '../../src/engine/game.js';
import { MemoryStore } from '../../src/store/index.js';

const GNUBG = '/usr/games/gnubg';
const ann: PlayerRef = { kind: 'human', id: 1, name: 'Ann', lang: 'en' };
const ben: PlayerRef = { kind: 'human', id: 2, name: 'Ben', lang: 'en' };

/** A single game of short nardy between two people, played to its end with the first legal steps. */
async function playedGame(): Promise<GameRecord> {
  const g = new Games({ store: new MemoryStore({ challengeSeconds: 60, finishedSeconds: 600, idleSeconds: 600 }) });
  let rec = await g.start({ kind: 'group', chatId: -1, lang: 'en', white: ann, black: ben, variant: 'short', length: 1 });
  for (let i = 0; i < 4000 && !rec.finished; i++) {
    const game = rec.match.game;
    const side = actor(game) ?? game.position.turn;
    const user = (rec.players[side] as { id: number }).id;
    const press = game.phase === 'roll' ? { type: 'roll' as const } : currentTurn(game).complete ? { type: 'done' as const } : { type: 'step' as const, step: currentTurn(game).next[0]! };
    const r = await g.press(rec.id, rec.v, user, press);
    if (r.kind !== 'applied') throw new Error(r.kind);
    rec = r.game;
  }
  return rec;
}

describe('a single game exported for gnubg', () => {
  it('imports as a 1-point match with every move and no cube decision', async () => {
    expect(existsSync(GNUBG), 'gnubg is installed (.ci/run installs it)').toBe(true);
    const rec = await playedGame();
    expect(rec.finished).toBe(true);
    const dir = mkdtempSync(join(tmpdir(), 'nardy-mat-'));
    const mat = join(dir, 'game.mat');
    writeFileSync(mat, toMat(exportGame(rec)));
    writeFileSync(join(dir, 'cmd'), [`import mat ${mat}`, 'analyse match', 'show statistics match', ''].join('\n'));
    const r = spawnSync(GNUBG, ['-t', '-q', '-r', '-c', join(dir, 'cmd')], { encoding: 'utf8', timeout: 60_000 });
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/1 point match/);
    expect(r.stdout).toMatch(/Total cube decisions\s+0\s+0/);
    expect(r.stdout).toMatch(/Missed doubles below CP \(EMG \(MWC\)\) +0 +0 *\n/);
    const moves = rec.match.game.record.filter((l) => /^[WB] \d\d:/.test(l)).length;
    const total = /Total moves\s+(\d+)\s+(\d+)/.exec(r.stdout);
    expect(total, r.stdout.slice(0, 2000)).not.toBeNull();
    expect(Number(total![1]) + Number(total![2])).toBeGreaterThanOrEqual(Math.floor(moves * 0.9));
  }, 60_000);
});
