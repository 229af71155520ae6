/**
 * The engine's command line (SPEC §3).
 *   plays                 JSON lines in ({position, dice, rules?}), JSON lines out
 *   show <json|id>        a text board of a position
 *   selfplay [--variant long|short] [--games N] [--seed S] [--dump]
 *   move --level L [--seed S]               the bot's choice for JSON lines {position, dice, rules?}
 *   cube --level L                          the bot's cube decision for JSON lines {position, cube, match, offered?}
 *   gnubg-external --port P --level L       the bot as GNU Backgammon's external player
 *   analyse [FILE] [--plies 0|1] [--mat]   a game export analysed (or written as .mat)
 */
import { createInterface } from 'node:readline';
import { parseRules } from '../engine/rules.js';
import { legalPlays } from '../engine/plays.js';
import { parsePosition, parsePositionInput, positionId, PositionError, positionToJSON, textBoard } from '../engine/position.js';
import type { Variant } from '../engine/types.js';
import { randomGame } from '../sim/selfplay.js';
import { analyseCommand } from './analyse.js';
import { cubeCommand, flag, gnubgExternalCommand, moveCommand, UsageError } from './bot-commands.js';
import { answerLine, parseDice, requiredPosition, type LineAnswer } from './lines.js';

function playsLine(line: string): LineAnswer {
  return answerLine(line, (o) => {
    const position = parsePosition(requiredPosition(o));
    const plays = legalPlays(position, parseDice(o.dice), parseRules(o.rules));
    return { count: plays.length, plays: plays.map((p) => ({ moves: p.moves, position: positionToJSON(p.position) })) };
  });
}

async function plays(): Promise<number> {
  let failed = false;
  const rl = createInterface({ input: process.stdin, crlfDelay: Infinity });
  const out: string[] = [];
  const flush = (): void => {
    if (out.length) process.stdout.write(out.join('\n') + '\n');
    out.length = 0;
  };
  for await (const line of rl) {
    if (line.trim() === '') continue;
    const r = playsLine(line);
    if (!r.ok) failed = true;
    out.push(r.out);
    if (out.length >= 256) flush();
  }
  flush();
  return failed ? 1 : 0;
}

function show(args: string[]): number {
  const text = args.filter((a) => !a.startsWith('--'))[0] ?? '';
  if (!text) throw new UsageError('show needs a position (JSON or id)');
  const viewerFlag = args.includes('--black') ? 'black' : args.includes('--white') ? 'white' : undefined;
  try {
    const p = parsePositionInput(text);
    console.log(textBoard(p, viewerFlag ?? p.turn));
    return 0;
  } catch (e) {
    if (e instanceof PositionError) {
      console.error(`error: ${e.message}`);
      return 1;
    }
    throw e;
  }
}

function selfplay(args: string[]): number {
  const variant = flag(args, '--variant', 'long')!;
  if (variant !== 'long' && variant !== 'short') throw new UsageError('--variant must be long or short');
  const games = Number(flag(args, '--games', '100'));
  const seed = Number(flag(args, '--seed', '1'));
  if (!Number.isInteger(games) || games < 1) throw new UsageError('--games must be a positive integer');
  if (!Number.isInteger(seed)) throw new UsageError('--seed must be an integer');
  const dump = args.includes('--dump');
  const wins = { white: 0, black: 0 };
  let turns = 0;
  let gammons = 0;
  const t0 = performance.now();
  for (let g = 0; g < games; g++) {
    const r = randomGame(variant as Variant, seed + g, undefined, undefined, dump
      ? (v) => process.stdout.write(JSON.stringify({ position: v.position, dice: v.dice, id: positionId(v.position) }) + '\n')
      : undefined);
    wins[r.winner]++;
    turns += r.turns;
    if (r.loserOff === 0) gammons++;
  }
  const seconds = (performance.now() - t0) / 1000;
  if (!dump) console.log(JSON.stringify({ variant, games, wins, mars_or_gammon: gammons, mean_turns: turns / games, games_per_s: Math.round(games / seconds) }));
  return 0;
}

async function main(): Promise<number> {
  const [cmd, ...args] = process.argv.slice(2);
  try {
    switch (cmd) {
      case 'plays':
        return await plays();
      case 'show':
        return show(args);
      case 'selfplay':
        return selfplay(args);
      case 'move':
        return await moveCommand(args);
      case 'cube':
        return await cubeCommand(args);
      case 'gnubg-external':
        return await gnubgExternalCommand(args);
      case 'analyse':
      case 'analyze':
        return await analyseCommand(args);
      default:
        throw new UsageError(cmd ? `unknown command "${cmd}"` : 'no command given');
    }
  } catch (e) {
    if (e instanceof UsageError) {
      console.error(`error: ${e.message}\nusage: nardy plays | show <position json or id> [--white|--black] | selfplay [--variant long|short] [--games N] [--seed S] [--dump] | move --level easy|medium|hard|expert|baseline [--seed S] | cube --level easy|medium|hard|expert | gnubg-external --port P --level L [--seed S] | analyse [FILE] [--plies 0|1] [--mat]`);
      return 2;
    }
    throw e;
  }
}

process.exitCode = await main();
