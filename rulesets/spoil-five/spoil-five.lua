-- Spoil Five (docs/rules/spoil-five.md, section numbers F5-n below): the rules
-- no key of the ruleset says. The trump order, the ace of hearts as a trump
-- and the turn-up are data (spoil-five.yaml); here are
--   the trump structure of the turn-up's suit (F5-3.2: set_trump_order),
--   robbing the pack (F5-4: the dealer's ace, the holder of the trump ace),
--   the duty to follow (F5-5.2 and F5-5.3: legal_filter),
--   the plain black suits' order, lowest cards highest (F5-3.1: trick_done),
--   the jinx question (F5-6.3) and the pool (F5-6: deal_scored).
spoil_five = {}

local ANTE = game.param("ante")              -- F5-6.1: each player's stake to a new pool
local SPOIL_ANTE = game.param("spoil_ante")  -- after a spoiled deal
local DEALER_EXTRA = game.param("dealer_extra")
local TRICK_POINTS = game.param("trick_points")  -- scoring twenty_five: per trick

-- Suit and rank of every card, read once (a Lua table look-up is cheaper
-- than a call into the engine on every turn).
local SUIT, RANK = {}, {}
for _, c in ipairs(cards.deck()) do SUIT[c], RANK[c] = cards.suit(c), cards.rank(c) end

-- F5-3.1: a black plain suit runs K Q J A 2 3 ... 10 (the engine's rank_order is the red one)
local BLACK_POWER = {K = 13, Q = 12, J = 11, A = 10, ["2"] = 9, ["3"] = 8, ["4"] = 7, ["5"] = 6,
                     ["6"] = 5, ["7"] = 4, ["8"] = 3, ["9"] = 2, ["10"] = 1}
-- F5-5.3: the three top trumps, by rank (AH is a trump of every suit)
local TOP = {["5"] = 1, J = 2}

local function is_trump(card, trump)
  return card == "AH" or SUIT[card] == trump
end

-- 1 for the five, 2 for the jack of trumps, 3 for the ace of hearts, nil otherwise
local function top_rank(card, trump)
  if card == "AH" then return 3 end
  if SUIT[card] ~= trump then return nil end
  return TOP[RANK[card]]
end

-- F5-3.2 and F5-4.1: the turn-up fixes the trump structure.
function spoil_five.step_done(step)
  if step == "turn_up" then
    local up = game.turn_up()
    game.set_trump(cards.suit(up))
    game.vars.up = up
    game.vars.tricks = {}
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

-- F5-5.2, F5-5.3: to a plain lead, follow suit or trump as you like (void:
-- any card); to a trump lead, a trump, except that the five, the jack of
-- trumps and the ace of hearts need not be played to a lower trump led.
function spoil_five.legal_filter(seat)
  local led = game.led_suit()
  if led == nil then return end
  local trump = game.trump()
  local hand = game.legal()
  local out, n = {}, 0
  if led ~= trump then
    local holds = false
    for i = 1, #hand do
      local c = hand[i]
      local s = SUIT[c]
      if s == led and c ~= "AH" then holds = true
      elseif s ~= trump and c ~= "AH" then n = n + 1; out[n] = c end
    end
    if holds and n > 0 then game.forbid(out) end
  else
    local led_top = top_rank(game.trick()[1].card, trump) or 4
    local must = false
    for i = 1, #hand do
      local c = hand[i]
      if c == "AH" or SUIT[c] == trump then
        local t = top_rank(c, trump)
        if t == nil or t > led_top then must = true end
      else
        n = n + 1; out[n] = c
      end
    end
    if must and n > 0 then game.forbid(out) end
  end
end

-- F5-3.1: a trick of a black plain suit with no trump in it goes to the
-- lowest pip card (K Q J A 2 ... 10); the engine ranked it the red way.
-- F5-6.3: the taker of the first three tricks claims or goes on to jinx.
function spoil_five.trick_done(winner)
  local trick = game.last_trick()
  local trump = game.trump()
  local lead = trick[1].card
  local suit = SUIT[lead]
  if lead ~= "AH" and (suit == "S" or suit == "C") and suit ~= trump then
    local best, best_power, trumped = nil, -1, false
    for i = 1, #trick do
      local c = trick[i].card
      if is_trump(c, trump) then trumped = true break end
      if SUIT[c] == suit and BLACK_POWER[RANK[c]] > best_power then
        best, best_power = trick[i].seat, BLACK_POWER[RANK[c]]
      end
    end
    if not trumped and best ~= winner then
      for i = 1, #trick do game.move(trick[i].card, "won", best) end
      if game.tricks_played() < 5 then game.set_leader(best) end
      winner = best
    end
  end
  local tricks = game.vars.tricks
  tricks[winner] = (tricks[winner] or 0) + 1
  local n = tricks[winner]
  if n == 3 and (game.option("scoring") == "pool") and game.tricks_played() < 5 then
    if game.option("jinx") == "declare" and game.tricks_played() == 3 then
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
    if (game.option("stakes") == "dealer_only") then
      stake = (m.spoiled and 0 or 1) + (s == dealer and (m.spoiled and 1 or 0) or 0)
    else
      stake = (m.spoiled and SPOIL_ANTE or ANTE) + (s == dealer and DEALER_EXTRA or 0)
    end
    paid[s] = stake
    pool = pool + stake
  end
  local tricks = game.vars.tricks
  local winner = nil
  for s = 0, seats - 1 do
    if (tricks[s] or 0) >= 3 then winner = s end
  end
  local gain = {}
  for s = 0, seats - 1 do gain[s] = -paid[s] end
  local jinx = game.vars.jinx
  if winner ~= nil and (jinx == nil or tricks[winner] == 5) then
    gain[winner] = gain[winner] + pool
    if jinx ~= nil then                   -- F5-6.3: a jinx: each other player pays a new stake
      local extra = (game.option("stakes") == "dealer_only") and 1 or ANTE
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
  local tricks = game.vars.tricks
  local best, best_n = nil, 0
  for s = 0, game.seats() - 1 do
    local n = tricks[s] or 0
    game.set_game_points(game.team(s), 0)
    game.add_score(game.team(s), TRICK_POINTS * n)
    if n > best_n then best, best_n = s, n elseif n == best_n then best = nil end
  end
  game.set_result(best and game.team(best) or nil, best_n == 5 and "jinx" or "tricks")
end

function spoil_five.deal_scored()
  if (game.option("scoring") == "pool") then score_pool() else score_twenty_five() end
end
