# Runs inside GNU Backgammon: gnubg -t -q -r -p scripts/gnubg/cube-verdicts.py
# Reads JSON lines {"id": ..., "position": <SPEC §2, short>, "cube": {"value": v, "owner": null|"me"},
# "match": {"length": n, "score": [side on roll's, the other's], "crawford": bool} (optional)}
# from $NARDY_IN: the side on turn, before its roll, in a money game (no Jacoby rule, no beavers)
# or at that match score, the cube in the middle or its own. Writes, for each, gnubg's cubeful
# values for that side (no double, double/take, double/pass: money equity per unit of the cube
# before the decision, or match winning chances in a match) and its recommendation, evaluated at
# $NARDY_PLIES plies (2: "world class"), to $NARDY_OUT.
import json, os
import gnubg

import sys
sys.path.insert(0, 'scripts/gnubg')
from positions import position_id, open_board

plies = int(os.environ.get('NARDY_PLIES', '2'))
open_board(gnubg, 1, ['set jacoby off', 'set beavers off'])
ec = gnubg.evalcontext(1, plies, 0, 1, 0.0)

out = open(os.environ['NARDY_OUT'], 'w')
for line in open(os.environ['NARDY_IN']):
    case = json.loads(line)
    pos = case['position']
    turn = pos['turn']
    other = 'black' if turn == 'white' else 'white'
    board = gnubg.positionfromid(position_id(pos[turn], pos[other]))
    cube = case['cube']
    # The side on roll is gnubg's player 0 here (move 0): owner 0 is its cube, -1 the middle.
    match = case.get('match')
    if match:
        ci = gnubg.cubeinfo(cube['value'], 0 if cube['owner'] == 'me' else -1, 0, match['length'], tuple(match['score']), 1 if match.get('crawford') else 0)
    else:
        ci = gnubg.cubeinfo(cube['value'], 0 if cube['owner'] == 'me' else -1, 0, 0, (0, 0))
    optimal, nd, dt, dp, cp, said = gnubg.cfevaluate(board, ci, ec)
    out.write(json.dumps({"id": case.get('id'), "nd": nd, "dt": dt, "dp": dp, "gnubg": said}, separators=(',', ':')) + '\n')
out.close()
