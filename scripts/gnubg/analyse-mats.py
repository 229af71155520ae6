# Runs inside GNU Backgammon: gnubg -t -q -r -p scripts/gnubg/analyse-mats.py
# Imports each .mat file listed in NARDY_FILES (one path per line), has gnubg analyse the match
# (checker plays at NARDY_PLIES plies, cubeless, no pruning; no cube or luck analysis) and writes
# one JSON line per file to NARDY_OUT: per game, every move's player ("X" = the file's first,
# left player), dice, the move in gnubg's steps, the equity lost (best minus the move made, in
# points) and how many plays gnubg listed; and gnubg's own per-player statistics.
#
# Environment: NARDY_FILES, NARDY_OUT, NARDY_PLIES (default 0).
import json, os
import gnubg

env = os.environ
plies = int(env.get('NARDY_PLIES', '0'))
for c in ['set threads 1', 'set display off', 'set jacoby off',
          'set analysis chequerplay evaluation plies %d' % plies,
          'set analysis chequerplay evaluation prune off',
          'set analysis chequerplay evaluation cubeful off',
          'set analysis chequerplay evaluation deterministic on',
          'set analysis chequerplay evaluation noise 0',
          'set analysis cube off', 'set analysis luck off']:
    gnubg.command(c)

out = open(env['NARDY_OUT'], 'w')
for path in open(env['NARDY_FILES']).read().split():
    gnubg.command('import mat ' + path)
    gnubg.command('analyse match')
    m = gnubg.match(1, 0, 1, 0)
    games = []
    for game in m['games']:
        moves = []
        for rec in game['game']:
            if rec.get('action') != 'move':
                continue
            a = rec.get('analysis')
            if not a or 'moves' not in a:
                moves.append({'player': rec['player'], 'dice': rec.get('dice'), 'move': rec.get('move'), 'loss': None, 'options': 0})
                continue
            opts = a['moves']
            chosen = opts[a['imove']]['score']
            moves.append({'player': rec['player'], 'dice': rec.get('dice'), 'move': rec.get('move'),
                          'loss': max(0.0, opts[0]['score'] - chosen), 'options': len(opts)})
        stats = {}
        for key in ('X', 'O'):
            mv = game.get('stats', {}).get(key, {}).get('moves', {})
            stats[key] = {'error': mv.get('error-cost', 0.0), 'unforced': mv.get('unforced-moves', 0), 'moves': mv.get('total-moves', 0)}
        games.append({'moves': moves, 'stats': stats})
    out.write(json.dumps({'file': path, 'games': games}) + '\n')
out.close()
