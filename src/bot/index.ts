/** The grammY bot: plugins, features, error handling. */
import { autoRetry } from '@grammyjs/auto-retry';
import { conversations, createConversation } from '@grammyjs/conversations';
import { sequentialize } from '@grammyjs/runner';
import { Bot, GrammyError, HttpError, type Context } from 'grammy';
import { Games } from '../app/games.js';
import type { Config } from '../config.js';
import type { Logger } from '../logger.js';
import { readSettings, type Lang, type Store, type UserSettings } from '../store/types.js';
import { Boards } from './board.js';
import type { Ctx } from './context.js';
import { challengeFeature } from './features/challenge.js';
import { gameFeature } from './features/game.js';
import { LENGTH_DIALOGUE, lengthDialogue } from './features/length-dialogue.js';
import { menuFeature } from './features/menu.js';
import { miscFeature } from './features/misc.js';
import { rulesFeature } from './features/rules.js';
import { settingsFeature } from './features/settings.js';
import { createI18n, langFromTelegram } from './i18n.js';
import type { Services } from './services.js';

export interface CreatedBot {
  readonly bot: Bot<Ctx>;
  readonly services: Services;
}

export function createBot(config: Config, store: Store, log: Logger): CreatedBot {
  const bot = new Bot<Ctx>(config.botToken, { client: config.apiRoot ? { apiRoot: config.apiRoot } : {} });
  // 429s wait and retry; network hiccups too.
  bot.api.config.use(autoRetry({ maxRetryAttempts: 5, maxDelaySeconds: 60 }));

  const settings = (userId: number): Promise<UserSettings> => readSettings(store, userId);
  const langOf = async (ctx: Ctx): Promise<Lang> => {
    if (!ctx.from) return config.defaultLanguage;
    const st = await store.getUser(ctx.from.id);
    return st?.lang ?? langFromTelegram(ctx.from.language_code, config.defaultLanguage);
  };
  const i18n = createI18n<Ctx>(config.defaultLanguage, langOf);
  const games = new Games({ store, settings });
  const boards = new Boards({ api: bot.api, i18n, games, log, settings });
  const services: Services = { config, store, games, boards, i18n, log, settings, langOf };

  // Updates of one chat are handled in order (different chats run concurrently): a reply never
  // overtakes the button press before it, and two presses on one board apply one after the other.
  bot.use(sequentialize((ctx) => (ctx.chat?.id ?? ctx.from?.id)?.toString()));
  bot.use(i18n);
  // Dialogues keep their state in the game store (a day at most), keyed by chat. Only private text
  // messages and the button that opens a dialogue can concern one: game buttons skip this.
  const dialogues = bot.filter((ctx) => ctx.chat?.type === 'private' && (ctx.message?.text !== undefined || /\|other$/.test(ctx.callbackQuery?.data ?? '')));
  dialogues.use(
    conversations<Ctx, Context>({
      storage: {
        type: 'key',
        version: 1,
        prefix: 'conversation:',
        adapter: {
          read: async (key) => (await store.getState(key)) as never,
          write: (key, state) => store.setState(key, state, 86_400),
          delete: (key) => store.deleteState(key),
        },
      },
    }),
  );
  dialogues.use(createConversation<Ctx, Context>(lengthDialogue(services), LENGTH_DIALOGUE));
  bot.use(menuFeature(services));
  bot.use(challengeFeature(services));
  bot.use(gameFeature(services));
  bot.use(rulesFeature(services));
  bot.use(settingsFeature(services));
  bot.use(miscFeature(services));
  bot.on('callback_query:data', async (ctx) => {
    await ctx.answerCallbackQuery(ctx.t('toast-bad-button'));
  });

  bot.catch(async (err) => {
    const e = err.error;
    if (e instanceof GrammyError) log.error({ method: e.method, description: e.description }, 'Telegram refused a request');
    else if (e instanceof HttpError) log.error({ err: e.error }, 'could not reach Telegram');
    else log.error({ err: e }, 'error while handling an update');
    if (err.ctx.callbackQuery) await err.ctx.answerCallbackQuery(err.ctx.t('toast-error')).catch(() => undefined);
  });

  return { bot, services };
}

/** Command menus for both languages, separately for private chats and groups. */
export async function publishCommands(bot: Bot<Ctx>, services: Services): Promise<void> {
  const t = (lang: Lang, key: string): string => services.i18n.t(lang, key);
  const privateCmds = ['start', 'play', 'rules', 'settings', 'resign', 'cancel', 'fair', 'help'];
  const groupCmds = ['play', 'rules', 'resign', 'cancel', 'fair', 'help'];
  for (const lang of ['ru', 'en'] as const) {
    const list = (names: string[]) => names.map((command) => ({ command, description: t(lang, `cmd-${command}`) }));
    const language = lang === services.config.defaultLanguage ? undefined : lang;
    for (const code of language ? [language] : [undefined, lang]) {
      await bot.api.setMyCommands(list(privateCmds), { scope: { type: 'all_private_chats' }, ...(code ? { language_code: code } : {}) });
      await bot.api.setMyCommands(list(groupCmds), { scope: { type: 'all_group_chats' }, ...(code ? { language_code: code } : {}) });
    }
  }
}
