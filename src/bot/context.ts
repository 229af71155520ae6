import type { Context } from 'grammy';
import type { I18nFlavor } from '@grammyjs/i18n';

export type Ctx = Context & I18nFlavor;
