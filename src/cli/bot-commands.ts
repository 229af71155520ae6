/**
 * The bot's players on the command line (SPEC §3):
 *   move --level L [--seed S]             JSON lines {position, dice, rules?} -> {moves, position}
 *   gnubg-external --port P --level L     the bot as GNU Backgammon's external player
 */
import { createServer, type Socket } from 'node:net';
import { createInterface } from 'node:readline';
import { BaselinePlayer } from '../ai/baseline.js';
import { formatFibsMove, parseFibsBoard, type FibsBoard } from '../ai/fibs.js';
import { isLevel, LEVELS, LEVELS_IN_ORDER, matchScoreOf, Player, withNoise, type BotPlayer } from '../ai/player.js';
import type { MatchScore } from '../ai/met.js';
import { newGame, type GameState } from '../engine/game.js';
import { legalPlays } from '../engine/plays.js';
import { parsePosition, PositionError, positionToJSON } from '../engine/position.js';
import { parseRules, type Rules } from '../engine/rules.js';
import { otherSide, type Dice, type Position, type Side } from '../engine/types.js';
import { matchAt, type MatchContext, type MatchState } from '../engine/match.js';
import { answerLine, parseDice, requiredPosition, type LineAnswer } from './lines.js';
import { seededRandom } from '../sim/rng.js';

export class UsageError extends Error {}

export function flag(args: string[], name: string, fallback: string | null): string | null {
  const i = args.indexOf(name);
  if (i < 0) return fallback;
  const v = args[i + 1];
  if (v === undefined || v.startsWith('--')) throw new UsageError(`${name} needs a value`);
  return v;
}

function playerFrom(args: string[]): BotPlayer {
  const level = flag(args, '--level', null);
  if (level === 'baseline') return new BaselinePlayer();
  if (!isLevel(level)) throw new UsageError(`--level must be one of ${[...LEVELS_IN_ORDER, 'baseline'].join(', ')}`);
  const seedText = flag(args, '--seed', null);
  if (seedText !== null && !/^-?\d{1,15}$/.test(seedText)) throw new UsageError('--seed must be an integer');
  // Tuning overrides (benchmarks): the level's noise and look-ahead.
  const noise = flag(args, '--noise', null);
  const plies = flag(args, '--plies', null);
  if (noise !== null && !(Number(noise) >= 0 && Number(noise) <= 1)) throw new UsageError('--noise must be a number from 0 to 1');
  if (plies !== null && plies !== '0' && plies !== '1') throw new UsageError('--plies must be 0 or 1');
  const cubeful = flag(args, '--cubeful-play', null);
  if (cubeful !== null && cubeful !== 'on' && cubeful !== 'off') throw new UsageError('--cubeful-play must be on or off');
  // --noise is the noise in both games: it replaces long nardy's own (LevelConfig.longNoise).
  const base = noise === null ? LEVELS[level] : withNoise(LEVELS[level], Number(noise));
  const search = { ...base.search, ...(plies !== null ? { plies: Number(plies) as 0 | 1 } : {}) };
  const cubefulPlay = cubeful === null ? base.cubefulPlay : cubeful === 'on';
  return new Player(level, undefined, seedText === null ? undefined : seededRandom(Number(seedText)), { ...base, search, cubefulPlay });
}

/** The match fields of a `cube` or `move` line (length 0: money): `"cube": {value, owner}` and `"match": {length, score: [white, black], crawford}`, both optional. */
function parseMatchContext(o: Record<string, unknown>): MatchContext {
  const cube = (o.cube ?? { value: 1, owner: null }) as Record<string, unknown>;
  if (typeof cube !== 'object' || cube === null) throw new PositionError('"cube" must be an object: {"value": 1, "owner": null}');
  const value = cube.value;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 1 || value > 64 || (value & (value - 1)) !== 0) throw new PositionError('"cube.value" must be 1, 2, 4, ... 64');
  if (cube.owner !== null && cube.owner !== undefined && cube.owner !== 'white' && cube.owner !== 'black') throw new PositionError('"cube.owner" must be null, "white" or "black"');
  const m = (o.match ?? { length: 0, score: [0, 0], crawford: false }) as Record<string, unknown>;
  if (typeof m !== 'object' || m === null) throw new PositionError('"match" must be an object: {"length": 5, "score": [0, 0], "crawford": false}');
  const length = m.length;
  if (typeof length !== 'number' || !Number.isInteger(length) || length < 0 || length > 99) throw new PositionError('"match.length" must be 0 (money) to 99');
  const score = Array.isArray(m.score) ? m.score : [0, 0];
  if (score.length !== 2 || !score.every((x) => Number.isInteger(x) && x >= 0 && (length === 0 || x < length))) throw new PositionError('"match.score" must be two whole numbers below the length');
  const crawford = m.crawford === true;
  if (crawford && !score.some((x) => x === length - 1)) throw new PositionError('"match.crawford" needs a side one point from winning');
  return { cube: { value, owner: (cube.owner ?? null) as Side | null }, length, score: [score[0] as number, score[1] as number], crawford };
}

/** A game state in the move phase, for a player to choose in. */
function moving(position: Position, dice: Dice, rules: Rules): GameState {
  return { ...newGame(position.variant, { rules }), position, phase: 'move', dice, firstMover: 'white' };
}

export function moveLine(player: BotPlayer, line: string): LineAnswer {
  return answerLine(line, (o) => {
    const position = parsePosition(requiredPosition(o));
    const dice = parseDice(o.dice);
    // With "match", the cube is in play unless "rules" say otherwise, and a match of more than
    // one point is played at its score (cubeful where the cube is in play).
    const inMatch = Object.hasOwn(o, 'match') || Object.hasOwn(o, 'cube');
    const rules = parseRules(Object.hasOwn(o, 'rules') ? o.rules : inMatch ? { cube: true } : undefined);
    let game = moving(position, dice, rules);
    let score: MatchScore | undefined;
    if (inMatch) {
      const ctx = parseMatchContext(o);
      const match = matchAt(position, ctx, rules, 'move');
      game = { ...match.game, dice: game.dice };
      score = ctx.length > 1 ? matchScoreOf(match, position.turn) : undefined;
    }
    const moves = player.choosePlay(game, score);
    const after = moves.length
      ? legalPlays(position, dice, rules).find((p) => JSON.stringify(p.moves) === JSON.stringify(moves))?.position ?? applySteps(position, dice, rules, moves)
      : { ...position, turn: otherSide(position.turn) };
    return { moves, position: positionToJSON(after) };
  });
}

/** The position after a play given in any step order (the play is legal: the player chose it). */
function applySteps(position: Position, dice: Dice, rules: Rules, moves: readonly (readonly [number, number])[]): Position {
  const key = (p: Position): string => JSON.stringify([p.white, p.black]);
  const want = new Set(moves.map(String));
  const play = legalPlays(position, dice, rules).find((p) => p.moves.length === moves.length && p.moves.every((m) => want.has(String(m))));
  if (!play) throw new Error(`the bot chose an illegal play ${JSON.stringify(moves)} in ${key(position)}`);
  return play.position;
}

export async function moveCommand(args: string[]): Promise<number> {
  const player = playerFrom(args);
  let failed = false;
  const rl = createInterface({ input: process.stdin, crlfDelay: Infinity });
  for await (const line of rl) {
    if (line.trim() === '') continue;
    const r = moveLine(player, line);
    if (!r.ok) failed = true;
    process.stdout.write(r.out + '\n');
  }
  return failed ? 1 : 0;
}

/**
 * The match as gnubg's board line gives it, for a cube decision: the external player is White.
 * Before a roll White is on roll; when White has been doubled, Black (the doubler) is on roll and
 * the game waits for White's answer. Who owns the cube comes from who may double; a match length
 * of 0 is money play (contextMatch).
 */
function cubeMatch(board: FibsBoard): MatchState {
  const turn: Side = board.wasDoubled ? 'black' : 'white';
  const owner: Side | null = board.mayDouble === board.oppMayDouble ? null : board.mayDouble ? 'white' : 'black';
  const ctx: MatchContext = { cube: { value: board.cube, owner }, length: board.matchLength > 0 ? board.matchLength : 0, score: [board.score.player, board.score.opponent], crawford: board.crawford };
  return matchAt({ ...board.position, turn }, ctx, parseRules({ cube: true }), board.wasDoubled ? 'double' : 'roll');
}

/**
 * Answer one request of gnubg: a board line with dice gets a move ("" when nothing can move);
 * without dice it is a cube decision (gnubg asks when the cube is in play): "double" or "roll"
 * before the roll, "take" or "drop" when doubled.
 */
export function answerGnubg(player: BotPlayer, line: string): string {
  const board = parseFibsBoard(line);
  if (!board.dice) {
    const match = cubeMatch(board);
    if (board.wasDoubled) return player.takes(match) ? 'take' : 'drop';
    return board.mayDouble && player.wantsToDouble(match) ? 'double' : 'roll';
  }
  if (board.matchLength <= 0) return formatFibsMove(player.choosePlay(moving(board.position, board.dice, parseRules({ cube: false })))); // a money session
  // In a match the plays are compared at the score, with the cube where it is. The cube is in
  // play when either side may double or it has been turned (gnubg's "set cube use off" leaves
  // both flags off; so does the Crawford game, where the cube is not used anyway).
  const match = cubeMatch(board);
  const cubeInPlay = board.mayDouble || board.oppMayDouble || board.cube > 1;
  const game: GameState = { ...match.game, rules: parseRules({ cube: cubeInPlay }), phase: 'move', dice: board.dice };
  return formatFibsMove(player.choosePlay(game, matchScoreOf(match, 'white')));
}

export async function gnubgExternalCommand(args: string[]): Promise<number> {
  const portText = flag(args, '--port', null);
  if (!portText || !/^\d{1,5}$/.test(portText) || Number(portText) < 1 || Number(portText) > 65535) throw new UsageError('--port must be a port number (1-65535)');
  const host = flag(args, '--host', '127.0.0.1')!;
  const player = playerFrom(args);
  const serve = (sock: Socket): void => {
    let buf = '';
    sock.setEncoding('latin1');
    sock.on('data', (chunk: string) => {
      buf += chunk;
      for (let i = buf.search(/[\n\0]/); i >= 0; i = buf.search(/[\n\0]/)) {
        const line = buf.slice(0, i).trim();
        buf = buf.slice(i + 1);
        if (!line) continue;
        let reply: string;
        try {
          reply = answerGnubg(player, line);
        } catch (e) {
          process.stderr.write(`gnubg-external: cannot answer "${line.slice(0, 80)}": ${(e as Error).message}\n`);
          reply = '';
        }
        sock.write(reply + '\n');
      }
    });
    sock.on('error', () => sock.destroy());
  };
  const server = createServer(serve);
  await new Promise<void>((resolve, reject) => {
    server.once('error', (e: NodeJS.ErrnoException) => reject(new UsageError(e.code === 'EADDRINUSE' ? `port ${portText} is in use` : e.message)));
    server.listen(Number(portText), host, () => resolve());
  });
  process.stderr.write(`gnubg-external: ${player.level} listening on ${host}:${portText}\n`);
  await new Promise<void>((resolve) => {
    const stop = (): void => {
      server.close(() => resolve());
      setTimeout(() => resolve(), 500).unref();
    };
    process.once('SIGTERM', stop);
    process.once('SIGINT', stop);
  });
  return 0;
}

/**
 * One line of `nardy cube`: {position, cube: {value, owner}, match: {length, score: [white,
 * black], crawford}, offered?} -> {action, equities}. Without "offered" the side on roll decides
 * whether to double; with "offered": v the side on roll has doubled to v and the answer is the
 * opponent's take or pass.
 */
export function cubeLine(player: Player, line: string): LineAnswer {
  return answerLine(line, (o) => {
    const position = parsePosition(requiredPosition(o));
    const ctx = parseMatchContext(o);
    const offered = o.offered;
    if (offered !== undefined && offered !== ctx.cube.value * 2) throw new PositionError(`"offered" must be twice the cube (${ctx.cube.value * 2})`);
    if (ctx.cube.owner !== null && ctx.cube.owner !== position.turn) throw new PositionError('only the side on roll may double: the cube must be centred or theirs');
    const match = matchAt(position, ctx, parseRules({ cube: true }), offered !== undefined ? 'double' : 'roll');
    // Length 0: money play, valued in points (the match only carries the game and its cube).
    const d = player.cubeDecision(match, ctx.length === 0);
    const round = (x: number): number => Math.round(x * 10000) / 10000;
    const e = d.equities;
    return { action: d.action, equities: { noDouble: round(e.noDouble), doubleTake: round(e.doubleTake), doublePass: round(e.doublePass), scale: e.scale } };
  });
}

export async function cubeCommand(args: string[]): Promise<number> {
  const player = playerFrom(args);
  if (!(player instanceof Player)) throw new UsageError('cube needs a network level: easy, medium, hard or expert');
  let failed = false;
  const rl = createInterface({ input: process.stdin, crlfDelay: Infinity });
  for await (const line of rl) {
    if (line.trim() === '') continue;
    const r = cubeLine(player, line);
    if (!r.ok) failed = true;
    process.stdout.write(r.out + '\n');
  }
  return failed ? 1 : 0;
}
