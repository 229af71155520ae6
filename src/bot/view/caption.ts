/** The caption of a board: players, pips, cube, the last play, what just happened, whose turn. */
import type { GameRecord, Seat } from '../../app/model.js';
import { currentTurn } from '../../engine/game.js';
import { pipCount } from '../../engine/position.js';
import { otherSide, type Side } from '../../engine/types.js';
import { eventText, playerName, type Translate } from './text.js';

const DISC: Record<Side, string> = { white: '⚪', black: '⚫' };

export function caption(rec: GameRecord, _seat: Seat, t: Translate): string {
  const m = rec.match;
  const g = m.game;
  const lines: string[] = [];
  const variant = t(`variant-${m.variant}`);
  lines.push(m.length > 1 ? t('caption-match', { variant, length: m.length, white: m.score.white, black: m.score.black, game: m.gameNo }) : variant);
  for (const side of ['white', 'black'] as const) {
    const own = side === 'white' ? g.position.white : g.position.black;
    lines.push(`${DISC[side]} ${playerName(rec.players[side], t)} — ${t('caption-pips', { pips: pipCount(own), off: own[0]! })}`);
  }
  if (g.cube.value > 1 || (g.rules.cube && g.phase !== 'over')) {
    lines.push(t('caption-cube', { value: g.cube.value, owner: g.cube.owner ? playerName(rec.players[g.cube.owner], t) : t('cube-centre') }));
  }
  if (g.last && g.last.moves.length > 0) {
    lines.push(t('caption-last', { name: playerName(rec.players[g.last.side], t), dice: `${g.last.dice[0]}-${g.last.dice[1]}`, play: g.last.text }));
  }
  const event = rec.events.at(-1);
  if (event) lines.push(eventText(rec, event, t));
  lines.push(status(rec, t));
  return lines.join('\n').slice(0, 1024);
}

function status(rec: GameRecord, t: Translate): string {
  const m = rec.match;
  const g = m.game;
  const name = (s: Side): string => playerName(rec.players[s], t);
  if (m.winner) return t('status-match-over', { name: name(m.winner), white: m.score.white, black: m.score.black });
  if (g.phase === 'over' && g.result) {
    const r = g.result;
    if (!r.winner) return t('status-draw');
    return t('status-game-over', { name: name(r.winner), kind: t(`result-${r.kind}`), points: r.points });
  }
  switch (g.phase) {
    case 'roll':
      return t(g.lastRoll ? 'status-last-roll' : 'status-roll', { name: name(g.position.turn) });
    case 'move': {
      const view = currentTurn(g);
      return t(view.complete ? 'status-done' : 'status-move', { name: name(g.position.turn), dice: `${g.dice![0]}-${g.dice![1]}` });
    }
    case 'double':
      return t('status-double', { name: name(otherSide(g.position.turn)), value: g.cube.value * 2 });
    case 'resign':
      return t('status-resign', { name: name(g.pendingResign!.by), other: name(otherSide(g.pendingResign!.by)), points: g.pendingResign!.level * g.cube.value });
    default:
      return t('status-opening');
  }
}
