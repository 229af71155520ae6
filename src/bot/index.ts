/** The grammY bot: the use cases, the outbox, the features, error handling. */
import { TournamentDesk, tournamentFeature } from './features/tournament.js';
import { topFeature } from './features/stats.js';
import { puzzleFeature } from './features/puzzle.js';
import { dailyFeature, dailyPoster } from './features/daily.js';
import { findFeature, offerBlock, showSearch } from './features/find.js';
import { WatchDesk } from './features/watch.js';
import { answerQuery } from './replies.js';
import { conversations, createConversation } from '@grammyjs/conversations';
import { sequentialize } from '@grammyjs/runner';
import { Bot, BotError, type Context, type Transformer } from 'grammy';
import { limit } from '@grammyjs/ratelimiter';
import { ChatGate, OncePer } from './fairness.js';
import { isStorageDown, isStorageFull, type App } from '../app/index.js';
import { boundUpdate } from './bounds.js';
import type { Lang } from '../app/model.js';
import { langFromTelegram } from '../app/players.js';
import type { Config } from '../config.js';
import type { Logger } from '../logger.js';
import { Boards } from './board/delivery.js';
import { commandGroup } from './commands.js';
import { lowerCommand } from './command-names.js';
import type { Ctx } from './context.js';
import { challengeFeature } from './features/challenge.js';
import { gameFeature } from './features/game.js';
import { LENGTH_DIALOGUE, lengthDialogue } from './features/length-dialogue.js';
import { migrateFeature } from './features/migrate.js';
import { playFeature } from './features/play.js';
import { rulesFeature } from './features/rules.js';
import { settingsFeature } from './features/settings.js';
import { menuFeature, privateFallback, start } from './features/start.js';
import { resignFeature } from './features/resign.js';
import { abandonFeature } from './features/cancel.js';
import { fairFeature } from './features/fair.js';
import { createI18n } from './i18n.js';
import { attempt, Outbox, OutboxError, type OutboxOptions } from './outbox.js';
import { ChatPacer, TELEGRAM_LIMITS, type SharedSlots } from './pacing.js';
import type { Metrics } from './metrics.js';
import type { Services } from './services.js';
import { translator } from '../present/text.js';
import { friendFeature } from './features/friend.js';
import { inlineFeature } from './features/inline.js';
import { presentTimer } from './features/clock.js';
import { reviewFeature } from './features/review.js';
import { Reviews } from '../app/reviews.js';
import { turnKey } from '../app/clocks.js';
import type { GameRecord } from '../app/model.js';
import type { Side } from '../engine/types.js';

/** Boards owed by a stop that start-up sends at once (each waits on its chat's pace apart). */
const RESUME_AT_ONCE = 4;
/** Start-ups that try to send a board owed by a stop before it is given up. */
const RESUME_TRIES = 3;

/** Messages one person may send in one chat within 5 seconds; more are dropped (a flood). */
const MESSAGES_PER_5S = 6;

/** The chat an update belongs to (its flood is counted there): the chat, or the person for inline updates. */
function chatKey(ctx: Ctx): string | null {
  const id = ctx.chat?.id ?? ctx.from?.id;
  return id === undefined ? null : String(id);
}

/** One person in one chat (the rate limiter's key). */
function personKey(ctx: Ctx): string | undefined {
  return ctx.from ? `${ctx.chat?.id ?? ''}:${ctx.from.id}` : undefined;
}

export interface CreatedBot {
  readonly bot: Bot<Ctx>;
  readonly services: Services;
  readonly publishCommands: () => Promise<void>;
  /** Resolves when every board queued so far has been sent (or given up). */
  /** Resolves when the boards in flight are shown (and the reviews posted, unless `reviews: false`). */
  readonly settled: (opts?: { readonly reviews?: boolean }) => Promise<void>;
  /** Send the boards of games that never got one (the process stopped in between). */
  readonly resume: () => Promise<number>;
  /** Run the due shared timers (move clocks); returns how many fired. */
  readonly tick: () => Promise<number>;
  /** Handle the updates of instances that died before finishing them; returns how many. */
  readonly sweep: () => Promise<number>;
}

export interface BotOptions {
  readonly outbox?: Partial<OutboxOptions>;
  readonly metrics?: Metrics;
  /** Stands in for Telegram beneath the outbox (tests): every call reaches it through the outbox. */
  readonly transport?: Transformer;
  /** The instance's reviews (tests pass their own, to watch the queue). */
  readonly reviews?: Reviews;
}

export function createBot(config: Config, app: App, log: Logger, opts: BotOptions = {}): CreatedBot {
  const bot = new Bot<Ctx>(config.botToken, { client: config.apiRoot ? { apiRoot: config.apiRoot } : {} });
  const scale = config.paceScale;
  const limits = { ...TELEGRAM_LIMITS, privateMs: TELEGRAM_LIMITS.privateMs * scale, groupMs: TELEGRAM_LIMITS.groupMs * scale, globalPerSecond: TELEGRAM_LIMITS.globalPerSecond / scale };
  const metrics = opts.metrics;
  // Slots are booked in the store, so that several instances pace each chat together.
  let paceWarned = 0;
  const shared: SharedSlots = app.pacing;
  const pacer = new ChatPacer(limits, Date.now, shared, (e) => {
    if (Date.now() - paceWarned > 60_000) (paceWarned = Date.now()), log.warn({ err: e }, 'shared pacing unavailable: pacing this process alone');
  });
  const outbox = new Outbox({ log, pacer, observe: metrics ? (method, outcome) => metrics.call(method, outcome) : undefined, ...opts.outbox });
  if (opts.transport) bot.api.config.use(opts.transport);
  bot.api.config.use(outbox.transformer);
  // At least once: the updates of a getUpdates answer are in the inbox before the next call
  // confirms them to Telegram (its offset). While the storage is down they are handled as
  // before (answered "try again"), unrecorded.
  bot.api.config.use(async (prev, method, payload, signal) => {
    const res = await prev(method, payload, signal);
    if (method === 'getUpdates' && res.ok && Array.isArray(res.result) && res.result.length) {
      await app.inbox.record(res.result as unknown as Array<{ update_id: number }>).catch((e: unknown) => {
        if (!isStorageDown(e)) throw e;
      });
    }
    return res;
  });
  /** Updates handled again from the inbox: their first delivery was claimed by an instance that died. */
  const replaying = new Set<number>();

  const langOf = async (ctx: Ctx): Promise<Lang> => {
    if (!ctx.from) return config.defaultLanguage;
    return app.players.language(ctx.from.id, ctx.from.language_code);
  };
  const i18n = createI18n<Ctx>(config.defaultLanguage, langOf);
  const claimOf = async (rec: GameRecord): Promise<{ side: Side; key: string } | null> => {
    if (rec.kind === 'bot') return null;
    const st = await app.clocks.state(rec.id);
    return st && st.claimable && st.key === turnKey(rec) ? { side: st.side, key: st.key } : null;
  };
  const notices = {
    once: (key: string) => app.dialogues.setIfAbsent(key, 1, 3 * 86_400),
    last: async (gameId: string, chatId: number) => ((await app.dialogues.read(`notice-msg:${gameId}:${chatId}`)) as number | undefined) ?? null,
    remember: (gameId: string, chatId: number, messageId: number) => app.dialogues.write(`notice-msg:${gameId}:${chatId}`, messageId, 3 * 86_400),
  };
  const boards = new Boards({ api: bot.api, outbox, i18n, places: app.places, owner: app.inbox.owner, alive: (who) => app.inbox.alive(who), players: app.players, log, metrics, latest: (id) => app.games.get(id), claimOf, notices, webApp: config.webApp ? { ...config.webApp, bot: () => (bot.isInited() ? bot.botInfo.username : '') } : null });
  // Boards follow the table: every committed change is shown (its boards were noted as wanted
  // by the table before its caller went on).
  app.events.onChange((c) => boards.follow(c.game));
  // A rematch started: the old match's boards lose their buttons (whichever front end asked).
  app.events.on('boards-rematched', ['rematched'], async (e) => {
    const old = await app.games.get(e.game);
    if (!old) return;
    for (const seat of old.seats) {
      const message = await boards.messageOf(old, seat.chatId);
      if (message !== null) await boards.retire(seat.chatId, message);
    }
  });
  // A matched game ended: each player may block the other from their next searches.
  app.events.on('search-block-offer', ['matchOver'], async (e) => {
    const rec = await app.games.get(e.game);
    if (rec?.matched) await offerBlock(services, rec);
  });
  const services: Services = { config, api: bot.api, app, boards, i18n, log, langOf, t: (lang) => translator(i18n, lang), chatDelay: (chatId) => pacer.delay(chatId) };

  const gate = new ChatGate();
  const slowDownSaid = new OncePer(60_000);
  /** An update refused for its chat's flood: a press is answered at once; a message gets one word a minute. */
  const slowDown = async (ctx: Ctx, chat: string): Promise<void> => {
    const lang = langFromTelegram(ctx.from?.language_code, config.defaultLanguage);
    if (ctx.callbackQuery) await attempt(() => ctx.answerCallbackQuery(i18n.t(lang, 'toast-slow-down')));
    else if (ctx.inlineQuery) await attempt(() => ctx.answerInlineQuery([], { cache_time: 2, is_personal: true }));
    else if (ctx.message && ctx.chat && (ctx.chat.type === 'private' || /^\//.test(ctx.message.text ?? '')) && slowDownSaid.take(chat)) {
      // Not waited for: the reply takes the chat's pace, the refusal must not.
      void attempt(() => ctx.api.sendMessage(ctx.chat!.id, i18n.t(lang, 'slow-down'))).catch((e: unknown) => log.warn({ err: e }, 'could not say "slow down"'));
    }
  };

  // During a storage outage every update fails alike: say it once a minute, not per update.
  let outageLogged = 0;
  const onError = async (err: BotError<Ctx>): Promise<void> => {
    const down = isStorageDown(err.error);
    const full = isStorageFull(err.error);
    if (down) metrics?.storageErrors.inc({ cause: full ? 'full' : 'down' });
    // A chat the bot cannot write to (blocked, kicked): the outbox has said so once, at info.
    const quiet = err.error instanceof OutboxError && (err.error.kind === 'blocked' || err.error.kind === 'gone' || err.error.kind === 'not-modified');
    if (quiet) return;
    if (!down) log.error({ err: err.error, update: err.ctx.update.update_id }, 'error while handling an update');
    else if (Date.now() - outageLogged > 60_000) {
      outageLogged = Date.now();
      if (full) log.error({ err: err.error, update: err.ctx.update.update_id }, 'storage is full (Redis maxmemory): nothing can be saved; updates are answered "storage is full"; raise maxmemory or free memory');
      else log.error({ err: err.error, update: err.ctx.update.update_id }, 'storage unavailable: updates are answered "try again"');
    }
    const lang = langFromTelegram(err.ctx.from?.language_code, config.defaultLanguage);
    const text = i18n.t(lang, full ? 'toast-storage-full' : down ? 'toast-try-again' : 'toast-error');
    if (err.ctx.callbackQuery) await attempt(() => err.ctx.answerCallbackQuery(text));
    else if (err.ctx.inlineQuery) await attempt(() => err.ctx.answerInlineQuery([], { cache_time: 0, is_personal: true }));
    // A message: answered in a private chat, and in a group when it was a command to the bot.
    else if (down && (err.ctx.chat?.type === 'private' || /^\//.test(err.ctx.message?.text ?? ''))) await attempt(() => err.ctx.reply(text));
  };


  // Every update runs inside one error boundary, whichever way it came (polling or webhook), so
  // a failure is answered and logged the same way and never escapes handleUpdate.
  bot.catch(onError);
  const root = bot.errorBoundary(onError);

  // An update delivered twice (a webhook retried, a restart before the offset was confirmed) is
  // handled once, across every instance sharing the store.
  root.use(async (ctx, next) => {
    ctx.receivedAt = performance.now();
    if (metrics) ctx.answered = (ms) => metrics.answer.observe(ms / 1000);
    boundUpdate(ctx.update);
    metrics?.updates.inc({ kind: ctx.callbackQuery ? 'callback' : ctx.inlineQuery ? 'inline' : ctx.message ? 'message' : 'other' });
    const id = ctx.update.update_id;
    // Handled, answered with its error, or refused: out of the inbox.
    const finish = (): Promise<void> => app.inbox.finish(id).catch((e: unknown) => log.debug({ err: e, update: id }, 'could not take an update out of the inbox (its record expires)'));
    // Refused at once when its chat (or the process) has too much in hand: no store call for it.
    const chat = chatKey(ctx);
    const admission = chat === null ? 'run' : gate.enter(chat);
    if (admission === 'refuse') {
      metrics?.refused.inc();
      await slowDown(ctx, chat!);
      return finish();
    }
    const work = async (): Promise<void> => {
      let duplicate = false;
      try {
        if (!replaying.delete(id) && !(await app.firstDelivery(id))) {
          duplicate = true;
          metrics?.duplicates.inc();
          return;
        }
        await next();
      } finally {
        if (chat !== null) gate.leave(chat);
        // A duplicate leaves the first taker's entry: should that one have died before finishing, a sweep hands the update on.
        await (duplicate ? app.inbox.finishDuplicate(id).catch((e: unknown) => log.debug({ err: e, update: id }, 'could not take a duplicate update out of the inbox (its record expires)')) : finish());
      }
    };
    // Behind its chat's other updates it could only wait: its slot goes to another chat's.
    if (admission === 'queue') return gate.track(work().catch((e: unknown) => onError(new BotError(e, ctx))));
    await work();
  });
  // A person sending messages (commands, text) faster than anyone types: the excess is dropped,
  // with one word about it a minute (grammY's rate limiter, per person and chat). Presses are
  // bounded by the chat's gate above: a quick player's steps are never refused.
  root.on('message', limit({ timeFrame: 5000, limit: MESSAGES_PER_5S, keyGenerator: (ctx) => personKey(ctx), onLimitExceeded: (ctx) => void slowDown(ctx as Ctx, chatKey(ctx as Ctx) ?? '') }));
  // Updates of one chat are handled in order (different chats run concurrently): a reply never
  // overtakes the button press before it, and two presses on one board apply one after the other.
  const reviews = opts.reviews ?? new Reviews({ atOnce: config.reviewsAtOnce });
  root.use(sequentialize((ctx) => (ctx.chat?.id ?? ctx.from?.id)?.toString()));
  root.use(i18n);
  // Dialogues keep their state in the store (a day at most), keyed by chat. Only private text
  // messages and the button that opens a dialogue can concern one: game buttons skip this.
  const dialogues = root.filter((ctx) => ctx.chat?.type === 'private' && (ctx.message?.text !== undefined || /\|other$/.test(ctx.callbackQuery?.data ?? '')));
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
  // /Play is /play.
  root.use(async (ctx, next) => {
    lowerCommand(ctx.message);
    await next();
  });
  root.use(commands);
  // /start in a group is answered too, but is not in the group menu.
  root.chatType(['group', 'supergroup']).command('start', (ctx) => start(ctx as unknown as Ctx));
  // Commands of the private chat (not in a group's menu) typed in a group: where to find them.
  root.chatType(['group', 'supergroup']).command(['settings', 'export', 'puzzle'], async (ctx) => {
    const c = ctx as unknown as Ctx;
    await c.reply(c.t('private-only-command', { command: `/${c.message?.text?.split(/[\s@]/)[0]?.slice(1) ?? ''}`, bot: c.me.username }));
  });
  root.use(menuFeature(services));
  root.use(playFeature(services));
  root.use(challengeFeature(services));
  root.use(gameFeature(services));
  root.use(rulesFeature(services));
  root.use(settingsFeature(services));
  root.use(friendFeature(services));
  root.use(inlineFeature(services));
  root.use(resignFeature(services));
  root.use(abandonFeature(services));
  root.use(fairFeature(services));
  root.use(reviewFeature(services, reviews));
  root.use(migrateFeature(services));
  root.use(tournamentFeature(services));
  root.use(topFeature(services));
  root.use(findFeature(services));
  root.use(puzzleFeature(services));
  root.use(dailyFeature(services));
  // The daily positions of groups are posted from here (the app's timer says when).
  app.daily.use(dailyPoster(services, bot.api));
  root.on('callback_query:data', async (ctx) => {
    await answerQuery(ctx, ctx.t('toast-bad-button'));
  });
  root.use(privateFallback(config.webApp?.url ?? null));

  // Watchers' pictures follow their games' changes (heard from every instance).
  const watchDesk = new WatchDesk(services);
  void watchDesk.start().catch((err: unknown) => log.warn({ err }, 'watched games\' pictures will not follow (the games feed could not be heard)'));

  // Tournaments' group messages and players' notices follow each change of a tournament.
  const desk = new TournamentDesk(services);
  desk.follow();

  // A few boards at a time, each delivered before the next is taken: the owed boards never take
  // the whole of Telegram's rate from the answers to people writing now. A board that could not
  // be shown at RESUME_TRIES start-ups (a chat that blocked the bot, a group that is gone) is owed
  // no longer: its next change shows it, if it ever can be.
  const resume = async (): Promise<number> => {
    let shown = 0;
    // Live tournaments catch up at once (their timers come due now).
    await app.tournaments.wakeAll();
    const ids = await app.places.unsent();
    const next = async (): Promise<void> => {
      for (let id = ids.shift(); id !== undefined; id = ids.shift()) {
        const rec = await app.games.get(id);
        const tries = Number((await app.dialogues.read(`resume-tries:${id}`)) ?? 0);
        if (!rec || rec.finished || tries >= RESUME_TRIES) {
          await app.places.sent(id);
          continue;
        }
        await app.dialogues.write(`resume-tries:${id}`, tries + 1, 7 * 86_400);
        const after = await app.games.withBotTurn(rec);
        await boards.show(after);
        shown++;
      }
    };
    await Promise.all(Array.from({ length: RESUME_AT_ONCE }, next));
    return shown;
  };

  /** Run the shared timers that are due and show what they mean (reminders, claims). */
  const tick = async (): Promise<number> => {
    // The search queue's pass (one instance at a time): pairs, expiries, the "looking" messages.
    await showSearch(services, await app.matchmaking.pass()).catch((err: unknown) => log.warn({ err }, 'the search pass failed (the next tick tries again)'));
    const events = await app.tick();
    for (const e of events) await presentTimer(services, e).catch((err: unknown) => log.warn({ err, game: e.game.id }, 'could not show a timer'));
    return events.length;
  };

  /**
   * Handle again the updates that died with another instance (see App.inbox), then bring up to
   * date the boards whose delivery died (see Boards.catchUp).
   */
  const sweep = async (): Promise<number> => {
    const replayed = await app.inbox.sweep(async (update) => {
      replaying.add(update.update_id);
      log.info({ update: update.update_id }, 'handling an update again: the instance that took it stopped before finishing it');
      await bot.handleUpdate(update as never).catch((e: unknown) => log.error({ err: e, update: update.update_id }, 'update failed'));
    });
    const redrawn = await boards.catchUp((rec) => app.games.withBotTurn(rec));
    return replayed + redrawn;
  };

  return { bot, services, sweep, publishCommands: () => commands.setCommands(bot), settled: async (o = {}) => {
      await gate.settled();
      // The bot's turns the table took bring boards of their own, which may bring more turns.
      do {
        await app.games.botTurnsSettled();
        await Promise.all([boards.settled(), desk.settled(), o.reviews === false ? undefined : reviews.settled()]);
      } while (app.games.botTurnsRunning());
    }, resume, tick };
}
