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
import { applyMatchAction, newMatch, nextGame, parseRules, type Die, type MatchState, type Side } from '../../src/engine/index.js';
import type { ExportedGame, GameExport } from '../../src/engine/gamefile.js';
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
    // At 0 ply: the statistics count every move and cube decision whatever the depth, and gnubg's
    // default depth (2 ply) would take seconds a game.
    writeFileSync(join(dir, 'cmd'), ['set analysis chequerplay evaluation plies 0', 'set analysis cubedecision evaluation plies 0', `import mat ${mat}`, 'analyse match', 'show statistics match', ''].join('\n'));
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

/** gnubg's `show statistics match` for a .mat. */
function gnubgStatistics(text: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'nardy-mat-'));
  writeFileSync(join(dir, 'm.mat'), text);
  writeFileSync(join(dir, 'cmd'), ['set analysis moves off', 'set analysis cube on', 'set analysis cubedecision evaluation plies 0', `import mat ${join(dir, 'm.mat')}`, 'analyse match', 'show statistics match', ''].join('\n'));
  const r = spawnSync(GNUBG, ['-t', '-q', '-r', '-c', join(dir, 'cmd')], { encoding: 'utf8', timeout: 60_000 });
  expect(r.status).toBe(0);
  return r.stdout;
}

/** A match to 3 with the cube: in game 1 Black doubles and White passes; in game 2 White doubles and Black passes. */
function passedDoubles(): GameExport {
  let m: MatchState = newMatch('short', 3, parseRules({ cube: true }));
  let n = 0;
  const die = (): Die => ((n++ * 5) % 6 + 1) as Die;
  const games: ExportedGame[] = [];
  const doubler: Side[] = ['black', 'white'];
  for (let guard = 0; guard < 2000 && games.length < 2; guard++) {
    const g = m.game;
    const side = actor(g) ?? g.position.turn;
    let out: ReturnType<typeof applyMatchAction>;
    if (g.phase === 'opening') out = applyMatchAction(m, { type: 'roll', dice: [die(), die()] }, 'white');
    else if (g.phase === 'roll') out = applyMatchAction(m, g.record.length > 6 && side === doubler[games.length] ? { type: 'double' } : { type: 'roll', dice: [die(), die()] }, side);
    else if (g.phase === 'double') out = applyMatchAction(m, { type: 'drop' }, side);
    else out = applyMatchAction(m, { type: 'play', moves: currentTurn(g).plays[0]?.moves ?? [] }, side);
    if (!out.ok) throw out.error;
    m = out.state;
    if (m.game.phase === 'over') {
      const r = m.game.result!;
      const score = { ...m.score, [r.winner!]: m.score[r.winner!] - r.points };
      games.push({ number: m.gameNo, score, crawford: m.game.crawford, postCrawford: false, record: m.game.record, result: { winner: r.winner, points: r.points, kind: r.kind, reason: r.reason } });
      if (!m.winner) m = nextGame(m);
    }
  }
  return { format: 'nardy-game', version: 1, id: 'passes', variant: 'short', rules: m.rules, length: 3, players: { white: 'Ann', black: 'Ben' }, games };
}

describe('a match with the cube exported for gnubg', () => {
  it('a passed double reads as one double and one pass, whoever doubled (no second double, no resignation)', () => {
    const exp = passedDoubles();
    expect(exp.games.map((g) => g.result?.winner)).toEqual(['black', 'white']);
    expect(exp.games.every((g) => g.record.some((l) => /doubles 2, passed/.test(l)))).toBe(true);
    const text = toMat(exp);
    expect(text).toMatch(/\n +\d+\)  Drops +Wins 1 point\n/);
    const stats = gnubgStatistics(text);
    expect(stats).toMatch(/\nDoubles\s+1\s+1\s*\n/);
    expect(stats).toMatch(/\nPasses\s+1\s+1\s*\n/);
  }, 60_000);
});
