/** Every kind of button data round-trips through the codec within 64 bytes; the rest is refused. */
import { describe, expect, it } from 'vitest';
import { encode, parseCallback, type Callback } from '../../src/bot/codec.js';

const samples: Callback[] = [
  { kind: 'game', id: 'abcdefghij', v: 987654321, act: { type: 'roll' } },
  { kind: 'game', id: 'abcdefghij', v: 1, act: { type: 'step', step: [25, 19] } },
  { kind: 'game', id: 'abcdefghij', v: 1, act: { type: 'step', step: [3, 0] } },
  ...(['undo', 'done', 'double', 'take', 'drop', 'accept', 'decline', 'next', 'rematch', 'resign-menu', 'back'] as const).map((type) => ({ kind: 'game' as const, id: '0123456789', v: 5, act: { type } as never })),
  { kind: 'game', id: '0123456789', v: 5, act: { type: 'resign', level: 2 } },
  { kind: 'challenge', id: 'qwertyuiop', act: 'accept' },
  { kind: 'challenge', id: 'qwertyuiop', act: 'decline' },
  { kind: 'challenge', id: 'qwertyuiop', act: 'cancel' },
  { kind: 'play-bot', variant: 'long', level: null, length: null },
  { kind: 'play-bot', variant: 'short', level: 'expert', length: null },
  { kind: 'play-bot', variant: 'short', level: 'hard', length: 7 },
  { kind: 'play-bot', variant: 'long', level: 'easy', length: 'other' },
  ...(['bot', 'friend', 'rules', 'settings', 'help'] as const).map((item) => ({ kind: 'menu' as const, item })),
  { kind: 'rules', variant: 'short', page: 7 },
  { kind: 'settings', change: { key: 'lang', value: 'en' } },
  { kind: 'settings', change: { key: 'orientation', value: 'white' } },
  { kind: 'settings', change: { key: 'autoRoll', value: 'no-double' } },
  { kind: 'settings', change: { key: 'autoRoll', value: 'always' } },
  { kind: 'settings', change: { key: 'autoRoll', value: 'off' } },
  { kind: 'play-bot', variant: 'long', level: 'medium', length: 25, another: true },
  { kind: 'rules', variant: 'long', page: 3, group: { lang: 'en', user: 123456789012 } },
  { kind: 'resign', id: 'abcdefghij', user: 9007199254740991, act: 2 },
  { kind: 'resign', id: 'abcdefghij', user: 5, act: 'menu' },
  { kind: 'resign', id: 'abcdefghij', user: 5, act: 'never-mind' },
  { kind: 'abandon', id: 'abcdefghij', v: 12 },
  { kind: 'keep' },
  { kind: 'continue', id: 'abcdefghij' },
  { kind: 'check', id: 'abcdefghij' },
  { kind: 'friend', variant: null, length: null, cube: null },
  { kind: 'friend', variant: 'short', length: null, cube: null },
  { kind: 'friend', variant: 'long', length: 7, cube: null },
  { kind: 'friend', variant: 'long', length: 25, cube: true },
  { kind: 'invitation', id: 'abcdefghij', act: 'accept' },
  { kind: 'invitation', id: 'abcdefghij', act: 'decline' },
  { kind: 'invitation', id: 'abcdefghij', act: 'cancel' },
  { kind: 'inline-accept', offer: 'abcdefghij' },
  { kind: 'inline-outdated' },
  { kind: 'claim', id: 'abcdefghij', key: '12.345.double.black' },
  { kind: 'settings', change: { key: 'confirm', value: false } },
  { kind: 'settings', change: { key: 'theme', value: 'dark' } },
  { kind: 'settings', change: { key: 'hints', value: 'off' } },
  { kind: 'settings', change: { key: 'hints', value: 'on' } },
  { kind: 'settings', change: { key: 'hints', value: 'auto' } },
  { kind: 'settings', change: { key: 'notices', value: false } },
  { kind: 'settings', change: { key: 'notices', value: true } },
  { kind: 'find', step: 'choose' },
  { kind: 'find', step: 'choose', variant: 'long' },
  { kind: 'find', step: 'choose', variant: 'short', length: 5 },
  { kind: 'find', step: 'choose', variant: 'short', length: 7, rated: false },
  { kind: 'find', step: 'cancel' },
  { kind: 'find', step: 'block', game: 'abcdefghij' },
  { kind: 'top', period: 'week' },
  { kind: 'top', period: 'all' },
  { kind: 'tournament', id: 'abcdefghij', act: 'leave' },
  { kind: 'tournament', id: 'abcdefghij', act: 'resume' },
  { kind: 'tournament-new', variant: 'short', format: 'roundrobin' },
  { kind: 'puzzle', act: 'answer', id: 's1234', n: 3 },
  { kind: 'puzzle', act: 'answer', id: 'l7', n: 0 },
  { kind: 'puzzle', act: 'next', variant: null },
  { kind: 'puzzle', act: 'next', variant: 'long' },
  { kind: 'puzzle', act: 'stats' },
  { kind: 'menu', item: 'puzzle' },
];

describe('callback codec', () => {
  it('reads the auto-roll buttons of the first version (on meant "unless I can double")', () => {
    expect(parseCallback('st|auto|1')).toEqual({ kind: 'settings', change: { key: 'autoRoll', value: 'no-double' } });
    expect(parseCallback('st|auto|0')).toEqual({ kind: 'settings', change: { key: 'autoRoll', value: 'off' } });
  });

  it.each(samples.map((s) => [encode(s), s] as const))('%s round-trips', (data, cb) => {
    expect(data.length).toBeLessThanOrEqual(64);
    expect(parseCallback(data)).toEqual(cb);
  });

  it('covers every kind', () => {
    expect(new Set(samples.map((s) => s.kind))).toEqual(new Set(['game', 'challenge', 'play-bot', 'menu', 'rules', 'settings', 'resign', 'abandon', 'keep', 'continue', 'check', 'friend', 'invitation', 'inline-accept', 'inline-outdated', 'claim', 'find', 'top', 'tournament', 'tournament-new', 'puzzle']));
  });

  it('reads an Accept of the first inline version (it named its sender) as outdated, never as an offer', () => {
    expect(parseCallback('ia|s|25|1|2gosa7pa2gv|0123456789ab')).toEqual({ kind: 'inline-outdated' });
    expect(parseCallback('ia|abcdefghi')).toBeNull();
  });

  it('refuses anything else, prototype names included', () => {
    for (const bad of ['', 'g', 'g|abcdefghij|1|zz', 'c|abcdefghij|q', 'pb|chess', 'pb|long|grandmaster', 'm|admin', 'ru|long|x', 'st|lang|de', 'st|hints|always', 'st|hints|', 'st|__proto__|x', 'st|constructor|x', 'st|toString|1', 'g|abcdefghij|1|__proto__', 'g|abcdefghij|1|constructor', 'm|constructor', 'x'.repeat(65), 'pb|long|easy|26', 'pb|long|easy|0', 'pb|long|easy|other|+', 'pb|long|easy|5|-', 'ru|long|1|de|5', 'ru|long|1|en', 'rs|abcdefghij|5|4', 'rs|abcdefghij|-5|1', 'ab|abcdefghij', 'ab|x', 'gc|short', 'fc|abcdefghij|1', 'fr|chess', 'fr||3', 'fr|long|0', 'fr|long|3|2', 'iv|abcdefghij|q', 'ia|l|3|1|zz|xyz', 'ia|x|3|1|5|0123456789ab', 'cl|abcdefghij|1.2.play.white', 'cl|abcdefghij|', 'st|notices|2', 'fd|long|4', 'fd|long|3|x', 'fd|chess', 'fd|b|../x', 'fd|x|1', 'tp|year', 'tn|q|abcdefghij', 'tn|n|long|xx', 'tn|s|ABC', 'pz|a|s1|4', 'pz|a|x1|0', 'pz|a|s1', 'pz|a|s1234567|0', 'pz|n|chess', 'pz|s|x', 'pz|q', 'pz|a|__proto__|0']) {
      expect(parseCallback(bad)).toBeNull();
    }
  });
});

describe('commands as people type them', () => {
  it('capitals are the command; a near miss is suggested; the list of names is the commands list', async () => {
    const { lowerCommand, nearestCommand, COMMAND_NAMES } = await import('../../src/bot/command-names.js');
    const m = { text: '/Play short 5', entities: [{ type: 'bot_command', offset: 0, length: 5 }] };
    lowerCommand(m);
    expect(m.text).toBe('/play short 5');
    const at = { text: '/PLAY@Nardy_Bot', entities: [{ type: 'bot_command', offset: 0, length: 15 }] };
    lowerCommand(at);
    expect(at.text).toBe('/play@Nardy_Bot');
    const plain = { text: 'Play', entities: [] };
    lowerCommand(plain);
    expect(plain.text).toBe('Play');
    expect(nearestCommand('/paly', COMMAND_NAMES)).toBe('play');
    expect(nearestCommand('/tournamnet', COMMAND_NAMES)).toBe('tournament');
    expect(nearestCommand('/stas', COMMAND_NAMES)).toBe('stats');
    expect(nearestCommand('/xyzzy', COMMAND_NAMES)).toBeNull();
    const { commandList } = await import('../../src/bot/commands.js');
    const names = commandList({ i18n: { t: () => '' }, config: { defaultLanguage: 'en' } } as never, {} as never).map((c) => c.name);
    expect([...names].sort()).toEqual([...COMMAND_NAMES].sort());
  });
});
