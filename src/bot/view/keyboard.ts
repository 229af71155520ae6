/** Keyboards: every button's data comes from the codec's encoder. */
import { InlineKeyboard } from 'grammy';
import { AUTO_ROLLS, HINT_MODES, LANG_NAMES, LANGS, OFFERED_LEVELS, type BotLevel, type Challenge, type GameRecord, type HintMode, type Lang, type UserSettings } from '../../app/model.js';
import { gameFacts, pointAsRead, resignLevels } from '../../app/table/view.js';
import { seatChoices, type SeatContext } from '../../app/table/seat.js';
import type { ResignLevel } from '../../engine/game.js';
import type { Side, Step, Variant } from '../../engine/types.js';
import { encode, gameData, MATCH_LENGTHS, type GameAct } from '../codec.js';
import { playerName, playersNotation, playIn, type Numbering, type Translate } from '../../present/text.js';

/** At most this many distinct plays are offered as whole plays instead of steps. */
export const WHOLE_PLAYS = 4;

function pointLabel(p: number, n: Numbering, side: Side): string {
  if (p === 25) return 'bar';
  if (p === 0) return 'off';
  return String(pointAsRead(n.variant, side, n.viewer, p));
}

/** A step as its button says it, in the picture's numbering. */
export function stepLabel(step: Step, n: Numbering, side: Side): string {
  return `${pointLabel(step[0], n, side)}→${pointLabel(step[1], n, side)}`;
}

/** The resign choices of a game: 1, 2 (mars / gammon) and in short nardy 3 (koks) times the cube. */
export function resignChoices(rec: GameRecord, t: Translate): Array<{ level: ResignLevel; label: string }> {
  const g = rec.match.game;
  const levels = resignLevels(g.variant);
  return levels.map((level) => ({ level, label: t(`btn-resign-${level}`, { points: level * g.cube.value, variant: g.variant }) }));
}

export interface KeyboardOptions {
  readonly resignMenu?: boolean;
  /** The person whose own board this is (games by link): only the one to act gets the game's buttons. */
  readonly seatOwner?: number | null;
  /** The opponent of `side` ran out of time: the waiting player may claim the game. */
  readonly claim?: { readonly side: Side; readonly key: string } | null;
  /** The hint setting of the person the board is for (games against the bot). */
  readonly hints?: HintMode;
  /** The Mini App's board: a web_app button (private chats) or its direct link (groups). */
  readonly openBoard?: OpenBoard | null;
}

export type OpenBoard = { readonly kind: 'web_app' | 'url'; readonly url: string };

/** The Mini App's button for a game's board in a chat (null: no Mini App, or no way to open it there). */
export function openBoardFor(webApp: { url: string; name: string | null } | null, bot: string, gameId: string, chatId: number): OpenBoard | null {
  if (!webApp) return null;
  // A web_app button works in private chats only; a group gets the app's direct link.
  if (chatId > 0) return { kind: 'web_app', url: `${webApp.url}/?g=${gameId}` };
  return webApp.name && bot ? { kind: 'url', url: `https://t.me/${bot}/${webApp.name}?startapp=${gameId}` } : null;
}

function openBoardRow(kb: InlineKeyboard, t: Translate, open: OpenBoard | null | undefined): void {
  if (!open) return;
  kb.row();
  if (open.kind === 'web_app') kb.webApp(t('btn-open-board'), open.url);
  else kb.url(t('btn-open-board'), open.url);
}

/**
 * Whose choices a board shows: on a board of one's own (by link) its owner's; on a shared board
 * (a group, a game against the bot) the person to act, else the board's owner.
 */
function actingUser(rec: GameRecord, owner: number | null): number {
  if (rec.kind === 'link' && owner !== null) return owner;
  const facts = gameFacts(rec);
  const p = rec.players[facts.toAct ?? facts.onTurn];
  if (p.kind === 'human') return p.id;
  return owner ?? -1;
}

/** The people who play a game (a bot plays no board). */
function humansOf(rec: GameRecord): number[] {
  return [rec.players.white, rec.players.black].flatMap((p) => (p.kind === 'human' ? [p.id] : []));
}

/**
 * A board's buttons: the choices of the seat it serves (app/table/seat.ts), put into words. On a
 * board of one's own (by link) its owner's choices; on a shared board (a group, a game against the
 * bot) the choices of whoever is to act, and a claim for the waiting player. The keyboard decides
 * nothing: what may be pressed comes from the seat's choices, and the table checks every press.
 */
export function gameKeyboard(rec: GameRecord, t: Translate, n: Numbering, opts: KeyboardOptions = {}): InlineKeyboard {
  const kb = new InlineKeyboard();
  const m = rec.match;
  const g = m.game;
  const facts = gameFacts(rec);
  const data = (act: GameAct): string => gameData(rec.id, rec.v, act);
  const check = (): string => encode({ kind: 'check', id: rec.id });
  const context: SeatContext = { claimable: opts.claim ?? null, hints: opts.hints ?? 'auto' };
  const owner = opts.seatOwner ?? null;
  const own = rec.kind === 'link' && owner !== null;
  const choices = seatChoices(rec, actingUser(rec, owner), context);
  const resignMenu = (): InlineKeyboard => {
    for (const c of resignChoices(rec, t)) kb.text(c.label, data({ type: 'resign', level: c.level })).row();
    return kb.text(t('btn-back'), data({ type: 'back' }));
  };
  // The claim belongs to the waiting player: on one's own board to its owner, on a shared one to
  // whichever of the two has it.
  const claimRow = (): void => {
    const claimant = own ? choices : humansOf(rec).map((u) => seatChoices(rec, u, context)).find((c) => c.claim);
    const claim = claimant?.claim;
    if (claim) kb.row().text(t('btn-claim', { name: playerName(rec.players[claim.idle], t), match: rec.match.length > 1 ? 'yes' : 'no' }), encode({ kind: 'claim', id: rec.id, key: claim.key }));
  };
  // On a board of one's own, the opponent's turn shows only Resign… (and a claim).
  if (own && choices.toAct !== null && choices.toAct !== choices.side) {
    if (opts.resignMenu && choices.resign.length) return resignMenu();
    if (choices.resign.length) kb.text(t('btn-resign'), data({ type: 'resign-menu' }));
    claimRow();
    openBoardRow(kb, t, opts.openBoard);
    return kb;
  }
  if (choices.afterMatch) {
    if (choices.rematch) kb.text(t('btn-rematch'), data({ type: 'rematch' }));
    return kb
      .text(t('btn-new-game'), encode({ kind: 'menu', item: rec.kind === 'bot' ? 'bot' : 'friend' }))
      .row()
      .text(t('btn-review'), encode({ kind: 'review', id: rec.id, act: 'review' }))
      .text(t('btn-export'), encode({ kind: 'review', id: rec.id, act: 'export' }))
      .row()
      .text(t('btn-check-dice'), check());
  }
  if (choices.next) return kb.text(t('btn-next-game'), data({ type: 'next' })).row().text(t('btn-check-dice'), check());
  if (opts.resignMenu && choices.resign.length) return resignMenu();
  if (choices.roll) {
    kb.text(t('btn-roll'), data({ type: 'roll' }));
    if (choices.double !== null) kb.text(t('btn-double', { value: choices.double }), data({ type: 'double' }));
    if (choices.resign.length) kb.row().text(t('btn-resign'), data({ type: 'resign-menu' }));
  } else if (choices.steps.length || choices.done || choices.undo) {
    const view = facts.turn!;
    const side = facts.onTurn;
    const turn = { gameNo: m.gameNo, roll: g.rolls, steps: view.taken.length };
    if (choices.plays.length > 0 && choices.plays.length <= WHOLE_PLAYS) {
      // Few ways to play the roll: each is one button (one press, one edit).
      for (const play of view.plays) kb.text(playIn(n, side, playersNotation(play.text)), gameData(rec.id, rec.v, { type: 'play', moves: play.moves }, turn)).row();
    } else {
      choices.steps.forEach((step, i) => {
        if (i > 0 && i % 4 === 0) kb.row();
        kb.text(stepLabel(step, n, side), gameData(rec.id, rec.v, { type: 'step', step }, turn));
      });
      if (choices.undo || choices.done) kb.row();
      if (choices.undo) kb.text(t('btn-undo'), data({ type: 'undo' }));
      if (choices.done) kb.text(t('btn-done'), data({ type: 'done' }));
    }
  } else if (choices.take !== null) {
    kb.text(t('btn-take', { value: choices.take }), data({ type: 'take' })).text(t('btn-pass', { points: g.cube.value }), data({ type: 'drop' }));
  } else if (choices.accept !== null) {
    kb.text(t('btn-accept-resign', { points: choices.accept }), data({ type: 'accept' })).text(t('btn-decline-resign'), data({ type: 'decline' }));
  } else if (choices.opening) {
    kb.text(t('btn-roll'), data({ type: 'roll' }));
  }
  if (choices.hint) kb.row().text(t('btn-hint'), encode({ kind: 'hint', id: rec.id, v: rec.v }));
  claimRow();
  openBoardRow(kb, t, opts.openBoard);
  return kb;
}


/** The main menu (a private chat); with the Mini App, its board of one's games too. */
export function mainMenu(t: Translate, webAppUrl: string | null = null): InlineKeyboard {
  const kb = webAppUrl ? new InlineKeyboard().webApp(t('menu-open-board'), `${webAppUrl}/`).row() : new InlineKeyboard();
  return kb
    .text(t('menu-play-bot'), encode({ kind: 'menu', item: 'bot' }))
    .text(t('menu-play-friend'), encode({ kind: 'menu', item: 'friend' }))
    .row()
    .text(t('menu-find'), encode({ kind: 'menu', item: 'find' }))
    .text(t('menu-puzzle'), encode({ kind: 'menu', item: 'puzzle' }))
    .row()
    .text(t('menu-rules'), encode({ kind: 'menu', item: 'rules' }))
    .text(t('menu-settings'), encode({ kind: 'menu', item: 'settings' }))
    .row()
    .text(t('menu-stats'), encode({ kind: 'menu', item: 'stats' }))
    .text(t('menu-help'), encode({ kind: 'menu', item: 'help' }));
}

export function variantMenu(t: Translate): InlineKeyboard {
  return new InlineKeyboard()
    .text(t('variant-long'), encode({ kind: 'play-bot', variant: 'long', level: null, length: null }))
    .text(t('variant-short'), encode({ kind: 'play-bot', variant: 'short', level: null, length: null }));
}

/** The levels, in one row; with `length` (typed with /play) each starts the game at once. */
export function levelMenu(t: Translate, variant: Variant, length: number | null = null): InlineKeyboard {
  const kb = new InlineKeyboard();
  for (const level of OFFERED_LEVELS) kb.text(t(`level-${level}`), encode({ kind: 'play-bot', variant, level, length }));
  return kb;
}

export function lengthMenu(t: Translate, variant: Variant, level: BotLevel): InlineKeyboard {
  const kb = new InlineKeyboard();
  for (const n of MATCH_LENGTHS) kb.text(n === 1 ? t('length-single') : t('length-match', { n }), encode({ kind: 'play-bot', variant, level, length: n }));
  return kb.row().text(t('length-other'), encode({ kind: 'play-bot', variant, level, length: 'other' }));
}

/** A game with the bot is already in progress: continue it, or start the one chosen anyway. */
export function inProgressKeyboard(t: Translate, gameId: string, start: { variant: Variant; level: BotLevel; length: number } | null): InlineKeyboard {
  const kb = new InlineKeyboard().text(t('btn-continue'), encode({ kind: 'continue', id: gameId }));
  if (start) kb.row().text(t('btn-start-another'), encode({ kind: 'play-bot', ...start, another: true }));
  return kb;
}

export function rulesChooser(t: Translate, group: { lang: Lang; user: number } | null = null): InlineKeyboard {
  const g = group ? { group } : {};
  return new InlineKeyboard().text(t('variant-long'), encode({ kind: 'rules', variant: 'long', page: 0, ...g })).text(t('variant-short'), encode({ kind: 'rules', variant: 'short', page: 0, ...g }));
}

/** Lesson pages; in a group they stay in one language and only the person who asked turns them. */
export function lessonNav(t: Translate, variant: Variant, page: number, total: number, group: { lang: Lang; user: number } | null = null): InlineKeyboard {
  const g = group ? { group } : {};
  const kb = new InlineKeyboard();
  if (page > 0) kb.text(t('btn-prev'), encode({ kind: 'rules', variant, page: page - 1, ...g }));
  if (page + 1 < total) kb.text(t('btn-next'), encode({ kind: 'rules', variant, page: page + 1, ...g }));
  const other: Variant = variant === 'long' ? 'short' : 'long';
  return kb.row().text(t(variant === 'long' ? 'rules-to-short' : 'rules-to-long'), encode({ kind: 'rules', variant: other, page: 0, ...g }));
}

export function challengeKeyboard(t: Translate, c: Challenge): InlineKeyboard {
  const kb = new InlineKeyboard().text(t('btn-accept'), encode({ kind: 'challenge', id: c.id, act: 'accept' }));
  if (c.target) kb.text(t('btn-decline'), encode({ kind: 'challenge', id: c.id, act: 'decline' }));
  return kb.text(t('btn-cancel'), encode({ kind: 'challenge', id: c.id, act: 'cancel' }));
}

/** /cancel in a private chat: leave which game (each one's cost is in the text), or keep playing. */
export function abandonKeyboard(t: Translate, games: readonly GameRecord[]): InlineKeyboard {
  const kb = new InlineKeyboard();
  for (const g of games) kb.text(games.length > 1 ? t('btn-abandon-game', { variant: t(`variant-${g.match.variant}`) }) : t('btn-abandon'), encode({ kind: 'abandon', id: g.id, v: g.v })).row();
  return kb.text(t('btn-keep'), encode({ kind: 'keep' }));
}

/** A resign message for one person: the levels with their points, or never mind. */
export function resignKeyboard(t: Translate, rec: GameRecord, user: number): InlineKeyboard {
  const kb = new InlineKeyboard();
  for (const c of resignChoices(rec, t)) kb.text(c.label, encode({ kind: 'resign', id: rec.id, user, act: c.level })).row();
  return kb.text(t('btn-never-mind'), encode({ kind: 'resign', id: rec.id, user, act: 'never-mind' }));
}

/** Several games in a group: which one to resign. */
export function resignChooser(t: Translate, games: ReadonlyArray<{ id: string; label: string }>, user: number): InlineKeyboard {
  const kb = new InlineKeyboard();
  for (const g of games) kb.text(g.label, encode({ kind: 'resign', id: g.id, user, act: 'menu' })).row();
  return kb;
}

export function settingsKeyboard(t: Translate, st: UserSettings, lang: Lang): InlineKeyboard {
  const mark = (on: boolean, label: string): string => (on ? `✅ ${label}` : label);
  const s = (change: Parameters<typeof encode>[0] & { kind: 'settings' }): string => encode(change);
  const kb = new InlineKeyboard();
  for (const l of LANGS) kb.text(mark(lang === l, LANG_NAMES[l]), s({ kind: 'settings', change: { key: 'lang', value: l } }));
  kb.row()
    .text(mark(st.orientation === 'own', t('settings-orient-own')), s({ kind: 'settings', change: { key: 'orientation', value: 'own' } }))
    .text(mark(st.orientation === 'white', t('settings-orient-white')), s({ kind: 'settings', change: { key: 'orientation', value: 'white' } }))
    .row();
  for (const a of AUTO_ROLLS) kb.text(mark(st.autoRoll === a, t(`settings-autoroll-${a}`)), s({ kind: 'settings', change: { key: 'autoRoll', value: a } }));
  return kb
    .row()
    .text(t(st.confirm ? 'settings-confirm-on' : 'settings-confirm-off'), s({ kind: 'settings', change: { key: 'confirm', value: !st.confirm } }))
    .row()
    .text(mark(st.theme === 'wood', t('settings-theme-wood')), s({ kind: 'settings', change: { key: 'theme', value: 'wood' } }))
    .text(mark(st.theme === 'dark', t('settings-theme-dark')), s({ kind: 'settings', change: { key: 'theme', value: 'dark' } }))
    .row()
    .add(...HINT_MODES.map((h) => InlineKeyboard.text(mark(st.hints === h, t(`settings-hints-${h}`)), s({ kind: 'settings', change: { key: 'hints', value: h } }))))
    .row()
    .text(t(st.notices ? 'settings-notices-on' : 'settings-notices-off'), s({ kind: 'settings', change: { key: 'notices', value: !st.notices } }))
    .row()
    .text(t(st.sharePuzzles ? 'settings-share-on' : 'settings-share-off'), s({ kind: 'settings', change: { key: 'sharePuzzles', value: !st.sharePuzzles } }));
}
