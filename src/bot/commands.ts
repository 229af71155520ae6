/**
 * The commands: one list with their handlers, their chat scopes and their menu descriptions in
 * both languages (@grammyjs/commands publishes the menus from it).
 */
import { CommandGroup } from '@grammyjs/commands';
import type { Fairness } from '../app/fair.js';
import { LANGS, type Lang } from '../app/model.js';
import type { Ctx } from './context.js';
import { cancelCommand } from './features/cancel.js';
import { fairCommand } from './features/fair.js';
import { playCommand } from './features/play.js';
import { resignCommand } from './features/resign.js';
import { rulesCommand } from './features/rules.js';
import { settingsCommand } from './features/settings.js';
import { help, startCommand } from './features/start.js';
import { statsCommand, topCommand } from './features/stats.js';
import { exportCommand } from './features/review.js';
import { tournamentCommand } from './features/tournament.js';
import { findCommand } from './features/find.js';
import { gamesCommand, watchCommand } from './features/watch.js';
import { puzzleCommand } from './features/puzzle.js';
import { dailyCommand } from './features/daily.js';
import type { Services } from './services.js';

type Handler = (ctx: Ctx) => Promise<void>;

interface CommandSpec {
  readonly name: string;
  readonly handler: Handler;
  readonly private: boolean;
  readonly groups: boolean;
}

export function commandList(s: Services, fair: Fairness): CommandSpec[] {
  return [
    { name: 'start', handler: startCommand(s), private: true, groups: false },
    { name: 'play', handler: playCommand(s), private: true, groups: true },
    { name: 'rules', handler: rulesCommand(s), private: true, groups: true },
    { name: 'settings', handler: settingsCommand(s), private: true, groups: false },
    { name: 'resign', handler: resignCommand(s), private: true, groups: true },
    { name: 'cancel', handler: cancelCommand(s), private: true, groups: true },
    { name: 'fair', handler: fairCommand(fair), private: true, groups: true },
    { name: 'stats', handler: statsCommand(s), private: true, groups: true },
    { name: 'top', handler: topCommand(s), private: true, groups: true },
    { name: 'tournament', handler: tournamentCommand(s), private: true, groups: true },
    { name: 'find', handler: findCommand(s), private: true, groups: true },
    { name: 'watch', handler: watchCommand(s), private: true, groups: false },
    { name: 'games', handler: gamesCommand(s), private: false, groups: true },
    { name: 'export', handler: exportCommand(s), private: true, groups: false },
    { name: 'puzzle', handler: puzzleCommand(s), private: true, groups: false },
    { name: 'daily', handler: dailyCommand(s), private: true, groups: true },
    { name: 'help', handler: help, private: true, groups: true },
  ];
}

export function commandGroup(s: Services, fair: Fairness): CommandGroup<Ctx> {
  const group = new CommandGroup<Ctx>();
  const description = (lang: Lang, name: string): string => s.i18n.t(lang, `cmd-${name}`);
  const main = s.config.defaultLanguage;
  for (const spec of commandList(s, fair)) {
    const cmd = group.command(spec.name, description(main, spec.name));
    for (const lang of LANGS) if (lang !== main) cmd.localize(lang, spec.name, description(lang, spec.name));
    if (spec.private) cmd.addToScope({ type: 'all_private_chats' }, (ctx) => spec.handler(ctx as unknown as Ctx));
    if (spec.groups) cmd.addToScope({ type: 'all_group_chats' }, (ctx) => spec.handler(ctx as unknown as Ctx));
  }
  return group;
}
