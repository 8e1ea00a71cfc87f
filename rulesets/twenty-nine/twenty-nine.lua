-- Twenty-nine (docs/rules/twenty-nine.md): what the data has no key for.
--   N-5.2  a pointless opening hand throws the deal in (deal step no_points)
--   N-8    the trump pair moves the contract by 4 (call, trick_done, deal_scored)
--   N-9    double and redouble after the second deal (before_first_lead,
--          bound by the option double)
-- Nothing here runs on a turn of the play: one call for the throw-in step,
-- one before the first lead with option double, the call itself, trick_done
-- only once the trump is exposed (and then at once returning when the pair
-- was shown or cannot be), deal_scored once a deal.
--
-- game.vars (reset every deal): pair = the side that showed the pair,
-- pair_done = no pair can be shown any more, doubled = 1 (doubled) or
-- 2 (redoubled), asked = the seats asked so far in the doubling step.

twentynine = {}

local function other(team) return 1 - team end

-- N-5.2: the first two players to speak (option: the opener only, or any
-- player) may not hold four cards without a point: the deal is thrown in.
-- A point card is a J, 9, A or 10 (N-3.1): read from the card's text, which
-- spares a call per card on this once-a-deal path.
local POINT_RANK = {J = true, ["9"] = true, A = true, ["1"] = true}
local SEATS_CHECKED = {first_two = 2, opener = 1, any = 4}

function twentynine.no_points(params)
  local count = SEATS_CHECKED[game.param("pointless_redeal")]
  if count == nil then return end
  local seat = game.next_seat(game.dealer())
  for _ = 1, count do
    local points = false
    for _, card in ipairs(game.hand(seat)) do
      if POINT_RANK[card:sub(1, 1)] then points = true break end
    end
    if not points then
      game.redeal(game.seat_name(seat) .. " holds no point card")
      return
    end
    seat = game.next_seat(seat)
  end
end

-- N-9: the defenders, from the bidder's next, may double; once doubled, the
-- bidding side, bidder first, may redouble. One player of a side is enough.
local function ask_next()
  local v = game.vars
  local bidder = game.bidder()
  local order
  if (v.doubled or 0) == 0 then
    order = {game.next_seat(bidder), game.next_seat(game.next_seat(game.next_seat(bidder)))}
  else
    order = {bidder, game.next_seat(game.next_seat(bidder))}
  end
  local i = v.asked + 1
  if i > #order then return end
  v.asked = i
  game.ask(order[i], (v.doubled or 0) == 0 and "double" or "redouble", "content")
end

-- Bound to before_first_lead by the option double (so that the default pays
-- no call for it): the questions come after the second deal, before the lead.
function twentynine.double_step(leader)
  game.vars.asked = 0
  ask_next()
end

function twentynine.double(seat)
  game.vars.doubled = 1
  game.vars.asked = 0
  ask_next()
end

function twentynine.redouble(seat)
  game.vars.doubled = 2
end

function twentynine.content(seat)
  ask_next()
end

-- N-8.1: the player holding the king and queen of trumps shows them at the
-- first moment when the trump is exposed, he holds both, and his side has
-- won a trick: at the exposure (the call) if his side has a trick already,
-- else after his side's first trick. Checked at the call and after each trick
-- once the trump is exposed, until the pair is shown or cannot be any more.
local function check_pair()
  local v = game.vars
  if v.pair_done then return end
  local trump = game.trump()
  local king, queen = "K" .. trump, "Q" .. trump
  local kz, kseat = game.zone(king)
  local qz, qseat = game.zone(queen)
  if kz ~= "hand" or qz ~= "hand" or kseat ~= qseat then
    v.pair_done = true                     -- played, or split between two hands
    return
  end
  local team = game.team(kseat)
  if game.tricks_won(team) == 0 then return end
  game.meld(kseat, "pair", {king, queen}, 0)
  v.pair = team
  v.pair_done = true
end

-- N-7.5: the call (hidden_trump's reveal), then the pair at once if due.
function twentynine.call(seat)
  hidden_trump.reveal(seat)
  check_pair()
end

function twentynine.trick_done(winner)
  check_pair()
end

-- N-8.2: the contract the bidding side must reach, the pair counted.
local function target()
  local contract = game.contract()
  local pair = game.vars.pair
  if pair == nil then return contract end
  if pair == game.team(game.bidder()) then
    if contract - 4 >= game.param("pair_floor") then return contract - 4 end
    return contract
  end
  return math.min(contract + 4, game.param("pair_ceiling"))
end

-- N-10, with N-8 and N-9: one side scores 1 game point, 2 doubled, 4 redoubled.
function twentynine.deal_scored()
  local v = game.vars
  if v.pair == nil and v.doubled == nil then return end
  local bidders = game.team(game.bidder())
  local made = game.points_won(bidders) >= target()
  local winner = made and bidders or other(bidders)
  local points = 1
  if v.doubled == 1 then points = 2 elseif v.doubled == 2 then points = 4 end
  game.set_result(winner, made and "made" or "failed")   -- the names of result.contract_made and _failed
  game.set_game_points(winner, points)
  game.set_game_points(other(winner), 0)
end
