# Runs inside GNU Backgammon: gnubg -t -q -r -p scripts/gnubg/training-data.py
# Training data for the short-nardy network: gnubg plays games against itself at 0-ply (each game
# with its own Gaussian noise on the move choice, so positions of weaker play appear too), and for
# every roll it writes each legal play's resulting position with gnubg's 0-ply outcome
# probabilities, seen by the side then to roll.
#
# With NARDY_DECISIONS (a file of decisions from scripts/gnubg/decisions.ts: the mover's and the
# opponent's 26 slots and the dice) it plays no games: it writes every legal play's resulting
# position of each listed decision instead.
#
# Environment: NARDY_OUT (output file), NARDY_GAMES (games to play), NARDY_SEED (random seed),
# NARDY_DECISIONS (optional, see above; a decision line with its match context, from
# decisions.ts --match, is scored cubefully at its score and cube, and each play's line is then
# "<project position id> <the mover's cubeful equity>"), NARDY_REFERENCE ("1": before each
# decision's plays, a line "R <id>" gives gnubg expert's own 0-ply choice, cubeful in a match,
# cubeless for money, in a match or when NARDY_PLIES is above 0; bench/decisions.ts asks for it,
# training data leaves it out),
# NARDY_GROUPS ("1" keeps each decision's plays together,
# for the trainer's loss on the differences between them), NARDY_PLIES (gnubg's depth, default 0;
# above 0 with gnubg's analysis settings: bench/decisions.ts), NARDY_KEEP_WINS ("1" also writes
# the plays that bear off the last checker).
# One line per position: "<project position id> w wg wbg lg lbg" (the side in the id's turn is to
# roll; probabilities cumulative, gnubg's convention). Duplicates within one run are skipped;
# with NARDY_GROUPS every decision writes all its plays (gnubg lists each resulting position
# once) followed by a line "#".
import os, random
import gnubg

import sys
sys.path.insert(0, 'scripts/gnubg')
from positions import apply_steps, position_id as gnubg_id, project_id as any_project_id

def project_id(turn, white, black):
    return any_project_id('short', turn, white, black)

def start():
    s = [0] * 26
    s[24], s[13], s[8], s[6] = 2, 5, 3, 5
    return s

for c in ['set threads 1', 'set player 0 human', 'set player 1 human', 'set display off',
          'set evaluation chequerplay evaluation plies 0', 'set evaluation chequerplay evaluation cubeful off',
          'set evaluation chequerplay evaluation prune off', 'new game']:
    gnubg.command(c)
PLIES = int(os.environ.get('NARDY_PLIES', '0'))
REFERENCE = os.environ.get('NARDY_REFERENCE') == '1'
if PLIES:
    # gnubg's own analysis settings at that depth: pruning on, its default move filter (plays far
    # behind the best keep their 0-ply figures, as in gnubg's analysis).
    gnubg.command('set evaluation chequerplay evaluation plies %d' % PLIES)
    gnubg.command('set evaluation chequerplay evaluation prune on')

rng = random.Random(int(os.environ.get('NARDY_SEED', '1')))
games = int(os.environ.get('NARDY_GAMES', '10'))
out = open(os.environ['NARDY_OUT'], 'w')
seen = set()
NOISE = [0.0, 0.0, 0.01, 0.02, 0.04, 0.06, 0.1]

GROUPS = os.environ.get('NARDY_GROUPS') == '1'
# Plays that bear off the last checker are no training positions, but a decision's scoring needs them.
KEEP_WINS = os.environ.get('NARDY_KEEP_WINS') == '1'

def plays(turn, mover, opp, a, b, noise):
    """Writes each legal play's resulting position (new ones only, or all of them in groups);
    returns the chosen play's (mover, opp) by gnubg's equity plus Gaussian noise, or None when
    no play is legal."""
    global seen
    other = 'black' if turn == 'white' else 'white'
    gnubg.command('set board ' + gnubg_id(mover, opp))
    gnubg.command('set dice %d %d' % (a, b))
    try:
        hints = gnubg.hint(100000)['hint']
    except Exception:
        hints = []  # no legal move: the turn passes
    best, choice = None, None
    for h in hints:
        steps = gnubg.parsemove(h['move'])
        m, o = apply_steps(mover, opp, steps)
        score = h['equity'] + (rng.gauss(0, noise) if noise else 0.0)
        if best is None or score > best:
            best, choice = score, (m, o)
        if m[0] == 15 and not KEEP_WINS:
            continue
        w, wg, wbg, lg, lbg = h['details']['probs']
        pos = {turn: m, other: o}
        key = project_id(other, pos['white'], pos['black'])
        if not GROUPS:
            if key in seen:
                continue
            seen.add(key)
        if MATCH:
            # A match decision: the mover's cubeful equity after the play (gnubg's EMG).
            out.write('%s %.6f\n' % (key, h['equity']))
            continue
        # Seen by the side now to roll: the mover's loss is its win.
        out.write('%s %.5f %.5f %.5f %.5f %.5f\n' % (key, 1 - w, lg, lbg, wg, wbg))
    if len(seen) > 3000000:
        seen = set()
    return choice

def match_context(away_me, away_opp, crawford, cube, owner):
    # The mover is gnubg's player 1, on roll; scores as points away (gnubg's negative scores).
    gnubg.command('set score %d %d' % (-away_opp, -away_me))
    one_away = away_me == 1 or away_opp == 1
    # The cube is set while gnubg allows it: in the Crawford game it refuses cube commands, and
    # the value left from an earlier decision (a 2-cube of the game before) would then stay, and
    # gnubg would value the Crawford game as played for that many points. So the Crawford flag
    # goes off first and on again after the cube.
    if one_away:
        gnubg.command('set crawford off')
    gnubg.command('set turn 1')
    gnubg.command('set cube value %d' % cube)
    gnubg.command({0: 'set cube centre', 1: 'set cube owner 1', 2: 'set cube owner 0'}[owner])
    if one_away and crawford:
        gnubg.command('set crawford on')

def reference(mover, opp, a, b):
    # gnubg expert's own choice (0-ply, pruning off, cubeful in a match, cubeless for money: as it
    # plays the bench's matches and cubeless games), worked out before the
    # deeper evaluation: "R <id after its play>", the yardstick a setting's loss is compared with.
    gnubg.command('set board ' + gnubg_id(mover, opp))
    gnubg.command('set dice %d %d' % (a, b))
    gnubg.command('set evaluation chequerplay evaluation plies 0')
    gnubg.command('set evaluation chequerplay evaluation prune off')
    try:
        hints = gnubg.hint(1)['hint']
    except Exception:
        hints = []
    gnubg.command('set evaluation chequerplay evaluation plies %d' % PLIES)
    if PLIES:
        gnubg.command('set evaluation chequerplay evaluation prune on')
    if hints:
        m, o = apply_steps(mover, opp, gnubg.parsemove(hints[0]['move']))
        out.write('R %s\n' % project_id('black', m, o))

MATCH = False
if os.environ.get('NARDY_DECISIONS'):
    for line in open(os.environ['NARDY_DECISIONS']):
        parts = line.split()
        if len(parts) == 10:
            # A match decision (scripts/gnubg/decisions.ts --match): cubeful, at its score and cube.
            if not MATCH:
                MATCH = True
                for c in ['set evaluation chequerplay evaluation cubeful on', 'set cube use on', 'set jacoby off', 'new match 25']:
                    gnubg.command(c)
            match_context(int(parts[4]), int(parts[5]), parts[6] == '1', int(parts[8]), int(parts[9]))
        elif len(parts) != 4:
            continue
        mover = [int(x) for x in parts[0].split(',')]
        opp = [int(x) for x in parts[1].split(',')]
        if REFERENCE and (MATCH or PLIES):
            reference(mover, opp, int(parts[2]), int(parts[3]))
        plays('white', mover, opp, int(parts[2]), int(parts[3]), 0.0)
        if GROUPS:
            out.write('#\n')
    games = 0

for g in range(games):
    noise = rng.choice(NOISE)
    sides = {'white': start(), 'black': start()}
    a, b = rng.randint(1, 6), rng.randint(1, 6)
    while a == b:
        a, b = rng.randint(1, 6), rng.randint(1, 6)
    turn = 'white' if a > b else 'black'
    for ply in range(1000):
        other = 'black' if turn == 'white' else 'white'
        choice = plays(turn, sides[turn], sides[other], a, b, noise)
        if GROUPS:
            out.write('#\n')
        if choice is not None:
            sides[turn], sides[other] = choice
            if sides[turn][0] == 15:
                break
        turn = other
        a, b = rng.randint(1, 6), rng.randint(1, 6)
out.close()
