import type { CommandsFlavor } from '@grammyjs/commands';
import type { ConversationFlavor } from '@grammyjs/conversations';
import type { I18nFlavor } from '@grammyjs/i18n';
import type { Context } from 'grammy';

/** When the update reached this process (performance.now()), for the answer-time metric. */
export interface ReceivedFlavor {
  receivedAt?: number;
  /** Told how long the press took once answered (this bot's metrics; absent without them). */
  answered?: (ms: number) => void;
}

export type Ctx = ConversationFlavor<Context & I18nFlavor & CommandsFlavor & ReceivedFlavor>;
