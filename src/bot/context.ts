import type { Context } from 'grammy';
import type { ConversationFlavor } from '@grammyjs/conversations';
import type { I18nFlavor } from '@grammyjs/i18n';

export type Ctx = ConversationFlavor<Context & I18nFlavor>;
