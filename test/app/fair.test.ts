/** /fair without Telegram: the seed hashes of current games; a finished game checks out. */
import { describe, expect, it } from 'vitest';
import { createApp } from '../../src/app/index.js';
import { MemoryStore } from '../../src/store/index.js';

const ttl = { challengeSeconds: 60, finishedSeconds: 600, idleSeconds: 600 };

describe('fairness', () => {
  it('shows the current game\'s hash; after the game every roll is recomputed from the revealed seed', async () => {
    const app = createApp(new MemoryStore(ttl), { defaultLanguage: 'en' });
    const ann = { kind: 'human' as const, id: 1, name: 'Ann', lang: 'en' as const };
    const ben = { kind: 'human' as const, id: 2, name: 'Ben', lang: 'en' as const };
    const rec = await app.games.start({ kind: 'group', chatId: -3, lang: 'en', white: ann, black: ben, variant: 'long', length: 1 });
    expect(await app.fair.current(-3, 1)).toEqual([{ gameId: rec.id, key: rec.fair.key, hash: rec.fair.hash }]);
    const running = await app.fair.check(rec.id);
    expect(running).toMatchObject({ kind: 'checked', games: [{ seed: null, ok: null }] });
    await app.games.forfeit(rec.id, 2);
    const done = await app.fair.check(rec.id);
    expect(done).toMatchObject({ kind: 'checked', games: [{ seed: rec.fair.seed, ok: true, rolls: rec.match.game.rolls }] });
    expect(await app.fair.check('zzzzzzzzzz')).toEqual({ kind: 'not-found' });
    expect(await app.fair.check('../x')).toEqual({ kind: 'bad-id' });
  });
});
