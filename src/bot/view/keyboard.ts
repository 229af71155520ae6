/** Keyboards: every button's data comes from the codec's encoder. */
import { InlineKeyboard } from 'grammy';
import type { BotLevel, Challenge, GameRecord, Lang, UserSettings } from '../../app/model.js';
import { LEVELS_IN_ORDER } from '../../ai/player.js';
import { canDouble, currentTurn } from '../../engine/game.js';
import { formatPlay } from '../../engine/notation.js';
import type { Variant } from '../../engine/types.js';
import { encode, gameData, MATCH_LENGTHS, type GameAct } from '../codec.js';
import type { Translate } from './text.js';

/** At most this many distinct plays are offered as whole plays instead of steps. */
export const WHOLE_PLAYS = 4;

function stepLabel(from: number, to: number): string {
  return `${from === 25 ? 'bar' : from}→${to === 0 ? 'off' : to}`;
}

export function gameKeyboard(rec: GameRecord, t: Translate, opts: { resignMenu?: boolean } = {}): InlineKeyboard {
  const kb = new InlineKeyboard();
  const m = rec.match;
  const g = m.game;
  const data = (act: GameAct): string => gameData(rec.id, rec.v, act);
  if (m.winner) {
    return kb.text(t('btn-rematch'), data({ type: 'rematch' })).text(t('btn-new-game'), encode({ kind: 'menu', item: rec.kind === 'bot' ? 'bot' : 'friend' }));
  }
  if (g.phase === 'over') return kb.text(t('btn-next-game'), data({ type: 'next' }));
  if (opts.resignMenu) {
    const levels = g.variant === 'long' ? [1, 2] : [1, 2, 3];
    for (const level of levels) kb.text(t(`btn-resign-${level}`, { points: level * g.cube.value }), data({ type: 'resign', level: level as 1 }));
    return kb.row().text(t('btn-back'), data({ type: 'back' }));
  }
  switch (g.phase) {
    case 'roll':
      kb.text(t('btn-roll'), data({ type: 'roll' }));
      if (canDouble(g, g.position.turn)) kb.text(t('btn-double', { value: g.cube.value * 2 }), data({ type: 'double' }));
      kb.row().text(t('btn-resign'), data({ type: 'resign-menu' }));
      break;
    case 'move': {
      const view = currentTurn(g);
      const turn = { gameNo: m.gameNo, roll: g.rolls, steps: g.steps.length };
      if (g.steps.length === 0 && view.plays.length <= WHOLE_PLAYS) {
        // Few ways to play the roll: each is one button (one press, one edit).
        for (const play of view.plays) kb.text(formatPlay(play.moves, g.position), gameData(rec.id, rec.v, { type: 'play', moves: play.moves }, turn)).row();
        break;
      }
      view.next.forEach((step, i) => {
        if (i > 0 && i % 4 === 0) kb.row();
        kb.text(stepLabel(step[0], step[1]), gameData(rec.id, rec.v, { type: 'step', step }, turn));
      });
      if (g.steps.length > 0 || view.complete) kb.row();
      if (g.steps.length > 0) kb.text(t('btn-undo'), data({ type: 'undo' }));
      if (view.complete) kb.text(t('btn-done'), data({ type: 'done' }));
      break;
    }
    case 'double':
      kb.text(t('btn-take'), data({ type: 'take' })).text(t('btn-pass'), data({ type: 'drop' }));
      break;
    case 'resign':
      kb.text(t('btn-accept'), data({ type: 'accept' })).text(t('btn-decline'), data({ type: 'decline' }));
      break;
    default:
      kb.text(t('btn-roll'), data({ type: 'roll' }));
  }
  return kb;
}

export function mainMenu(t: Translate): InlineKeyboard {
  return new InlineKeyboard()
    .text(t('menu-play-bot'), encode({ kind: 'menu', item: 'bot' }))
    .text(t('menu-play-friend'), encode({ kind: 'menu', item: 'friend' }))
    .row()
    .text(t('menu-rules'), encode({ kind: 'menu', item: 'rules' }))
    .text(t('menu-settings'), encode({ kind: 'menu', item: 'settings' }));
}

export function variantMenu(t: Translate): InlineKeyboard {
  return new InlineKeyboard()
    .text(t('variant-long'), encode({ kind: 'play-bot', variant: 'long', level: null, length: null }))
    .text(t('variant-short'), encode({ kind: 'play-bot', variant: 'short', level: null, length: null }));
}

export function levelMenu(t: Translate, variant: Variant): InlineKeyboard {
  const kb = new InlineKeyboard();
  LEVELS_IN_ORDER.forEach((level: BotLevel, i) => {
    if (i > 0 && i % 2 === 0) kb.row();
    kb.text(t(`level-${level}`), encode({ kind: 'play-bot', variant, level, length: null }));
  });
  return kb;
}

export function lengthMenu(t: Translate, variant: Variant, level: BotLevel): InlineKeyboard {
  const kb = new InlineKeyboard();
  for (const n of MATCH_LENGTHS) kb.text(n === 1 ? t('length-single') : t('length-match', { n }), encode({ kind: 'play-bot', variant, level, length: n }));
  return kb.row().text(t('length-other'), encode({ kind: 'play-bot', variant, level, length: 'other' }));
}

export function rulesChooser(t: Translate): InlineKeyboard {
  return new InlineKeyboard().text(t('variant-long'), encode({ kind: 'rules', variant: 'long', page: 0 })).text(t('variant-short'), encode({ kind: 'rules', variant: 'short', page: 0 }));
}

export function lessonNav(t: Translate, variant: Variant, page: number, total: number): InlineKeyboard {
  const kb = new InlineKeyboard();
  if (page > 0) kb.text(t('btn-prev'), encode({ kind: 'rules', variant, page: page - 1 }));
  if (page + 1 < total) kb.text(t('btn-next'), encode({ kind: 'rules', variant, page: page + 1 }));
  const other: Variant = variant === 'long' ? 'short' : 'long';
  return kb.row().text(t(variant === 'long' ? 'rules-to-short' : 'rules-to-long'), encode({ kind: 'rules', variant: other, page: 0 }));
}

export function challengeKeyboard(t: Translate, c: Challenge): InlineKeyboard {
  const kb = new InlineKeyboard().text(t('btn-accept'), encode({ kind: 'challenge', id: c.id, act: 'accept' }));
  if (c.target) kb.text(t('btn-decline'), encode({ kind: 'challenge', id: c.id, act: 'decline' }));
  return kb.text(t('btn-cancel'), encode({ kind: 'challenge', id: c.id, act: 'cancel' }));
}

export function settingsKeyboard(t: Translate, st: UserSettings, lang: Lang): InlineKeyboard {
  const mark = (on: boolean, label: string): string => (on ? `✅ ${label}` : label);
  const s = (change: Parameters<typeof encode>[0] & { kind: 'settings' }): string => encode(change);
  return new InlineKeyboard()
    .text(mark(lang === 'ru', 'Русский'), s({ kind: 'settings', change: { key: 'lang', value: 'ru' } }))
    .text(mark(lang === 'en', 'English'), s({ kind: 'settings', change: { key: 'lang', value: 'en' } }))
    .row()
    .text(mark(st.orientation === 'own', t('settings-orient-own')), s({ kind: 'settings', change: { key: 'orientation', value: 'own' } }))
    .text(mark(st.orientation === 'white', t('settings-orient-white')), s({ kind: 'settings', change: { key: 'orientation', value: 'white' } }))
    .row()
    .text(t(st.autoRoll ? 'settings-autoroll-on' : 'settings-autoroll-off'), s({ kind: 'settings', change: { key: 'autoRoll', value: !st.autoRoll } }))
    .text(t(st.confirm ? 'settings-confirm-on' : 'settings-confirm-off'), s({ kind: 'settings', change: { key: 'confirm', value: !st.confirm } }))
    .row()
    .text(mark(st.theme === 'wood', t('settings-theme-wood')), s({ kind: 'settings', change: { key: 'theme', value: 'wood' } }))
    .text(mark(st.theme === 'dark', t('settings-theme-dark')), s({ kind: 'settings', change: { key: 'theme', value: 'dark' } }));
}
