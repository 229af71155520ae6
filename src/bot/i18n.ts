import { I18n } from '@grammyjs/i18n';
import { fileURLToPath } from 'node:url';
import type { Lang } from '../app/model.js';

export const LOCALES_DIR = fileURLToPath(new URL('../../locales', import.meta.url));

export function createI18n<C extends import('grammy').Context>(defaultLocale: Lang, negotiate: (ctx: C) => Promise<Lang>): I18n<C> {
  return new I18n<C>({
    defaultLocale,
    directory: LOCALES_DIR,
    // No Unicode isolation marks around variables: they show up as junk in some clients.
    fluentBundleOptions: { useIsolating: false },
    localeNegotiator: (ctx) => negotiate(ctx),
  });
}
