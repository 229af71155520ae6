# Runs inside GNU Backgammon: gnubg -t -q -r -p scripts/gnubg/plays.py
# Reads JSON lines {"position": <SPEC §2, short>, "dice": [a, b]} from $NARDY_IN and writes, for
# each, gnubg's legal plays as final positions (project position ids) to $NARDY_OUT. Finals are computed here by applying
# gnubg's own parsed steps, independently of the project's engine.
import base64, json, os
import gnubg

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
