import type { I18n } from '@grammyjs/i18n';
import type { Api } from 'grammy';
import type { App } from '../app/index.js';
import type { GameRecord, Lang } from '../app/model.js';
import type { Config } from '../config.js';
import type { Logger } from '../logger.js';
import type { Boards, ShowOptions } from './board/delivery.js';
import type { Ctx } from './context.js';
import type { Translate } from '../present/text.js';

/** What the features need, built once in createBot. */
export interface Services {
  readonly config: Config;
  /** The bot's API (every call through the outbox); what features send outside a ctx uses it. */
  readonly api: Api;
  readonly app: App;
  readonly boards: Boards;
  readonly i18n: I18n<Ctx>;
  readonly log: Logger;
  langOf(ctx: Ctx): Promise<Lang>;
  t(lang: Lang): Translate;
  /** How long a new message to this chat would wait for Telegram's limits now, in ms. */
  chatDelay(chatId: number): number;
}

/**
 * Show a game's board (the press is answered before). The board goes out paced and coalesced;
 * this waits only until every instance can see that the board is wanted at this version.
 */
export async function showGame(s: Services, rec: GameRecord, opts: ShowOptions = {}): Promise<GameRecord> {
  // Noted as wanted before the caller's update leaves the inbox; delivered in the background. A
  // state with the bot to act is not drawn: the table is taking the bot's turn, whose move comes
  // as a change of its own.
  void (await s.boards.begin(rec, opts));
  return rec;
}
