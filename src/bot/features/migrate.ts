/** A group that became a supergroup: its games move with it, their boards are sent afresh. */
import { Composer } from 'grammy';
import type { Ctx } from '../context.js';
import type { Services } from '../services.js';

export function migrateFeature(s: Services): Composer<Ctx> {
  const c = new Composer<Ctx>();
  c.on('message:migrate_to_chat_id', async (ctx) => {
    const to = ctx.message.migrate_to_chat_id;
    const moved = await s.app.games.moveChat(ctx.chat.id, to);
    // Each move is a change of its game: the boards follow it to the new chat.
    s.log.info({ from: ctx.chat.id, to, games: moved.length }, 'chat migrated to a supergroup');
  });
  return c;
}
