-- Pinochle (docs/rules/pinochle.md): the bidder names the trump (5), the
-- pass between partners (6), the dix and the pinochle (7), the scoring of a
-- deal (9) and the end of the match (10). The numbers are hook_params of
-- pinochle.yaml, so a house rule changes a number, not this file.
pinochle = {}

-- Read once when the script loads: hook_params cannot change during a game.
local MIN_BID = game.param("min_bid")
local STUCK = game.param("all_pass") ~= "throw_in"
local PASS = game.param("pass_count")
local NEEDS_TRICK = game.param("meld_needs_trick") ~= false
local TARGET = game.param("target")
local DIX = game.param("dix")
local PINOCHLE = game.param("pinochle")
local DOUBLE_PINOCHLE = game.param("double_pinochle")

local SUITS = {"S", "H", "D", "C"}
local WORD = {S = "spades", H = "hearts", D = "diamonds", C = "clubs"}
-- A rough worth of each rank as a trump, to offer the bidder's likely suit
-- first (a bot that takes the first answer names it; a person sees all four).
local TRUMP_WORTH = {A = 4, ["10"] = 3, K = 3, Q = 3, J = 2, ["9"] = 2}

-- Card facts read once at load time: hooks then index Lua tables instead of
-- calling the engine for every card.
local SUIT_OF, RANK_OF = {}, {}
for _, card in ipairs(cards.deck()) do SUIT_OF[card], RANK_OF[card] = cards.suit(card), cards.rank(card) end

local function partner(seat) return (seat + 2) % game.seats() end

-- 5: the bidder names the trump. When all passed, the dealer is stuck with
-- the lowest call (4.3), or the deal is thrown in (before_first_lead ends it).
function pinochle.name_trump(params)
  local seat = game.bidder()
  if seat == nil then
    if not STUCK then game.vars.thrown_in = true; return end
    seat = game.dealer()
    game.set_contract(seat, MIN_BID)
    game.vars.stuck = true
  end
  local worth = {S = 0, H = 0, D = 0, C = 0}
  local hand = game.hand(seat)
  for i = 1, #hand do
    local card = hand[i]
    local suit = SUIT_OF[card]
    worth[suit] = worth[suit] + TRUMP_WORTH[RANK_OF[card]]
  end
  local order = {"S", "H", "D", "C"}
  table.sort(order, function(a, b)
    if worth[a] ~= worth[b] then return worth[a] > worth[b] end
    return a < b
  end)
  local words = {}
  for i, suit in ipairs(order) do words[i] = WORD[suit] end
  game.ask(seat, table.unpack(words))
end

for suit, word in pairs(WORD) do
  pinochle[word] = function(seat) game.set_trump(suit) end
end

-- 6: the bidder's partner gives PASS cards to the bidder, one at a time,
-- face down; then the bidder gives PASS back. How far the pass has come is
-- read from the two hands' sizes (their sum stays twice a hand), so no
-- game.vars is kept for it.
function pinochle.pass_cards(params)
  local bidder = game.bidder()
  if bidder == nil or PASS == 0 then return end
  game.ask_card(partner(bidder), "give")
end

function pinochle.give(seat, card)
  local bidder = game.bidder()
  local mate = partner(bidder)
  local to = seat == bidder and mate or bidder
  game.move(card, "hand", to)
  local hand = (game.hand_count(bidder) + game.hand_count(mate)) // 2   -- each one's hand before the pass
  if seat == mate then
    if hand - game.hand_count(seat) < PASS then
      game.ask_card(seat, "give")
    else
      game.ask_card(bidder, "give")   -- the partner is done: now the bidder gives as many back
    end
  elseif hand + PASS - game.hand_count(seat) < PASS then
    game.ask_card(seat, "give")
  end
end

-- 7: the melds no data key says, declared for each player after the melds
-- step: each dix (the 9 of trumps), and the pinochle (QS with JD) or,
-- holding both of each, the double pinochle.
local function declare_named(seat, trump)
  local dixes, queens, jacks = {}, {}, {}
  local hand = game.hand(seat)
  for i = 1, #hand do              -- (numeric: ipairs costs a C call per card)
    local card = hand[i]
    local rank, suit = RANK_OF[card], SUIT_OF[card]
    if rank == "9" and suit == trump then dixes[#dixes + 1] = card end
    if rank == "Q" and suit == "S" then queens[#queens + 1] = card end
    if rank == "J" and suit == "D" then jacks[#jacks + 1] = card end
  end
  for _, card in ipairs(dixes) do game.meld(seat, "dix", {card}, DIX) end
  if #queens == 2 and #jacks == 2 then
    game.meld(seat, "double pinochle", {queens[1], queens[2], jacks[1], jacks[2]}, DOUBLE_PINOCHLE)
  elseif #queens > 0 and #jacks > 0 then
    game.meld(seat, "pinochle", {queens[1], jacks[1]}, PINOCHLE)
  end
end

function pinochle.step_done(step)
  if step ~= "melds" or game.vars.thrown_in then return end
  local trump = game.trump()
  local seat = game.next_seat(game.dealer())
  for _ = 1, game.seats() do
    declare_named(seat, trump)
    seat = game.next_seat(seat)
  end
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
  return counters + melds, counters, melds
end

function pinochle.deal_scored()
  local m = game.match_vars
  local bidder = game.bidder()
  m.bidders = bidder ~= nil and game.team(bidder) or nil
  game.set_game_points(0, 0)
  game.set_game_points(1, 0)
  if bidder == nil then game.set_result(nil, "passed_in"); return end
  local bid = game.contract()
  local b = game.team(bidder)
  local d = 1 - b
  local total_b, counters_b, melds_b = total(b)
  local total_d, counters_d, melds_d = total(d)
  game.vars.score = {bid = bid, counters = {[b] = counters_b, [d] = counters_d},
                     melds = {[b] = melds_b, [d] = melds_d}}
  game.set_game_points(d, total_d)
  if total_b >= bid then
    game.set_game_points(b, total_b)
    game.set_result(b, "made")
  else
    game.set_game_points(b, -bid)
    game.set_result(d, "set")
  end
end

-- 10: a side at the target wins; when both reach it on the same deal, the
-- bidders do (their score is counted first). One side alone over the target
-- is the engine's own rule (match.target), as is a match going on.
function pinochle.match_over()
  local b = game.match_vars.bidders
  if b ~= nil and game.match_score(b) >= TARGET then game.end_match(b) end
end
