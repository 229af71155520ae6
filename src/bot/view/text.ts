/** Words for the domain: names, and the events of a game. */
import type { GameEvent, GameRecord, Lang, PlayerRef } from '../../app/model.js';
import type { Side } from '../../engine/types.js';

export type Translate = (key: string, args?: Record<string, string | number>) => string;

export function translator(i18n: { t(lang: string, key: string, args?: Record<string, string | number>): string }, lang: Lang): Translate {
  return (key, args) => i18n.t(lang, key, args);
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
  const clean = text.replace(BIDI, '').replace(CONTROL, ' ').replace(/\s+/g, ' ').trim();
  const parts = [...graphemes.segment(clean)].map((g) => g.segment);
  return parts.length > max ? parts.slice(0, max - 1).join('').trimEnd() + '…' : clean;
}

export function displayName(from: { first_name: string; last_name?: string; username?: string }): string {
  const name = quote([from.first_name, from.last_name].filter(Boolean).join(' '), 40);
  return name || (from.username ? `@${from.username}` : 'Player');
}

/** One event as a line of the caption. */
export function eventText(rec: GameRecord, e: GameEvent, t: Translate): string {
  const name = (side: Side): string => playerName(rec.players[side], t);
  const isBot = (side: Side): boolean => rec.players[side].kind === 'bot';
  switch (e.type) {
    case 'opening':
      return t('note-opening', { dice: `${e.white}-${e.black}` });
    case 'forced':
      return t('note-forced', { play: e.play });
    case 'no-move':
      return t('note-no-move', { side: name(e.side), dice: `${e.dice[0]}-${e.dice[1]}` });
    case 'doubled':
      return isBot(e.side) ? t('note-bot-doubles', { value: e.value }) : t('note-doubles', { name: name(e.side), value: e.value });
    case 'took':
      return isBot(e.side) ? t('note-bot-takes') : t('note-takes', { name: name(e.side) });
    case 'dropped':
      return t('note-dropped');
    case 'resign-offered':
      return t('note-resign-offered', { level: e.level });
    case 'resign-declined':
      return isBot(e.side) ? t('note-bot-declines') : t('note-resign-declined');
    case 'forfeit':
      return t('note-forfeit');
    case 'rematched':
      return t('note-rematched');
  }
}
