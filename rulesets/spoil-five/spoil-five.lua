-- Spoil Five (docs/rules/spoil-five.md, section numbers F5-n below): the rules
-- no key of the ruleset says. The trump order, the ace of hearts as a trump,
-- the black plain suits' order, the duty to follow with the top trumps'
-- renege and the turn-up are data (spoil-five.yaml); here are
--   the trump structure of the turn-up's suit (F5-3.2: set_trump_order),
--   robbing the pack (F5-4: the dealer's ace, the holder of the trump ace),
--   the jinx question (F5-6.3) and the pool (F5-6: deal_scored).
spoil_five = {}

local ANTE = game.param("ante")              -- F5-6.1: each player's stake to a new pool
local SPOIL_ANTE = game.param("spoil_ante")  -- after a spoiled deal
local DEALER_EXTRA = game.param("dealer_extra")
local TRICK_POINTS = game.param("trick_points")  -- scoring twenty_five: per trick

-- The options, read once.
local POOL = game.option("scoring") == "pool"
local JINX_DECLARE = game.option("jinx") == "declare"
local DEALER_ONLY = game.option("stakes") == "dealer_only"

-- F5-3.2 and F5-4.1: the turn-up fixes the trump structure.
function spoil_five.step_done(step)
  if step == "turn_up" then
    local up = game.turn_up()
    game.set_trump(cards.suit(up))
    game.vars.up = up
  elseif step == "take_turn_up" then
    -- F5-4.2: only an ace turned up may be taken by the dealer. Any other
    -- turn-up goes back out of the deal and the dealer's discard is undone.
    local up, dealer = game.vars.up, game.dealer()
    local buried = game.hidden(dealer)[1]
    if cards.rank(up) ~= "A" then
      if buried ~= up then game.move(buried, "hand", dealer) end
      game.move(up, "out")
    elseif buried ~= up then
      game.vars.robbed = dealer
    end
  end
end

-- F5-4.3: the holder of the ace of trumps may rob (the turn-up not an ace).
function spoil_five.rob()
  local up = game.vars.up
  if cards.rank(up) == "A" then return end
  local trump = cards.suit(up)
  local zone, seat = game.zone(trump == "H" and "AH" or "A" .. trump)
  if zone ~= "hand" then return end
  game.ask(seat, "rob", "keep")
end

function spoil_five.rob_answer_rob(seat)
  local up = game.vars.up
  game.move(up, "hand", seat)
  game.show(seat, {up})                   -- everyone saw it taken
  game.vars.robbed = seat
  local choice = {}
  for _, c in ipairs(game.hand(seat)) do
    if c ~= up then choice[#choice + 1] = c end
  end
  game.ask_card(seat, "bury", choice)
end

function spoil_five.rob_answer_keep(seat) end

function spoil_five.bury(seat, card)
  game.move(card, "face_down", seat)
end

-- F5-6.2, F5-6.3: three tricks win the pool; the taker of the first three
-- claims or goes on to jinx. (Following, F5-5.2 and F5-5.3, and the black
-- plain suits' order, F5-3.1, are data: play.obligations, follow_exempt and
-- suit_rank_orders.) The tricks are the engine's count (game.tricks_won_by):
-- a hook that leaves game.vars alone costs no check of it after each trick.
function spoil_five.trick_done(winner)
  if POOL and game.tricks_won_by(winner) == 3 then
    local played = game.tricks_played()
    if played == 5 then return end
    if JINX_DECLARE and played == 3 then
      game.ask(winner, "claim", "jinx")
    else
      game.end_deal()                   -- F5-6.2: three tricks win; the rest is not played
    end
  end
end

function spoil_five.claim(seat)
  game.end_deal()
end

function spoil_five.jinx(seat)
  game.vars.jinx = seat
end

-- F5-6: the pool, carried in game.match_vars from deal to deal.
local function score_pool()
  local m = game.match_vars
  local seats, dealer = game.seats(), game.dealer()
  local pool = m.pool or 0
  local paid = {}
  for s = 0, seats - 1 do
    local stake
    if DEALER_ONLY then
      stake = (m.spoiled and 0 or 1) + (s == dealer and (m.spoiled and 1 or 0) or 0)
    else
      stake = (m.spoiled and SPOIL_ANTE or ANTE) + (s == dealer and DEALER_EXTRA or 0)
    end
    paid[s] = stake
    pool = pool + stake
  end
  local winner = nil
  for s = 0, seats - 1 do
    if game.tricks_won_by(s) >= 3 then winner = s end
  end
  local gain = {}
  for s = 0, seats - 1 do gain[s] = -paid[s] end
  local jinx = game.vars.jinx
  if winner ~= nil and (jinx == nil or game.tricks_won_by(winner) == 5) then
    gain[winner] = gain[winner] + pool
    if jinx ~= nil then                   -- F5-6.3: a jinx: each other player pays a new stake
      local extra = DEALER_ONLY and 1 or ANTE
      for s = 0, seats - 1 do
        if s ~= winner then
          gain[s] = gain[s] - extra
          gain[winner] = gain[winner] + extra
        end
      end
    end
    m.pool, m.spoiled = 0, false
    game.set_result(game.team(winner), jinx ~= nil and "jinx" or "five")
  else
    m.pool, m.spoiled = pool, true        -- F5-6.2: spoiled; the pool carries
    game.set_result(nil, jinx ~= nil and "jinx_failed" or "spoiled")
  end
  for s = 0, seats - 1 do
    game.set_game_points(game.team(s), 0)
    game.add_score(game.team(s), gain[s])
  end
end

-- Option scoring=twenty_five (F5-7): every trick is worth 5 to its taker.
local function score_twenty_five()
  local best, best_n = nil, 0
  for s = 0, game.seats() - 1 do
    local n = game.tricks_won_by(s)
    game.set_game_points(game.team(s), 0)
    game.add_score(game.team(s), TRICK_POINTS * n)
    if n > best_n then best, best_n = s, n elseif n == best_n then best = nil end
  end
  game.set_result(best and game.team(best) or nil, best_n == 5 and "jinx" or "tricks")
end

function spoil_five.deal_scored()
  if POOL then score_pool() else score_twenty_five() end
end
