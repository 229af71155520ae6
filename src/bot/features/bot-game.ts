/** Games with the bot: starting one (from a button or a typed length), and naming one. */
import type { BotLevel, GameRecord, Human } from '../../app/model.js';
import { sideOfUser } from '../../app/games.js';
import { opponentOf } from '../../app/table/view.js';
import type { Variant } from '../../engine/types.js';
import type { Services } from '../services.js';
import { displayName, playerName, type Translate } from '../../present/text.js';

/** "Long nardy against Bot (medium), score 1:0 (to 3)" as the person `viewerId` sees it. */
export function gameLabel(t: Translate, g: GameRecord, viewerId: number): string {
  const me = sideOfUser(g, viewerId) ?? 'white';
  const opp = opponentOf(me);
  const m = g.match;
  const score = m.length > 1 ? t('game-label-score', { me: m.score[me], opp: m.score[opp], length: m.length }) : '';
  return t('game-label', { variant: t(`variant-${m.variant}`), opponent: playerName(g.players[opp], t), score });
}

/** Start a game with the bot for the person who pressed (or typed a length). */
export async function startBotGame(s: Services, opts: { chatId: number; from: { id: number; first_name: string; last_name?: string; username?: string; language_code?: string }; pressId: string; variant: Variant; level: BotLevel; length: number }): Promise<{ rec: GameRecord; text: string }> {
  const lang = await s.app.players.language(opts.from.id, opts.from.language_code);
  const t = s.t(lang);
  const human: Human = { kind: 'human', id: opts.from.id, name: displayName(opts.from), lang };
  const dice = await s.app.players.matchDice(opts.from.id, opts.pressId);
  const rec = await s.app.games.start({ kind: 'bot', chatId: opts.chatId, lang, white: human, black: { kind: 'bot', level: opts.level }, variant: opts.variant, length: opts.length, colours: 'random', dice });
  const side = rec.seats[0]!.viewer;
  const bot = rec.players[opponentOf(side)];
  const text = [
    t('play-bot-started', { variant: t(`variant-${opts.variant}`), bot: playerName(bot, t), colour: t(`colour-${side}`) }),
    t('dice-started', { commit: rec.dice.commit, client: rec.dice.client }),
  ].join('\n\n');
  return { rec, text };
}

