# Runs inside GNU Backgammon: gnubg -t -q -r -p scripts/gnubg/cube-decisions.py
# Imports each .mat listed in NARDY_FILES (one path per line), analyses its cube decisions at
# NARDY_PLIES (default 2, cubeful) and writes one JSON line per cube decision to NARDY_OUT: the
# file, game (from 1), the player's turn in that game (from 1), the player ("X" the file's first,
# left player), what was done ("no-double", "double", "take", "pass"), gnubg's cubeful equities of
# the doubler for no double and double/take ("scale": in a match these are match winning chances,
# "mwc", whose double/pass value comes from the match equity table; in a money game "emg", where
# double/pass is 1) and its cubeless outcome probabilities. Takes and passes are listed with the
# doubler's equities. bench/cube.ts works out the errors from these.
import json, os
import gnubg

env = os.environ
plies = int(env.get('NARDY_PLIES', '2'))
for c in ['set threads 2', 'set display off',
          'set analysis cubedecision evaluation plies %d' % plies,
          'set analysis cubedecision evaluation cubeful on', 'set analysis cube on',
          'set analysis chequerplay evaluation plies 0', 'set analysis luck off']:
    gnubg.command(c)

out = open(env['NARDY_OUT'], 'w')
for path in open(env['NARDY_FILES']).read().split():
    gnubg.command('import mat ' + path)
    gnubg.command('analyse match')
    m = gnubg.match(1, 0, 1, 0)
    scale = 'mwc' if m['match-info'].get('match-length', 0) > 0 else 'emg'
    for gi, game in enumerate(m['games']):
        turns = {'X': 0, 'O': 0}
        pending = None
        for rec in game['game']:
            act, who = rec.get('action'), rec.get('player')
            a = rec.get('analysis') or {}
            if act == 'move':
                turns[who] += 1
            line = None
            if act in ('move', 'double') and 'nd-cubeful-eq' in a:
                nd, dt = a['nd-cubeful-eq'], a['dt-cubeful-eq']
                did = 'double' if act == 'double' else 'no-double'
                turn = turns[who] + (1 if act == 'double' else 0)
                line = {'action': did, 'nd': nd, 'dt': dt, 'turn': turn, 'probs': a.get('probs')}
                if act == 'double':
                    pending = line
            elif act in ('take', 'drop') and pending is not None:
                line = {'action': 'take' if act == 'take' else 'pass', 'nd': pending['nd'], 'dt': pending['dt'], 'turn': turns[who] + 1, 'probs': pending.get('probs')}
                pending = None
            if line is not None:
                line.update({'file': os.path.basename(path), 'game': gi + 1, 'player': who, 'scale': scale})
                out.write(json.dumps(line) + '\n')
out.close()
