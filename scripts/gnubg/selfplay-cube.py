# Runs inside GNU Backgammon: gnubg -t -q -r -p scripts/gnubg/selfplay-cube.py
# gnubg expert (0-ply, noise 0, cube decisions at 0-ply) plays one match against itself with the
# cube, with Mersenne Twister dice from a fixed seed; then gnubg analyses its cube decisions at
# NARDY_PLIES (default 2) and prints `show statistics match` on stdout (bench/cube.ts reads it).
#
# Environment: NARDY_LENGTH (match length), NARDY_SEED, NARDY_PLIES.
import os
import gnubg

env = os.environ
length, seed, plies = int(env.get('NARDY_LENGTH', '5')), int(env.get('NARDY_SEED', '1')), int(env.get('NARDY_PLIES', '2'))
cmds = ['set threads 2', 'set display off', 'set automatic game off', 'set jacoby off', 'set rng mersenne', 'set seed %d' % seed]
for p in (0, 1):
    cmds += ['set player %d gnubg' % p,
             'set player %d chequerplay evaluation plies 0' % p, 'set player %d chequerplay evaluation noise 0' % p,
             'set player %d cubedecision evaluation plies 0' % p, 'set player %d cubedecision evaluation noise 0' % p]
for c in cmds:
    gnubg.command(c)
gnubg.command('new match %d' % length)
for _ in range(200000):
    info = gnubg.posinfo()
    if info['gamestate'] != 1:
        m = gnubg.match(0, 0, 0, 0)
        if m['match-info'].get('result', 0) != 0 or len(m['games']) > 60:
            break
        gnubg.command('new game')
        continue
    gnubg.nextturn()
for c in ['set analysis cubedecision evaluation plies %d' % plies, 'set analysis cubedecision evaluation cubeful on',
          'set analysis cube on', 'set analysis chequerplay evaluation plies 0', 'set analysis luck off',
          'analyse match', 'show score', 'show statistics match']:
    gnubg.command(c)
