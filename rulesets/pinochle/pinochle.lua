-- Pinochle (docs/rules/pinochle.md): the bidder names the trump (5) and
-- the scoring of a deal (9). The stuck dealer (4.3), the pass (6), every meld
-- (7) and the end of the match (10, match.bidders_first) are the ruleset's
-- data. The numbers are hook_params of pinochle.yaml, so a house rule
-- changes a number, not this file.
pinochle = {}

-- Read once when the script loads: hook_params cannot change during a game.
local NEEDS_TRICK = game.param("meld_needs_trick") ~= false

local WORD = {S = "spades", H = "hearts", D = "diamonds", C = "clubs"}
-- The suits in alphabetical order (the order of suits equally worth), by
-- number, and their words.
local SUIT_WORDS = {"clubs", "diamonds", "hearts", "spades"}
local SUIT_NUMBER = {C = 1, D = 2, H = 3, S = 4}
-- A rough worth of each rank as a trump, to offer the bidder's likely suit
-- first (a bot that takes the first answer names it; a person sees all four).
local TRUMP_WORTH = {A = 4, ["10"] = 3, K = 3, Q = 3, J = 2, ["9"] = 2}

-- Card facts read once at load time, by card: its suit's number and its
-- worth as a trump, so the hook indexes one table per card.
local SUIT_OF, WORTH_OF = {}, {}
for _, card in ipairs(cards.deck()) do
  SUIT_OF[card], WORTH_OF[card] = SUIT_NUMBER[cards.suit(card)], TRUMP_WORTH[cards.rank(card)]
end

-- 5: the bidder (or the stuck dealer) names the trump, the suits offered
-- from the likeliest. Nobody bid only with option all_pass=throw_in: the
-- deal is thrown in (before_first_lead ends it).
function pinochle.name_trump(params)
  local seat = game.bidder()
  if seat == nil then game.vars.thrown_in = true; return end
  local w1, w2, w3, w4 = 0, 0, 0, 0    -- clubs, diamonds, hearts, spades
  local hand = game.hand(seat)
  for i = 1, #hand do              -- (numeric: ipairs costs a C call per card)
    local card = hand[i]
    local s, w = SUIT_OF[card], WORTH_OF[card]
    if s == 1 then w1 = w1 + w elseif s == 2 then w2 = w2 + w elseif s == 3 then w3 = w3 + w else w4 = w4 + w end
  end
  -- The most worth first, equal worths alphabetically (an insertion sort of
  -- four, stable: no comparison function called from the engine's sort).
  local worth, order = {w1, w2, w3, w4}, {1}
  for suit = 2, 4 do
    local w, i = worth[suit], suit - 1
    while i > 0 and worth[order[i]] < w do order[i + 1] = order[i]; i = i - 1 end
    order[i + 1] = suit
  end
  game.ask(seat, SUIT_WORDS[order[1]], SUIT_WORDS[order[2]], SUIT_WORDS[order[3]], SUIT_WORDS[order[4]])
end

for suit, word in pairs(WORD) do
  pinochle[word] = function(seat) game.set_trump(suit) end
end

-- 4.3: a deal all passed, with option all_pass=throw_in, is not played.
function pinochle.before_first_lead()
  if game.vars.thrown_in then game.end_deal() end
end

-- 9: a side's melds count if it won a trick (or always, by option); the
-- bidders need melds and counters together to reach the bid.
local function total(team)
  local counters = game.points_won(team)
  local melds = game.meld_points(team)
  if NEEDS_TRICK and game.tricks_won(team) == 0 then melds = 0 end
  return counters + melds
end

function pinochle.deal_scored()
  local bidder = game.bidder()
  game.set_game_points(0, 0)
  game.set_game_points(1, 0)
  if bidder == nil then game.set_result(nil, "passed_in"); return end
  local bid = game.contract()
  local b = game.team(bidder)
  local d = 1 - b
  local total_b = total(b)
  game.set_game_points(d, (total(d)))
  if total_b >= bid then
    game.set_game_points(b, total_b)
    game.set_result(b, "made")
  else
    game.set_game_points(b, -bid)
    game.set_result(d, "set")
  end
end
