import { I18n } from '@grammyjs/i18n';
import { fileURLToPath } from 'node:url';
import type { Lang } from '../store/types.js';

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

const RUSSIAN_LIKE = ['ru', 'uk', 'be', 'kk', 'uz', 'ky', 'tg', 'hy', 'az', 'ka', 'tt', 'ba'];

/** Russian by default and for the languages of its neighbours; English for everyone else. */
export function langFromTelegram(code: string | undefined, fallback: Lang): Lang {
  if (!code) return fallback;
  const base = code.toLowerCase().split(/[-_]/)[0]!;
  if (base === 'en') return 'en';
  if (RUSSIAN_LIKE.includes(base)) return 'ru';
  return 'en';
}
