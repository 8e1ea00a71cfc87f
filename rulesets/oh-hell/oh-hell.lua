-- Oh Hell scoring. By default a player who takes exactly the tricks he bid
-- scores 10 plus his bid, and a player who misses, over or under, scores
-- nothing. Option scoring: trick_each_plus_ten: every trick taken scores 1,
-- and an exact bid 10 more. The deal's winner is the seat that scored most,
-- none on a tie. The bids come from the `bids` deal step (game.bid).
oh_hell = {}

local function score(bid, took)
  local exact = took == bid
  if game.param("scoring") == "trick_each_plus_ten" then
    return took + (exact and 10 or 0)
  end
  return exact and 10 + bid or 0
end

function oh_hell.deal_scored()
  local best, best_score, tied = nil, nil, false
  for seat = 0, game.seats() - 1 do
    local points = score(game.bid(seat), game.tricks_won_by(seat))
    game.set_game_points(game.team(seat), points)
    if best_score == nil or points > best_score then
      best, best_score, tied = seat, points, false
    elseif points == best_score then
      tied = true
    end
  end
  game.set_result(not tied and game.team(best) or nil, "normal")
end
