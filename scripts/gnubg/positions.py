# Positions as gnubg and the project write them, for the scripts that run inside GNU Backgammon
# (plays.py, best-plays.py, training-data.py): gnubg's position id, a play's steps applied, the
# project's id, and the cases of $NARDY_IN set on gnubg's board one by one. Imported by those
# scripts with scripts/gnubg on sys.path (they run from the repo root).
import base64, json, os

def position_id(mover, opp):
    # gnubg: the opponent's 25 slots (points 1..24, bar) then the side on roll's; n one-bits and a
    # zero-bit per slot, packed least-significant-bit first into 10 bytes, base64 without '=='.
    bits = []
    for side in (opp, mover):
        for slot in range(1, 26):
            bits += [1] * side[slot] + [0]
    data = bytearray(10)
    for i, b in enumerate(bits):
        if b:
            data[i // 8] |= 1 << (i % 8)
    return base64.b64encode(bytes(data)).decode()[:14]

def apply_steps(mover, opp, steps):
    m, o = list(mover), list(opp)
    for f, t in steps:
        assert m[f] > 0, (f, t)
        m[f] -= 1
        if t <= 0:
            m[0] += 1
        else:
            m[t] += 1
            if o[25 - t] == 1:
                o[25 - t] = 0
                o[25] += 1
            assert o[25 - t] == 0, ('blocked', f, t)
    return m, o

B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_'

def project_id(variant, turn, white, black):
    # The project's position id (README): L/S, W/B, then 80 bits as 14 base64url characters:
    # White's then Black's slots 1..25, n one-bits and a zero-bit each, least significant first.
    bits = []
    for side in (white, black):
        for slot in range(1, 26):
            bits += [1] * side[slot] + [0]
    bits += [0] * (84 - len(bits))
    chars = ''.join(B64[sum(bits[i + k] << k for k in range(6))] for i in range(0, 84, 6))
    return ('L' if variant == 'long' else 'S') + ('W' if turn == 'white' else 'B') + chars

def final(mover, opp, turn, other, steps):
    """The project's id of the short-nardy position after the mover's steps (the other side to roll)."""
    m, o = apply_steps(mover, opp, steps)
    sides = {turn: m, other: o}
    return project_id('short', other, sides['white'], sides['black'])

def open_board(gnubg, threads, settings=()):
    """Two human players, no display, these settings, a new game: a board to set positions on."""
    for c in ['set threads %d' % threads, 'set player 0 human', 'set player 1 human', 'set display off'] + list(settings) + ['new game']:
        gnubg.command(c)

def cases(gnubg):
    """Each JSON line of $NARDY_IN ({"position": SPEC §2, short, "dice": [a, b], ...}), set on gnubg's
    board with its dice: (case, mover's slots, opponent's slots, turn, other side)."""
    for line in open(os.environ['NARDY_IN']):
        case = json.loads(line)
        pos, dice = case['position'], case['dice']
        turn = pos['turn']
        other = 'black' if turn == 'white' else 'white'
        mover, opp = pos[turn], pos[other]
        gnubg.command('set board ' + position_id(mover, opp))
        gnubg.command('set dice %d %d' % (dice[0], dice[1]))
        yield case, mover, opp, turn, other
