-- Mpourloto scoring (docs/rules/mpourloto.md 4.10): capo and mesa, short so
-- that a house rule is a small change. The numbers are hook_params of
-- mpourloto.yaml (capo worth 100: `capo_last_trick: 100`); mesa only on a
-- strict loss is the comparison marked below.
mpourloto = {}

-- Read once when the script loads: hook_params cannot change during a game.
local LAST_TRICK = game.param("last_trick")
local CAPO_LAST_TRICK = game.param("capo_last_trick")
local ALL_TRICKS = game.param("all_tricks")
local ALL_TRICKS_CAPO = game.param("all_tricks_capo")

function mpourloto.deal_scored()
  local bidder = game.bidder()
  if bidder == nil then return end              -- thrown in: nobody took a trump, nobody scores
  local makers = game.team(bidder)
  local defenders = 1 - makers
  local melds = {[0] = game.meld_points(0), [1] = game.meld_points(1)}
  -- A side's total: card points with the last trick, and its declarations.
  local total = {[0] = game.points_won(0) + melds[0], [1] = game.points_won(1) + melds[1]}
  -- Capo: all the tricks to one side, whose last trick counts 90 instead of 10.
  local capo = nil
  if game.tricks_won(makers) == 8 then capo = makers elseif game.tricks_won(defenders) == 8 then capo = defenders end
  if capo ~= nil then total[capo] = total[capo] + CAPO_LAST_TRICK - LAST_TRICK end
  -- Mesa: the makers must have more than the defenders (a strict loss only: write <).
  if total[makers] <= total[defenders] then
    game.set_game_points(makers, 0)
    game.set_game_points(defenders, (capo and ALL_TRICKS_CAPO or ALL_TRICKS) + melds[0] + melds[1])
    game.set_result(defenders, "mesa")
  else
    game.set_game_points(makers, total[makers])
    game.set_game_points(defenders, total[defenders])
    game.set_result(makers, capo == makers and "capo" or "made")
  end
end
