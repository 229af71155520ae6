# Runs inside GNU Backgammon: gnubg -t -q -r -p scripts/gnubg/best-plays.py
# Reads JSON lines {"position": <SPEC §2, short>, "dice": [a, b], "answers": ["24/18 18/13", ...]}
# from $NARDY_IN and writes, for each, which answer gnubg's own best play is (by final position),
# or -1 when gnubg prefers a play that is none of them, with gnubg's best play and its equity, to
# $NARDY_OUT. gnubg evaluates cubeless money play at $NARDY_PLIES plies (2: "world class").
import json, os
import gnubg

import sys
sys.path.insert(0, 'scripts/gnubg')
from positions import apply_steps, position_id, project_id

plies = int(os.environ.get('NARDY_PLIES', '2'))
gnubg.command('set threads 1')
gnubg.command('set player 0 human')
gnubg.command('set player 1 human')
gnubg.command('set display off')
gnubg.command('set evaluation chequerplay evaluation plies %d' % plies)
gnubg.command('set evaluation chequerplay evaluation cubeful off')
gnubg.command('set evaluation chequerplay evaluation prune on')
gnubg.command('new game')

def final(mover, opp, turn, other, steps):
    m, o = apply_steps(mover, opp, steps)
    sides = {turn: m, other: o}
    return project_id('short', other, sides['white'], sides['black'])

out = open(os.environ['NARDY_OUT'], 'w')
for line in open(os.environ['NARDY_IN']):
    case = json.loads(line)
    pos, dice = case['position'], case['dice']
    turn = pos['turn']
    other = 'black' if turn == 'white' else 'white'
    mover, opp = pos[turn], pos[other]
    gnubg.command('set board ' + position_id(mover, opp))
    gnubg.command('set dice %d %d' % (dice[0], dice[1]))
    hints = gnubg.hint(1)['hint']
    best = hints[0]
    bestfinal = final(mover, opp, turn, other, gnubg.parsemove(best['move']))
    finals = [final(mover, opp, turn, other, gnubg.parsemove(a)) for a in case['answers']]
    which = finals.index(bestfinal) if bestfinal in finals else -1
    out.write(json.dumps({"id": case.get('id'), "which": which, "gnubg": best['move'], "equity": best.get('equity')}, separators=(',', ':')) + '\n')
out.close()
