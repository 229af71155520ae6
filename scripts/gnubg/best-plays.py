# Runs inside GNU Backgammon: gnubg -t -q -r -p scripts/gnubg/best-plays.py
# Reads JSON lines {"position": <SPEC §2, short>, "dice": [a, b], "answers": ["24/18 18/13", ...]}
# from $NARDY_IN and writes, for each, which answer gnubg's own best play is (by final position),
# or -1 when gnubg prefers a play that is none of them, with gnubg's best play and its equity, to
# $NARDY_OUT. gnubg evaluates cubeless money play at $NARDY_PLIES plies (2: "world class").
import json, os
import gnubg

import sys
sys.path.insert(0, 'scripts/gnubg')
from positions import cases, final, open_board

plies = int(os.environ.get('NARDY_PLIES', '2'))
open_board(gnubg, 1, ['set evaluation chequerplay evaluation plies %d' % plies, 'set evaluation chequerplay evaluation cubeful off', 'set evaluation chequerplay evaluation prune on'])

out = open(os.environ['NARDY_OUT'], 'w')
for case, mover, opp, turn, other in cases(gnubg):
    best = gnubg.hint(1)['hint'][0]
    bestfinal = final(mover, opp, turn, other, gnubg.parsemove(best['move']))
    finals = [final(mover, opp, turn, other, gnubg.parsemove(a)) for a in case['answers']]
    which = finals.index(bestfinal) if bestfinal in finals else -1
    out.write(json.dumps({"id": case.get('id'), "which": which, "gnubg": best['move'], "equity": best.get('equity')}, separators=(',', ':')) + '\n')
out.close()
