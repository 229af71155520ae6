/**
 * The caption of a board: players, pips, cube, what happened since the person last acted (the
 * bot's plays, forced plays, rolls that could not be played), whose turn. Point numbers are
 * written as in the seat's picture.
 */
import type { GameRecord, Seat, UserSettings } from '../app/model.js';
import { gameFacts, opponentOf } from '../app/table/view.js';
import type { Side } from '../engine/types.js';
import { viewerOf } from './board.js';
import { playersNotation } from '../engine/notation.js';
import { diceText, eventText, playerName, playSide, theirNumbering, who, type Numbering, type Translate } from './text.js';

const DISC: Record<Side, string> = { white: '⚪', black: '⚫' };
const LIMIT = 1024;
/** Events that can only follow the last play told (they come before a roll). */
const AFTER_A_PLAY: ReadonlySet<string> = new Set(['doubled', 'took', 'dropped', 'resign-offered', 'resign-declined', 'resign-accepted', 'forfeit', 'claimed']);

/** A caption's parts: the head (match, players, score, cube), what happened, and the status at the end. */
export interface CaptionParts {
  readonly head: readonly string[];
  /** What happened since the reader last acted, oldest first. */
  readonly events: readonly string[];
  /** How the other side's plays are numbered on the reader's picture (when a play of theirs is told). */
  readonly numbering: string | null;
  /** The cube or the Crawford game (also in `head`). */
  readonly cube: string | null;
  /** "Point numbers are as in the picture…" while the other side moves (also in `tail`). */
  readonly pictureNote: string | null;
  /** Whose turn it is and what they may do. */
  readonly status: string;
  readonly tail: readonly string[];
}

export function caption(rec: GameRecord, seat: Seat, t: Translate, settings: UserSettings): string {
  const { head, events: told, numbering, tail } = captionParts(rec, seat, t, settings);
  const events = numbering ? [...told, numbering] : [...told];
  // What happened is cut from the oldest end when everything does not fit.
  const fixed = [...head, ...tail].join('\n').length + 1;
  while (events.length > 1 && fixed + events.join('\n').length + 1 > LIMIT) events.shift();
  return [...head, ...events, ...tail].join('\n').slice(0, LIMIT);
}

export function captionParts(rec: GameRecord, seat: Seat, t: Translate, settings: UserSettings): CaptionParts {
  const m = rec.match;
  const g = m.game;
  const n: Numbering = { viewer: viewerOf(rec, seat, settings), variant: m.variant };
  const head: string[] = [];
  const variant = t(`variant-${m.variant}`);
  head.push(m.length > 1 ? t('caption-match', { variant, length: m.length, game: m.gameNo }) : variant);
  if (rec.tournament) head.push(t('caption-tournament', { round: rec.tournament.round }));
  const facts = gameFacts(rec);
  for (const side of ['white', 'black'] as const) {
    head.push(`${DISC[side]} ${playerName(rec.players[side], t)} — ${t('caption-pips', facts.pips[side])}`);
  }
  if (m.length > 1) head.push(t('caption-score', { white: m.score.white, black: m.score.black, length: m.length }));
  let cube: string | null = null;
  if (g.rules.cube && g.crawford) cube = t('caption-crawford');
  else if (g.rules.cube || g.cube.value > 1) {
    const owner = g.cube.owner;
    cube = t('caption-cube', { value: g.cube.value, owner: owner ? t('cube-owned', { name: playerName(rec.players[owner], t) }) : t('cube-centre') });
  }
  if (cube) head.push(cube);

  // A resignation still waiting for its answer is told once, by the status line below.
  const pending = g.phase === 'resign' ? g.pendingResign : null;
  const told = rec.events.filter((e) => !(pending && e.type === 'resign-offered' && e.side === pending.by));
  const events = told.map((e) => eventText(rec, e, t));
  const playSides = told.map(playSide).filter((s): s is Side => s !== null);
  // The last play, unless an event above already tells it.
  const lastTold = [...rec.events].reverse().find((e) => e.type === 'played' || e.type === 'forced' || e.type === 'no-move');
  if (g.last && g.last.moves.length > 0 && !(lastTold && 'side' in lastTold && lastTold.side === g.last.side)) {
    // Told in its place: before a double, a take or pass, or a resignation that came after it
    // (those are made before a roll, so the play they follow was the turn before).
    const after = told.findIndex((e) => AFTER_A_PLAY.has(e.type));
    const line = t('caption-last', { who: who(rec.players[g.last.side]), name: playerName(rec.players[g.last.side], t), dice: diceText(g.last.dice), play: playersNotation(g.last.text) });
    events.splice(after < 0 ? events.length : after, 0, line);
    playSides.push(g.last.side);
  }
  // Plays are written from their mover's side: once, how the other side's points map onto the picture.
  const numbering = theirNumbering(rec, t, n, playSides);

  const tail: string[] = [];
  const mover = facts.toAct;
  const pictureNote = g.phase === 'move' && mover && mover !== n.viewer ? t('caption-numbering', { name: playerName(rec.players[n.viewer], t) }) : null;
  if (pictureNote) tail.push(pictureNote);
  const line = status(rec, t);
  tail.push(line);
  return { head, events, numbering, cube, pictureNote, status: line, tail };
}

function status(rec: GameRecord, t: Translate): string {
  const m = rec.match;
  const g = m.game;
  const name = (s: Side): string => playerName(rec.players[s], t);
  const r = g.phase === 'over' ? g.result : null;
  if (r && r.winner) {
    const loser = opponentOf(r.winner);
    const args = { name: name(r.winner), loser: name(loser), kind: t(`result-${r.kind}`), points: r.points, reason: r.reason, game: m.gameNo, white: m.score.white, black: m.score.black };
    const claimed = r.reason === 'forfeit' && rec.events.some((e) => e.type === 'claimed');
    if (claimed) return t('status-won-claim', args);
    const game = t(r.reason === 'forfeit' ? 'status-won-forfeit' : m.length > 1 ? 'status-game-over-match' : 'status-game-over', args);
    // A single game is not called a match.
    return m.winner && m.length > 1 ? `${game}\n${t('status-match-over', { name: name(m.winner), white: m.score.white, black: m.score.black })}` : game;
  }
  if (r) return t('status-draw');
  switch (g.phase) {
    case 'roll':
      return t(g.lastRoll ? 'status-last-roll' : 'status-roll', { name: name(g.position.turn) });
    case 'move': {
      return t(gameFacts(rec).turn?.complete ? 'status-done' : 'status-move', { name: name(g.position.turn), dice: diceText(g.dice!) });
    }
    case 'double':
      return t('status-double', { name: name(opponentOf(g.position.turn)), value: g.cube.value * 2, points: g.cube.value });
    case 'resign':
      return t('status-resign', { name: name(g.pendingResign!.by), other: name(opponentOf(g.pendingResign!.by)), points: g.pendingResign!.level * g.cube.value });
    default:
      return t('status-opening');
  }
}
