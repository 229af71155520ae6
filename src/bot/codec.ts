/**
 * Callback data (at most 64 bytes): every button's data is made by an encoder here and parsed
 * strictly back; anything else is a forged or broken button.
 *   g|<game>|<v>|<act>[|<turn>]  game buttons; act: r roll, s<ff><tt> step, P<fftt...> a whole
 *                          play, u undo, d done, D double, t take, p pass, R1-R3 resign,
 *                          Rm resign menu, Rb back, a accept, x decline, n next game, m rematch;
 *                          turn (steps and whole plays): <game no>.<roll no>.<steps taken>
 *                          in base 36, so that a press from a board a little behind can apply
 *   c|<challenge>|<a|d|x>  accept, decline, cancel a challenge
 *   pb|<variant>[|<level>[|<length>|other[|+]]]  the play-the-bot menu (other: ask for a length;
 *                          +: start although another game with the bot is in progress)
 *   m|<menu item>          main menu items
 *   ru|<variant>|<page>[|<lang>|<user>]  rules lessons (in a group: its language and the one
 *                          person who may turn its pages, user id in base 36)
 *   st|<key>|<value>       settings
 *   rs|<game>|<user>|<1|2|3|m|x>  a resign message for one person (user id in base 36): resign
 *                          for 1, 2, 3 times the cube, m choose this game, x never mind
 *   ab|<game>|<v> / ab|keep  abandon a game against the bot (after /cancel asked) / keep playing
 *   gc|<game>              continue a game: its board again, at the bottom of the chat
 *   fc|<game>              check the dice of a game
 *   fr|<variant>[|<length>[|<cube 0|1>]]  the play-a-friend menu (an invitation by link)
 *   iv|<invitation>|<a|d|x>  accept, decline an invitation; x: its sender cancels it
 *   ia|<offer>             Accept on an inline invitation (the stored offer names its sender;
 *                          the six-part form of the first version is refused as outdated)
 *   cl|<game>|<turn>       claim a game whose opponent ran out of time (turn: the clock's key)
 *   rv|<game>|<r|e|N>      review a finished game (r), export it (e), show the presser's mistake N
 *   ht|<game>|<v>          a hint: the best plays of the roll on the board of version v
 */
import { TURN_KEY } from '../app/clocks.js';
import { decodeAct, encodeAct, type BoardAct } from '../app/table/intent.js';
import { AUTO_ROLLS, BOT_LEVELS, HINT_MODES, isLang, type AutoRoll, type HintMode, type BotLevel, type Lang, type SettingChange, type TurnStamp } from '../app/model.js';
import type { ResignLevel } from '../engine/game.js';
import type { Variant } from '../engine/types.js';
import type { Format } from '../app/tournament/model.js';
import { PROBLEM_ID } from '../puzzles/bank.js';

/** A game button's act: its code is the table's (app/table/intent.ts), the same the Mini App sends. */
export type GameAct = BoardAct;
export type MenuItem = 'bot' | 'friend' | 'find' | 'rules' | 'settings' | 'help' | 'stats' | 'puzzle';
export type ChallengeAct = 'accept' | 'decline' | 'cancel';
export type ResignAct = ResignLevel | 'menu' | 'never-mind';
export type TournamentAct = 'leave' | 'start' | 'cancel' | 'pause' | 'resume';
const TOURNAMENT_ACTS: Readonly<Record<TournamentAct, string>> = { leave: 'l', start: 's', cancel: 'x', pause: 'p', resume: 'r' };
const FORMAT_CODES: Readonly<Record<Format, string>> = { swiss: 'sw', knockout: 'ko', roundrobin: 'rr' };

export type Callback =
  | { readonly kind: 'game'; readonly id: string; readonly v: number; readonly act: GameAct; readonly turn?: TurnStamp }
  | { readonly kind: 'challenge'; readonly id: string; readonly act: ChallengeAct }
  | { readonly kind: 'play-bot'; readonly variant: Variant | null; readonly level: BotLevel | null; readonly length: number | 'other' | null; readonly another?: boolean }
  | { readonly kind: 'menu'; readonly item: MenuItem }
  | { readonly kind: 'rules'; readonly variant: Variant; readonly page: number; readonly group?: { readonly lang: Lang; readonly user: number } }
  | { readonly kind: 'settings'; readonly change: SettingChange }
  | { readonly kind: 'resign'; readonly id: string; readonly user: number; readonly act: ResignAct }
  | { readonly kind: 'abandon'; readonly id: string; readonly v: number }
  | { readonly kind: 'keep' }
  | { readonly kind: 'continue'; readonly id: string }
  | { readonly kind: 'check'; readonly id: string }
  | { readonly kind: 'friend'; readonly variant: Variant | null; readonly length: number | null; readonly cube: boolean | null }
  | { readonly kind: 'invitation'; readonly id: string; readonly act: 'accept' | 'decline' | 'cancel' }
  /** Accept on an inline invitation: the id of the stored offer (who invites is read from it). */
  | { readonly kind: 'inline-accept'; readonly offer: string }
  /** Accept on an inline invitation of the first version (it named its sender): no longer honoured. */
  | { readonly kind: 'inline-outdated' }
  | { readonly kind: 'claim'; readonly id: string; readonly key: string }
  | { readonly kind: 'review'; readonly id: string; readonly act: 'review' | 'export' | number }
  | { readonly kind: 'hint'; readonly id: string; readonly v: number }
  /** A tournament's buttons: leave, start, cancel, pause, resume (on the group's announcement). */
  | { readonly kind: 'tournament'; readonly id: string; readonly act: TournamentAct }
  /** /tournament's quick choices: a new tournament of this game and format. */
  | { readonly kind: 'tournament-new'; readonly variant: Variant; readonly format: Format }
  /** Finding an opponent: a choice on the way (game, length, rated: a search once all are known), cancel, or blocking the opponent of a matched game. */
  | { readonly kind: 'find'; readonly step: 'choose'; readonly variant?: Variant; readonly length?: number; readonly rated?: boolean }
  | { readonly kind: 'find'; readonly step: 'cancel' }
  | { readonly kind: 'find'; readonly step: 'block'; readonly game: string }
  /** /top's periods: this week, this month, all time. */
  | { readonly kind: 'top'; readonly period: 'week' | 'month' | 'all' }
  /** Puzzles: an answer (the n-th shown) to a problem, the next problem (of a game, or any), the player's puzzle statistics. */
  | { readonly kind: 'puzzle'; readonly act: 'answer'; readonly id: string; readonly n: number }
  | { readonly kind: 'puzzle'; readonly act: 'next'; readonly variant: Variant | null }
  | { readonly kind: 'puzzle'; readonly act: 'stats' }
  /** The daily position of a group: the n-th answer of the day (YYYYMMDD). */
  | { readonly kind: 'daily'; readonly date: string; readonly n: number };

export const MATCH_LENGTHS = [1, 3, 5, 7] as const;
const ID = /^[0-9a-z]{10}$/;
/** A Telegram user id in base 36 (up to 2^53). */
const USER = /^[0-9a-z]{1,11}$/;
const MENU_ITEMS: readonly MenuItem[] = ['bot', 'friend', 'find', 'rules', 'settings', 'help', 'stats', 'puzzle'];
/** The longest match that can be chosen (typed or from the menu). */
export const MAX_MATCH = 25;
const AUTO_CODES: Readonly<Record<AutoRoll, string>> = { off: 'off', 'no-double': 'nd', always: 'on' };

const SETTING_CODES: ReadonlyMap<string, (value: string) => SettingChange | null> = new Map<string, (value: string) => SettingChange | null>([
  ['lang', (v) => (isLang(v) ? { key: 'lang', value: v } : null)],
  ['orient', (v) => (v === 'own' || v === 'white' ? { key: 'orientation', value: v } : null)],
  // '0' and '1' are the buttons of the first version (on meant "unless I can double").
  ['auto', (v) => {
    const value = v === '0' ? 'off' : v === '1' ? 'no-double' : AUTO_ROLLS.find((a) => AUTO_CODES[a] === v);
    return value ? { key: 'autoRoll', value } : null;
  }],
  ['confirm', (v) => (v === '0' || v === '1' ? { key: 'confirm', value: v === '1' } : null)],
  ['theme', (v) => (v === 'wood' || v === 'dark' ? { key: 'theme', value: v } : null)],
  ['hints', (v) => ((HINT_MODES as readonly string[]).includes(v) ? { key: 'hints', value: v as HintMode } : null)],
  ['notices', (v) => (v === '0' || v === '1' ? { key: 'notices', value: v === '1' } : null)],
  ['share', (v) => (v === '0' || v === '1' ? { key: 'sharePuzzles', value: v === '1' } : null)],
]);

function encodeSetting(c: SettingChange): string {
  switch (c.key) {
    case 'lang': return `st|lang|${c.value}`;
    case 'orientation': return `st|orient|${c.value}`;
    case 'autoRoll': return `st|auto|${AUTO_CODES[c.value]}`;
    case 'confirm': return `st|confirm|${c.value ? 1 : 0}`;
    case 'theme': return `st|theme|${c.value}`;
    case 'hints': return `st|hints|${c.value}`;
    case 'notices': return `st|notices|${c.value ? 1 : 0}`;
    case 'sharePuzzles': return `st|share|${c.value ? 1 : 0}`;
  }
}

type Kind = Callback['kind'];
type Of<K extends Kind> = Extract<Callback, { readonly kind: K }>;

/**
 * One declaration per family of buttons: the prefix of its data, the kinds of Callback it carries,
 * how each is written and how the data is read back (strictly: null for anything else). The
 * encoder, the parser and the handlers' route filters all come from this table.
 */
interface Family<K extends Kind> {
  readonly prefix: string;
  readonly kinds: readonly K[];
  encode(cb: Of<K>): string;
  parse(parts: readonly string[]): Of<K> | null;
}
const family = <K extends Kind>(f: Family<K>): Family<K> => f;

const variantOf = (s: string | undefined): Variant | null => (s === 'long' || s === 'short' ? s : null);
const ACCEPT_DECLINE_CANCEL = { accept: 'a', decline: 'd', cancel: 'x' } as const;
const acceptDeclineCancel = (s: string | undefined): 'accept' | 'decline' | 'cancel' | null => (s === 'a' ? 'accept' : s === 'd' ? 'decline' : s === 'x' ? 'cancel' : null);

const FAMILIES = [
  family({
    prefix: 'g',
    kinds: ['game'],
    encode: (cb) => `g|${cb.id}|${cb.v}|${encodeAct(cb.act)}${cb.turn ? `|${cb.turn.gameNo.toString(36)}.${cb.turn.roll.toString(36)}.${cb.turn.steps}` : ''}`,
    parse(parts) {
      if ((parts.length !== 4 && parts.length !== 5) || !ID.test(parts[1]!) || !/^\d{1,9}$/.test(parts[2]!)) return null;
      const act = decodeAct(parts[3]!);
      if (!act) return null;
      if (parts.length === 4) return { kind: 'game', id: parts[1]!, v: Number(parts[2]), act };
      const t = /^([0-9a-z]{1,3})\.([0-9a-z]{1,3})\.([0-4])$/.exec(parts[4]!);
      if (!t || (act.type !== 'step' && act.type !== 'play')) return null;
      return { kind: 'game', id: parts[1]!, v: Number(parts[2]), act, turn: { gameNo: parseInt(t[1]!, 36), roll: parseInt(t[2]!, 36), steps: Number(t[3]) } };
    },
  }),
  family({
    prefix: 'c',
    kinds: ['challenge'],
    encode: (cb) => `c|${cb.id}|${ACCEPT_DECLINE_CANCEL[cb.act]}`,
    parse(parts) {
      const act = acceptDeclineCancel(parts[2]);
      return parts.length === 3 && ID.test(parts[1]!) && act ? { kind: 'challenge', id: parts[1]!, act } : null;
    },
  }),
  family({
    prefix: 'pb',
    kinds: ['play-bot'],
    encode: (cb) => ['pb', cb.variant ?? '', ...(cb.level ? [cb.level, ...(cb.length !== null ? [String(cb.length), ...(cb.another ? ['+'] : [])] : [])] : [])].join('|'),
    parse(parts) {
      if (parts.length < 2 || parts.length > 5) return null;
      if (parts.length === 5 && (parts[4] !== '+' || parts[3] === 'other')) return null;
      const variant = variantOf(parts[1]);
      if (!variant && !(parts[1] === '' && parts.length === 2)) return null;
      let level: BotLevel | null = null;
      if (parts.length >= 3) {
        if (!(BOT_LEVELS as readonly string[]).includes(parts[2]!)) return null;
        level = parts[2] as BotLevel;
      }
      let length: number | 'other' | null = null;
      if (parts.length >= 4) {
        if (parts[3] === 'other') length = 'other';
        else if (/^[1-9]\d?$/.test(parts[3]!) && Number(parts[3]) <= MAX_MATCH) length = Number(parts[3]);
        else return null;
      }
      if (parts.length === 5) return { kind: 'play-bot', variant, level, length, another: true };
      return { kind: 'play-bot', variant, level, length };
    },
  }),
  family({
    prefix: 'm',
    kinds: ['menu'],
    encode: (cb) => `m|${cb.item}`,
    parse: (parts) => (parts.length === 2 && (MENU_ITEMS as readonly string[]).includes(parts[1]!) ? { kind: 'menu', item: parts[1] as MenuItem } : null),
  }),
  family({
    prefix: 'ru',
    kinds: ['rules'],
    encode: (cb) => `ru|${cb.variant}|${cb.page}${cb.group ? `|${cb.group.lang}|${cb.group.user.toString(36)}` : ''}`,
    parse(parts) {
      const variant = variantOf(parts[1]);
      if ((parts.length !== 3 && parts.length !== 5) || !variant || !/^\d{1,2}$/.test(parts[2]!)) return null;
      if (parts.length === 3) return { kind: 'rules', variant, page: Number(parts[2]) };
      if (!isLang(parts[3]) || !USER.test(parts[4]!)) return null;
      return { kind: 'rules', variant, page: Number(parts[2]), group: { lang: parts[3] as Lang, user: parseInt(parts[4]!, 36) } };
    },
  }),
  family({
    prefix: 'st',
    kinds: ['settings'],
    encode: (cb) => encodeSetting(cb.change),
    parse(parts) {
      const make = parts.length === 3 ? SETTING_CODES.get(parts[1]!) : undefined;
      const change = make ? make(parts[2]!) : null;
      return change ? { kind: 'settings', change } : null;
    },
  }),
  family({
    prefix: 'rs',
    kinds: ['resign'],
    encode: (cb) => `rs|${cb.id}|${cb.user.toString(36)}|${cb.act === 'menu' ? 'm' : cb.act === 'never-mind' ? 'x' : cb.act}`,
    parse(parts) {
      if (parts.length !== 4 || !ID.test(parts[1]!) || !USER.test(parts[2]!)) return null;
      const act: ResignAct | null = parts[3] === '1' || parts[3] === '2' || parts[3] === '3' ? (Number(parts[3]) as ResignLevel) : parts[3] === 'm' ? 'menu' : parts[3] === 'x' ? 'never-mind' : null;
      return act === null ? null : { kind: 'resign', id: parts[1]!, user: parseInt(parts[2]!, 36), act };
    },
  }),
  family({
    prefix: 'ab',
    kinds: ['abandon', 'keep'],
    encode: (cb) => (cb.kind === 'keep' ? 'ab|keep' : `ab|${cb.id}|${cb.v}`),
    parse(parts) {
      if (parts.length === 2 && parts[1] === 'keep') return { kind: 'keep' };
      if (parts.length !== 3 || !ID.test(parts[1]!) || !/^\d{1,9}$/.test(parts[2]!)) return null;
      return { kind: 'abandon', id: parts[1]!, v: Number(parts[2]) };
    },
  }),
  family({
    prefix: 'gc',
    kinds: ['continue'],
    encode: (cb) => `gc|${cb.id}`,
    parse: (parts) => (parts.length === 2 && ID.test(parts[1]!) ? { kind: 'continue', id: parts[1]! } : null),
  }),
  family({
    prefix: 'fc',
    kinds: ['check'],
    encode: (cb) => `fc|${cb.id}`,
    parse: (parts) => (parts.length === 2 && ID.test(parts[1]!) ? { kind: 'check', id: parts[1]! } : null),
  }),
  family({
    prefix: 'fr',
    kinds: ['friend'],
    encode: (cb) => ['fr', cb.variant ?? '', ...(cb.variant && cb.length !== null ? [String(cb.length), ...(cb.cube !== null ? [cb.cube ? '1' : '0'] : [])] : [])].join('|'),
    parse(parts) {
      if (parts.length < 2 || parts.length > 4) return null;
      const variant = parts[1] === '' && parts.length === 2 ? null : variantOf(parts[1]);
      if (parts[1] !== '' && !variant) return null;
      let length: number | null = null;
      if (parts.length >= 3) {
        if (!variant || !/^[1-9]\d?$/.test(parts[2]!) || Number(parts[2]) > MAX_MATCH) return null;
        length = Number(parts[2]);
      }
      let cube: boolean | null = null;
      if (parts.length === 4) {
        if (parts[3] !== '0' && parts[3] !== '1') return null;
        cube = parts[3] === '1';
      }
      return { kind: 'friend', variant, length, cube };
    },
  }),
  family({
    prefix: 'iv',
    kinds: ['invitation'],
    encode: (cb) => `iv|${cb.id}|${ACCEPT_DECLINE_CANCEL[cb.act]}`,
    parse(parts) {
      const act = acceptDeclineCancel(parts[2]);
      return parts.length === 3 && ID.test(parts[1]!) && act ? { kind: 'invitation', id: parts[1]!, act } : null;
    },
  }),
  family({
    prefix: 'ia',
    kinds: ['inline-accept', 'inline-outdated'],
    encode: (cb) => (cb.kind === 'inline-accept' ? `ia|${cb.offer}` : 'ia|old'),
    parse(parts) {
      if (parts.length === 2 && ID.test(parts[1]!)) return { kind: 'inline-accept', offer: parts[1]! };
      const old = parts.length === 6 && (parts[1] === 'l' || parts[1] === 's') && /^[1-9]\d?$/.test(parts[2]!) && (parts[3] === '0' || parts[3] === '1') && USER.test(parts[4]!) && /^[0-9a-f]{12}$/.test(parts[5]!);
      return (parts.length === 2 && parts[1] === 'old') || old ? { kind: 'inline-outdated' } : null;
    },
  }),
  family({
    prefix: 'cl',
    kinds: ['claim'],
    encode: (cb) => `cl|${cb.id}|${cb.key}`,
    parse: (parts) => (parts.length === 3 && ID.test(parts[1]!) && TURN_KEY.test(parts[2]!) ? { kind: 'claim', id: parts[1]!, key: parts[2]! } : null),
  }),
  family({
    prefix: 'rv',
    kinds: ['review'],
    encode: (cb) => `rv|${cb.id}|${cb.act === 'review' ? 'r' : cb.act === 'export' ? 'e' : cb.act}`,
    parse(parts) {
      if (parts.length !== 3 || !ID.test(parts[1]!) || !/^(r|e|\d{1,3})$/.test(parts[2]!)) return null;
      return { kind: 'review', id: parts[1]!, act: parts[2] === 'r' ? 'review' : parts[2] === 'e' ? 'export' : Number(parts[2]) };
    },
  }),
  family({
    prefix: 'ht',
    kinds: ['hint'],
    encode: (cb) => `ht|${cb.id}|${cb.v}`,
    parse: (parts) => (parts.length === 3 && ID.test(parts[1]!) && /^\d{1,9}$/.test(parts[2]!) ? { kind: 'hint', id: parts[1]!, v: Number(parts[2]) } : null),
  }),
  family({
    prefix: 'tn',
    kinds: ['tournament', 'tournament-new'],
    encode: (cb) => (cb.kind === 'tournament' ? `tn|${TOURNAMENT_ACTS[cb.act]}|${cb.id}` : `tn|n|${cb.variant}|${FORMAT_CODES[cb.format]}`),
    parse(parts) {
      if (parts[1] === 'n') {
        const variant = variantOf(parts[2]);
        const format = (Object.keys(FORMAT_CODES) as Format[]).find((f) => FORMAT_CODES[f] === parts[3]);
        return parts.length === 4 && variant && format ? { kind: 'tournament-new', variant, format } : null;
      }
      const act = (Object.keys(TOURNAMENT_ACTS) as TournamentAct[]).find((a) => TOURNAMENT_ACTS[a] === parts[1]);
      return parts.length === 3 && act && ID.test(parts[2]!) ? { kind: 'tournament', id: parts[2]!, act } : null;
    },
  }),
  family({
    prefix: 'fd',
    kinds: ['find'],
    encode: (cb) =>
      cb.step === 'cancel'
        ? 'fd|x'
        : cb.step === 'block'
          ? `fd|b|${cb.game}`
          : ['fd', cb.variant ?? '', ...(cb.variant && cb.length ? [String(cb.length), ...(cb.rated !== undefined ? [cb.rated ? 'r' : 'u'] : [])] : [])].join('|'),
    parse(parts) {
      if (parts[1] === 'x') return parts.length === 2 ? { kind: 'find', step: 'cancel' } : null;
      if (parts[1] === 'b') return parts.length === 3 && ID.test(parts[2]!) ? { kind: 'find', step: 'block', game: parts[2]! } : null;
      if (parts.length < 2 || parts.length > 4) return null;
      if (parts[1] === '') return parts.length === 2 ? { kind: 'find', step: 'choose' } : null;
      const variant = variantOf(parts[1]);
      if (!variant) return null;
      if (parts.length === 2) return { kind: 'find', step: 'choose', variant };
      const length = Number(parts[2]);
      if (!(MATCH_LENGTHS as readonly number[]).includes(length) || !/^\d{1,2}$/.test(parts[2]!)) return null;
      if (parts.length === 3) return { kind: 'find', step: 'choose', variant, length };
      if (parts[3] !== 'r' && parts[3] !== 'u') return null;
      return { kind: 'find', step: 'choose', variant, length, rated: parts[3] === 'r' };
    },
  }),
  family({
    prefix: 'pz',
    kinds: ['puzzle'],
    encode: (cb) => (cb.act === 'answer' ? `pz|a|${cb.id}|${cb.n}` : cb.act === 'next' ? `pz|n${cb.variant ? `|${cb.variant}` : ''}` : 'pz|s'),
    parse(parts) {
      if (parts[1] === 'a') return parts.length === 4 && PROBLEM_ID.test(parts[2]!) && /^[0-3]$/.test(parts[3]!) ? { kind: 'puzzle', act: 'answer', id: parts[2]!, n: Number(parts[3]) } : null;
      if (parts[1] === 'n') {
        if (parts.length === 2) return { kind: 'puzzle', act: 'next', variant: null };
        const variant = variantOf(parts[2]);
        return parts.length === 3 && variant ? { kind: 'puzzle', act: 'next', variant } : null;
      }
      return parts.length === 2 && parts[1] === 's' ? { kind: 'puzzle', act: 'stats' } : null;
    },
  }),
  family({
    prefix: 'dy',
    kinds: ['daily'],
    encode: (cb) => `dy|${cb.date}|${cb.n}`,
    parse: (parts) => (parts.length === 3 && /^20\d{6}$/.test(parts[1]!) && /^[0-3]$/.test(parts[2]!) ? { kind: 'daily', date: parts[1]!, n: Number(parts[2]) } : null),
  }),
  family({
    prefix: 'tp',
    kinds: ['top'],
    encode: (cb) => `tp|${cb.period}`,
    parse: (parts) => (parts.length === 2 && (parts[1] === 'week' || parts[1] === 'month' || parts[1] === 'all') ? { kind: 'top', period: parts[1] } : null),
  }),
] as const;

type AnyFamily = Family<Kind>;
const BY_PREFIX = new Map<string, AnyFamily>(FAMILIES.map((f) => [f.prefix, f as unknown as AnyFamily]));
const BY_KIND = new Map<Kind, AnyFamily>(FAMILIES.flatMap((f) => f.kinds.map((k) => [k, f as unknown as AnyFamily] as const)));

/** The data of a button. */
export function encode(cb: Callback): string {
  return BY_KIND.get(cb.kind)!.encode(cb as never);
}

export function gameData(id: string, v: number, act: GameAct, turn?: TurnStamp): string {
  return encode({ kind: 'game', id, v, act, ...(turn ? { turn } : {}) });
}

export function parseCallback(data: string | undefined): Callback | null {
  if (typeof data !== 'string' || data.length === 0 || data.length > 64) return null;
  const parts = data.split('|');
  const f = BY_PREFIX.get(parts[0]!);
  const cb = f ? f.parse(parts) : null;
  return cb && f!.kinds.includes(cb.kind) ? cb : null;
}

/**
 * The route filter of a handler: every button of the family that carries these kinds (whether
 * its data then parses is the handler's first question).
 */
export function route(kind: Kind): RegExp {
  const f = BY_KIND.get(kind)!;
  return new RegExp(`^${f.prefix}\\|`);
}
