/** nardy move and nardy gnubg-external, as processes. */
import { spawn, spawnSync } from 'node:child_process';
import { connect } from 'node:net';
import { describe, expect, it } from 'vitest';
import { legalPlays, parsePosition, startPosition, positionToJSON, type GameState, type Step } from '../../src/engine/index.js';
import { midGame } from '../helpers/games.js';
import type { MatchScore } from '../../src/ai/met.js';
import { freePort } from '../setup/redis.js';
import { createPlayer, LEVELS, Player } from '../../src/ai/player.js';
import { seededRandom } from '../../src/sim/rng.js';

/** The command line as compiled (dist/cli/nardy.js, built afresh by the global setup; test/cli/nardy.test.ts runs it from the source too). */
function nardy(args: string[], input: string) {
  return spawnSync(process.execPath, ['dist/cli/nardy.js', ...args], { input, encoding: 'utf8', timeout: 60_000 });
}

describe('nardy move', () => {
  it('answers each line with the level\'s legal play and the position after it; bad lines get an error', () => {
    const start = positionToJSON(startPosition('long'));
    const lines = [
      JSON.stringify({ position: start, dice: [6, 5] }),
      'not json',
      JSON.stringify({ position: positionToJSON(startPosition('short')), dice: [3, 1] }),
      JSON.stringify({ position: start, dice: [6, 9] }),
      JSON.stringify({ position: start, dice: [6, 6], rules: { constructor: 1 } }),
      JSON.stringify({ position: { ...start, white: [1] }, dice: [1, 2] }),
      // Black's only checker on the bar against a closed board: nothing can move.
      JSON.stringify({ position: { variant: 'short', turn: 'black', white: [0, 2, 2, 2, 2, 2, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 3, 0], black: [14, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1] }, dice: [6, 6] }),
    ];
    const r = nardy(['move', '--level', 'medium', '--seed', '3'], lines.join('\n') + '\n');
    expect(r.status).toBe(1);
    const out = r.stdout.trim().split('\n').map((l) => JSON.parse(l) as { moves?: number[][]; position?: unknown; error?: string });
    expect(out).toHaveLength(7);
    const legal = legalPlays(startPosition('long'), [6, 5]).map((p) => JSON.stringify(positionToJSON(p.position)));
    expect(legal).toContain(JSON.stringify(out[0]!.position));
    expect(out[1]!.error).toMatch(/JSON/);
    expect(out[2]!.moves).toEqual([[8, 5], [6, 5]]);
    expect(parsePosition(out[2]!.position).turn).toBe('black');
    expect(out[3]!.error).toMatch(/dice/);
    expect(out[4]!.error).toMatch(/unknown rule option "constructor"/);
    expect(out[5]!.error).toMatch(/26 entries/);
    expect(out[6]).toMatchObject({ moves: [] });
  });

  it('--noise is the noise in both games: long nardy\'s own noise gives way to it', () => {
    // Long positions a few rolls into seeded games, each with a roll that has several plays.
    const lines: string[] = [];
    const games: GameState[] = [];
    for (let seed = 1; lines.length < 12; seed++) {
      const g = midGame('long', seed, 6 + seed, 4);
      games.push(g);
      lines.push(JSON.stringify({ position: positionToJSON(g.position), dice: g.dice }));
    }
    const r = nardy(['move', '--level', 'easy', '--noise', '0', '--seed', '5'], lines.join('\n') + '\n');
    expect(r.status).toBe(0);
    const moves = r.stdout.trim().split('\n').map((l) => (JSON.parse(l) as { moves: number[][] }).moves);
    // Easy without noise: the net's greedy choice, whatever the seed.
    const { longNoise: _longNoise, ...easy } = LEVELS.easy;
    const greedy = new Player('easy', undefined, seededRandom(1), { ...easy, search: { ...easy.search, noise: 0 } });
    expect(moves).toEqual(games.map((g) => greedy.choosePlay(g)));
  });

  it('refuses an unknown level with a usage line', () => {
    const r = nardy(['move', '--level', 'grandmaster'], '');
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/--level must be one of easy, medium, hard, expert, baseline/);
  });
});

describe('nardy gnubg-external', () => {
  it('answers gnubg\'s board lines with moves in the player\'s numbering', async () => {
    const port = await freePort();
    const proc = spawn(process.execPath, ['dist/cli/nardy.js', 'gnubg-external', '--port', String(port), '--level', 'hard', '--seed', '1'], { stdio: ['ignore', 'ignore', 'pipe'] });
    try {
      await new Promise<void>((resolve, reject) => {
        let err = '';
        proc.stderr!.on('data', (d: Buffer) => {
          err += d;
          if (err.includes('listening')) resolve();
        });
        proc.once('exit', (c) => reject(new Error(`exited ${c}: ${err}`)));
      });
      const sock = connect(port, '127.0.0.1');
      const replies: string[] = [];
      let buf = '';
      sock.on('data', (d) => {
        buf += d.toString();
        const parts = buf.split('\n');
        buf = parts.pop()!;
        replies.push(...parts);
      });
      const ask = async (line: string): Promise<string> => {
        const n = replies.length;
        sock.write(line + '\n\0');
        for (let i = 0; i < 400 && replies.length === n; i++) await new Promise((r) => setTimeout(r, 25));
        return replies[n]!;
      };
      // As gnubg sends it: the player to move is O (positive), moving 24 -> 1; after gnubg's 24/23 13/11.
      const opening = 'board:gnubg:root:0:0:0:0:-1:-1:0:0:0:5:0:3:0:0:0:-4:5:-1:0:0:-3:0:-5:0:0:0:0:2:0:1:3:1:3:1:1:1:1:0:1:-1:0:25:0:0:0:0:0:0:0:1';
      expect(await ask(opening)).toBe('8/5 6/5');
      // A checker on the bar (cell 25, the player's bar) with 6-6 against a closed board: no move.
      const cells = new Array<number>(26).fill(0);
      for (let c = 19; c <= 24; c++) cells[c] = -2;
      cells[1] = -3;
      cells[25] = 1;
      const closed = `board:gnubg:root:0:0:0:${cells.join(':')}:1:6:6:6:6:1:1:1:0:1:-1:0:25:14:0:1:0:0:0:0:1`;
      expect(await ask(closed)).toBe('');
      // Rubbish is answered with an empty line and the player goes on.
      expect(await ask('hello')).toBe('');
      expect(await ask(opening)).toBe('8/5 6/5');
      sock.end();
    } finally {
      proc.kill('SIGTERM');
    }
  }, 60_000);
});

describe('nardy move in a match', () => {
  const start = positionToJSON(startPosition('short', 'white'));
  const seen: Array<{ cube: boolean; value: number; owner: string | null; crawford: boolean; score: unknown }> = [];
  const hard = createPlayer('hard', seededRandom(1));
  const recorder = {
    level: 'hard',
    choosePlay: (g: GameState, score?: MatchScore): Step[] => {
      seen.push({ cube: g.rules.cube, value: g.cube.value, owner: g.cube.owner, crawford: g.crawford, score });
      return hard.choosePlay(g, score);
    },
    wantsToDouble: () => false,
    takes: () => true,
    acceptsResignation: () => false,
  };

  it('plays at the score with the cube where the line says, for money without a match', async () => {
    const { moveLine } = await import('../../src/cli/bot-commands.js');
    seen.length = 0;
    const ask = (o: Record<string, unknown>): Record<string, unknown> => JSON.parse(moveLine(recorder, JSON.stringify({ position: start, dice: [6, 5], ...o })).out) as Record<string, unknown>;
    expect(ask({ match: { length: 5, score: [4, 1], crawford: true }, cube: { value: 1, owner: null } }).moves).toEqual([[24, 18], [18, 13]]);
    ask({ match: { length: 7, score: [2, 3], crawford: false }, cube: { value: 2, owner: 'black' } });
    ask({ match: { length: 5, score: [4, 3] }, rules: { cube: false } });
    ask({});
    expect(seen).toEqual([
      { cube: true, value: 1, owner: null, crawford: true, score: { awayMe: 1, awayOpp: 4, crawford: true, postCrawford: false } },
      { cube: true, value: 2, owner: 'black', crawford: false, score: { awayMe: 5, awayOpp: 4, crawford: false, postCrawford: false } },
      { cube: false, value: 1, owner: null, crawford: false, score: { awayMe: 1, awayOpp: 2, crawford: false, postCrawford: true } },
      { cube: false, value: 1, owner: null, crawford: false, score: undefined },
    ]);
    // Bad match fields: an error, nothing played.
    const before = seen.length;
    expect(ask({ match: { length: 5, score: [5, 0] } }).error).toMatch(/score/);
    expect(ask({ match: { length: 5, score: [1, 2], crawford: true } }).error).toMatch(/crawford/);
    expect(ask({ cube: { value: 3, owner: null } }).error).toMatch(/cube.value/);
    expect(seen.length).toBe(before);
  });
});

describe("gnubg's cube questions to the external player", () => {
  /**
   * A board line as gnubg 1.07 sends it to its external player 1 (as the benches set it up): colour 1,
   * direction -1, cell i the player's point i, the opponent's checkers negative; `turn` 1 when the
   * player is on roll and -1 when it is doubled (gnubg's player 0 on roll); the scores in the order
   * (player 0, player 1) for a move or a double and (player 1, player 0) for a take. `score` is
   * [the player's, the opponent's].
   */
  const line = (cells: number[], o: { length?: number; score?: [number, number]; doubled?: boolean; off?: [number, number]; mayDouble?: [number, number]; dice?: [number, number]; cube?: number } = {}): string => {
    const [pOff, oOff] = o.off ?? [0, 0];
    const [may, oppMay] = o.mayDouble ?? [1, 1];
    const [d1, d2] = o.dice ?? [0, 0];
    const [mine, theirs] = o.score ?? [0, 0];
    const names = o.doubled ? `root:gnubg:${o.length ?? 5}:${mine}:${theirs}` : `gnubg:root:${o.length ?? 5}:${theirs}:${mine}`;
    return `board:${names}:${cells.join(':')}:${o.doubled ? -1 : 1}:${d1}:${d2}:0:0:${o.cube ?? 1}:${may}:${oppMay}:${o.doubled ? 1 : 0}:1:-1:0:25:${pOff}:${oOff}:0:0:0:0:0:1`;
  };
  const cells = (mine: Record<number, number>, theirs: Record<number, number>): number[] => {
    const c = new Array<number>(26).fill(0);
    for (const [p, n] of Object.entries(mine)) c[Number(p)] = n;
    // The opponent's own point p is the player's cell 25 - p.
    for (const [p, n] of Object.entries(theirs)) c[25 - Number(p)] = -n;
    return c;
  };
  const start = cells({ 24: 2, 13: 5, 8: 3, 6: 5 }, { 24: 2, 13: 5, 8: 3, 6: 5 });
  const player = createPlayer('hard', seededRandom(1));

  it('before the roll: no double from the start, a double when the race is won', async () => {
    const { answerGnubg } = await import('../../src/cli/bot-commands.js');
    expect(answerGnubg(player, line(start))).toBe('roll');
    // Bearing off 60 pips against 80, on roll: double (and it is a pass).
    const race = cells({ 6: 5, 4: 5, 2: 5 }, { 6: 10, 4: 5 });
    expect(answerGnubg(player, line(race))).toBe('double');
    // The same when the cube is the opponent's: the player may not double, so it rolls.
    expect(answerGnubg(player, line(race, { mayDouble: [0, 1] }))).toBe('roll');
  });

  it('a move in a match: played at the score with the cube where it is, cubeless when gnubg plays without the cube', async () => {
    const { answerGnubg } = await import('../../src/cli/bot-commands.js');
    const seen: Array<{ cube: boolean; value: number; owner: string | null; score: unknown }> = [];
    const recorder = {
      level: 'hard',
      choosePlay: (g: GameState, score?: MatchScore): Step[] => {
        seen.push({ cube: g.rules.cube, value: g.cube.value, owner: g.cube.owner, score });
        return player.choosePlay(g, score);
      },
      wantsToDouble: () => false,
      takes: () => true,
      acceptsResignation: () => false,
    };
    // The cube at 2, the player's: it may double, the opponent may not.
    expect(answerGnubg(recorder, line(start, { dice: [6, 5], cube: 2, mayDouble: [1, 0], score: [1, 2] }))).toBe('24/18 18/13');
    // gnubg with "set cube use off": neither side may double, the cube at 1.
    answerGnubg(recorder, line(start, { dice: [6, 5], mayDouble: [0, 0], score: [1, 2] }));
    expect(seen).toEqual([
      { cube: true, value: 2, owner: 'white', score: { awayMe: 4, awayOpp: 3, crawford: false, postCrawford: false } },
      { cube: false, value: 1, owner: null, score: { awayMe: 4, awayOpp: 3, crawford: false, postCrawford: false } },
    ]);
  });

  it("tells the Crawford game from post-Crawford games as gnubg 1.07 writes them", async () => {
    const { answerGnubg } = await import('../../src/cli/bot-commands.js');
    const { parseFibsBoard } = await import('../../src/ai/fibs.js');
    // Lines gnubg 1.07 sent to the external player in one match to 5 (scripts/gnubg/play-external-match.py):
    // at 0-0, in the Crawford game (gnubg 4, the bot 0) and in the game after it (gnubg 4, the bot 2).
    // The last two fields are 0:1, 0:0 and 1:1. The scores are in gnubg's order, its player 0 first.
    const first = 'board:gnubg:root:5:0:0:0:-2:0:0:0:0:5:0:3:0:0:0:-5:5:0:0:0:-3:0:-5:0:0:0:0:2:0:1:4:3:4:3:1:1:1:0:1:-1:0:25:0:0:0:0:0:0:0:1';
    const crawford = 'board:gnubg:root:5:4:0:0:-2:0:0:0:0:5:0:3:0:0:0:-5:5:0:0:0:-3:0:-5:0:0:0:0:2:0:1:3:1:3:1:1:1:1:0:1:-1:0:25:0:0:0:0:0:0:0:0';
    const after = 'board:gnubg:root:5:4:2:0:-2:0:0:0:0:5:0:3:0:0:0:-5:5:0:0:0:-3:0:-5:0:0:0:0:2:0:1:4:1:4:1:1:1:1:0:1:-1:0:25:0:0:0:0:0:0:1:1';
    expect([first, crawford, after].map((l) => parseFibsBoard(l).crawford)).toEqual([false, true, false]);
    const seen: unknown[] = [];
    const recorder = {
      level: 'hard',
      choosePlay: (g: GameState, score?: MatchScore): Step[] => {
        seen.push({ crawford: g.crawford, score });
        return player.choosePlay(g, score);
      },
      wantsToDouble: () => false,
      takes: () => true,
      acceptsResignation: () => false,
    };
    for (const l of [crawford, after]) answerGnubg(recorder, l);
    expect(seen).toEqual([
      { crawford: true, score: { awayMe: 5, awayOpp: 1, crawford: true, postCrawford: false } },
      { crawford: false, score: { awayMe: 3, awayOpp: 1, crawford: false, postCrawford: true } },
    ]);
    // After the Crawford game the trailer doubles at once: the bot 3 away, gnubg 1 away, before its roll.
    const trailer = after.replace(':1:4:1:4:1:1:1:1:0:', ':1:0:0:0:0:1:1:1:0:');
    expect(parseFibsBoard(trailer).dice).toBeNull();
    expect(answerGnubg(player, trailer)).toBe('double');
  });

  it("reads the score and the cube as gnubg 1.07 writes them: by its players, not by who gets the line", async () => {
    const { answerGnubg } = await import('../../src/cli/bot-commands.js');
    const { parseFibsBoard } = await import('../../src/ai/fibs.js');
    // Two lines gnubg sent its external player 1 ("root") in a match to 5 that the bot led 3-0
    // (scripts/gnubg/play-external-match.py, through a logging proxy). The bot on roll with 5-5,
    // holding the 2-cube: "gnubg:root:5:0:3", gnubg's score first. Doubled at 3-0 in another
    // game: "root:gnubg:5:3:0", the bot's score first; `turn` is -1 there.
    const moving = 'board:gnubg:root:5:0:3:-2:2:2:3:-1:2:2:0:0:1:0:0:0:1:0:0:0:-1:-2:-2:-3:2:-2:-2:0:0:1:5:5:5:5:2:1:0:0:1:-1:0:25:0:0:0:0:0:0:0:1';
    const doubled = 'board:root:gnubg:5:3:0:0:-1:0:0:0:1:4:0:3:1:-1:0:-4:3:0:0:0:-4:0:-5:1:0:0:0:2:0:-1:0:0:0:0:1:1:1:1:1:-1:0:25:0:0:0:0:0:0:0:1';
    expect(parseFibsBoard(moving)).toMatchObject({ score: { player: 3, opponent: 0 }, cube: 2, mayDouble: true, oppMayDouble: false, wasDoubled: false, dice: [5, 5] });
    expect(parseFibsBoard(doubled)).toMatchObject({ score: { player: 3, opponent: 0 }, cube: 1, mayDouble: true, oppMayDouble: true, wasDoubled: true, dice: null });
    // The checkers: the bot's 15 on its points 1-6 and 10, 14; gnubg's 2 on the bar.
    const p = parseFibsBoard(moving).position;
    expect(p.white.slice(1, 25).reduce((a, b) => a + b, 0)).toBe(15);
    expect(p.black[25]).toBe(2);
    const seen: unknown[] = [];
    const recorder = {
      level: 'hard',
      choosePlay: (g: GameState, score?: MatchScore): Step[] => {
        seen.push({ value: g.cube.value, owner: g.cube.owner, score });
        return player.choosePlay(g, score);
      },
      wantsToDouble: () => false,
      takes: () => true,
      acceptsResignation: () => false,
    };
    answerGnubg(recorder, moving);
    expect(seen).toEqual([{ value: 2, owner: 'white', score: { awayMe: 2, awayOpp: 5, crawford: false, postCrawford: false } }]);
    // The same lines as gnubg writes them to an external player 0: `turn` -1 on roll, the board
    // player 1's (the receiver's checkers negative, its point p in cell 25 - p, its bar cell 0).
    const cellsOf = (l: string): string[] => l.split(':').slice(6, 32);
    const asZero = (l: string, turn: number): string => {
      const f = l.split(':');
      const c = cellsOf(l).map(Number);
      const mirrored = c.map((_, i) => -c[25 - i]!);
      f.splice(6, 26, ...mirrored.map(String));
      f[32] = String(turn);
      [f[38], f[39]] = [f[39]!, f[38]!];
      return f.join(':');
    };
    const zeroMoving = asZero(moving.replace(':5:0:3:', ':5:3:0:'), -1);
    expect(parseFibsBoard(zeroMoving)).toMatchObject({ score: { player: 3, opponent: 0 }, mayDouble: true, oppMayDouble: false });
    expect(parseFibsBoard(zeroMoving).position).toEqual(p);
  });

  it('doubled: takes at the start, drops a lost race', async () => {
    const { answerGnubg } = await import('../../src/cli/bot-commands.js');
    expect(answerGnubg(player, line(start, { doubled: true }))).toBe('take');
    expect(answerGnubg(player, line(cells({ 6: 14 }, { 1: 2 }), { off: [1, 13], doubled: true }))).toBe('drop');
  });
});
