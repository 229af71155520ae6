/**
 * Callback data (at most 64 bytes), parsed strictly: anything else is a forged or broken button.
 *   g|<game>|<v>|<act>   game buttons; act: r roll, s<ff><tt> step, u undo, d done, D double,
 *                        t take, p pass, R1-R3 resign, Rm resign menu, Rb back, a accept,
 *                        x decline, n next game, m rematch
 *   c|<challenge>|<a|d|x>  accept, decline, cancel a challenge
 *   pb|<variant>[|<level>[|<length>|other]]  the play-the-bot menu (other: ask for a length)
 *   m|<menu>              main menu items
 *   ru|<variant>|<page>   rules lessons
 *   st|<key>|<value>      settings
 */
import type { Press } from '../app/games.js';
import type { Variant } from '../engine/types.js';
import type { BotLevel } from '../store/types.js';

export type GameAct = Press | { readonly type: 'resign-menu' } | { readonly type: 'back' } | { readonly type: 'rematch' };

export type Callback =
  | { readonly kind: 'game'; readonly id: string; readonly v: number; readonly act: GameAct }
  | { readonly kind: 'challenge'; readonly id: string; readonly act: 'accept' | 'decline' | 'cancel' }
  | { readonly kind: 'play-bot'; readonly variant: Variant | null; readonly level: BotLevel | null; readonly length: number | 'other' | null }
  | { readonly kind: 'menu'; readonly item: 'bot' | 'friend' | 'rules' | 'settings' | 'help' }
  | { readonly kind: 'rules'; readonly variant: Variant; readonly page: number }
  | { readonly kind: 'settings'; readonly key: 'lang' | 'orient' | 'auto' | 'confirm' | 'theme'; readonly value: string };

export const MATCH_LENGTHS = [1, 3, 5, 7] as const;
const ID = /^[0-9a-z]{10}$/;

function pad(n: number): string {
  return String(n).padStart(2, '0');
}

export function encodeAct(act: GameAct): string {
  switch (act.type) {
    case 'roll': return 'r';
    case 'step': return `s${pad(act.step[0])}${pad(act.step[1])}`;
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

export function gameData(id: string, v: number, act: GameAct): string {
  return `g|${id}|${v}|${encodeAct(act)}`;
}

function decodeAct(s: string): GameAct | null {
  const simple: Record<string, GameAct> = {
    r: { type: 'roll' }, u: { type: 'undo' }, d: { type: 'done' }, D: { type: 'double' }, t: { type: 'take' }, p: { type: 'drop' },
    R1: { type: 'resign', level: 1 }, R2: { type: 'resign', level: 2 }, R3: { type: 'resign', level: 3 },
    Rm: { type: 'resign-menu' }, Rb: { type: 'back' }, a: { type: 'accept' }, x: { type: 'decline' }, n: { type: 'next' }, m: { type: 'rematch' },
  };
  if (Object.hasOwn(simple, s)) return simple[s]!;
  const m = /^s(\d\d)(\d\d)$/.exec(s);
  if (!m) return null;
  const from = Number(m[1]);
  const to = Number(m[2]);
  if (from < 1 || from > 25 || to < 0 || to > 24 || to >= from) return null;
  return { type: 'step', step: [from, to] };
}

export function parseCallback(data: string | undefined): Callback | null {
  if (!data || data.length > 64) return null;
  const parts = data.split('|');
  switch (parts[0]) {
    case 'g': {
      if (parts.length !== 4 || !ID.test(parts[1]!) || !/^\d{1,9}$/.test(parts[2]!)) return null;
      const act = decodeAct(parts[3]!);
      return act ? { kind: 'game', id: parts[1]!, v: Number(parts[2]), act } : null;
    }
    case 'c': {
      const act = ({ a: 'accept', d: 'decline', x: 'cancel' } as const)[parts[2] as 'a' | 'd' | 'x'];
      if (parts.length !== 3 || !ID.test(parts[1]!) || !act) return null;
      return { kind: 'challenge', id: parts[1]!, act };
    }
    case 'pb': {
      const variant = parts[1] === 'long' || parts[1] === 'short' ? parts[1] : parts[1] === '' && parts.length === 2 ? null : undefined;
      if (variant === undefined || parts.length > 4) return null;
      const level = parts[2] === undefined ? null : parts[2] === 'easy' || parts[2] === 'medium' ? parts[2] : undefined;
      if (level === undefined) return null;
      const length = parts[3] === undefined ? null : parts[3] === 'other' ? 'other' : MATCH_LENGTHS.includes(Number(parts[3]) as 1) && /^\d$/.test(parts[3]) ? Number(parts[3]) : undefined;
      if (length === undefined) return null;
      return { kind: 'play-bot', variant, level, length };
    }
    case 'm': {
      const item = parts[1];
      if (parts.length !== 2 || !['bot', 'friend', 'rules', 'settings', 'help'].includes(item!)) return null;
      return { kind: 'menu', item: item as 'bot' };
    }
    case 'ru': {
      if (parts.length !== 3 || (parts[1] !== 'long' && parts[1] !== 'short') || !/^\d{1,2}$/.test(parts[2]!)) return null;
      return { kind: 'rules', variant: parts[1], page: Number(parts[2]) };
    }
    case 'st': {
      const allowed: Record<string, string[]> = { lang: ['ru', 'en'], orient: ['own', 'white'], auto: ['0', '1'], confirm: ['0', '1'], theme: ['wood', 'dark'] };
      if (parts.length !== 3 || !allowed[parts[1]!]?.includes(parts[2]!)) return null;
      return { kind: 'settings', key: parts[1] as 'lang', value: parts[2]! };
    }
    default:
      return null;
  }
}
