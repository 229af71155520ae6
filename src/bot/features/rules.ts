/** /rules: lessons with board pictures drawn by the renderer, next/previous buttons. */
import { answerQuery } from '../replies.js';
import { Composer, InputFile } from 'grammy';
import type { Lang } from '../../app/model.js';
import type { Variant } from '../../engine/types.js';
import { lessonsOf } from '../../lessons/lessons.js';
import { renderPosition } from '../../render/index.js';
import type { Ctx } from '../context.js';
import { attempt } from '../outbox.js';
import { boardLabels } from '../../present/board.js';
import type { Services } from '../services.js';
import { lessonNav, rulesChooser } from '../view/keyboard.js';
import { quote, type Translate } from '../../present/text.js';
import { badButton, onButton } from '../buttons.js';

const pictures = new Map<string, Promise<Buffer>>();

function picture(variant: Variant, page: number, lang: Lang, t: Translate): Promise<Buffer> {
  const lesson = lessonsOf(variant)[page]!;
  const key = `${lesson.id}:${lang}`;
  let p = pictures.get(key);
  if (!p) {
    p = renderPosition(lesson.position, {
      ...lesson.view,
      names: { white: t('side-white'), black: t('side-black') },
      labels: boardLabels(t),
    });
    pictures.set(key, p);
  }
  return p;
}

function lessonCaption(t: Translate, variant: Variant, page: number): string {
  const lesson = lessonsOf(variant)[page]!;
  const total = lessonsOf(variant).length;
  return `${t(`lesson-${lesson.id}-title`)} (${page + 1}/${total})\n\n${t(`lesson-${lesson.id}-text`)}`.slice(0, 1024);
}

/** Who may turn a lesson's pages in a group, and its language there (null in a private chat). */
type Group = { lang: Lang; user: number } | null;

export async function sendLesson(ctx: Ctx, s: Services, variant: Variant, page: number, group: Group): Promise<void> {
  const lang = group?.lang ?? (await s.langOf(ctx));
  const t = s.t(lang);
  const png = await picture(variant, page, lang, t);
  await ctx.replyWithPhoto(new InputFile(png, 'rules.png'), { caption: lessonCaption(t, variant, page), reply_markup: lessonNav(t, variant, page, lessonsOf(variant).length, group) });
}

async function groupOf(ctx: Ctx, s: Services): Promise<Group> {
  return ctx.chat?.type === 'private' ? null : { lang: await s.langOf(ctx), user: ctx.from!.id };
}

export function rulesCommand(s: Services) {
  return async (ctx: Ctx): Promise<void> => {
    const t = ctx.t.bind(ctx);
    const arg = (typeof ctx.match === 'string' ? ctx.match : '').trim().toLowerCase();
    const variant: Variant | null = /^(long|длинные|длинная|нарды|long-nardy)$/.test(arg) ? 'long' : /^(short|короткие|короткая|backgammon|бэкгаммон)$/.test(arg) ? 'short' : null;
    const group = await groupOf(ctx, s);
    if (arg && !variant) return void (await ctx.reply(t('rules-unknown', { arg: quote(arg, 30) }), { reply_markup: rulesChooser(t, group) }));
    if (!variant) return void (await ctx.reply(t('rules-choose'), { reply_markup: rulesChooser(t, group) }));
    await sendLesson(ctx, s, variant, 0, group);
  };
}

export function rulesFeature(s: Services): Composer<Ctx> {
  const c = new Composer<Ctx>();
  onButton(c, 'rules', async (ctx, cb) => {
    if (cb.page >= lessonsOf(cb.variant).length) return void (await badButton(ctx));
    // In a group a lesson belongs to whoever asked for it; it stays in its language.
    const group = cb.group ?? (ctx.chat && ctx.chat.type !== 'private' ? { lang: await s.langOf(ctx), user: ctx.from.id } : null);
    if (cb.group && cb.group.user !== ctx.from.id) return void (await answerQuery(ctx, ctx.t('toast-lesson-other')));
    await answerQuery(ctx);
    const msg = ctx.callbackQuery.message;
    const lang = group?.lang ?? (await s.langOf(ctx));
    const t = s.t(lang);
    if (msg && 'photo' in msg && msg.photo) {
      const png = await picture(cb.variant, cb.page, lang, t);
      const r = await attempt(
        () => ctx.editMessageMedia({ type: 'photo', media: new InputFile(png, 'rules.png'), caption: lessonCaption(t, cb.variant, cb.page) }, { reply_markup: lessonNav(t, cb.variant, cb.page, lessonsOf(cb.variant).length, group) }),
        ['not-modified', 'gone'],
      );
      if (!r.ok && r.kind === 'gone') await sendLesson(ctx, s, cb.variant, cb.page, group);
    } else {
      await sendLesson(ctx, s, cb.variant, cb.page, group);
    }
  });
  return c;
}
