/**
 * A game's board as the Mini App draws it (src/web/page/board.ts): checkers per point of the
 * viewer's numbering, the bar, the trays, dice, cube and the plays to mark, all read from the
 * same render options as the chat's picture, so the two never tell different stories.
 */
import type { GameRecord } from '../../app/model.js';
import { gameFacts, pointAsRead } from '../../app/table/view.js';
import type { Position, Side, Step } from '../../engine/types.js';
import type { RenderOptions } from '../../render/index.js';
import type { Theme } from '../../render/theme.js';
import type { BoardData, Palette, Stack, ZoneId } from '../page/state.js';

/** A point of `side`'s numbering as the viewer's zone: `p1`…`p24`, `bar`, `off`. */
export function zoneOf(p: number, side: Side, viewer: Side, variant: 'long' | 'short'): ZoneId {
  if (p === 25) return 'bar';
  if (p === 0) return 'off';
  return `p${pointAsRead(variant, side, viewer, p)}`;
}

const pairs = (moves: readonly Step[], side: Side, viewer: Side, variant: 'long' | 'short'): Array<readonly [ZoneId, ZoneId]> =>
  moves.map(([a, b]) => [zoneOf(a, side, viewer, variant), zoneOf(b, side, viewer, variant)] as const);

export function boardData(rec: GameRecord, viewer: Side, o: RenderOptions): BoardData {
  return positionBoard(gameFacts(rec).position, viewer, o);
}

/** A position's board (a game's, or a puzzle's) with the render options' dice, cube and plays. */
export function positionBoard(position: Position, viewer: Side, o: RenderOptions): BoardData {
  const variant = position.variant;
  const points: Array<Stack | null> = Array.from({ length: 24 }, () => null);
  for (const side of ['white', 'black'] as const) {
    const own = side === 'white' ? position.white : position.black;
    for (let p = 1; p <= 24; p++) {
      const n = own[p]!;
      if (n > 0) points[pointAsRead(variant, side, viewer, p) - 1] = { n, side };
    }
  }
  const diceSide = o.diceSide ?? position.turn;
  return {
    variant,
    viewer,
    points,
    bar: { white: position.white[25]!, black: position.black[25]! },
    off: { white: position.white[0]!, black: position.black[0]! },
    turn: o.turn === undefined ? position.turn : o.turn,
    dice: o.dice ? { side: diceSide, values: [o.dice[0], o.dice[1]], remaining: [...(o.remaining ?? (o.dice[0] === o.dice[1] ? [o.dice[0], o.dice[0], o.dice[0], o.dice[0]] : o.dice))] } : null,
    cube: o.cube ? { value: o.cube.value, owner: o.cube.owner, offered: !!o.cube.offered } : null,
    last: o.lastPlay ? { side: o.lastPlay.side, moves: pairs(o.lastPlay.moves, o.lastPlay.side, viewer, variant) } : null,
    pending: o.pending ? { side: o.pending.side, moves: pairs(o.pending.moves, o.pending.side, viewer, variant) } : null,
    result: o.result ?? null,
  };
}

export function paletteOf(t: Theme): Palette {
  return {
    name: t.name,
    frame: t.frame,
    field: t.field,
    pointA: t.pointA,
    pointB: t.pointB,
    bar: t.bar,
    tray: t.tray,
    numbers: t.numbers,
    white: t.white,
    black: t.black,
    die: t.die,
    cube: t.cube,
    lastPlay: t.lastPlay,
    pending: t.pending,
    toMove: t.toMove,
    banner: t.banner,
    bannerText: t.bannerText,
  };
}
