# Runs inside GNU Backgammon: gnubg -t -q -r -p scripts/gnubg/plays.py
# Reads JSON lines {"position": <SPEC §2, short>, "dice": [a, b]} from $NARDY_IN and writes, for
# each, gnubg's legal plays as final positions (project position ids) to $NARDY_OUT. Finals are computed here by applying
# gnubg's own parsed steps, independently of the project's engine.
import json, os
import gnubg

import sys
sys.path.insert(0, 'scripts/gnubg')
from positions import apply_steps, position_id, project_id

gnubg.command('set threads 2')
gnubg.command('set player 0 human')
gnubg.command('set player 1 human')
gnubg.command('set display off')
gnubg.command('new game')

out = open(os.environ['NARDY_OUT'], 'w')
for line in open(os.environ['NARDY_IN']):
    case = json.loads(line)
    pos, dice = case['position'], case['dice']
    turn = pos['turn']
    other = 'black' if turn == 'white' else 'white'
    mover, opp = pos[turn], pos[other]
    gnubg.command('set board ' + position_id(mover, opp))
    gnubg.command('set dice %d %d' % (dice[0], dice[1]))
    try:
        hints = gnubg.hint(100000)['hint']
    except Exception:
        hints = []  # gnubg answers "no legal moves" with an error
    finals = set()
    for h in hints:
        steps = gnubg.parsemove(h['move'])
        m, o = apply_steps(mover, opp, steps)
        sides = {turn: m, other: o}
        finals.add(project_id('short', other, sides['white'], sides['black']))
    out.write(json.dumps({"position": pos, "dice": dice, "count": len(finals), "finals": sorted(finals)}, separators=(',', ':')) + '\n')
out.close()
