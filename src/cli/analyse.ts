/**
 * nardy analyse [FILE] [--plies 0|1] [--mat]: a game export (the JSON the bot's /export sends,
 * GameExport in src/ai/analysis.ts) from FILE or stdin, analysed (without --plies, as the bot's
 * Review does: REVIEW_DEPTH); prints one JSON object: per player the error rate, counts and
 * luck (the error rates by the expected losses: Analysis.uncertainty), and every decision with
 * its loss and expected loss. --mat prints the
 * game as a Jellyfish .mat file instead (short nardy), for gnubg's "import mat".
 */
import { readFileSync } from 'node:fs';
import { analyse } from '../ai/analysis.js';
import { GameFileError, parseExport } from '../engine/gamefile.js';
import { toMat } from '../app/export.js';
import { positionId } from '../engine/position.js';
import { flag, UsageError } from './bot-commands.js';

async function readAll(file: string | undefined): Promise<string> {
  if (file) {
    try {
      return readFileSync(file, 'utf8');
    } catch (e) {
      throw new UsageError(`cannot read ${file}: ${(e as Error).message}`);
    }
  }
  const chunks: Buffer[] = [];
  for await (const c of process.stdin) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export async function analyseCommand(args: string[]): Promise<number> {
  const file = args.find((a, i) => !a.startsWith('--') && args[i - 1] !== '--plies');
  const pliesText = flag(args, '--plies', '');
  if (pliesText && pliesText !== '0' && pliesText !== '1') throw new UsageError('--plies must be 0 or 1');
  let raw: unknown;
  const text = await readAll(file);
  try {
    raw = JSON.parse(text);
  } catch (e) {
    console.log(JSON.stringify({ error: `not JSON: ${(e as Error).message}` }));
    return 1;
  }
  try {
    const exp = parseExport(raw);
    if (args.includes('--mat')) {
      process.stdout.write(toMat(exp));
      return 0;
    }
    const a = await analyse(exp, pliesText ? { plies: Number(pliesText) as 0 | 1 } : {});
    console.log(JSON.stringify({ id: exp.id, variant: a.variant, plies: a.plies, zeroWeight: a.zeroWeight, secondLook: a.secondLook, uncertainty: a.uncertainty, players: a.players, decisions: a.decisions.map((d) => ({ ...d, position: positionId(d.position) })) }));
    return 0;
  } catch (e) {
    if (e instanceof GameFileError || (e instanceof Error && /short nardy only/.test(e.message))) {
      console.log(JSON.stringify({ error: e.message }));
      return 1;
    }
    throw e;
  }
}
