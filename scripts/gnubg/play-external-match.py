# Runs inside GNU Backgammon: gnubg -t -q -r -p scripts/gnubg/play-external-match.py
# Matches with the cube between gnubg (player 0, "X") at a chosen ply and noise and an external
# player (player 1, "O": the project's bot, `npm run -s nardy -- gnubg-external`), which answers
# gnubg's cube questions too ("double"/"roll", "take"/"drop"). Mersenne Twister dice from a
# fixed seed. Then gnubg analyses the match (checker play at NARDY_CHECKER_PLIES, cube at NARDY_CUBE_PLIES) and
# writes one JSON line to NARDY_OUT: the winner ("bot" or "gnubg"), the final score, and each
# side's cube error total (error-cost) and checker error totals (EMG and MWC) with their counts.
#
# Environment: NARDY_PORT, NARDY_LENGTH, NARDY_SEED, NARDY_NOISE, NARDY_PLIES (gnubg's plies,
# 0 = expert), NARDY_CUBE_PLIES (analysis, default 2), NARDY_CHECKER_PLIES (analysis, default 0:
# gnubg expert's own depth, which counts its own plays as free of error), NARDY_OUT, NARDY_SAVE
# (optional: the analysed match is saved there as .sgf, for scripts/gnubg/worst-plays.py).
import json, os
import gnubg

env = os.environ
port, length = int(env['NARDY_PORT']), int(env.get('NARDY_LENGTH', '5'))
plies = int(env.get('NARDY_PLIES', '0'))
for c in ['set threads 1', 'set display off', 'set automatic game off', 'set jacoby off', 'set cube use on',
          'set player 0 gnubg',
          'set player 0 chequerplay evaluation plies %d' % plies,
          # gnubg's world class (2-ply) prunes; its 0-ply levels have nothing to prune.
          'set player 0 chequerplay evaluation prune %s' % ('on' if plies > 0 else 'off'),
          'set player 0 chequerplay evaluation noise %s' % env.get('NARDY_NOISE', '0'),
          'set player 0 chequerplay evaluation deterministic on',
          'set player 0 cubedecision evaluation plies %d' % plies,
          'set player 0 cubedecision evaluation noise %s' % env.get('NARDY_NOISE', '0'),
          'set player 1 external 127.0.0.1:%d' % port,
          'set rng mersenne', 'set seed %d' % int(env.get('NARDY_SEED', '1'))]:
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
for c in ['set analysis chequerplay evaluation plies %d' % int(env.get('NARDY_CHECKER_PLIES', '0')), 'set analysis cubedecision evaluation plies %d' % int(env.get('NARDY_CUBE_PLIES', '2')),
          'set analysis cubedecision evaluation cubeful on', 'set analysis cube on', 'set analysis luck off', 'analyse match']:
    gnubg.command(c)
if env.get('NARDY_SAVE'):
    gnubg.command('save match "%s"' % env['NARDY_SAVE'])
m = gnubg.match(1, 0, 1, 0)
mi = m['match-info']
score = {'X': 0, 'O': 0}
for game in m['games']:
    w = game['info'].get('winner')
    if w in score:
        score[w] += game['info'].get('points-won', 0)
line = {'winner': 'bot' if score['O'] > score['X'] else 'gnubg', 'score': {'bot': score['O'], 'gnubg': score['X']}, 'games': len(m['games'])}
totals = {}
for who, key in (('bot', 'O'), ('gnubg', 'X')):
    cube = {'error': 0.0, 'decisions': 0}
    for game in m['games']:
        st = game.get('stats', {}).get(key, {})
        c = st.get('cube', {})
        cube['error'] += c.get('error-cost', 0.0) if isinstance(c, dict) else 0.0
        cube['decisions'] += c.get('close-cube', 0) if isinstance(c, dict) else 0
    # Checker play: error-skill is gnubg's normalised error (EMG), error-cost the match winning
    # chance lost (MWC), over the unforced moves.
    moves = {'emg': 0.0, 'mwc': 0.0, 'moves': 0}
    for game in m['games']:
        mv = game.get('stats', {}).get(key, {}).get('moves', {})
        if isinstance(mv, dict):
            moves['emg'] += mv.get('error-skill', 0.0)
            moves['mwc'] += mv.get('error-cost', 0.0)
            moves['moves'] += mv.get('unforced-moves', 0)
    cube['checker'] = moves
    totals[who] = cube
actions = {'bot': {}, 'gnubg': {}}
for game in m['games']:
    for rec in game['game']:
        a = rec.get('action')
        if a in ('double', 'take', 'drop'):
            who = 'bot' if rec.get('player') == 'O' else 'gnubg'
            actions[who][a] = actions[who].get(a, 0) + 1
for who in totals:
    totals[who]['actions'] = actions[who]
line['cube'] = totals
out = open(env['NARDY_OUT'], 'a')
out.write(json.dumps(line) + '\n')
out.close()
