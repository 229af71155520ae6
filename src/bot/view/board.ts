/** How a game's board is drawn for a seat: point of view, theme, highlights. */
import type { GameRecord, Seat, UserSettings } from '../../app/model.js';
import { currentTurn } from '../../engine/game.js';
import type { Side } from '../../engine/types.js';
import type { RenderOptions } from '../../render/index.js';
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
  const moving = g.phase === 'move' && g.dice;
  const view = moving ? currentTurn(g) : null;
  return {
    viewer,
    theme: settings.theme,
    dice: moving ? g.dice : null,
    remaining: view ? view.remaining : undefined,
    cube: g.rules.cube ? g.cube : null,
    names: { white: playerName(rec.players.white, t), black: playerName(rec.players.black, t) },
    score: rec.match.length > 1 ? { ...rec.match.score, length: rec.match.length } : null,
    lastPlay: g.last && g.last.moves.length ? { side: g.last.side, moves: g.last.moves } : null,
    pending: moving && g.steps.length ? { side: g.position.turn, moves: g.steps } : null,
    marks: view ? [...new Set(view.next.map(([from]) => from))].filter((p) => p <= 24) : [],
    labels: { pips: t('label-pips'), off: t('label-off'), score: t('label-score') },
  };
}
