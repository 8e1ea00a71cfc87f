-- Euchre scoring (docs/rules/euchre.md 8) and the lone hand's lead (7,
-- option alone_lead). The points are hook_params of euchre.yaml, so that a
-- house rule (a lone euchre worth 4, say) is a one-line change.
euchre = {}

local POINT = game.param("point")
local MARCH = game.param("march")
local ALONE_MARCH = game.param("alone_march")
local EUCHRE = game.param("euchre")

function euchre.before_first_lead()
  if game.declared() and game.option("alone_lead") == "left_of_maker" then
    game.set_leader(game.next_seat(game.bidder()))
  end
end

function euchre.deal_scored()
  local maker = game.bidder()
  if maker == nil then return end               -- thrown in: nobody scores
  local makers = game.team(maker)
  local defenders = 1 - makers
  local tricks = game.tricks_won(makers)
  game.set_game_points(makers, 0)
  game.set_game_points(defenders, 0)
  if tricks < 3 then                            -- euchred
    game.set_game_points(defenders, EUCHRE)
    game.set_result(defenders, "euchred")
  elseif tricks == 5 then                       -- a march
    game.set_game_points(makers, game.declared() and ALONE_MARCH or MARCH)
    game.set_result(makers, game.declared() and "alone_march" or "march")
  else
    game.set_game_points(makers, POINT)
    game.set_result(makers, game.declared() and "alone_point" or "point")
  end
end
