# Positions as gnubg and the project write them, for the scripts that run inside GNU Backgammon
# (plays.py, best-plays.py): gnubg's position id, a play's steps applied, the project's id.
# Imported by those scripts with scripts/gnubg on sys.path (they run from the repo root).
import base64

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
