/** What the move clocks say: a reminder to the player to act, and the claim once time is up. */
import { sideOfUser } from '../../app/games.js';
import type { TimerEvent } from '../../app/timers.js';
import { opponentOf } from '../../app/table/view.js';
import { attempt } from '../outbox.js';
import type { Services } from '../services.js';
import { playerName, type Translate } from '../../present/text.js';

/**
 * Time left in words, never more than there is: whole hours from an hour up, whole minutes from
 * a minute up, else seconds (40 s is "40 s", not "1 min").
 */
export function timeLeft(t: Translate, ms: number): string {
  const s = Math.max(0, Math.floor(ms / 1000));
  if (s >= 3600) return t('left-hours', { n: Math.floor(s / 3600) });
  if (s >= 60) return t('left-minutes', { n: Math.floor(s / 60) });
  return t('left-seconds', { n: s });
}

export async function presentTimer(s: Services, e: TimerEvent): Promise<void> {
  const rec = e.game;
  const idle = rec.players[e.side];
  const waiting = rec.players[opponentOf(e.side)];
  if (idle.kind !== 'human' || waiting.kind !== 'human') return;
  if (e.kind === 'notice') return void (await s.boards.notices?.notice(rec, idle.id, e.key));
  if (rec.kind === 'group') {
    const seat = rec.seats[0]!;
    const t = s.t(seat.lang);
    const variant = t(`variant-${rec.match.variant}`);
    if (e.kind === 'remind') {
      await attempt(() => s.api.sendMessage(seat.chatId, t('remind-group', { name: idle.name, variant, opponent: waiting.name, left: timeLeft(t, e.left), match: rec.match.length > 1 ? 'yes' : 'no' })));
      // The group reads one language; the idle player also hears it privately, in their own
      // (where Telegram allows: only if they have started the bot; and unless they turned reminders off).
      if ((await s.app.players.settings(idle.id)).notices) {
        const mine = s.t(idle.lang);
        await attempt(() => s.api.sendMessage(idle.id, mine('remind-group-private', { variant: mine(`variant-${rec.match.variant}`), opponent: waiting.name, left: timeLeft(mine, e.left), match: rec.match.length > 1 ? 'yes' : 'no' })));
      }
    }
    else {
      await attempt(() => s.api.sendMessage(seat.chatId, t('claim-ready-group', { idle: idle.name, waiting: waiting.name, match: rec.match.length > 1 ? 'yes' : 'no' })));
      void s.boards.show(rec);
    }
    return;
  }
  // By link: each in their own private chat.
  const seatOf = (userId: number) => rec.seats.find((x) => x.owner === userId);
  if (e.kind === 'remind') {
    const seat = seatOf(idle.id);
    // The player turned reminders off (/settings): the claim still comes when time is up.
    if (!seat || !(await s.app.players.settings(idle.id)).notices) return;
    const t = s.t(seat.lang);
    await attempt(() => s.api.sendMessage(seat.chatId, t('remind-link', { variant: t(`variant-${rec.match.variant}`), opponent: playerName(waiting, t), left: timeLeft(t, e.left), match: rec.match.length > 1 ? 'yes' : 'no' })));
    return;
  }
  const seat = seatOf(waiting.id);
  if (seat && sideOfUser(rec, waiting.id)) {
    const t = s.t(seat.lang);
    await attempt(() => s.api.sendMessage(seat.chatId, t('claim-ready-link', { idle: playerName(idle, t), match: rec.match.length > 1 ? 'yes' : 'no' })));
  }
  void s.boards.show(rec);
}
