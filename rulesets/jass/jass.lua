-- Schieber Jass (docs/rules/jass.md): choosing the game (3), Stöck (8) and
-- the score of a deal (9); the duty to follow (6) is data in jass.yaml. The
-- numbers are hook_params of jass.yaml.
jass = {}

local MATCH_BONUS = game.param("match_bonus")        -- 100: all nine tricks
local STOECK = game.param("stoeck")                   -- 20
local MULTIPLIERS = game.param("multipliers")         -- option target 2500
local TRICKS = 9

-- 3: the games, as the forehand says them (the names of play.trump_orders).
local GAMES = {"spades", "hearts", "diamonds", "clubs", "obenabe", "undenufe"}
-- 9: the multiplier of each game with the option target 2500 (swisslos.ch).
local FACTOR = {hearts = 1, diamonds = 1, spades = 2, clubs = 2, obenabe = 3, undenufe = 3}
local GAME_OF_SUIT = {S = "spades", H = "hearts", D = "diamonds", C = "clubs"}

-- Built once at load: each card's suit; the change of card points Obenabe
-- and Undenufe make to card_points (2).
local SUIT, OBEN, UNDEN, OTHER = {}, {}, {}, {}
for _, card in ipairs(cards.deck()) do
  local rank = cards.rank(card)
  SUIT[card] = cards.suit(card)
  OBEN[card] = rank == "8" and 8 or 0
  UNDEN[card] = (rank == "8" and 8) or (rank == "6" and 11) or (rank == "A" and -11) or 0
end
for _, suit in ipairs({"S", "H", "D", "C"}) do
  OTHER["K" .. suit], OTHER["Q" .. suit] = "Q" .. suit, "K" .. suit
end
local DELTA = {obenabe = OBEN, undenufe = UNDEN}

-- 3: the forehand chooses or pushes; his partner must choose.
function jass.choose()
  local forehand = game.next_seat(game.dealer())
  game.ask(forehand, "spades", "hearts", "diamonds", "clubs", "obenabe", "undenufe", "schieben")
end

function jass.schieben(seat)
  game.vars.geschoben = true
  game.ask(game.next_seat(game.next_seat(seat)), table.unpack(GAMES))
end

for _, name in ipairs(GAMES) do
  jass[name] = function(seat)
    game.vars.game = name
    game.vars.chooser = seat
    game.set_trump_order(name)
  end
end

-- 8: bound to the kings and queens only, while a game is chosen. The card
-- just played has left the hand; the other half is still there or not.
function jass.card_played(seat, card)
  if SUIT[card] ~= game.trump() then return end
  local other = OTHER[card]
  local zone, holder = game.zone(other)
  if zone == "hand" and holder == seat then
    game.vars.stoeck_seat = seat                      -- the first of the two
  elseif game.vars.stoeck_seat == seat then
    game.meld(seat, "Stöck", {other, card}, STOECK)
  end
end

-- 9: card points (Obenabe and Undenufe corrected from card_points), the
-- last trick, the Match, the Weis of the best side and Stöck, times the
-- game's multiplier with the option target 2500.
local function card_points(team, delta)
  local points = game.points_won(team)
  if delta == nil then return points end
  for seat = 0, game.seats() - 1 do
    if game.team(seat) == team then
      local won = game.captured(seat)
      for i = 1, #won do points = points + delta[won[i]] end
    end
  end
  return points
end

function jass.deal_scored()
  local name = game.trump_order() or GAME_OF_SUIT[game.trump()]
  if name == nil then return end
  local delta = DELTA[name]
  local factor = MULTIPLIERS and FACTOR[name] or 1
  -- Two teams written out: no table is made for a deal of a trump game.
  local t0, t1 = card_points(0, delta), card_points(1, delta)
  local match = nil
  if game.tricks_won(0) == TRICKS then t0 = t0 + MATCH_BONUS; match = 0 end
  if game.tricks_won(1) == TRICKS then t1 = t1 + MATCH_BONUS; match = 1 end
  t0 = (t0 + game.meld_points(0)) * factor
  t1 = (t1 + game.meld_points(1)) * factor
  game.set_game_points(0, t0)
  game.set_game_points(1, t1)
  if t0 == t1 then game.set_result(nil, "draw")
  else
    local winner = t0 > t1 and 0 or 1
    game.set_result(winner, match == winner and "match" or "normal")
  end
end
