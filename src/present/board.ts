/** How a game's board is drawn for a seat: point of view, theme, highlights. */
import type { GameRecord, Seat, UserSettings } from '../app/model.js';
import { gameFacts } from '../app/table/view.js';
import type { Side } from '../engine/types.js';
import type { RenderOptions } from '../render/index.js';
import { playerName, type Translate } from './text.js';

/**
 * Which side's point of view the board takes: the seat's (the person against the bot, the
 * challenger in a group) for the whole game, or White's if its owner asked for that. It never
 * turns during a game, so the checkers just moved stay where they were.
 */
export function viewerOf(_rec: GameRecord, seat: Seat, settings: UserSettings): Side {
  return settings.orientation === 'white' ? 'white' : seat.viewer;
}

export function renderOptions(rec: GameRecord, seat: Seat, t: Translate, settings: UserSettings): RenderOptions {
  const g = rec.match.game;
  const viewer = viewerOf(rec, seat, settings);
  const facts = gameFacts(rec);
  const view = facts.turn;
  const moving = view !== null;
  return {
    viewer,
    theme: settings.theme,
    dice: view ? view.dice : null,
    remaining: view ? view.remaining : undefined,
    // While a double is offered the cube shows the value offered.
    cube: g.rules.cube ? (g.phase === 'double' ? { value: g.cube.value * 2, owner: null, offered: true } : g.cube) : null,
    turn: g.phase === 'over' ? null : (facts.toAct ?? facts.onTurn),
    result: g.phase === 'over' && g.result ? resultBanner(rec, t) : null,
    names: { white: playerName(rec.players.white, t), black: playerName(rec.players.black, t) },
    score: rec.match.length > 1 ? { ...rec.match.score, length: rec.match.length } : null,
    lastPlay: g.last && g.last.moves.length ? { side: g.last.side, moves: g.last.moves } : null,
    pending: moving && view.taken.length ? { side: facts.onTurn, moves: view.taken } : null,
    marks: view ? [...new Set(view.next.map(([from]) => from))].filter((p) => p <= 24) : [],
    labels: boardLabels(t),
  };
}

/** The words drawn on a board, in the reader's language. */
export function boardLabels(t: Translate): RenderOptions['labels'] {
  return { pips: t('label-pips'), off: t('label-off'), score: t('label-score'), to: t('label-to') };
}

/** The result across the board at the end: "White wins: mars, 2 points". */
export function resultBanner(rec: GameRecord, t: Translate): string {
  const r = rec.match.game.result!;
  if (!r.winner) return t('banner-draw');
  const name = playerName(rec.players[r.winner], t);
  if (r.reason === 'forfeit') return t('banner-forfeit', { name });
  return t('banner-win', { name, kind: t(`result-${r.kind}`), points: r.points });
}
