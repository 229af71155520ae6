/**
 * Callback data (at most 64 bytes): every button's data is made by an encoder here and parsed
 * strictly back; anything else is a forged or broken button.
 *   g|<game>|<v>|<act>[|<turn>]  game buttons; act: r roll, s<ff><tt> step, P<fftt...> a whole
 *                          play, u undo, d done, D double, t take, p pass, R1-R3 resign,
 *                          Rm resign menu, Rb back, a accept, x decline, n next game, m rematch;
 *                          turn (steps and whole plays): <game no>.<roll no>.<steps taken>
 *                          in base 36, so that a press from a board a little behind can apply
 *   c|<challenge>|<a|d|x>  accept, decline, cancel a challenge
 *   pb|<variant>[|<level>[|<length>|other]]  the play-the-bot menu (other: ask for a length)
 *   m|<menu item>          main menu items
 *   ru|<variant>|<page>    rules lessons
 *   st|<key>|<value>       settings
 */
import type { Press } from '../app/games.js';
import { LANGS, type BotLevel, type SettingChange, type TurnStamp } from '../app/model.js';
import { LEVELS_IN_ORDER } from '../ai/player.js';
import type { Variant } from '../engine/types.js';

export type GameAct = Press | { readonly type: 'resign-menu' } | { readonly type: 'back' } | { readonly type: 'rematch' };
export type MenuItem = 'bot' | 'friend' | 'rules' | 'settings' | 'help';
export type ChallengeAct = 'accept' | 'decline' | 'cancel';


export type Callback =
  | { readonly kind: 'game'; readonly id: string; readonly v: number; readonly act: GameAct; readonly turn?: TurnStamp }
  | { readonly kind: 'challenge'; readonly id: string; readonly act: ChallengeAct }
  | { readonly kind: 'play-bot'; readonly variant: Variant | null; readonly level: BotLevel | null; readonly length: number | 'other' | null }
  | { readonly kind: 'menu'; readonly item: MenuItem }
  | { readonly kind: 'rules'; readonly variant: Variant; readonly page: number }
  | { readonly kind: 'settings'; readonly change: SettingChange };

export const MATCH_LENGTHS = [1, 3, 5, 7] as const;
const ID = /^[0-9a-z]{10}$/;
const MENU_ITEMS: readonly MenuItem[] = ['bot', 'friend', 'rules', 'settings', 'help'];

function pad(n: number): string {
  return String(n).padStart(2, '0');
}

function encodeAct(act: GameAct): string {
  switch (act.type) {
    case 'roll': return 'r';
    case 'step': return `s${pad(act.step[0])}${pad(act.step[1])}`;
    case 'play': return `P${act.moves.map(([f, t]) => pad(f) + pad(t)).join('')}`;
    case 'undo': return 'u';
    case 'done': return 'd';
    case 'double': return 'D';
    case 'take': return 't';
    case 'drop': return 'p';
    case 'resign': return `R${act.level}`;
    case 'resign-menu': return 'Rm';
    case 'back': return 'Rb';
    case 'accept': return 'a';
    case 'decline': return 'x';
    case 'next': return 'n';
    case 'rematch': return 'm';
  }
}

const SIMPLE_ACTS: ReadonlyMap<string, GameAct> = new Map<string, GameAct>([
  ['r', { type: 'roll' }], ['u', { type: 'undo' }], ['d', { type: 'done' }], ['D', { type: 'double' }], ['t', { type: 'take' }], ['p', { type: 'drop' }],
  ['R1', { type: 'resign', level: 1 }], ['R2', { type: 'resign', level: 2 }], ['R3', { type: 'resign', level: 3 }],
  ['Rm', { type: 'resign-menu' }], ['Rb', { type: 'back' }], ['a', { type: 'accept' }], ['x', { type: 'decline' }], ['n', { type: 'next' }], ['m', { type: 'rematch' }],
]);

function decodeAct(s: string): GameAct | null {
  const simple = SIMPLE_ACTS.get(s);
  if (simple) return simple;
  const play = /^P((?:\d{4}){1,4})$/.exec(s);
  if (play) {
    const moves: Array<[number, number]> = [];
    for (let i = 0; i < play[1]!.length; i += 4) {
      const from = Number(play[1]!.slice(i, i + 2));
      const to = Number(play[1]!.slice(i + 2, i + 4));
      if (from < 1 || from > 25 || to < 0 || to > 24 || to >= from) return null;
      moves.push([from, to]);
    }
    return { type: 'play', moves };
  }
  const m = /^s(\d\d)(\d\d)$/.exec(s);
  if (!m) return null;
  const from = Number(m[1]);
  const to = Number(m[2]);
  if (from < 1 || from > 25 || to < 0 || to > 24 || to >= from) return null;
  return { type: 'step', step: [from, to] };
}

const SETTING_CODES: ReadonlyMap<string, (value: string) => SettingChange | null> = new Map<string, (value: string) => SettingChange | null>([
  ['lang', (v) => ((LANGS as readonly string[]).includes(v) ? { key: 'lang', value: v as 'ru' } : null)],
  ['orient', (v) => (v === 'own' || v === 'white' ? { key: 'orientation', value: v } : null)],
  ['auto', (v) => (v === '0' || v === '1' ? { key: 'autoRoll', value: v === '1' } : null)],
  ['confirm', (v) => (v === '0' || v === '1' ? { key: 'confirm', value: v === '1' } : null)],
  ['theme', (v) => (v === 'wood' || v === 'dark' ? { key: 'theme', value: v } : null)],
]);

function encodeSetting(c: SettingChange): string {
  switch (c.key) {
    case 'lang': return `st|lang|${c.value}`;
    case 'orientation': return `st|orient|${c.value}`;
    case 'autoRoll': return `st|auto|${c.value ? 1 : 0}`;
    case 'confirm': return `st|confirm|${c.value ? 1 : 0}`;
    case 'theme': return `st|theme|${c.value}`;
  }
}

/** The data of a button. */
export function encode(cb: Callback): string {
  switch (cb.kind) {
    case 'game': return `g|${cb.id}|${cb.v}|${encodeAct(cb.act)}${cb.turn ? `|${cb.turn.gameNo.toString(36)}.${cb.turn.roll.toString(36)}.${cb.turn.steps}` : ''}`;
    case 'challenge': return `c|${cb.id}|${{ accept: 'a', decline: 'd', cancel: 'x' }[cb.act]}`;
    case 'play-bot': return ['pb', cb.variant ?? '', ...(cb.level ? [cb.level, ...(cb.length !== null ? [String(cb.length)] : [])] : [])].join('|');
    case 'menu': return `m|${cb.item}`;
    case 'rules': return `ru|${cb.variant}|${cb.page}`;
    case 'settings': return encodeSetting(cb.change);
  }
}

export function gameData(id: string, v: number, act: GameAct, turn?: TurnStamp): string {
  return encode({ kind: 'game', id, v, act, ...(turn ? { turn } : {}) });
}

function variantOf(s: string | undefined): Variant | null {
  return s === 'long' || s === 'short' ? s : null;
}

export function parseCallback(data: string | undefined): Callback | null {
  if (typeof data !== 'string' || data.length === 0 || data.length > 64) return null;
  const parts = data.split('|');
  switch (parts[0]) {
    case 'g': {
      if ((parts.length !== 4 && parts.length !== 5) || !ID.test(parts[1]!) || !/^\d{1,9}$/.test(parts[2]!)) return null;
      const act = decodeAct(parts[3]!);
      if (!act) return null;
      if (parts.length === 4) return { kind: 'game', id: parts[1]!, v: Number(parts[2]), act };
      const t = /^([0-9a-z]{1,3})\.([0-9a-z]{1,3})\.([0-4])$/.exec(parts[4]!);
      if (!t || (act.type !== 'step' && act.type !== 'play')) return null;
      return { kind: 'game', id: parts[1]!, v: Number(parts[2]), act, turn: { gameNo: parseInt(t[1]!, 36), roll: parseInt(t[2]!, 36), steps: Number(t[3]) } };
    }
    case 'c': {
      const act = parts[2] === 'a' ? 'accept' : parts[2] === 'd' ? 'decline' : parts[2] === 'x' ? 'cancel' : null;
      if (parts.length !== 3 || !ID.test(parts[1]!) || !act) return null;
      return { kind: 'challenge', id: parts[1]!, act };
    }
    case 'pb': {
      if (parts.length < 2 || parts.length > 4) return null;
      const variant = variantOf(parts[1]);
      if (!variant && !(parts[1] === '' && parts.length === 2)) return null;
      let level: BotLevel | null = null;
      if (parts.length >= 3) {
        if (!(LEVELS_IN_ORDER as readonly string[]).includes(parts[2]!)) return null;
        level = parts[2] as BotLevel;
      }
      let length: number | 'other' | null = null;
      if (parts.length === 4) {
        if (parts[3] === 'other') length = 'other';
        else if (/^\d$/.test(parts[3]!) && (MATCH_LENGTHS as readonly number[]).includes(Number(parts[3]))) length = Number(parts[3]);
        else return null;
      }
      return { kind: 'play-bot', variant, level, length };
    }
    case 'm': {
      if (parts.length !== 2 || !(MENU_ITEMS as readonly string[]).includes(parts[1]!)) return null;
      return { kind: 'menu', item: parts[1] as MenuItem };
    }
    case 'ru': {
      const variant = variantOf(parts[1]);
      if (parts.length !== 3 || !variant || !/^\d{1,2}$/.test(parts[2]!)) return null;
      return { kind: 'rules', variant, page: Number(parts[2]) };
    }
    case 'st': {
      const make = parts.length === 3 ? SETTING_CODES.get(parts[1]!) : undefined;
      const change = make ? make(parts[2]!) : null;
      return change ? { kind: 'settings', change } : null;
    }
    default:
      return null;
  }
}
