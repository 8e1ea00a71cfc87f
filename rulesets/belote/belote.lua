-- Belote (docs/rules/belote.md): belote-rebelote (7) and the scoring of a
-- deal (9): made, capot, dedans, litige. The numbers are hook_params of
-- belote.yaml, so a house rule changes a number, not this file.
belote = {}

-- Read once when the script loads: hook_params cannot change during a game.
local ALL_TRICKS = game.param("all_tricks")          -- 162: card points and dix de der
local CAPOT = game.param("capot")                    -- 250: all eight tricks
local BELOTE = game.param("belote")                  -- 20
local BELOTE_TO_DEFENDERS = game.param("belote_dedans") == "to_defenders"
local TRICKS = 8

-- Built once at load: the suit and the other half of each king and queen,
-- so that the hook on a card that is not a trump costs one comparison.
local SUIT, OTHER = {}, {}
for _, suit in ipairs({"S", "H", "D", "C"}) do
  SUIT["K" .. suit], SUIT["Q" .. suit] = suit, suit
  OTHER["K" .. suit], OTHER["Q" .. suit] = "Q" .. suit, "K" .. suit
end

-- 7: bound to the kings and queens only, while a trump is set. The card just
-- played has left the hand; the other half is still there or not.
function belote.card_played(seat, card)
  if SUIT[card] ~= game.trump() then return end
  local other = OTHER[card]
  local zone, holder = game.zone(other)
  if zone == "hand" and holder == seat then
    -- "Belote": the player tells the table he holds the other card; showing
    -- it is that announcement, in the log and on every seat's view.
    game.show(seat, {other})
    game.vars.belote_seat = seat
  elseif game.vars.belote_seat == seat then
    -- "Rebelote": a meld of the kind melds.named lists, declared now; shown and
    -- logged like the others, it counts whatever the best declaration was.
    game.vars.belote = game.team(seat)
    game.meld(seat, "belote", {other, card}, BELOTE)
  end
end

-- 9: each team's total, then made / capot / dedans / litige.
function belote.deal_scored()
  local m = game.match_vars
  local bidder = game.bidder()
  if bidder == nil then return end                    -- thrown in: nothing scores, the pot waits
  local takers = game.team(bidder)
  local defenders = 1 - takers
  local belote_team = game.vars.belote
  local function belote_of(team) return belote_team == team and BELOTE or 0 end
  -- Card points with the dix de der; a capot counts CAPOT instead of ALL_TRICKS.
  local cards_of, capot = {}, nil
  for team = 0, 1 do
    cards_of[team] = game.points_won(team)
    if game.tricks_won(team) == TRICKS then capot = team; cards_of[team] = CAPOT end
  end
  -- Declarations: the engine scores only the best team's (melds.score:
  -- best_team); meld_points holds the belote too (a named meld), taken apart.
  local melds, total = {}, {}
  for team = 0, 1 do
    melds[team] = game.meld_points(team) - belote_of(team)
    total[team] = cards_of[team] + melds[team] + belote_of(team)
  end
  local held = m.held or 0
  local points, result, winner = {}, nil, nil
  if total[takers] > total[defenders] then
    points[takers], points[defenders] = total[takers], total[defenders]
    result, winner = capot == takers and "capot" or "made", takers
  elseif total[takers] < total[defenders] then
    -- Dedans: the defenders take every card point and every declaration.
    local kept = BELOTE_TO_DEFENDERS and 0 or belote_of(takers)
    points[takers] = kept
    points[defenders] = (capot == defenders and CAPOT or ALL_TRICKS) + melds[0] + melds[1] +
                        belote_of(defenders) + belote_of(takers) - kept
    result, winner = "dedans", defenders
  else
    -- Litige: the takers' points (but their belote) wait for the next deal's winner.
    points[defenders] = total[defenders]
    points[takers] = belote_of(takers)
    m.held = held + total[takers] - belote_of(takers)
    game.set_game_points(takers, points[takers])
    game.set_game_points(defenders, points[defenders])
    game.set_result(defenders, "litige")          -- only the defenders score this deal
    return
  end
  -- A decided deal pays out the points held by earlier litiges to its winner.
  points[winner] = points[winner] + held
  m.held = nil
  game.set_game_points(takers, points[takers])
  game.set_game_points(defenders, points[defenders])
  game.set_result(winner, result)
end
