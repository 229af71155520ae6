# Nardy bot — English

cmd-start = Main menu
cmd-play = Play: the bot here, or challenge someone in a group
cmd-rules = Rules with pictures
cmd-settings = Language, board and play settings
cmd-resign = Resign the current game
cmd-cancel = Cancel your challenge, or leave a game with the bot
cmd-fair = Provably fair dice: commitments, your seed, checks
cmd-help = How to use the bot

start-welcome = Hello, { $name }! I referee long nardy and short nardy (backgammon).
    Play me here, challenge a friend in a group with /play, or learn the rules with /rules.
start-group = Hi! Challenge someone with /play (as a reply, /play @name, or an open /play). Options: /play short 5. Rules: /rules.
private-only-command = { $command } works in our private chat: open https://t.me/{ $bot } and send { $command } there.
start-unknown-link = That link is not valid any more. Here is the menu.
help = How to play:
    • /play — in a private chat: a game against me; in a group: a challenge (reply to a message, add @name, or leave it open). Say the game and the length in any order: /play short 5, /play long to 3 @name.
    • The board is one picture. Press 🎲 Roll, then one button per checker step (24→18) or one button per whole play when there are few. Undo takes a step back, Done sends the play. A forced play is made for you and the caption says so.
    • /resign — give up the game (1, 2 or 3 times the cube); your opponent decides whether to accept. /cancel — cancel your challenge, or leave a game with me (asked first).
    • /rules — lessons with boards. /settings — language, board side, auto-roll, Done confirmation, theme.
    • /fair — provably fair dice: the commitment of your dice is shown before a game starts, your own seed is mixed in (/fair seed <text>), every seed is revealed when its game ends and /fair checks every roll.
    • A friend far away: 👥 Play a friend in the menu makes a link to send them; each of you plays on a board of your own in this chat. Or type @{ $bot } in any chat and pick a game to send an invitation there.
    • After a game: 📊 Review rates every move and shows your biggest mistakes on boards; 💾 Export (or /export) sends the game as a file for GNU Backgammon and for our analyser. Against the easy and medium bot, 💡 Hint shows the best plays of your roll.
    • /stats — your ratings, results and a chart; /top — the best players of this group (in a private chat: of everyone).
    • /tournament — in a group: a tournament (Swiss, knockout or round robin) from one command to the podium; each match is played by link in the players' private chats.
    • /find — a stranger of similar strength for a game by link (rated or not); /top week and /top month — the best of the week and the month.
    • /puzzle — a problem: find the best play; your puzzle rating moves with each answer (/puzzle stats).
private-hint = I answer buttons and commands. To play, press a button below or send /play; /rules teaches the game, /help explains everything.
private-unknown-command = I do not know the command { $command }. Here is the menu; /help lists what I can do.

menu-play-bot = 🤖 Play the bot
menu-play-friend = 👥 Play a friend
menu-rules = 📖 Rules
menu-settings = ⚙️ Settings
menu-stats = 📈 My statistics
menu-help = ❓ Help

play-bot-variant = Which game?
play-bot-level = { $variant }: how strong should I play?
    🟢 Easy — for your first games: often plays a weaker move.
    🟡 Medium — a club player: solid, now and then careless.
    🔴 Hard — the strongest: looks two rolls ahead on its best moves and forgives nothing.
play-bot-expert-retired = There is no expert level any more: hard now plays at full strength.
play-bot-length = How long a match?
play-bot-started = { $variant } against { $bot }. You play { $colour }. Good luck!
play-bot-private-only = Games against the bot are played in a private chat with me.
play-bot-in-progress = You have a game in progress: { $game }. Continue it, or choose a new one below.
play-bot-in-progress-start = You already have a game in progress: { $game }. Continue it, or start the new one as well?
play-friend-how = Add me to a group with your friend and send /play as a reply to their message (or /play @their_name). Each of you presses the buttons on the shared board.
play-bad-arg = I did not understand "{ $arg }". Say the game and the length in any order: long (or nardy) or short (or backgammon), a match length from 1 to { $max } ("5", "to 5"), and @name to challenge someone. Examples: /play, /play short 5, /play long to 3 @name.
play-bad-length = A match is 1 to { $max } points long: { $arg } is out of range.
play-two-games = Choose one game: long or short.
play-not-yourself = You cannot challenge yourself.
game-label = { $variant } against { $opponent }{ $score }
game-label-score = , score { $me }:{ $opp } (match to { $length })
label-to = to
banner-win = { $name } wins: { $kind }, { $points ->
        [one] { $points } point
       *[other] { $points } points
    }
banner-draw = A draw
banner-forfeit = { $name } wins: the opponent left

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
colour-white = White ⚪
colour-black = Black ⚫
bot-name = Bot ({ $level })

challenge-open = { $from } invites anyone to { $game }. Who accepts?
challenge-to = { $to }, { $from } challenges you to { $game }.
challenge-game-single = a game of { $variant ->
        [short] short nardy
       *[long] long nardy
    }
challenge-game-match = a match to { $length } of { $variant ->
        [short] short nardy
       *[long] long nardy
    }
challenge-accepted = { $from } vs { $to }: the game is on! ↓
challenge-declined = { $to } declined the challenge of { $from }.
challenge-cancelled = { $from } cancelled the challenge.

dice-next = 🎲 The dice of your next game are committed: { $commit }. They will be mixed with your seed (or the id of your start press) and every roll can be checked with /fair after the game.
dice-challenge = 🎲 The dice are committed: { $commit }; the accepting press adds its seed. /fair checks every roll after the game.
dice-started = 🎲 Dice: commitment { $commit }, client seed { $client }. /fair checks every roll after the game.
dice-seeded = 🎲 The dice committed above get the seed { $client }. /fair checks every roll after the game.

caption-match = { $variant } · match to { $length } · game { $game }
caption-score = Score: ⚪ { $white } : { $black } ⚫ (to { $length })
caption-pips = { $pips } pips · { $off } off
caption-cube = Cube: { $value } — { $owner }
cube-centre = centred
cube-owned = owned by { $name }
caption-crawford = Crawford game: no doubling in this game.
caption-last = { $name } played { $dice }: { $play }
caption-numbering = Point numbers are as in the picture: from { $name }'s side.
caption-their-numbering = { $who ->
        [bot] The bot's plays are numbered from its own side: its point 24 is point { $yours } in the picture.
       *[person] { $name }'s plays are numbered from their own side: their point 24 is point { $yours } in the picture.
    }

note-opening = Opening roll: { $white } { $a }, { $black } { $b }. { $starter } starts with { $dice }.
note-opening-tie = Opening roll: { $white } { $a }, { $black } { $b }: a tie, rolled again.
note-played = { $name } played { $dice }: { $play }
note-forced = { $name } had only one play with { $dice }: { $play }
note-no-move = { $name } rolled { $dice } and cannot move.
note-doubles = { $name } doubles to { $value }.
note-takes = { $name } takes: the cube is at { $value }.
note-dropped = { $name } passes the double.
note-resign-offered = { $name } offers to resign for { $points ->
        [one] { $points } point
       *[other] { $points } points
    }.
note-resign-declined = { $name } declines the resignation: play on.
note-resign-accepted = { $name } accepts the resignation.
note-forfeit = { $name } left the game.
note-forfeit-match = { $name } left the match.
note-rematched = A rematch has started below.
note-rematch-offered = 🔁 { $name } offers a rematch: { $other }, press Rematch to play it.
note-rematch-expired = { $name } offered a rematch; the offer has expired.

status-opening = Opening roll…
status-roll = { $name } to roll.
status-last-roll = { $name } gets one last roll for a draw.
status-move = { $name } rolled { $dice }: choose a move.
status-done = { $name }: press Done to send the play, or Undo.
status-double = { $name }: take (the cube goes to { $value }) or pass (lose { $points ->
        [one] { $points } point
       *[other] { $points } points
    })?
status-resign = { $name } offers to resign for { $points ->
        [one] { $points } point
       *[other] { $points } points
    }. { $other }: accept?
status-game-over = { $name } wins: { $kind }, { $points ->
        [one] { $points } point
       *[other] { $points } points
    }.
status-game-over-match = { $name } wins game { $game }: { $kind }, { $points ->
        [one] { $points } point
       *[other] { $points } points
    }. Score { $white }:{ $black }.
status-won-forfeit = { $name } wins: { $loser } left the game.
status-won-claim = { $name } wins the match: { $loser } ran out of time.
status-draw = A draw: both sides finished.
status-match-over = 🏆 { $name } wins the match { $white }:{ $black }.

result-oin = oin
result-mars = mars
result-single = a single win
result-gammon = gammon (mars)
result-backgammon = backgammon (koks)
result-draw = draw
result-forfeit = the opponent left

label-pips = pips
label-off = off
label-score = score

btn-roll = 🎲 Roll
btn-double = Double to { $value }
btn-resign = 🏳 Resign…
btn-resign-1 = Resign: { $points ->
        [one] { $points } point
       *[other] { $points } points
    }
btn-resign-2 = Resign: { $points } points ({ $variant ->
        [short] gammon
       *[long] mars
    })
btn-resign-3 = Resign: { $points } points (backgammon)
btn-back = ← Back
btn-undo = ↩ Undo
btn-done = ✅ Done
btn-take = Take (cube { $value })
btn-pass = Pass (lose { $points ->
        [one] { $points } point
       *[other] { $points } points
    })
btn-accept = Accept
btn-decline = Decline
btn-accept-resign = Accept (win { $points ->
        [one] { $points } point
       *[other] { $points } points
    })
btn-decline-resign = Decline, play on
btn-cancel = Cancel
btn-next-game = Next game ▶
btn-new-game = New game
btn-rematch = 🔁 Rematch
btn-check-dice = 🎲 Check the dice
btn-continue = ▶ Continue that game
btn-start-another = Start the new one too
btn-abandon = Leave the game
btn-abandon-game = Leave: { $variant }
btn-keep = Keep playing
btn-never-mind = Never mind
btn-prev = ◀ Back
btn-next = Next ▶

toast-bad-button = This button is broken or forged: nothing was done.
toast-stale = This board is out of date.
toast-gone = This game is over or no longer exists.
toast-not-player = This is not your game.
toast-not-player-turn = This is not your game. It is { $name }'s turn.
toast-not-your-turn = It is { $name }'s turn.
toast-not-for-you = These buttons are for someone else.
toast-lesson-other = Someone else asked for this lesson: send /rules for your own.
toast-cannot-now = You cannot do that now.
toast-rematch = Rematch!
toast-rematch-offered = Rematch offered: it starts when your opponent presses Rematch too.
toast-rematch-waiting = Your offer is on the board: waiting for your opponent.
toast-starting = Starting…
toast-saved = Saved.
toast-error = Something went wrong; please try again.
toast-busy = Saved. Telegram lets the bot update this chat only so often: the board follows in about { $seconds } s.
toast-try-again = The bot cannot reach its storage right now; nothing was done. Please try again in a moment.
toast-storage-full = The bot's storage is full right now, so nothing could be saved. Please try again later.
toast-slow-down = Too many presses at once: wait a moment, then try again.
slow-down = You are sending messages faster than I can answer. Please wait a few seconds: the extra ones were skipped.
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
abandon-ask = Leave { $game }? The game goes to { $opponent }: it counts as a lost game, with no points scored.
abandon-ask-match = Leave { $game }? The match goes to { $opponent } at the score it has now ({ $me }:{ $opp }): it counts as a lost match.
abandon-kept = Good: play on.
abandon-done = You left { $game }.
abandon-gone = That game is already over.

resign-ask = { $name }, resign { $variant } against { $opponent }? Choose how much you give up; { $opponent } decides whether to accept.
resign-which = Which game do you resign?
resign-game-label = { $variant } against { $opponent }
resign-sent = Resignation offered for { $points ->
        [one] { $points } point
       *[other] { $points } points
    }: { $opponent } answers on the board.
resign-kept = Not resigning: play on.
resign-gone = That game is over.

fair-title = Dice check of game { $id }
fair-current = Game { $id }, game { $k } of its match: commitment { $commit }, client seed { $client }. Its server seed is revealed when the game ends.
fair-current-v1 = Game { $id }: dice seed SHA-256 { $hash }. The seed is revealed when the game ends.
fair-next = Your next game's dice are committed: { $commit }.
fair-seed-is = Your own seed: { $seed } (it is mixed into the dice of the games you start or accept; /fair seed off clears it).
fair-seed-none = You have no seed of your own: the id of your start or accept press is used. Set one with /fair seed <text> (up to 64 characters, no spaces or colons).
fair-seed-set = Your seed is now { $seed }. It goes into the dice of the games you start or accept from now on.
fair-seed-cleared = Your seed is cleared: the id of your press is used again.
fair-seed-bad = "{ $seed }" cannot be a seed: use 1 to 64 printable characters without spaces or colons.
fair-running = Game { $k }: in progress (commitment { $commit }, client seed { $client }).
fair-ok = Game { $k }: ✅ server seed { $seed } hashes { $k ->
    [one] once
   *[other] { $k } times
} to the commitment { $commit }, and with the key { $key } it gives { $rolls ->
    [one] the one roll
   *[other] all { $rolls } rolls
}: { $digits }.
    Check it yourself: node scripts/verify-dice.mjs { $seed } { $k } { $commit } { $client } { $id } { $digits }
fair-bad = Game { $k }: ❌ the seed { $seed } does not lead to the commitment { $commit } or does not give the { $rolls } rolls.
fair-running-v1 = { $key }: in progress, seed hash { $hash }.
fair-ok-v1 = { $key }: ✅ seed { $seed } matches hash { $hash }; { $rolls ->
    [one] the one roll
   *[other] all { $rolls } rolls
} recomputed.
fair-bad-v1 = { $key }: ❌ the seed { $seed } does not reproduce the published hash { $hash } or the { $rolls } rolls.
fair-how = How to check: SHA-256 of the server seed (its 32 bytes), applied k times for game k, gives the commitment shown before the match. Roll n (from 0) is HMAC-SHA256(server seed, "<key>:n"), key = "<client seed>:<game id>:<k>"; its bytes below 252 give the dice as byte mod 6 + 1, in order (no bias). The README has a script.
fair-how-v1 = Roll n is HMAC-SHA256(seed, "<key>:n"); its bytes below 252 give the dice as byte mod 6 + 1 (no bias).
fair-none = You have no game here. Plain /fair checks your last finished game; /fair <game id> checks any game.
fair-bad-id = A game id has 10 letters and digits.
fair-not-found = No such game (finished games are kept for a week).

settings-title = Settings
settings-help = Board: whose side the picture is drawn from.
    Auto-roll: "off" — you always press Roll; "unless I can double" — rolled for you whenever doubling is not possible, so you are asked only when a double could be offered; "always" — rolled for you every turn (you will not double).
    Hints (💡 in games against the bot): "easy and medium" — only against the gentle levels; "every level" — against hard too; "off" — never. Games with people never have hints.
    Puzzles: with "yes", when one of your games is reviewed, its clearest mistakes may become /puzzle problems for everyone (only the position and the roll, no names; every human player of the game must have said yes).
settings-orient-own = Board: my side
settings-orient-white = Board: White's side
settings-autoroll-off = 🎲 Off
settings-autoroll-no-double = 🎲 Unless I can double
settings-autoroll-always = 🎲 Always
settings-confirm-on = Confirm with Done: on
settings-confirm-off = Confirm with Done: off
settings-theme-wood = Wooden board
settings-theme-dark = Dark board
settings-hints-auto = 💡 Easy and medium
settings-hints-on = 💡 Every level
settings-hints-off = 💡 Off

rules-choose = Which rules?
rules-unknown = I do not know the rules of "{ $arg }". Choose:
rules-to-short = Short nardy rules →
rules-to-long = Long nardy rules →

friend-variant = Play a friend by link: which game?
friend-length = { $variant }: how long a match?
friend-cube = A match to { $length }: with the doubling cube?
btn-cube-on = With the cube
btn-cube-off = Without the cube
friend-group-how = In a group: send /play as a reply to your friend's message (or /play @their_name).
invite-made = Your invitation: { $game }. Send this link to a friend — it is open for { $hours } h:
    { $link }
    Or press "Send to a chat" and choose the chat.
invite-game-cube = { $game } with the cube
btn-share = ↗ Send to a chat
btn-cancel-invite = Cancel the invitation
invite-open = { $from } invites you to { $game }. You would play here, in this chat with me, each on your own board.
invite-own = This is your own invitation: send the link to a friend.
invite-used = This invitation has already been accepted.
invite-used-mine = You are already playing this game.
invite-gone = This invitation is no longer open (it expired, was cancelled or declined).
invite-accepted-you = You accepted the invitation of { $from }: { $game }. Your board is below.
invite-accepted = { $name } accepted your invitation: { $game }. Your board is below.
invite-declined-you = You declined the invitation.
invite-declined = { $name } declined your invitation ({ $game }).
invite-cancelled = The invitation is cancelled.
invite-inline-done = { $name } accepted: the game is on in private chats with @{ $bot }.
inline-title = Invite to { $variant }
inline-description = { $game }: whoever accepts plays you in private chats with me
inline-invite = { $from } invites you to { $game }. Press Accept: you play each other in private chats with @{ $bot }.
inline-share-title = Send your invitation
inline-link = { $from } invites you to { $game }: { $link }
toast-own-invitation = This is your own invitation.
toast-inline-outdated = This invitation is no longer valid. Ask your friend to send a new one with @ and the bot's name.
toast-invitation-gone = This invitation is no longer open.
toast-open-bot = Open the chat with me to accept.
notice-your-move = 🎲 Your move ({ $variant } against { $opponent }).
remind-group = { $name }, your move in { $variant } against { $opponent }: { $left } left — then { $opponent } may claim the { $match ->
    [yes] match
   *[no] game
  }.
remind-link = ⏰ Your move in { $variant } against { $opponent }: { $left } left — then your opponent may claim the { $match ->
    [yes] match
   *[no] game
  }.
left-seconds = { $n } s
left-minutes = { $n } min
left-hours = { $n } h
claim-ready-group = { $idle } is out of time: { $waiting } may claim the { $match ->
    [yes] match
   *[no] game
  } with the button on the board.
claim-ready-link = ⏰ { $idle } is out of time: you may claim the { $match ->
    [yes] match
   *[no] game
  } with the button on your board.
btn-claim = ⏰ Claim the { $match ->
    [yes] match
   *[no] win
  } ({ $name } is out of time)
toast-claimed = Claimed.
note-claimed = { $idle } ran out of time: { $name } claims the game.
note-claimed-match = { $idle } ran out of time: { $name } claims the match.
btn-play-friend = 👥 Play a friend by link
stats-title = Statistics of { $name }
stats-none = No finished games yet.
stats-variant = { $variant }: rating { $rating } (best { $best }){ $place }
    { $matches } { $matches ->
        [one] match
       *[other] matches
    }: { $wins } won, { $losses } lost; points { $pointsWon }:{ $pointsLost }; { $game ->
        [short] gammons { $marsWon }:{ $marsLost }; backgammons { $koksWon }:{ $koksLost }
       *[long] marses { $marsWon }:{ $marsLost }
    }
stats-place = , place { $place }
stats-bot = Against the bot ({ $variant }): { $levels }
stats-bot-level = { $level } { $wins }:{ $losses }
stats-last = Last: { $results }
stats-result = { $how ->
        [left] { $won ->
            [yes] won (the opponent left)
           *[no] lost (left the match)
        }
        [time] { $won ->
            [yes] won on time
           *[no] lost on time
        }
       *[play] { $won ->
            [yes] won
           *[no] lost
        } { $score }
    } vs { $opponent } ({ $delta })
label-rating = rating
label-matches = matches
label-won = won
label-lost = lost
label-points = points
label-mars = { $game ->
        [short] gammons
       *[long] marses
    }
label-koks = backgammons
label-best = best
label-chart = Rating over the last matches
top-title-group = Leaderboard of this group
top-title-global = Leaderboard of all players
top-variant = { $variant }:
top-row = { $place }. { $name } — { $rating } ({ $matches } { $matches ->
    [one] match
   *[other] matches
})
top-empty = nobody yet (ratings come from finished matches between people)
cmd-stats = Your statistics and rating
cmd-top = Leaderboard (this group, or everyone)

lesson-long-setup-title = Long nardy: the setup
lesson-long-setup-text = Each side has 15 checkers, all on its own point 24, the head. Both heads are marked: White's is White's 24 (top right); Black's is Black's own 24, which the picture, numbered from White's side, labels 12 (bottom left). The arrows show the way: both sides move counter-clockwise, each from its 24 to its 1 and then off the board. White's home is its 1–6, bottom right; Black's home is Black's 1–6, top left on the picture (White's 13–18). The first to bear off all 15 wins.
lesson-long-opening-title = Who moves first
lesson-long-opening-text = Each player rolls one die; on a tie both roll again. The higher die moves first and plays the numbers of the two dice as its first roll. Here White rolled 5 and Black 3: White starts and plays 5-3. Every game of a match starts this way, not only the first.
lesson-long-moving-title = Moving
lesson-long-moving-text = Each die is a separate step. White rolled 6-5 and played 24/18 18/13: one checker took both dice, which is allowed only through an open intermediate point. A checker may stop on an empty point or on its own checkers — never on a point with any opponent checker (there is no hitting). Doubles are played four times. You must play both dice if you can. If only one die can be played, you play it; if either could be played alone but not both, you must play the larger.
lesson-long-head-title = The head rule
lesson-long-head-text = Only one checker may leave the head per turn. The exception: on a side's very first turn, 6-6, 4-4 or 3-3 let two checkers leave the head. Here Black's first roll is 6-6 (drawn from Black's side): two checkers went to 18 — those two dice are dimmed, played. The two bright sixes cannot be played: 18/12 is closed by White's head and no third checker may leave the head, so they are lost. The first mover never rolls a double on its first turn, so only the second player can use the exception.
lesson-long-block-title = The six-block rule
lesson-long-block-text = You may not hold six points in a row unless at least one opponent checker is already past them. "In a row" follows the opponent's path, so your 1 and 24 are neighbours, your 12 and 13 are not. White's 6..2 is five in a row; a checker to the marked 7 would make six with no black checker ahead: not allowed, not even for a moment inside a turn.
lesson-long-bearoff-title = Bearing off
lesson-long-bearoff-text = Once all 15 are home, a die bears off a checker from the point of its number. If that point is empty and nothing stands higher, the die bears off from the highest point that has checkers; otherwise it must be played inside home. Bearing off is never compulsory when a move inside home is possible. White rolled 6-3 and played 6/off and 4/1. Black, still bringing checkers home, may not bear off yet.
lesson-long-scoring-title = Scoring: oin and mars
lesson-long-scoring-text = White has borne everything off and wins. If the loser has borne off at least one checker it is an oin: 1 point. If the loser has borne off none (as Black here) it is a mars: 2 points. There is no koks in long nardy. In a match the points add up to the match length.
lesson-long-cube-title = The cube in long nardy
lesson-long-cube-text = In tournament matches (the "tournament" rules) long nardy uses the doubling cube as backgammon does: before rolling, the player to move may double if the cube is centred or theirs; the opponent takes (the game is worth twice as much and the taker owns the cube) or passes and loses the current value. On the picture Black owns the cube at 2 (it stands on Black's side): only Black may redouble, to 4. A mars counts twice the cube. The bot plays long nardy by the classic rules, without the cube.
lesson-long-presets-title = Rule sets
lesson-long-presets-text = The rules come in named sets; each changes a few options of the classic rules.
    • classic (the bot's): two checkers off the head only on a first double of sixes, fours or threes; no six-block without an opponent checker ahead, checked at every step; the opening roll is the first move; no cube.
    • tournament: classic with the doubling cube in matches.
    • casual: any first double takes two from the head; the six-block is judged only at the end of the turn.
    • old-school: the opening winner rolls again; when White finishes first, Black gets one last roll and a draw if it also finishes.
lesson-long-mistakes-title = Common beginner mistakes
lesson-long-mistakes-text = • Taking a second checker off the head (only on the first 6-6, 4-4, 3-3). On the picture White rolled 5-3: the marked points are where a checker may start, and only one of them may come from the head 24.
    • Counting the checker's own point as the first step: a 5 from 19 lands on 14, not on 15.
    • Using both dice on one checker through a closed point.
    • Playing the smaller die when either die could be played alone but not both (then the larger is compulsory).
    • Bearing off before all 15 checkers are home.
    • Forgetting that a six-block without an opponent checker ahead is illegal.

lesson-short-setup-title = Short nardy (backgammon): the setup
lesson-short-setup-text = The standard backgammon setup: 2 checkers on your 24, 5 on 13, 3 on 8 and 5 on 6. The sides move in opposite directions, each towards its own home (its points 1–6), as the arrows show: White counter-clockwise to the bottom right, Black clockwise to the top right. The first to bear off all 15 wins.
lesson-short-opening-title = Who moves first
lesson-short-opening-text = Each player rolls one die; on a tie both roll again. The higher die moves first and plays the two dice as its first roll. Here White rolled 3 and Black 1: White starts with 3-1 (a good one: 8/5 6/5 makes the 5 point).
lesson-short-moving-title = Moving
lesson-short-moving-text = Each die is a separate step; doubles are played four times. A point held by two or more opponent checkers is closed. You must play both dice if you can. If only one die can be played, you play it; if either could be played alone but not both, you must play the larger. Here White rolled 3-1 and made the 5 point: 8/5 6/5.
lesson-short-hit-title = Hitting
lesson-short-hit-text = A single checker (a blot) can be hit: landing on it sends it to the bar. White rolled 6-1 and played 13/7* 8/7: it hit Black's blot and made the point; the hit checker must re-enter before Black may move anything else.
lesson-short-bar-title = The bar
lesson-short-bar-text = A checker on the bar must enter first, in the opponent's home: a die of 2 enters on your 23, a 5 on your 20 (the picture is drawn from Black's side, so the numbers are Black's). A point held by two or more opponent checkers is closed: Black rolled 5-2, and the marked 20 (White's 5 point) is closed, so the 2 entered (bar/23) and the 5 is left for another checker. While a checker is on the bar nothing else may move; if it cannot enter, the turn passes.
lesson-short-bearoff-title = Bearing off
lesson-short-bearoff-text = With all 15 in home (and none on the bar) you bear off as in long nardy: the exact point, or the highest point that has checkers when nothing stands higher; otherwise move inside home. White rolled 6-4 and played 6/off 4/off.
lesson-short-scoring-title = Scoring: single, gammon, backgammon
lesson-short-scoring-text = A single game is 1 point. If the loser has borne off nothing it is a gammon (mars): 2 points. If it has also a checker on the bar or in the winner's home, as Black here, it is a backgammon (koks): 3 points. Everything is multiplied by the cube.
lesson-short-cube-title = The doubling cube
lesson-short-cube-text = Before rolling, the player to move may double if the cube is centred or theirs. The opponent takes (the cube doubles and the taker owns it) or passes (and loses the current value). On the picture White owns the cube at 2 (it stands on White's side): only White may redouble, to 4. In a match there is no doubling in the Crawford game, the one right after a side first reaches match point minus one. The bot uses the cube in matches, not in single games.
lesson-short-presets-title = Rule sets
lesson-short-presets-text = Short nardy comes in two sets:
    • backgammon (the bot's, in matches): the doubling cube and the Crawford rule.
    • backgammon without the cube: every game is worth 1, 2 or 3 points as it ends (the bot's single games).
    Both keep the standard rules: hitting, entering from the bar, bearing off only with all 15 home.
lesson-short-mistakes-title = Common beginner mistakes
lesson-short-mistakes-text = • Moving other checkers while one is on the bar.
    • Leaving blots within direct range (1–6 pips) of opponent checkers. On the picture White rolled 6-4: the marked points are where a checker may start, and Black's blot (on the picture's 14) can be hit: 24/14*.
    • Bearing off while a checker is still outside home.
    • Passing a double that should be taken (take when you win at least 1 game in 4).

## Reviews, export, hints
btn-review = 📊 Review
btn-export = 💾 Export
btn-hint = 💡 Hint
btn-prev = ◀ Previous
btn-next = Next ▶
cmd-export = Your last game as a file (JSON; .mat for gnubg)
toast-review = Analysing the game…
toast-review-running = Your review of this game is already on its way.
toast-review-posted = Your review of this game is above in this chat.
toast-review-limit = Two of your reviews are on their way already: wait for them to arrive.
review-queued = Your review is in line: { $position } ahead of it.
review-progress = Analysing… { $percent }%
review-failed = The analysis failed; please try again later.
review-again = This review is no longer at hand: press 📊 Review again.
review-not-player = Only the players can review their moves.
export-not-player = Only the players of this game can export it.
review-title = Review: { $variant } (error rate in thousandths of a point per move with a choice)
review-player = { $name }: error rate { $rate } over { $unforced } { $unforced ->
    [one] move
   *[other] moves
}; doubtful { $doubtful }, bad { $bad }, very bad { $verybad }; luck { $luck }
review-scale = Error rate: thousandths of a point lost per move with a choice. Under 5 is world class, 5–10 expert, 10–20 advanced, 20–35 intermediate, over 35 beginner. Luck, as GNU Backgammon counts it: each roll's equity (played at its best) minus the average of all 21 rolls, added up in points; above zero, the dice helped.
review-no-mistakes = { $name } made no mistake worth showing. Well played!
review-mistake = Mistake { $n } of { $total } (game { $game }): { $mark }, { $loss } points lost
review-mistake-play = Rolled { $dice }: played { $played } (red); best { $best } (green).
review-mistake-cube = Cube: { $played }; best: { $best }.
mark-doubtful = doubtful
mark-bad = bad
mark-very-bad = very bad
mark-ok = fine
cube-double = double
cube-no-double = no double
cube-take = take
cube-pass = pass
export-caption = Your game, every move with its dice, as a file: keep it, or open it in the Nardy bot analyser (see the project's README) to go over it move by move.
export-mat = The same game for GNU Backgammon, the free backgammon program: open it with File → Import → Jellyfish .mat, then Analyse → Analyse match for its verdict on every move.
export-none = No finished game to export yet.
hint-title = 💡 The best plays of this roll (equity):
hint-line = { $n }. { $play } ({ $equity })
hint-none = No checker can move with this roll.
hint-not-now = No hint here: hints are for your move in games against the bot, against easy and medium unless /settings say otherwise.
toast-hint-shown = The hint for this roll is just above.

## The Mini App (a live board)
btn-open-board = 🎯 Open board
menu-open-board = 🎯 Board
btn-rematch-accept = 🔁 Accept the rematch
webapp-title = Nardy board
webapp-games = Your games
webapp-no-games = You have no games in play.
webapp-pick = Tap a checker, then where it goes.
webapp-offline = No connection: trying again…
webapp-resign-confirm = Resign how?
webapp-not-player = This is not your game: only its players can open it here.
webapp-no-such-game = You have no such game: it no longer exists, or you are not one of its players.
webapp-unauthorized = Open this board from Telegram (the link has expired or is not Telegram's).
webapp-rematch-waiting = Rematch offered: waiting for your opponent.
webapp-open-new = Open the new game

## Tournaments
cmd-tournament = A tournament in this group
tournament-help =
    🏆 Tournaments in a group. Each match is played by link in the players' private chats (and the Mini App); the group sees the pairings, the standings after each round and the podium.

    Choose a quick start below, or write the options:
    /tournament short swiss 3 — game (long, short), format (swiss, knockout, roundrobin), match length
    Options: cube · unrated · players 16 · rounds 4 · round 24h · move 2h · start 19:30 (UTC) or start 30m · grow (knockout: +2 points a round)

    While it runs: /tournament start · pause · resume · cancel (the creator or an admin) · remove <name> · leave · standings
tournament-private = Tournaments are held in groups: add me to your club's group and write /tournament there.
tournament-exists = This group already has a tournament: { $title }. It must end (or be cancelled) before a new one.
tournament-none = This group has no tournament running. Start one with /tournament.
tournament-bad-option = I did not understand “{ $word }”. Nothing was changed. See /tournament for the options.
tournament-bad-value = “{ $word }” needs a value in range ({ $range }). Nothing was changed.
tournament-format-swiss = Swiss
tournament-format-knockout = Knockout
tournament-format-roundrobin = Round robin
tournament-title = { $variant } · { $format } tournament
tournament-settings = { $length ->
    [1] single games
   *[other] matches to { $length }
  }{ $cube ->
    [yes] {" "}with the cube
   *[no] {""}
  } · { $rated ->
    [yes] rated
   *[no] unrated
  } · { $move } a move · { $round } a round
tournament-starts-at = Starts by itself at { $time } UTC.
tournament-starts-by-creator = { $creator } starts it with the Start button.
tournament-players = Players ({ $count }/{ $max }):
tournament-nobody = nobody yet
tournament-join-how = Tap Join: the bot opens your private chat, where your matches will come.
tournament-status-running = Round { $round } of { $total } is on.
tournament-status-paused = ⏸ Paused.
tournament-status-finished = 🏁 Finished.
tournament-status-cancelled = ✖️ Cancelled.
btn-tournament-join = ✅ Join
btn-tournament-leave = Leave
btn-tournament-start = ▶️ Start
btn-tournament-cancel = ✖️ Cancel
btn-tournament-pause = ⏸ Pause
btn-tournament-resume = ▶️ Resume
btn-tournament-new = { $variant } · { $format }
tournament-round-head = 🏆 { $title } — round { $round } of { $total } (until { $deadline } UTC)
tournament-pair = { $a } — { $b }
tournament-pair-won = { $winner } beat { $loser } { $score }
tournament-pair-bye = { $a }: a bye (a win)
tournament-pair-forfeit = { $winner } wins: { $loser } left
tournament-pair-both-idle = { $a } and { $b }: neither played, both lose
tournament-pair-adjudicated = { $winner } beat { $loser } { $score } at the deadline
tournament-pair-adjudicated-chance = { $winner } beat { $loser } at the deadline: level score, { $winner } had { $chance }% to win the match (the hard bot's analysis)
tournament-pair-playing = { $a } — { $b }: playing
tournament-standings-caption = 🏆 { $title }: standings after round { $round }
tournament-bracket-caption = 🏆 { $title }: the bracket after round { $round }
tournament-heads = Place, Player, Points, Buchholz, S-B, Diff
tournament-round-name = Round { $round }
tournament-final = Final
tournament-podium =
    🏁 { $title } is over!
    🥇 { $first }
    🥈 { $second }
    🥉 { $third }
tournament-podium-short =
    🏁 { $title } is over!
    🥇 { $first }
tournament-cancelled-note = 🏆 { $title } was cancelled.
tournament-your-match = 🏆 { $title }, round { $round }: your match against { $opponent }. Your board is below (or tap it in the Mini App); the round ends { $deadline } UTC.
tournament-your-bye = 🏆 { $title }, round { $round }: you have a bye (it counts as a win). Next round soon.
tournament-reminder = ⏰ { $title }: round { $round } ends at { $deadline } UTC. Your match against { $opponent } is not finished: unfinished matches are decided by the score (and, when level, by the bot's analysis of the position).
tournament-joined = ✅ You are in { $title } ({ $group }). Your matches will come here.
tournament-join-already = You are already in { $title }.
tournament-join-full = { $title } is full.
tournament-join-started = { $title } has started: it takes no more players.
tournament-join-closed = { $title } is over.
tournament-join-elsewhere = You are already playing in another tournament; one at a time.
tournament-join-gone = This tournament no longer exists.
tournament-left = You have left { $title }.
toast-tournament-left = You have left the tournament.
toast-tournament-not-in = You are not in this tournament.
toast-tournament-not-allowed = Only the tournament's creator or a group admin can do that.
toast-tournament-too-few = At least { $min } players are needed to start.
toast-tournament-wrong-state = That cannot be done now.
toast-tournament-done = Done.
tournament-removed = { $name } was removed from the tournament.
tournament-no-such-player = No player named “{ $name }” in this tournament.
tournament-hours = { $n } h
tournament-minutes = { $n } min
stats-tournaments = 🏆 Tournaments: { $played } played, { $won } won.
caption-tournament = 🏆 Tournament match, round { $round }
top-period-week = This week (rated matches since Monday, UTC; at least 3):
top-period-month = This month (rated matches; at least 3):
top-period-all = All time, by rating:
top-period-row = { $place }. { $name } — { $wins } of { $games } won, { $gained } ({ $rating })
top-period-empty = nobody with { $min } rated matches in this period yet
top-bad-period = Say the period: /top week, /top month or /top (all time).
btn-top-week = This week
btn-top-month = This month
btn-top-all = All time
cmd-find = Find an opponent
menu-find = 🔎 Find an opponent
find-choose-variant = 🔎 Find an opponent: which game?
find-choose-length = { $variant }: how long a match?
find-single = One game
find-choose-rated = Rated or not?
find-rated = Rated
find-unrated = Unrated
find-prefs = { $variant }, { $length ->
    [1] one game
   *[other] a match to { $length }
  }, { $rated ->
    [yes] rated
   *[no] unrated
  }
find-looking = 🔎 Looking for an opponent: { $prefs }. Waiting { $waited } (up to { $limit } min). Players near your rating first; the range widens as you wait.
find-abandons = ⚠️ You left { $count } matched games lately (by the clock or by leaving): you are paired after the others, within a narrower range.
find-found = ✅ Opponent found: { $name } — rating { $rating }, { $wins } wins, { $losses } losses (you: { $mine }). { $prefs }. Your board comes next; the dice are fair (/fair).
find-expired = Nobody was found in { $minutes } min. Play the bot ({ $level }), or search again?
find-in-game = You have a game in progress: finish it (or /cancel it) first.
find-already = You are already looking for an opponent.
find-cancelled = The search is closed.
find-bad-option = /find takes the game (long, short), a length (1, 3, 5, 7) and “unrated”. Or just /find.
find-after = The match with { $name } is over.
find-blocked = You will not be paired with { $name } again.
btn-find-cancel = ✖️ Stop looking
btn-find-again = 🔎 Search again
btn-find-bot = 🤖 Play the bot ({ $level })
btn-find-block = 🚫 Don't pair me with { $name } again
toast-find-cancelled = Search closed.
toast-find-not-searching = You are not looking for an opponent now.
toast-find-blocked = Done: not again.
webapp-watching = 👁 Watching: the board follows every move (you cannot act here).
cmd-watch = Watch links of your games
cmd-games = The live games of this group
watch-head = 👁 Watching (the picture follows the game)
btn-watch-live = 👁 Live board
watch-gone = This watch link is not valid, or its game no longer exists.
watch-finished = { $title }: this game is over.
watch-none = You have no game in progress to share.
watch-share = 👁 Share a link to let anyone watch your game (they cannot act):
games-none = No game is being played in this group now.
games-title = 👁 Games in this group now: { $count }. Tap a link to watch.
settings-notices-on = 🔔 By link: “your move” and reminders: on
settings-notices-off = 🔕 By link: “your move” and reminders: off
settings-share-on = 🧩 My reviewed games may give puzzles: yes
settings-share-off = 🧩 My reviewed games may give puzzles: no
toast-claim-your-move = It is your move: play before your time runs out (then your opponent could claim).
private-did-you-mean = Did you mean { $command }?
decimal-point = .
export-mat-single = For gnubg a single game is a match to one point: there only the win counts, a gammon is worth no more than a single win. Our Review values a single game as it is scored here, a gammon worth two points (as a money game without the cube). So their figures for a single game differ, most where a gammon is at stake.
export-mat-match = gnubg values each move at the match's score, as our Review does; small differences come from the two programs' own evaluations.
remind-group-private = ⏰ Your move in the group's game ({ $variant }) against { $opponent }: { $left } left — then your opponent may claim the { $match ->
    [yes] match
   *[no] game
  }.

webapp-pips = { $pips ->
        [one] { $pips } pip
       *[other] { $pips } pips
    }
webapp-off = { $off } off
webapp-waiting = Waiting for { $name }…
webapp-in-play = You have a game with the bot in play: here it is.
webapp-new-game = New game against the bot
webapp-new-short = 🎲 Short nardy
webapp-new-long = 🎲 Long nardy
webapp-level = Bot's level
webapp-list = ☰ Games
webapp-after = The review and the export come in the bot's chat.
webapp-starting = Starting…
review-offer = { $game }: the review of your moves, or the game as a file.
webapp-more = More: resign, your games

cmd-puzzle = Puzzles: find the best play (/puzzle stats: your record)
menu-puzzle = 🧩 Puzzles
side-white = White
side-black = Black
puzzle-caption = 🧩 Puzzle { $id } · { $variant } · rating { $rating }
    { $colour } to play { $dice }: find the best play.
    Theme: { $themes }
puzzle-usage = /puzzle gives a problem of either game; /puzzle long or /puzzle short one game only; /puzzle stats your record.
puzzle-stale = This puzzle is answered already: here is the answer. /puzzle gives the next one.
puzzle-toast-solved = ✅ Right!
puzzle-toast-missed = ❌ Not the best play.
puzzle-solved = ✅ Puzzle { $id }, { $dice }: solved!
puzzle-missed = ❌ Puzzle { $id }, { $dice }: not the best play.
puzzle-best = the best play
puzzle-loses = loses { $loss }
puzzle-yours = (your answer)
puzzle-rating = Puzzle rating { $rating } ({ $delta }) · streak { $streak }
puzzle-next = Next puzzle ▶
puzzle-stats-button = 📈 My puzzles
puzzle-stats-none = You have not solved any puzzles yet: /puzzle gives the first.
puzzle-stats = 🧩 Puzzles: rating { $rating } (± { $rd })
    Solved { $solved } of { $attempts } ({ $share }%)
    Streak { $streak }, best streak { $best }
puzzle-theme-bear-off = bearing off
puzzle-theme-race = race
puzzle-theme-head = the head
puzzle-theme-blocking = blocking
puzzle-theme-priming = priming
puzzle-theme-hitting = hitting
puzzle-theme-back-game = back game
puzzle-theme-middle-game = middle game
puzzle-caption-cube = 🧩 Puzzle { $id } · { $variant } · rating { $rating }
    { $colour } to roll, a money game, { $cube }: what is the cube action?
    Theme: { $themes }
puzzle-cube-centred = the cube centred at { $value }
puzzle-cube-own = your cube at { $value }
puzzle-cube-no-double = No double, take
puzzle-cube-double-take = Double, take
puzzle-cube-double-pass = Double, pass
puzzle-cube-too-good = Too good, pass
puzzle-solved-cube = ✅ Puzzle { $id }, the cube: solved!
puzzle-missed-cube = ❌ Puzzle { $id }, the cube: not the right action.
puzzle-best-cube = the right action
puzzle-toast-missed-cube = ❌ Not the right action.
puzzle-theme-cube = the cube
review-gave-puzzles = 🧩 { $n ->
        [one] One position of this game is now a puzzle for everyone (/puzzle): you agreed in /settings.
       *[other] { $n } positions of this game are now puzzles for everyone (/puzzle): you agreed in /settings.
    }
puzzle-from-game = From a game played here: a player's mistake (the players agreed to share it).
why-cube-no-double = Why: { $colour } wins { $win }% of games ({ $gammon }% with a gammon, loses { $lost }% with one): not enough to double yet: the cube is worth more kept centred.
why-cube-double-take = Why: { $colour } wins { $win }% of games ({ $gammon }% with a gammon, loses { $lost }% with one): enough to double, and the opponent still has enough chances to take.
why-cube-double-pass = Why: { $colour } wins { $win }% of games ({ $gammon }% with a gammon, loses { $lost }% with one): too strong for the opponent to take, and not so many gammons that playing on wins more.
why-cube-too-good = Why: { $colour } wins { $win }% of games, { $gammon }% with a gammon (loses { $lost }% with one): playing on for the gammon wins more than the point a double would cash.
why-hits = Why: the best play hits ({ $n }), sending a checker back.
why-no-hit = Why: here the hit costs more than it gains: the best play does not hit.
why-off = Why: the best play bears off { $best } (yours { $chosen }).
why-six-block = Why: the best play builds six points in a row, a block the opponent cannot pass.
why-six-block-early = Why: your play builds six points in a row too early: the block gains less than it costs.
why-blots = Why: the best play leaves { $best ->
        [one] one blot
       *[other] { $best } blots
    } (yours { $chosen }).
why-block = Why: the best play holds { $best } points in a row (yours { $chosen }).
why-head = Why: the best play takes { $best } from the head (yours { $chosen }).
why-point = Why: the best play makes point { $point }.
why-equity = Why: the best play keeps more chances overall (see what each play loses).

cmd-daily = The daily position in this group (admins: /daily on 20:00 +3 long)
daily-groups-only = The daily position is for groups: add me to a group and send /daily on there.
daily-usage = /daily on [HH:MM] [+N] [long|short] [ru|en] — a position every day at that hour of your time (N hours from UTC), in that language; /daily off — no more; /daily — how it stands. For example: /daily on 20:00 +3 long
daily-admins-only = Only the group's admins can turn the daily position on or off.
daily-on = 🗓 The daily position is on: every day at { $time }, { $variant }. The first comes at the next { $time }.
daily-off = The daily position is off.
daily-status-on = 🗓 The daily position comes every day at { $time }, { $variant }. Admins: /daily off to stop it.
daily-status-off = The daily position is off here. Admins: /daily on 20:00 +3 long (the hour of your time, hours from UTC, the game).
daily-post = 🗓 The position of the day, { $date } · { $variant }
    { $colour } to play { $dice }: which play is best?
    Answer with a button: your answer stays yours until the result, tomorrow at { $time }.
daily-recorded = Your answer { $play } is in. The result comes with tomorrow's position.
daily-already = You have answered already: { $play }. One answer each.
daily-closed = This position is closed: its result is posted.
daily-result = 🗓 The position of { $date }: { $answered } answered, { $share }% right. The best play: { $best }.
daily-solvers = Found it: { $names }{ $more ->
        [0] {""}
       *[other] {" "}and { $more } more
    }.
daily-week = This week: { $table }.
webapp-puzzle = 🧩 Puzzle
