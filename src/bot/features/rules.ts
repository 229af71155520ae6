/** /rules: lessons with board pictures drawn by the renderer, next/previous buttons. */
import { Composer, InlineKeyboard, InputFile } from 'grammy';
import type { Variant } from '../../engine/types.js';
import { renderPosition } from '../../render/index.js';
import { lessonsOf } from '../../rules/lessons.js';
import type { Lang } from '../../store/types.js';
import { parseCallback } from '../codec.js';
import type { Ctx } from '../context.js';
import type { Services } from '../services.js';

export function rulesChooser(ctx: Ctx): InlineKeyboard {
  return new InlineKeyboard().text(ctx.t('variant-long'), 'ru|long|0').text(ctx.t('variant-short'), 'ru|short|0');
}

const pictures = new Map<string, Promise<Buffer>>();

function picture(variant: Variant, page: number, lang: Lang, t: (k: string) => string): Promise<Buffer> {
  const lesson = lessonsOf(variant)[page]!;
  const key = `${lesson.id}:${lang}`;
  let p = pictures.get(key);
  if (!p) {
    p = renderPosition(lesson.position, {
      ...lesson.view,
      names: { white: t('side-white'), black: t('side-black') },
      labels: { pips: t('label-pips'), off: t('label-off'), score: t('label-score') },
    });
    pictures.set(key, p);
  }
  return p;
}

function lessonCaption(ctx: Ctx, variant: Variant, page: number): string {
  const lesson = lessonsOf(variant)[page]!;
  const total = lessonsOf(variant).length;
  return `${ctx.t(`lesson-${lesson.id}-title`)} (${page + 1}/${total})\n\n${ctx.t(`lesson-${lesson.id}-text`)}`.slice(0, 1024);
}

function nav(variant: Variant, page: number, ctx: Ctx): InlineKeyboard {
  const total = lessonsOf(variant).length;
  const kb = new InlineKeyboard();
  if (page > 0) kb.text(ctx.t('btn-prev'), `ru|${variant}|${page - 1}`);
  if (page + 1 < total) kb.text(ctx.t('btn-next'), `ru|${variant}|${page + 1}`);
  kb.row().text(ctx.t(variant === 'long' ? 'rules-to-short' : 'rules-to-long'), `ru|${variant === 'long' ? 'short' : 'long'}|0`);
  return kb;
}

export async function sendLesson(ctx: Ctx, s: Services, variant: Variant, page: number): Promise<void> {
  const lang = await s.langOf(ctx);
  const png = await picture(variant, page, lang, (k) => ctx.t(k));
  await ctx.replyWithPhoto(new InputFile(png, 'rules.png'), { caption: lessonCaption(ctx, variant, page), reply_markup: nav(variant, page, ctx) });
}

export function rulesFeature(s: Services): Composer<Ctx> {
  const c = new Composer<Ctx>();

  c.command('rules', async (ctx) => {
    const arg = ctx.match.trim().toLowerCase();
    const variant: Variant | null = /^(long|длинные|long-nardy)$/.test(arg) ? 'long' : /^(short|короткие|backgammon)$/.test(arg) ? 'short' : null;
    if (arg && !variant) return void (await ctx.reply(ctx.t('rules-unknown', { arg: arg.slice(0, 30) }), { reply_markup: rulesChooser(ctx) }));
    if (!variant) return void (await ctx.reply(ctx.t('rules-choose'), { reply_markup: rulesChooser(ctx) }));
    await sendLesson(ctx, s, variant, 0);
  });

  c.callbackQuery(/^ru\|/, async (ctx) => {
    const cb = parseCallback(ctx.callbackQuery.data);
    if (!cb || cb.kind !== 'rules' || cb.page >= lessonsOf(cb.variant).length) return void (await ctx.answerCallbackQuery(ctx.t('toast-bad-button')));
    await ctx.answerCallbackQuery();
    const msg = ctx.callbackQuery.message;
    if (msg && 'photo' in msg && msg.photo) {
      const lang = await s.langOf(ctx);
      const png = await picture(cb.variant, cb.page, lang, (k) => ctx.t(k));
      await ctx
        .editMessageMedia({ type: 'photo', media: new InputFile(png, 'rules.png'), caption: lessonCaption(ctx, cb.variant, cb.page) }, { reply_markup: nav(cb.variant, cb.page, ctx) })
        .catch((e: unknown) => {
          if (!/not modified/i.test(String(e))) throw e;
        });
    } else {
      await sendLesson(ctx, s, cb.variant, cb.page);
    }
  });

  return c;
}
