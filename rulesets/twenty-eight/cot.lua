-- Cot (Twenty-eight 3.10, docs/rules/twenty-eight.md), bound by the `cot` option.
--
-- A side that takes all eight tricks scores double. While one side T has won
-- every completed trick, the other side O may offer to surrender between
-- tricks (its first player after the trick's winner is asked):
--   T accepts: the deal ends and is scored normally as a win for T;
--   T refuses: play goes on; if T then takes all eight it scores double, and if
--   it fails, O scores double what O would have earned as the deal's winner.
-- After a refusal no further offer is made. Cot does not apply to Thani.

-- A global table: the ruleset binds its functions as cot.trick_done etc.
-- What happened in the deal lives in game.vars (reset by the engine every
-- deal, copied with the game): offered_by, surrendered_to, refused_by.
cot = {}

local function other(team) return 1 - team end

-- The first seat of `team` after `seat` in play order.
local function first_of(team, seat)
  local s = game.next_seat(seat)
  while game.team(s) ~= team do s = game.next_seat(s) end
  return s
end

-- The normal game points of `team` as the deal's winner: the band's win value
-- if it holds the contract, its lose value (paid to defenders) otherwise.
local function normal_points(team)
  local win, lose = game.contract_band()
  if game.team(game.bidder()) == team then return win end
  return lose
end

function cot.trick_done(winner)
  local v = game.vars
  if game.declared() or v.refused_by ~= nil then return end
  if game.tricks_played() == 8 then return end  -- no trick follows: nothing to offer
  local t = game.team(winner)
  if game.tricks_won(t) ~= game.tricks_played() then return end
  v.offered_by = other(t)
  game.ask(first_of(v.offered_by, winner), "surrender", "continue")
end

function cot.surrender(seat)
  -- T answers: its first player after the one who offered.
  local t = other(game.team(seat))
  game.ask(first_of(t, seat), "accept", "refuse")
end

function cot.play_on(seat) end

function cot.accept(seat)
  game.vars.surrendered_to = game.team(seat)
  game.end_deal()
end

function cot.refuse(seat)
  game.vars.refused_by = game.team(seat)
end

function cot.deal_scored()
  if game.declared() then return end
  local surrendered_to, refused_by = game.vars.surrendered_to, game.vars.refused_by
  local result = game.result()
  local all_tricks
  for team = 0, 1 do
    if game.tricks_won(team) == game.tricks_played() and game.tricks_played() == 8 then all_tricks = team end
  end
  if surrendered_to ~= nil then
    local t = surrendered_to
    game.set_result(t, "surrendered")
    game.set_game_points(t, normal_points(t))
    game.set_game_points(other(t), 0)
  elseif all_tricks ~= nil then
    local t = all_tricks
    game.set_result(t, "cot")
    game.set_game_points(t, 2 * normal_points(t))
    game.set_game_points(other(t), 0)
  elseif refused_by ~= nil then
    -- T refused and then lost a trick: O scores double as the deal's winner.
    local o = other(refused_by)
    game.set_result(o, "cot_refused")
    game.set_game_points(o, 2 * normal_points(o))
    game.set_game_points(refused_by, 0)
  end
end


