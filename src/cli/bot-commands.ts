/**
 * The bot's players on the command line (SPEC §3):
 *   move --level L [--seed S]             JSON lines {position, dice, rules?} -> {moves, position}
 *   gnubg-external --port P --level L     the bot as GNU Backgammon's external player
 */
import { createServer, type Socket } from 'node:net';
import { createInterface } from 'node:readline';
import { BaselinePlayer } from '../ai/baseline.js';
import { formatFibsMove, parseFibsBoard } from '../ai/fibs.js';
import { isLevel, LEVELS, LEVELS_IN_ORDER, Player, type BotPlayer } from '../ai/player.js';
import { newGame, type GameState } from '../engine/game.js';
import { legalPlays } from '../engine/plays.js';
import { parsePosition, PositionError, positionToJSON } from '../engine/position.js';
import { parseRules, RulesError, type Rules } from '../engine/rules.js';
import { isDie, otherSide, type Dice, type Position } from '../engine/types.js';
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
  const base = LEVELS[level];
  const search = { ...base.search, ...(noise !== null ? { noise: Number(noise) } : {}), ...(plies !== null ? { plies: Number(plies) as 0 | 1 } : {}) };
  return new Player(level, undefined, seedText === null ? undefined : seededRandom(Number(seedText)), { ...base, search });
}

/** A game state in the move phase, for a player to choose in. */
function moving(position: Position, dice: Dice, rules: Rules): GameState {
  return { ...newGame(position.variant, { rules }), position, phase: 'move', dice, firstMover: 'white' };
}

function moveLine(player: BotPlayer, line: string): { out: string; ok: boolean } {
  let input: unknown;
  try {
    input = JSON.parse(line);
  } catch {
    return { out: JSON.stringify({ error: 'line is not valid JSON' }), ok: false };
  }
  try {
    if (typeof input !== 'object' || input === null || Array.isArray(input)) throw new PositionError('line must be a JSON object');
    const o = input as Record<string, unknown>;
    if (!Object.hasOwn(o, 'position')) throw new PositionError('missing "position"');
    const position = parsePosition(o.position);
    const dice = o.dice;
    if (!Array.isArray(dice) || dice.length !== 2 || !isDie(dice[0]) || !isDie(dice[1])) throw new PositionError('"dice" must be two integers from 1 to 6');
    const rules = parseRules(Object.hasOwn(o, 'rules') ? o.rules : undefined);
    const moves = player.choosePlay(moving(position, dice as unknown as Dice, rules));
    const after = moves.length
      ? legalPlays(position, dice as unknown as Dice, rules).find((p) => JSON.stringify(p.moves) === JSON.stringify(moves))?.position ??
        applySteps(position, dice as unknown as Dice, rules, moves)
      : { ...position, turn: otherSide(position.turn) };
    return { out: JSON.stringify({ moves, position: positionToJSON(after) }), ok: true };
  } catch (e) {
    if (e instanceof PositionError || e instanceof RulesError) return { out: JSON.stringify({ error: e.message }), ok: false };
    return { out: JSON.stringify({ error: `cannot answer this line: ${(e as Error).message}` }), ok: false };
  }
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

/** Answer one request of gnubg: a board line gets a move ("" when nothing can move). */
export function answerGnubg(player: BotPlayer, line: string): string {
  const board = parseFibsBoard(line);
  if (!board.dice) return '';
  const rules = parseRules({ cube: false });
  return formatFibsMove(player.choosePlay(moving(board.position, board.dice, rules)));
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
