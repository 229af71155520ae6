/** Words for the domain: names, and the events of a game. */
import type { GameEvent, GameRecord, Lang, PlayerRef } from '../app/model.js';
import { pointAsRead, renumberPlay } from '../app/table/view.js';
import { playersNotation } from '../engine/notation.js';

export { playersNotation };
import type { Outcome } from '../app/table/intent.js';
import { toAct } from '../app/table/rights.js';
import type { Side, Variant } from '../engine/types.js';

export type Translate = (key: string, args?: Record<string, string | number>) => string;

export function translator(i18n: { t(lang: string, key: string, args?: Record<string, string | number>): string }, lang: Lang): Translate {
  return (key, args) => i18n.t(lang, key, args);
}

/** A decimal number as the reader's language writes it (0.756 / 0,756); `signed`: with + or −. */
export function decimal(t: Translate, x: number, digits: number, signed = false): string {
  const body = Math.abs(x).toFixed(digits).replace('.', t('decimal-point'));
  return signed ? (x >= 0 ? '+' : '−') + body : x < 0 ? '−' + body : body;
}

export function playerName(p: PlayerRef, t: Translate): string {
  return p.kind === 'human' ? p.name : t('bot-name', { level: t(`level-${p.level}`) });
}

// Bidirectional controls and other invisible formatting that could reorder the text around them.
const BIDI = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/g;
const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/**
 * Text a person typed, fit to be echoed: bidi controls removed, control characters as spaces,
 * and cut to at most `max` whole graphemes (never inside a surrogate pair or an emoji).
 */
export function quote(text: string, max = 30): string {
  // Bounded first: a grapheme is rarely over 8 code units, so the cut never shows.
  const clean = text.slice(0, max * 8 + 8).replace(BIDI, '').replace(CONTROL, ' ').replace(/\s+/g, ' ').trim();
  const parts = [...graphemes.segment(clean)].map((g) => g.segment);
  return parts.length > max ? parts.slice(0, max - 1).join('').trimEnd() + '…' : clean;
}

export function displayName(from: { first_name: string; last_name?: string; username?: string }): string {
  const name = quote([from.first_name, from.last_name].filter(Boolean).join(' '), 40);
  return name || (from.username ? `@${from.username}` : 'Player');
}

/** "bot" or "person", for the locale's forms (Russian has past-tense gender: the bot is masculine, people get wording without it). */
export function who(p: PlayerRef): 'bot' | 'person' {
  return p.kind === 'bot' ? 'bot' : 'person';
}

/** Dice high first: 6-5, 4-4. */
export function diceText(dice: readonly [number, number]): string {
  return dice[0] >= dice[1] ? `${dice[0]}-${dice[1]}` : `${dice[1]}-${dice[0]}`;
}


/**
 * How a seat writes the points of `side`: as in its picture. `flip` is true when the picture is
 * drawn from the other side, so the side's own numbers are turned into the picture's.
 */
export interface Numbering {
  readonly viewer: Side;
  readonly variant: Variant;
}

export function playIn(n: Numbering, side: Side, play: string): string {
  return side === n.viewer ? play : renumberPlay(play, n.variant);
}

/** The line that says the other side's plays are numbered from their side (null: none shown). */
export function theirNumbering(rec: GameRecord, t: Translate, n: Numbering, sides: Iterable<Side>): string | null {
  for (const side of sides) {
    if (side === n.viewer) continue;
    return t('caption-their-numbering', { who: who(rec.players[side]), name: playerName(rec.players[side], t), yours: pointAsRead(n.variant, side, n.viewer, 24) });
  }
  return null;
}

/** The sides whose plays an event tells. */
export function playSide(e: GameEvent): Side | null {
  return e.type === 'played' || e.type === 'forced' ? e.side : null;
}

/**
 * One event as a line of the caption. A play is written in its mover's own numbering, as players
 * write plays (24/18 13/8); the picture is drawn from the reader's side, so a caption with a play
 * of the other side also says once how its points map onto the picture (theirNumbering).
 */
export function eventText(rec: GameRecord, e: GameEvent, t: Translate): string {
  const name = (side: Side): string => playerName(rec.players[side], t);
  const cube = rec.match.game.cube.value;
  switch (e.type) {
    case 'opening': {
      // A tie starts nothing: the dice are thrown again (the next opening event says who starts).
      if (e.white === e.black) return t('note-opening-tie', { white: name('white'), black: name('black'), a: e.white, b: e.black });
      const starter: Side = e.white > e.black ? 'white' : 'black';
      return t('note-opening', { white: name('white'), black: name('black'), a: e.white, b: e.black, starter: name(starter), dice: diceText([e.white, e.black]) });
    }
    case 'played':
      return t('note-played', { who: who(rec.players[e.side]), name: name(e.side), dice: diceText(e.dice), play: playersNotation(e.play) });
    case 'forced':
      return t('note-forced', { who: who(rec.players[e.side]), name: name(e.side), dice: diceText(e.dice), play: playersNotation(e.play) });
    case 'no-move':
      return t('note-no-move', { name: name(e.side), dice: diceText(e.dice) });
    case 'doubled':
      return t('note-doubles', { name: name(e.side), value: e.value });
    case 'took':
      return t('note-takes', { name: name(e.side), value: e.value });
    case 'dropped':
      return t('note-dropped', { name: name(e.side) });
    case 'resign-offered':
      return t('note-resign-offered', { name: name(e.side), points: e.level * cube });
    case 'resign-declined':
      return t('note-resign-declined', { name: name(e.side) });
    case 'resign-accepted':
      return t('note-resign-accepted', { name: name(e.side) });
    case 'forfeit':
      return t(rec.match.length > 1 ? 'note-forfeit-match' : 'note-forfeit', { name: name(e.side) });
    case 'rematched':
      return t('note-rematched');
    case 'rematch-offered':
      return t(e.expiresAt > Date.now() ? 'note-rematch-offered' : 'note-rematch-expired', { name: name(e.side), other: name(e.side === 'white' ? 'black' : 'white') });
    case 'claimed':
      return t(rec.match.length > 1 ? 'note-claimed-match' : 'note-claimed', { name: name(e.side), idle: name(e.idle) });
  }
}

/**
 * What a person is told of an outcome of the table (a toast in the chat, a line in the Mini App);
 * undefined: nothing to say (the board shows it). `names` words the player's name (the board's language).
 */
export function outcomeText(r: Outcome, t: Translate, names: Translate = t): string | undefined {
  switch (r.kind) {
    case 'applied':
      return undefined;
    case 'started':
      return t('toast-rematch');
    case 'offered':
      return t('toast-rematch-offered');
    case 'offered-already':
      return t('toast-rematch-waiting');
    case 'stale':
      return t('toast-stale');
    case 'gone':
      return t('toast-gone');
    case 'not-player':
    case 'not-your-turn': {
      const side = toAct(r.game);
      // Nobody is to move (a finished match): for an onlooker, simply not their game.
      if (side === null) return t(r.kind === 'not-player' ? 'toast-not-player' : 'toast-stale');
      return t(r.kind === 'not-player' ? 'toast-not-player-turn' : 'toast-not-your-turn', { name: playerName(r.game.players[side], names) });
    }
    case 'refused':
      return t(`toast-refused-${r.code}`);
  }
}
