-- Hearts scoring: every seat scores the points it took (game points are
-- penalties), except that taking all 26 "shoots the moon": by default everyone
-- else scores 26 and the shooter 0 (option moon: subtract_from_self: the
-- shooter scores -26 and the others 0). The deal's winner is the seat with the
-- fewest points, none on a tie.
hearts = {}

local ALL_POINTS = 26

function hearts.deal_scored()
  local seats = game.seats()
  local points, shooter = {}, nil
  for seat = 0, seats - 1 do
    points[seat] = game.points_won(game.team(seat))
    if points[seat] == ALL_POINTS then shooter = seat end
  end
  if shooter ~= nil then
    local subtract = game.param("moon") == "subtract_from_self"
    for seat = 0, seats - 1 do
      if seat == shooter then
        points[seat] = subtract and -ALL_POINTS or 0
      else
        points[seat] = subtract and 0 or ALL_POINTS
      end
    end
  end
  local best, tied = nil, false
  for seat = 0, seats - 1 do
    game.set_game_points(game.team(seat), points[seat])
    if best == nil or points[seat] < points[best] then
      best, tied = seat, false
    elseif points[seat] == points[best] then
      tied = true
    end
  end
  game.set_result(not tied and game.team(best) or nil, shooter ~= nil and "moon" or "normal")
end
