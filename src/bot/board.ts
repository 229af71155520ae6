/**
 * The game message: caption, keyboard and picture of a game record, and the one path that puts
 * it in the chat (send a photo, or edit it in place with the new picture, caption and keyboard
 * in one editMessageMedia call).
 */
import type { Api } from 'grammy';
import { GrammyError, InlineKeyboard, InputFile } from 'grammy';
import type { I18n } from '@grammyjs/i18n';
import { actor, canDouble, currentTurn, displayPosition } from '../engine/game.js';
import type { TurnView } from '../engine/turn.js';
import { pipCount } from '../engine/position.js';
import { otherSide, type Side } from '../engine/types.js';
import { renderPosition, type RenderOptions } from '../render/index.js';
import { DEFAULT_SETTINGS, type GameRecord, type Lang, type PlayerRef, type UserSettings } from '../store/types.js';
import type { Games } from '../app/games.js';
import type { Logger } from '../logger.js';
import { gameData } from './codec.js';

export type Translate = (key: string, args?: Record<string, string | number>) => string;

export function translator(i18n: Pick<I18n, 't'>, lang: Lang): Translate {
  return (key, args) => i18n.t(lang, key, args);
}

export function playerName(p: PlayerRef, t: Translate): string {
  return p.kind === 'human' ? p.name : t('bot-name', { level: t(`level-${p.level}`) });
}

const DISC: Record<Side, string> = { white: '⚪', black: '⚫' };

function stepLabel(from: number, to: number): string {
  return `${from === 25 ? 'bar' : from}→${to === 0 ? 'off' : to}`;
}

/** Which side's point of view the shared board takes. */
export function viewerOf(rec: GameRecord, settings: UserSettings): Side {
  if (settings.orientation === 'white') return 'white';
  if (rec.kind === 'bot') return rec.players.white.kind === 'human' ? 'white' : 'black';
  // Between two people the board turns to whoever is to act, so its numbers match the buttons.
  const g = rec.match.game;
  return actor(g) ?? g.position.turn;
}

export function caption(rec: GameRecord, t: Translate): string {
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
  if (rec.note) lines.push(t(rec.note.key, { ...(rec.note.args ?? {}), side: rec.note.args?.side ? playerName(rec.players[rec.note.args.side as Side], t) : '' }));
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

export function keyboard(rec: GameRecord, t: Translate, opts: { resignMenu?: boolean } = {}): InlineKeyboard {
  const kb = new InlineKeyboard();
  const m = rec.match;
  const g = m.game;
  const data = (act: Parameters<typeof gameData>[2]): string => gameData(rec.id, rec.v, act);
  if (m.winner) {
    return kb.text(t('btn-rematch'), data({ type: 'rematch' })).text(t('btn-new-game'), rec.kind === 'bot' ? 'm|bot' : 'm|friend');
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
      const view: TurnView = currentTurn(g);
      view.next.forEach((step: readonly [number, number], i: number) => {
        if (i > 0 && i % 4 === 0) kb.row();
        kb.text(stepLabel(step[0], step[1]), data({ type: 'step', step }));
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

export function renderOptions(rec: GameRecord, t: Translate, settings: UserSettings): RenderOptions {
  const g = rec.match.game;
  const viewer = viewerOf(rec, settings);
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

export interface BoardDeps {
  readonly api: Api;
  readonly i18n: Pick<I18n, 't'>;
  readonly games: Games;
  readonly log: Logger;
  readonly settings: (userId: number) => Promise<UserSettings>;
}

function isNotModified(e: unknown): boolean {
  return e instanceof GrammyError && /message is not modified/i.test(e.description);
}

function isGone(e: unknown): boolean {
  return e instanceof GrammyError && /message to edit not found|MESSAGE_ID_INVALID|message can't be edited|message to be replied not found/i.test(e.description);
}

/**
 * Puts boards in chats. Edits of one game are serialised and an older version never
 * overwrites a newer one.
 */
export class Boards {
  private readonly chains = new Map<string, Promise<unknown>>();
  private readonly shown = new Map<string, number>();

  constructor(private readonly deps: BoardDeps) {}

  private async owner(rec: GameRecord): Promise<UserSettings> {
    const human = rec.players.white.kind === 'human' ? rec.players.white : rec.players.black.kind === 'human' ? rec.players.black : null;
    return human && human.kind === 'human' ? await this.deps.settings(human.id) : DEFAULT_SETTINGS;
  }

  /** Show the record's board: edit its message, or send a new one (and remember it). */
  show(rec: GameRecord, opts: { resignMenu?: boolean; fresh?: boolean } = {}): Promise<void> {
    const prev = this.chains.get(rec.id) ?? Promise.resolve();
    const run = prev.then(() => this.showNow(rec, opts)).catch((e) => this.deps.log.error({ err: e, game: rec.id }, 'could not show a board'));
    this.chains.set(rec.id, run);
    void run.finally(() => {
      if (this.chains.get(rec.id) === run) this.chains.delete(rec.id);
    });
    return run;
  }

  private async showNow(rec: GameRecord, opts: { resignMenu?: boolean; fresh?: boolean }): Promise<void> {
    const last = this.shown.get(rec.id) ?? -1;
    if (rec.v < last) return; // a newer board is already there
    const t = translator(this.deps.i18n, rec.lang);
    const settings = await this.owner(rec);
    const png = await renderPosition(displayPosition(rec.match.game), renderOptions(rec, t, settings));
    const text = caption(rec, t);
    const markup = keyboard(rec, t, opts);
    const api = this.deps.api;
    const where = await this.deps.games.store.getBoard(rec.id);
    if (where && where.chatId === rec.chatId && !opts.fresh) {
      try {
        await api.editMessageMedia(where.chatId, where.messageId, { type: 'photo', media: new InputFile(png, 'board.png'), caption: text }, { reply_markup: markup });
        this.markShown(rec);
        return;
      } catch (e) {
        if (isNotModified(e)) {
          this.markShown(rec);
          return;
        }
        if (!isGone(e)) throw e;
        this.deps.log.info({ game: rec.id }, 'board message gone; sending a fresh one');
      }
    }
    const msg = await api.sendPhoto(rec.chatId, new InputFile(png, 'board.png'), { caption: text, reply_markup: markup });
    await this.deps.games.store.setBoard(rec.id, { chatId: rec.chatId, messageId: msg.message_id });
    this.markShown(rec);
  }

  /** Remember the newest version shown (bounded: the oldest games are forgotten first). */
  private markShown(rec: GameRecord): void {
    this.shown.delete(rec.id);
    if (!rec.finished) this.shown.set(rec.id, rec.v);
    if (this.shown.size > 20_000) this.shown.delete(this.shown.keys().next().value!);
  }

  /** The board message of a game, if one was sent. */
  async messageOf(rec: GameRecord): Promise<number | null> {
    const where = await this.deps.games.store.getBoard(rec.id);
    return where && where.chatId === rec.chatId ? where.messageId : null;
  }

  /** Remove the keyboard of an old board message (pressed after a newer board was sent). */
  async retire(chatId: number, messageId: number): Promise<void> {
    await this.deps.api.editMessageReplyMarkup(chatId, messageId, { reply_markup: new InlineKeyboard() }).catch(() => undefined);
  }
}
