# Runs inside GNU Backgammon: gnubg -t -q -r -p scripts/gnubg/play-external.py
# Cubeless money games between gnubg (player 0, "X" in its records) at a chosen ply and noise and an external
# player (player 1, "O": the project's bot, `npm run -s nardy -- gnubg-external`), with gnubg's
# Mersenne Twister dice from a fixed seed. With NARDY_ANALYSE=1 gnubg then analyses every game at
# NARDY_ANALYSIS_PLIES (default 0; 2 is its world-class analysis, with its move filter and pruning). Writes one JSON line per game to NARDY_OUT: the winner ("bot" or "gnubg"), the points,
# and (analysed) each side's total equity lost and unforced moves.
#
# Environment: NARDY_PORT, NARDY_GAMES, NARDY_SEED, NARDY_NOISE (gnubg's noise, e.g. 0.06),
# NARDY_PLIES (gnubg's plies, 0 = expert), NARDY_ANALYSE, NARDY_ANALYSIS_PLIES, NARDY_OUT.
import json, os
import gnubg

env = os.environ
port, games = int(env['NARDY_PORT']), int(env['NARDY_GAMES'])
analyse = env.get('NARDY_ANALYSE', '0') == '1'
plies = int(env.get('NARDY_PLIES', '0'))
for c in ['set threads 1', 'set display off', 'set automatic game off', 'set jacoby off',
          'set player 0 gnubg',
          'set player 0 chequerplay evaluation plies %d' % plies,
          # gnubg's world class (2-ply) prunes; its 0-ply levels have nothing to prune.
          'set player 0 chequerplay evaluation prune %s' % ('on' if plies > 0 else 'off'),
          'set player 0 chequerplay evaluation noise %s' % env.get('NARDY_NOISE', '0'),
          'set player 0 chequerplay evaluation deterministic on',
          'set player 1 external 127.0.0.1:%d' % port,
          'set cube use off', 'set rng mersenne', 'set seed %d' % int(env.get('NARDY_SEED', '1')),
          'set analysis chequerplay evaluation plies %d' % int(env.get('NARDY_ANALYSIS_PLIES', '0')), 'set analysis chequerplay evaluation prune %s' % ('on' if int(env.get('NARDY_ANALYSIS_PLIES', '0')) > 0 else 'off'),
          'set analysis cube off', 'set analysis luck off']:
    gnubg.command(c)

out = open(env['NARDY_OUT'], 'w')
for g in range(games):
    gnubg.command('new game')
    for _ in range(10000):
        if gnubg.posinfo()['gamestate'] != 1:
            break
        gnubg.nextturn()
if analyse:
    gnubg.command('analyse match')
m = gnubg.match(1 if analyse else 0, 0, 1 if analyse else 0, 0)
for game in m['games']:
    info = game['info']
    line = {'winner': 'bot' if info['winner'] == 'O' else 'gnubg', 'points': info['points-won']}
    if analyse and 'stats' in game:
        for who, key in (('bot', 'O'), ('gnubg', 'X')):
            mv = game['stats'][key]['moves']
            line[who] = {'error': mv.get('error-cost', 0.0), 'unforced': mv.get('unforced-moves', 0), 'moves': mv.get('total-moves', 0)}
    out.write(json.dumps(line) + '\n')
out.close()
