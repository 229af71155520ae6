/**
 * A game or match as a file: the project's JSON (GameExport, what `nardy analyse` reads) and,
 * for short nardy, the Jellyfish .mat text that GNU Backgammon imports (`import mat file`).
 */
import { CUBE_LINE, PLAY_LINE, type ExportedGame, type GameExport } from '../engine/gamefile.js';
import { otherSide, type Side } from '../engine/types.js';
import type { GameRecord, PlayerRef } from './model.js';

function nameOf(p: PlayerRef): string {
  return p.kind === 'human' ? p.name : `Bot (${p.level})`;
}

/**
 * The rule options that apply to a game of this variant (the head, the six-block rule and the last
 * roll are long nardy's; Crawford only with the cube); what is left out reads back as the default.
 */
export function rulesOf(variant: GameRecord['match']['variant'], rules: GameRecord['match']['rules']): Partial<GameRecord['match']['rules']> {
  const cube = rules.cube ? { cube: true, crawford: rules.crawford } : { cube: false };
  if (variant === 'short') return { opening: rules.opening, ...cube };
  return { headException: rules.headException, block: rules.block, opening: rules.opening, lastRollDraw: rules.lastRollDraw, ...cube };
}

/**
 * The games of a record that can be exported: the finished ones, then the one in progress.
 * `names`: the players as the reader calls them (the bot in the reader's language).
 */
export function exportGame(rec: GameRecord, names?: { readonly white: string; readonly black: string }): GameExport {
  const m = rec.match;
  const games: ExportedGame[] = [];
  for (const r of rec.results ?? []) {
    if (!r.record || !r.score) continue;
    games.push({ number: r.gameNo, score: r.score, crawford: r.crawford ?? false, postCrawford: r.postCrawford ?? false, record: r.record, result: { winner: r.winner, points: r.points, kind: r.kind, reason: r.reason ?? '' } });
  }
  if (!games.some((g) => g.number === m.gameNo)) {
    const res = m.game.result;
    const score = res?.winner ? { ...m.score, [res.winner]: m.score[res.winner] - res.points } : m.score;
    games.push({
      number: m.gameNo,
      score,
      crawford: m.game.crawford,
      postCrawford: m.crawfordDone && !m.game.crawford,
      record: m.game.record,
      result: res ? { winner: res.winner, points: res.points, kind: res.kind, reason: res.reason } : null,
    });
  }
  const players = names ?? { white: nameOf(rec.players.white), black: nameOf(rec.players.black) };
  return { format: 'nardy-game', version: 1, id: rec.id, variant: m.variant, rules: m.rules, length: m.length, players, games };
}

/**
 * The export as a file for a person: only the rule options of its game (read back, the others are
 * the defaults), and the players named in the reader's language.
 */
export function exportFile(rec: GameRecord, names: { readonly white: string; readonly black: string }): Omit<GameExport, 'rules'> & { readonly rules: Partial<GameExport['rules']> } {
  return { ...exportGame(rec, names), rules: rulesOf(rec.match.variant, rec.match.rules) };
}

const MAT_COLUMN = 34;

/** A .mat name: no spaces or colons (gnubg reads the name up to the colon). */
function matName(name: string): string {
  return name.replace(/[\s:]+/g, '_').replace(/[^\p{L}\p{N}_().-]/gu, '') || 'Player';
}

/**
 * Short nardy in the Jellyfish .mat format: White is the first (left) player. Plays are in each
 * mover's own numbering, as .mat has them; cube actions as " Doubles => 2", " Takes", " Drops".
 * A match of length N is " N point match". A single game (played without the cube) is by default
 * " 1 point match", where gnubg sees no cube at all: as a money session (" 0 point match") it
 * would charge every turn a player could have doubled as a missed double. `single: 'money'` keeps
 * the money session for analyses that switch the cube off themselves and want gammons counted
 * (bench:analysis).
 */
export function toMat(exp: GameExport, opts: { readonly single?: 'one-point' | 'money' } = {}): string {
  if (exp.variant !== 'short') throw new Error('.mat is a backgammon format: short nardy only');
  const names = { white: matName(exp.players.white), black: matName(exp.players.black) };
  const length = exp.length > 1 ? exp.length : opts.single === 'money' ? 0 : 1;
  const out: string[] = [` ${length} point match`, ''];
  for (const g of exp.games) {
    out.push(` Game ${g.number}`);
    out.push(`${` ${names.white} : ${g.score.white}`.padEnd(MAT_COLUMN + 5)}${names.black} : ${g.score.black}`);
    // Each row: the move number, White's action, Black's action.
    const rows: Array<{ white: string; black: string }> = [];
    let row: { white: string; black: string } | null = null;
    const put = (side: Side, text: string): void => {
      if (!row || row[side] !== '' || (side === 'white' && row.black !== '')) {
        row = { white: '', black: '' };
        rows.push(row);
      }
      row[side] = text;
    };
    for (const line of g.record) {
      const play = PLAY_LINE.exec(line);
      if (play) {
        const side: Side = play[1] === 'W' ? 'white' : 'black';
        const text = play[4] === '-' ? '' : play[4]!;
        put(side, `${play[2]}${play[3]}: ${text}`.trimEnd());
        continue;
      }
      const cube = CUBE_LINE.exec(line);
      if (cube) {
        const doubler: Side = cube[1] === 'W' ? 'white' : 'black';
        put(doubler, ` Doubles => ${cube[2]}`);
        put(otherSide(doubler), cube[3] === 'taken' ? ' Takes' : ' Drops');
      }
    }
    const res = g.result;
    const last = rows.at(-1);
    // White passed Black's double: as gnubg writes it, Black's win stands on the row of the pass.
    // (On a line of its own gnubg would read it as a second double and a resignation.)
    const passed = res?.winner === 'black' && last?.white === ' Drops' && last.black === '';
    if (passed) last.black = `Wins ${res.points} point${res.points === 1 ? '' : 's'}`;
    rows.forEach((r, i) => out.push(`${String(i + 1).padStart(3)}) ${r.white.padEnd(MAT_COLUMN)}${r.black}`.trimEnd()));
    if (res?.winner && !passed) {
      const pad = res.winner === 'white' ? '      ' : ' '.repeat(MAT_COLUMN + 5);
      out.push(`${pad}Wins ${res.points} point${res.points === 1 ? '' : 's'}`);
    }
    out.push('');
  }
  return out.join('\n');
}

/** Read a .mat written by toMat back into its games' lines (tests; a check that gnubg's view matches). */
export function parseMat(text: string): { length: number; games: Array<{ number: number; names: [string, string]; score: [number, number]; moves: Array<[string, string]>; winner: 0 | 1 | null; points: number }> } {
  const lines = text.split('\n');
  const head = /^\s*(\d+) point match/.exec(lines[0] ?? '');
  if (!head) throw new Error('not a .mat file: no "N point match" line');
  const games: ReturnType<typeof parseMat>['games'] = [];
  let cur: (typeof games)[number] | null = null;
  for (const line of lines.slice(1)) {
    const gm = /^\s*Game (\d+)/.exec(line);
    if (gm) {
      cur = { number: Number(gm[1]), names: ['', ''], score: [0, 0], moves: [], winner: null, points: 0 };
      games.push(cur);
      continue;
    }
    if (!cur) continue;
    const sc = /^\s*(\S+) : (\d+)\s+(\S+) : (\d+)\s*$/.exec(line);
    if (sc && cur.moves.length === 0) {
      cur.names = [sc[1]!, sc[3]!];
      cur.score = [Number(sc[2]), Number(sc[4])];
      continue;
    }
    const mv = /^\s*(\d+)\) (.*)$/.exec(line);
    if (mv) {
      const body = line.slice(line.indexOf(')') + 2);
      const right = body.slice(MAT_COLUMN).trim();
      const won = /^Wins (\d+) point/.exec(right);
      cur.moves.push([body.slice(0, MAT_COLUMN).trim(), won ? '' : right]);
      if (won) {
        cur.winner = 1;
        cur.points = Number(won[1]);
      }
      continue;
    }
    const win = /^(\s*)Wins (\d+) point/.exec(line);
    if (win) {
      cur.winner = win[1]!.length > MAT_COLUMN / 2 ? 1 : 0;
      cur.points = Number(win[2]);
    }
  }
  return { length: Math.max(1, Number(head[1])), games };
}
