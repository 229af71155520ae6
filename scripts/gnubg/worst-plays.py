# Runs inside GNU Backgammon: gnubg -t -q -r -p scripts/gnubg/worst-plays.py
# Reads analysed matches (.sgf, as play-external-match.py saves them with NARDY_SAVE) and writes
# one JSON line per checker play of the chosen player to NARDY_OUT: the match and game, the score
# before the game, the cube, the position (gnubg's position ID, the mover on roll), the dice, the
# play made and gnubg's best, and the error (gnubg's analysis scores: cubeful equity in a match).
#
# Environment: NARDY_FILES (paths, one per line), NARDY_PLAYER ("O": the external player, the
# default; "X": gnubg), NARDY_OUT.
import json, os
import gnubg

env = os.environ
who = env.get('NARDY_PLAYER', 'O')
out = open(env['NARDY_OUT'], 'w')
START = [0, 0, 0, 0, 0, 5, 0, 3, 0, 0, 0, 0, 5, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 0]

def fmt(move):
    return ' '.join('%s/%s' % ('bar' if a == 25 else a, 'off' if b <= 0 else b) for a, b in move)

def nardy(b):
    # The project's position (SPEC §2): the mover as White, each side in its own numbering, slot 0
    # the borne-off checkers, slot 25 the bar.
    side = lambda s: [15 - sum(s)] + list(s)
    return {'variant': 'short', 'turn': 'white', 'white': side(b[1]), 'black': side(b[0])}

for path in [p for p in env['NARDY_FILES'].split('\n') if p.strip()]:
    gnubg.command('load match "%s"' % path.strip())
    m = gnubg.match(1, 0, 1, 0)
    length = m['match-info'].get('match-length', 0)
    for gi, game in enumerate(m['games']):
        info = game['info']
        score = {'X': info.get('score-X', 0), 'O': info.get('score-O', 0)}
        board = {'X': list(START), 'O': list(START)}
        cube, owner = 1, None
        for rec in game['game']:
            a = rec.get('action')
            p = rec.get('player')
            if a == 'double':
                cube *= 2
            elif a == 'take':
                owner = p
            elif a == 'move':
                opp = 'X' if p == 'O' else 'O'
                before = (list(board[opp]), list(board[p]))
                an = rec.get('analysis', {})
                ms = an.get('moves', [])
                im = an.get('imove')
                if p == who and ms and im is not None and len(ms) > 1:
                    err = ms[0]['score'] - ms[im]['score']
                    out.write(json.dumps({'file': os.path.basename(path), 'game': gi + 1, 'length': length,
                        'score': [score[who], score['X' if who == 'O' else 'O']], 'crawford': bool(info.get('crawford', False)),
                        'cube': cube, 'owner': None if owner is None else ('me' if owner == who else 'opp'),
                        'id': gnubg.positionid(before), 'position': nardy(before), 'dice': rec['dice'], 'play': fmt(rec['move']), 'best': fmt(ms[0]['move']),
                        'error': round(err, 5)}) + '\n')
                # gnubg's boards: slot n-1 is point n, slot 24 the bar; steps run from 25 (the bar) to 0 (off).
                for a_, b_ in rec['move']:
                    board[p][a_ - 1] -= 1
                    if b_ > 0:
                        board[p][b_ - 1] += 1
                        if board[opp][24 - b_] == 1:
                            board[opp][24 - b_] = 0
                            board[opp][24] += 1
out.close()
