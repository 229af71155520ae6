# Runs inside GNU Backgammon: gnubg -t -q -r -p scripts/gnubg/plays.py
# Reads JSON lines {"position": <SPEC §2, short>, "dice": [a, b]} from $NARDY_IN and writes, for
# each, gnubg's legal plays as final positions (project position ids) to $NARDY_OUT. Finals are computed here by applying
# gnubg's own parsed steps, independently of the project's engine.
import json, os
import gnubg

import sys
sys.path.insert(0, 'scripts/gnubg')
from positions import cases, final, open_board

open_board(gnubg, 2)

out = open(os.environ['NARDY_OUT'], 'w')
for case, mover, opp, turn, other in cases(gnubg):
    try:
        hints = gnubg.hint(100000)['hint']
    except Exception:
        hints = []  # gnubg answers "no legal moves" with an error
    finals = set(final(mover, opp, turn, other, gnubg.parsemove(h['move'])) for h in hints)
    out.write(json.dumps({"position": case['position'], "dice": case['dice'], "count": len(finals), "finals": sorted(finals)}, separators=(',', ':')) + '\n')
out.close()
