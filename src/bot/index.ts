/** The grammY bot: the use cases, the outbox, the features, error handling. */
import { conversations, createConversation } from '@grammyjs/conversations';
import { sequentialize } from '@grammyjs/runner';
import { Bot, type Context } from 'grammy';
import type { App } from '../app/index.js';
import type { Lang } from '../app/model.js';
import { langFromTelegram } from '../app/players.js';
import type { Config } from '../config.js';
import type { Logger } from '../logger.js';
import { Boards } from './board.js';
import { commandGroup } from './commands.js';
import type { Ctx } from './context.js';
import { challengeFeature } from './features/challenge.js';
import { gameFeature } from './features/game.js';
import { LENGTH_DIALOGUE, lengthDialogue } from './features/length-dialogue.js';
import { migrateFeature } from './features/migrate.js';
import { playFeature } from './features/play.js';
import { rulesFeature } from './features/rules.js';
import { settingsFeature } from './features/settings.js';
import { menuFeature, start } from './features/start.js';
import { createI18n } from './i18n.js';
import { Outbox, type OutboxOptions } from './outbox.js';
import type { Services } from './services.js';
import { translator } from './view/text.js';

export interface CreatedBot {
  readonly bot: Bot<Ctx>;
  readonly services: Services;
  readonly publishCommands: () => Promise<void>;
}

export interface BotOptions {
  readonly outbox?: Partial<OutboxOptions>;
}

export function createBot(config: Config, app: App, log: Logger, opts: BotOptions = {}): CreatedBot {
  const bot = new Bot<Ctx>(config.botToken, { client: config.apiRoot ? { apiRoot: config.apiRoot } : {} });
  const outbox = new Outbox({ log, ...opts.outbox });
  bot.api.config.use(outbox.transformer);

  const langOf = async (ctx: Ctx): Promise<Lang> => {
    if (!ctx.from) return config.defaultLanguage;
    return app.players.language(ctx.from.id, ctx.from.language_code);
  };
  const i18n = createI18n<Ctx>(config.defaultLanguage, langOf);
  const boards = new Boards({ api: bot.api, i18n, places: app.places, players: app.players, log });
  const services: Services = { config, app, boards, i18n, log, langOf, t: (lang) => translator(i18n, lang) };

  // Updates of one chat are handled in order (different chats run concurrently): a reply never
  // overtakes the button press before it, and two presses on one board apply one after the other.
  bot.use(sequentialize((ctx) => (ctx.chat?.id ?? ctx.from?.id)?.toString()));
  bot.use(i18n);
  // Dialogues keep their state in the store (a day at most), keyed by chat. Only private text
  // messages and the button that opens a dialogue can concern one: game buttons skip this.
  const dialogues = bot.filter((ctx) => ctx.chat?.type === 'private' && (ctx.message?.text !== undefined || /\|other$/.test(ctx.callbackQuery?.data ?? '')));
  dialogues.use(
    conversations<Ctx, Context>({
      storage: {
        type: 'key',
        version: 1,
        prefix: 'conversation:',
        adapter: {
          read: async (key) => (await app.dialogues.read(key)) as never,
          write: (key, state) => app.dialogues.write(key, state, 86_400),
          delete: (key) => app.dialogues.delete(key),
        },
      },
    }),
  );
  dialogues.use(createConversation<Ctx, Context>(lengthDialogue(services), LENGTH_DIALOGUE));
  const commands = commandGroup(services, app.fair);
  bot.use(commands);
  // /start in a group is answered too, but is not in the group menu.
  bot.chatType(['group', 'supergroup']).command('start', (ctx) => start(ctx as unknown as Ctx));
  bot.use(menuFeature(services));
  bot.use(playFeature(services));
  bot.use(challengeFeature(services));
  bot.use(gameFeature(services));
  bot.use(rulesFeature(services));
  bot.use(settingsFeature(services));
  bot.use(migrateFeature(services));
  bot.on('callback_query:data', async (ctx) => {
    await ctx.answerCallbackQuery(ctx.t('toast-bad-button'));
  });

  bot.catch(async (err) => {
    log.error({ err: err.error, update: err.ctx.update.update_id }, 'error while handling an update');
    if (err.ctx.callbackQuery) {
      const lang = langFromTelegram(err.ctx.from?.language_code, config.defaultLanguage);
      await err.ctx.answerCallbackQuery(i18n.t(lang, 'toast-error')).catch((e: unknown) => log.warn({ err: e }, 'could not answer the failed button'));
    }
  });

  return { bot, services, publishCommands: () => commands.setCommands(bot) };
}
