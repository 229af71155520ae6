import type { I18n } from '@grammyjs/i18n';
import type { Games } from '../app/games.js';
import type { Config } from '../config.js';
import type { Logger } from '../logger.js';
import type { Lang, Store, UserSettings } from '../store/types.js';
import type { Boards } from './board.js';
import type { Ctx } from './context.js';

/** What the features need, built once in createBot. */
export interface Services {
  readonly config: Config;
  readonly store: Store;
  readonly games: Games;
  readonly boards: Boards;
  readonly i18n: I18n<Ctx>;
  readonly log: Logger;
  settings(userId: number): Promise<UserSettings>;
  langOf(ctx: Ctx): Promise<Lang>;
}

export function displayName(from: { first_name: string; last_name?: string; username?: string }): string {
  const name = [from.first_name, from.last_name].filter(Boolean).join(' ').trim();
  return name || (from.username ? `@${from.username}` : 'Player');
}
