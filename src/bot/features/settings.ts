/** /settings: language, board orientation, auto-roll, confirm before Done, theme. */
import { Composer, InlineKeyboard } from 'grammy';
import type { UserSettings } from '../../store/types.js';
import { parseCallback } from '../codec.js';
import type { Ctx } from '../context.js';
import type { Services } from '../services.js';

export async function settingsMessage(ctx: Ctx, s: Services): Promise<{ text: string; keyboard: InlineKeyboard }> {
  const st = await s.settings(ctx.from!.id);
  const lang = await s.langOf(ctx);
  const mark = (on: boolean, label: string): string => (on ? `✅ ${label}` : label);
  const keyboard = new InlineKeyboard()
    .text(mark(lang === 'ru', 'Русский'), 'st|lang|ru')
    .text(mark(lang === 'en', 'English'), 'st|lang|en')
    .row()
    .text(mark(st.orientation === 'own', ctx.t('settings-orient-own')), 'st|orient|own')
    .text(mark(st.orientation === 'white', ctx.t('settings-orient-white')), 'st|orient|white')
    .row()
    .text(ctx.t(st.autoRoll ? 'settings-autoroll-on' : 'settings-autoroll-off'), `st|auto|${st.autoRoll ? 0 : 1}`)
    .text(ctx.t(st.confirm ? 'settings-confirm-on' : 'settings-confirm-off'), `st|confirm|${st.confirm ? 0 : 1}`)
    .row()
    .text(mark(st.theme === 'wood', ctx.t('settings-theme-wood')), 'st|theme|wood')
    .text(mark(st.theme === 'dark', ctx.t('settings-theme-dark')), 'st|theme|dark');
  return { text: ctx.t('settings-title'), keyboard };
}

export function settingsFeature(s: Services): Composer<Ctx> {
  const c = new Composer<Ctx>();

  c.command('settings', async (ctx) => {
    const m = await settingsMessage(ctx, s);
    await ctx.reply(m.text, { reply_markup: m.keyboard });
  });

  c.callbackQuery(/^st\|/, async (ctx) => {
    const cb = parseCallback(ctx.callbackQuery.data);
    if (!cb || cb.kind !== 'settings') return void (await ctx.answerCallbackQuery(ctx.t('toast-bad-button')));
    const cur = await s.settings(ctx.from.id);
    const next: UserSettings = {
      ...cur,
      ...(cb.key === 'lang' ? { lang: cb.value as 'ru' } : {}),
      ...(cb.key === 'orient' ? { orientation: cb.value as 'own' } : {}),
      ...(cb.key === 'auto' ? { autoRoll: cb.value === '1' } : {}),
      ...(cb.key === 'confirm' ? { confirm: cb.value === '1' } : {}),
      ...(cb.key === 'theme' ? { theme: cb.value as 'wood' } : {}),
    };
    await s.store.putUser(ctx.from.id, next);
    if (cb.key === 'lang') ctx.i18n.useLocale(cb.value);
    await ctx.answerCallbackQuery(ctx.t('toast-saved'));
    const m = await settingsMessage(ctx, s);
    await ctx.editMessageText(m.text, { reply_markup: m.keyboard }).catch((e: unknown) => {
      if (!/not modified/i.test(String(e))) throw e;
    });
  });

  return c;
}
