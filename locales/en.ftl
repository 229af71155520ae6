# Nardy bot — English

cmd-start = Main menu
cmd-play = Play: the bot here, or challenge someone in a group
cmd-rules = Rules with pictures
cmd-settings = Language, board and play settings
cmd-resign = Resign the current game
cmd-cancel = Cancel your challenge or game
cmd-fair = Provably fair dice: seed hash and check
cmd-help = How to use the bot

start-welcome = Hello, { $name }! I referee long nardy and short nardy (backgammon).
    Play me here, challenge a friend in a group with /play, or learn the rules with /rules.
start-group = Hi! Challenge someone with /play (as a reply, /play @name, or an open /play). Options: /play short 5. Rules: /rules.
start-unknown-link = That link is not valid any more. Here is the menu.
help = How to play:
    • /play — in a private chat: a game against me; in a group: a challenge (reply to a message, add @name, or leave it open). Add "long" or "short" and a match length: /play short 5.
    • The board is one picture. Press 🎲 Roll, then one button per checker step (24→18). Undo takes a step back, Done sends the play. A forced play is made for you.
    • /resign — give up the game (1, 2 or 3 times the cube). /cancel — cancel your challenge, or end a game against me.
    • /rules — lessons with boards. /settings — language, board side, auto-roll, Done confirmation, theme.
    • /fair — every game's dice come from a secret seed whose SHA-256 is published at the start; after the game the seed is revealed and /fair <game id> checks every roll.

menu-play-bot = 🤖 Play the bot
menu-play-friend = 👥 Play a friend
menu-rules = 📖 Rules
menu-settings = ⚙️ Settings

play-bot-variant = Which game?
play-bot-level = { $variant }: how strong should I play?
    🟢 Easy — for your first games: often plays a weaker move.
    🟡 Medium — a club player: solid, now and then careless.
    🟠 Hard — strong: looks one roll ahead on its best moves.
    🔴 Expert — the strongest: looks further and forgives nothing.
play-bot-length = How long a match?
play-bot-started = { $variant } against the bot ({ $level }). Good luck!
play-bot-private-only = Games against the bot are played in a private chat with me.
play-friend-how = Add me to a group with your friend and send /play as a reply to their message (or /play @their_name). Each of you presses the buttons on the shared board.
play-bad-arg = I did not understand "{ $arg }". Try: /play, /play short 5, /play long @name.
play-not-yourself = You cannot challenge yourself.

variant-long = Long nardy
variant-short = Short nardy
level-easy = easy
level-medium = medium
level-hard = hard
level-expert = expert
length-single = One game
length-match = Match to { $n }
length-other = Other length…
play-bot-ask-length = Send the match length as a number from 1 to { $max }.
play-bot-length-bad = "{ $text }" is not a match length: send a whole number from 1 to { $max }.
play-bot-length-gave-up = No length, no game. Start again with /play.
side-white = White
side-black = Black
bot-name = Bot ({ $level })

challenge-open = { $from } wants to play { $game }. Who accepts?
challenge-to = { $from } challenges { $to } to { $game }.
challenge-match = { $variant }, match to { $length }
challenge-accepted = { $from } vs { $to }: the game is on! ↓
challenge-declined = { $to } declined the challenge of { $from }.
challenge-cancelled = { $from } cancelled the challenge.

caption-match = { $variant } · match to { $length } · game { $game } · score { $white }:{ $black }
caption-pips = { $pips } pips, { $off } off
caption-cube = Cube: { $value } ({ $owner })
cube-centre = in the middle
caption-last = { $name } played { $dice }: { $play }

note-opening = Opening roll { $dice }.
note-forced = Only one play was possible: { $play }.
note-no-move = { $side } rolled { $dice } and could not move.
note-bot-doubles = The bot doubles to { $value }.
note-bot-takes = The bot takes the double.
note-doubles = { $name } doubles to { $value }.
note-takes = { $name } takes the double.
note-bot-declines = The bot declines the resignation.
note-dropped = The double was passed.
note-resign-offered = Resignation offered: { $level } × the cube.
note-resign-declined = The resignation was declined.
note-forfeit = The game was abandoned.
note-rematched = A rematch has started below.

status-opening = Opening roll…
status-roll = { $name } to roll.
status-last-roll = { $name } gets one last roll for a draw.
status-move = { $name } rolled { $dice }: choose a step.
status-done = { $name }: press Done to send the play, or Undo.
status-double = { $name }: take or pass the double to { $value }?
status-resign = { $name } offers to resign for { $points ->
        [one] { $points } point
       *[other] { $points } points
    }. { $other }: accept?
status-game-over = { $name } wins: { $kind }, { $points ->
        [one] { $points } point
       *[other] { $points } points
    }.
status-draw = A draw: both sides finished.
status-match-over = 🏆 { $name } wins the match { $white }:{ $black }.

result-oin = oin
result-mars = mars
result-single = single game
result-gammon = gammon (mars)
result-backgammon = backgammon (koks)
result-draw = draw

label-pips = pips
label-off = off
label-score = score

btn-roll = 🎲 Roll
btn-double = Double to { $value }
btn-resign = 🏳 Resign…
btn-resign-1 = Resign ×1 ({ $points })
btn-resign-2 = Resign ×2 ({ $points })
btn-resign-3 = Resign ×3 ({ $points })
btn-back = ← Back
btn-undo = ↩ Undo
btn-done = ✅ Done
btn-take = Take
btn-pass = Pass
btn-accept = Accept
btn-decline = Decline
btn-cancel = Cancel
btn-next-game = Next game ▶
btn-new-game = New game
btn-rematch = 🔁 Rematch
btn-prev = ◀ Back
btn-next = Next ▶

toast-bad-button = This button is broken or forged: nothing was done.
toast-stale = This board is out of date.
toast-gone = This game is over or no longer exists.
toast-not-player = This is not your game.
toast-not-player-turn = This is not your game. It is { $name }'s turn.
toast-not-your-turn = It is { $name }'s turn.
toast-cannot-now = You cannot do that now.
toast-rematch = Rematch!
toast-starting = Starting…
toast-saved = Saved.
toast-error = Something went wrong; please try again.
toast-busy = Saved. Telegram lets the bot update this chat only so often: the board follows in about { $seconds } s.
toast-try-again = The bot cannot reach its storage right now; nothing was done. Please try again in a moment.
toast-accepted = Accepted!
toast-challenge-gone = This challenge is no longer open.
toast-only-challenger = Only the challenger can cancel.
toast-only-target = This challenge is for someone else.
toast-own-challenge = You cannot accept your own challenge.
toast-refused-game-over = The game is over.
toast-refused-not-your-turn = It is not your turn.
toast-refused-wrong-phase = Not now.
toast-refused-illegal-step = That step is not part of any legal play.
toast-refused-nothing-to-undo = Nothing to undo.
toast-refused-play-incomplete = The play is not complete yet.
toast-refused-illegal-play = That play is not legal.
toast-refused-cube-not-allowed = You cannot double now.
toast-refused-resign-pending = An offer is waiting for an answer.
toast-refused-bad-action = That is not possible.
toast-refused-busy = Busy, try again.

no-game = You have no game in progress here.
cancel-done = Cancelled.
cancel-nothing = Nothing to cancel.

fair-title = Dice check of game { $id }
fair-current = Game { $id }: dice seed SHA-256 { $hash } (rolls are HMAC-SHA256(seed, "{ $key }:n")). The seed is revealed when the game ends: then /fair { $id }.
fair-running = { $key }: in progress, seed hash { $hash }.
fair-ok = { $key }: ✅ seed { $seed } matches hash { $hash }; all { $rolls } rolls recomputed.
fair-bad = { $key }: ❌ the seed { $seed } does not reproduce the published hash { $hash } or the { $rolls } rolls.
fair-how = Roll n is HMAC-SHA256(seed, "<key>:n"); its bytes below 252 give the dice as byte mod 6 + 1 (no bias).
fair-none = You have no game here. Use /fair <game id> to check a finished game.
fair-bad-id = A game id has 10 letters and digits.
fair-not-found = No such game (finished games are kept for a week).

settings-title = Settings
settings-orient-own = Board: my side
settings-orient-white = Board: White's side
settings-autoroll-on = Auto-roll: on
settings-autoroll-off = Auto-roll: off
settings-confirm-on = Confirm with Done: on
settings-confirm-off = Confirm with Done: off
settings-theme-wood = Wooden board
settings-theme-dark = Dark, high contrast

rules-choose = Which rules?
rules-unknown = I do not know the rules of "{ $arg }". Choose:
rules-to-short = Short nardy rules →
rules-to-long = Long nardy rules →

lesson-long-setup-title = Long nardy: the setup
lesson-long-setup-text = Each side has 15 checkers, all on its own point 24, the head (marked). The heads stand in opposite corners. Both sides move the same way round, counter-clockwise, each from its 24 towards its 1 and then off the board. Your home is points 1–6, bottom right. The first to bear off all 15 wins.
lesson-long-moving-title = Moving
lesson-long-moving-text = Each die is a separate step. Here White rolled 6-5 and played 24/18 18/13: one checker took both dice, which is allowed only through an open intermediate point. A checker may stop on an empty point or on its own checkers — never on a point with any opponent checker (there is no hitting). Doubles are played four times. You must play both dice if you can; if only one can be played, play the larger.
lesson-long-head-title = The head rule
lesson-long-head-text = Only one checker may leave the head per turn. The exception: on a side's very first turn, 6-6, 4-4 or 3-3 let two checkers leave the head (here Black's 6-6: two to 18, and 18/12 is closed by White's head). The first mover never rolls a double on its first turn, so only the second player can use it.
lesson-long-block-title = The six-block rule
lesson-long-block-text = You may not hold six points in a row unless at least one opponent checker is already past them. "In a row" follows the opponent's path, so your 1 and 24 are neighbours, your 12 and 13 are not. White's 6..2 is five in a row; a checker to the marked 7 would make six with no black checker ahead: not allowed, not even for a moment inside a turn.
lesson-long-bearoff-title = Bearing off
lesson-long-bearoff-text = Once all 15 are home, a die bears off a checker from the point of its number. If that point is empty and nothing stands higher, the die bears off from the highest point; otherwise it must be played inside home. Bearing off is never compulsory when a move inside home is possible. White's 6-3: 6/off and 4/1.
lesson-long-scoring-title = Scoring: oin and mars
lesson-long-scoring-text = White has borne everything off and wins. If the loser has borne off at least one checker it is an oin: 1 point. If the loser has borne off none (as Black here) it is a mars: 2 points. There is no koks in long nardy. In a match the points add up to the match length.
lesson-long-mistakes-title = Common beginner mistakes
lesson-long-mistakes-text = • Taking a second checker off the head (only on the first 6-6, 4-4, 3-3).
    • Counting the checker's own point when moving: a 5 from 19 lands on 14.
    • Using both dice on one checker through a closed point.
    • Playing the smaller die when only one die can be played.
    • Forgetting that a six-block without an opponent checker ahead is illegal.

lesson-short-setup-title = Short nardy (backgammon): the setup
lesson-short-setup-text = The standard backgammon setup: 2 checkers on your 24, 5 on 13, 3 on 8 and 5 on 6. The sides move in opposite directions, each towards its own home (points 1–6). The first to bear off all 15 wins.
lesson-short-moving-title = Moving
lesson-short-moving-text = Each die is a separate step; doubles are played four times. A point held by two or more opponent checkers is closed. You must use both dice if you can, else the larger one. Here White's 3-1 makes the 5 point: 8/5 6/5.
lesson-short-hit-title = Hitting
lesson-short-hit-text = A single checker (a blot) can be hit: landing on it sends it to the bar. White's 6-1, 13/7* 8/7, hits Black's blot and makes the point; the hit checker must re-enter before Black may move anything else.
lesson-short-bar-title = The bar
lesson-short-bar-text = A checker on the bar must enter first, in the opponent's home: a die of 2 enters on the opponent's 2 point. A point held by two or more opponent checkers is closed: here Black's 5 cannot enter on White's 5 point, so the 2 enters (bar/23) and the 5 is played by another checker. While a checker is on the bar nothing else may move; if it cannot enter, the turn passes.
lesson-short-bearoff-title = Bearing off
lesson-short-bearoff-text = With all 15 in home (and none on the bar) you bear off as in long nardy: the exact point, or the highest point when nothing stands higher; otherwise move inside home. White's 6-4: 6/off 4/off.
lesson-short-scoring-title = Scoring: single, gammon, backgammon
lesson-short-scoring-text = A single game is 1 point. If the loser has borne off nothing it is a gammon (mars): 2 points. If it has also a checker on the bar or in the winner's home, as Black here, it is a backgammon (koks): 3 points. Everything is multiplied by the cube.
lesson-short-cube-title = The doubling cube
lesson-short-cube-text = Before rolling, the player to move may double if the cube is in the middle or theirs. The opponent takes (the cube doubles and the taker owns it) or passes (and loses the current value). In a match there is no doubling in the Crawford game, the one right after a side first reaches match point minus one.
lesson-short-mistakes-title = Common beginner mistakes
lesson-short-mistakes-text = • Moving other checkers while one is on the bar.
    • Leaving blots within direct range (1–6 pips) of opponent checkers.
    • Bearing off while a checker is still outside home.
    • Passing a double that should be taken (take when you win at least 1 game in 4).
