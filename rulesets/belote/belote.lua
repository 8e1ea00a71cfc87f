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

-- 9: each team's total, then made / capot / dedans / litige. Written with
-- locals for the two teams, no tables or closures: it runs once a deal, and
-- what it allocates is most of Belote's cost in random play.
function belote.deal_scored()
  local bidder = game.bidder()
  if bidder == nil then return end                    -- thrown in: nothing scores, the pot waits
  local m = game.match_vars
  local takers = game.team(bidder)
  local defenders = 1 - takers
  local belote_team = game.vars.belote
  local belote_t = belote_team == takers and BELOTE or 0
  local belote_d = belote_team == defenders and BELOTE or 0
  -- Card points with the dix de der; a capot counts CAPOT instead of ALL_TRICKS.
  local cards_t, cards_d = game.points_won(takers), game.points_won(defenders)
  local capot = nil
  if game.tricks_won(takers) == TRICKS then capot = takers; cards_t = CAPOT end
  if game.tricks_won(defenders) == TRICKS then capot = defenders; cards_d = CAPOT end
  -- Declarations: the engine scores only the best team's (melds.score:
  -- best_team); meld_points holds the belote too (a named meld), taken apart.
  local melds_t = game.meld_points(takers) - belote_t
  local melds_d = game.meld_points(defenders) - belote_d
  local total_t = cards_t + melds_t + belote_t
  local total_d = cards_d + melds_d + belote_d
  local held = m.held or 0
  local points_t, points_d, result, winner
  if total_t > total_d then
    points_t, points_d = total_t, total_d
    result, winner = capot == takers and "capot" or "made", takers
  elseif total_t < total_d then
    -- Dedans: the defenders take every card point and every declaration.
    local kept = BELOTE_TO_DEFENDERS and 0 or belote_t
    points_t = kept
    points_d = (capot == defenders and CAPOT or ALL_TRICKS) + melds_t + melds_d + belote_d + belote_t - kept
    result, winner = "dedans", defenders
  else
    -- Litige: the takers' points (but their belote) wait for the next deal's winner.
    m.held = held + total_t - belote_t
    game.set_game_points(takers, belote_t)
    game.set_game_points(defenders, total_d)
    game.set_result(defenders, "litige")          -- only the defenders score this deal
    return
  end
  -- A decided deal pays out the points held by earlier litiges to its winner.
  if winner == takers then points_t = points_t + held else points_d = points_d + held end
  if held ~= 0 then m.held = nil end
  game.set_game_points(takers, points_t)
  game.set_game_points(defenders, points_d)
  game.set_result(winner, result)
end
