-- Spades: the scoring of a deal (docs/rules/spades.md 4), the -200 rule (5.2)
-- and the blind nil steps (2.4, 2.5). No hook runs during the play: deal_scored
-- and match_over once a deal, the blind nil steps only with their option.
-- game.vars.blind    {[seat] = true} for each blind nil bidder of the deal
-- game.vars.swap     the blind nil exchange in progress (2.5)
-- game.match_vars.bags  {NS = n, EW = n}: bags carried over the match (4.3)
spades = {}

local SIDE_NAME = {[0] = "NS", [1] = "EW"}
local MINUS_200_LOSES = game.param("minus_200_loses") ~= false
local NIL_TRICKS_COUNT = game.param("failed_nil_tricks") == "count_for_partner"

-- 2.4: before the deal, each player of a side 100 or more behind, in turn
-- from the dealer's left, answers blind or look.
local function behind(seat)
  local side = game.team(seat)
  return game.match_score(1 - side) - game.match_score(side) >= 100
end

-- Asks the next seat waiting in game.vars.queue, if any (none: the step ends).
local function ask_next()
  local queue = game.vars.queue
  if #queue == 0 then return end
  local seat = table.remove(queue, 1)
  game.ask(seat, "blind", "look")
end

function spades.blind_nil_step()
  game.vars.blind, game.vars.queue = {}, {}
  local seat = game.dealer()
  for _ = 1, game.seats() do
    seat = game.next_seat(seat)                      -- from the dealer's left
    if behind(seat) then table.insert(game.vars.queue, seat) end
  end
  ask_next()
end

function spades.blind(seat)
  game.vars.blind[seat] = true
  ask_next()
end

function spades.look(seat)
  ask_next()
end

-- 2.5: after the bidding, each blind nil bidder gives two cards face down to
-- the partner, who takes them up and gives two back. game.vars.swap holds the
-- bidders still to exchange ({seats}), the seat giving now and how many it gave.
local function partner(seat)
  return game.next_seat(game.next_seat(seat))
end

local function next_exchange()
  local swap = game.vars.swap
  if #swap.queue == 0 then return end
  swap.giver, swap.given, swap.back = table.remove(swap.queue, 1), 0, false
  game.ask_card(swap.giver, "give", game.hand(swap.giver))
end

function spades.blind_exchange_step()
  local queue, seat = {}, game.dealer()
  for _ = 1, game.seats() do
    seat = game.next_seat(seat)
    if (game.vars.blind or {})[seat] then table.insert(queue, seat) end
  end
  game.vars.swap = {queue = queue}
  next_exchange()
end

function spades.give(seat, card)
  local swap = game.vars.swap
  game.move(card, "hand", partner(seat))
  swap.given = swap.given + 1
  if swap.given < 2 then
    game.ask_card(seat, "give", game.hand(seat))
  elseif not swap.back then                          -- the partner gives two back
    swap.giver, swap.given, swap.back = partner(seat), 0, true
    game.ask_card(swap.giver, "give", game.hand(swap.giver))
  else
    next_exchange()
  end
end

-- 4.1-4.4: one side's points for the deal and the bags it takes (4.3 is
-- applied by the caller). Read once a deal, so the ruleset's constants are
-- locals read at load time and game.vars is not touched without blind nil.
local SEATS = game.seats()
local BLIND_NIL = game.option("blind_nil") ~= "false"
local NO_BLIND = {}

local function side_score(side, blind)
  local contract, taken, points = 0, 0, 0
  for seat = side, SEATS - 1, 2 do                   -- alternate teams: side, side + 2
    local bid, took = game.bid(seat), game.tricks_won_by(seat)
    if blind[seat] or bid == 0 then                  -- 4.4: nil, apart
      local value = blind[seat] and 200 or 100
      points = points + (took == 0 and value or -value)
      if NIL_TRICKS_COUNT then taken = taken + took end   -- option of 4.4
    else
      contract, taken = contract + bid, taken + took
    end
  end
  if contract == 0 then return points, 0 end
  if taken >= contract then                          -- 4.1
    return points + 10 * contract + (taken - contract), taken - contract
  end
  return points - 10 * contract, 0                   -- 4.2
end

function spades.deal_scored()
  local blind = BLIND_NIL and game.vars.blind or NO_BLIND
  local score = {}
  for side = 0, 1 do
    local points, new_bags = side_score(side, blind)
    if new_bags > 0 then                             -- 4.3: bags over the match
      local m = game.match_vars
      local bags = m.bags or {NS = 0, EW = 0}
      local name = SIDE_NAME[side]
      bags[name] = bags[name] + new_bags
      if bags[name] >= 10 then points, bags[name] = points - 100, bags[name] - 10 end
      m.bags = bags
    end
    score[side] = points
    game.set_game_points(side, points)
  end
  local winner = nil                                 -- 4.5
  if score[0] ~= score[1] then winner = score[0] > score[1] and 0 or 1 end
  game.set_result(winner, "normal")
end

-- 5.2: a side at -200 or below loses (both: the higher score wins).
function spades.match_over()
  if not MINUS_200_LOSES then return end
  local ns, ew = game.match_score(0), game.match_score(1)
  if ns <= -200 and ew <= -200 then game.end_match()
  elseif ns <= -200 then game.end_match(1)
  elseif ew <= -200 then game.end_match(0) end
end
