-- Koi-Koi's stop-or-go question and the deal's score (docs/rules/koikoi.md 5
-- and 6). The yaku themselves are data (fishing.combinations); the engine calls
-- combination_scored only at the end of a turn that raised the player's yaku
-- points, so random play pays for Lua a few times a deal, not every turn.
koikoi = {}

local DOUBLE_AT = game.param("double_at") or 0
local KOIKOI_DOUBLES = game.param("koikoi_doubles") == true
local EXHAUSTED_POINTS = game.param("exhausted_points") or 0

-- Read once, at load time: each card's month (its rank), so the first-layout
-- hook, run every deal, indexes a table instead of calling cards.rank.
local MONTH = {}
for _, card in ipairs(cards.deck()) do MONTH[card] = tonumber(cards.rank(card)) end

-- 2: three cards of a month on the first table lie together (the fourth card
-- takes them all); four of a month void the deal. (fishing_specials does the
-- same from hook parameters; this is its Koi-Koi case in one pass, since it
-- runs on every deal.)
function koikoi.first_layout(step)
  if step ~= "layout" then return end
  local layout = game.layout()
  local count = {}
  for i = 1, #layout do
    local m = MONTH[layout[i]]
    count[m] = (count[m] or 0) + 1
  end
  for m = 1, 12 do
    if count[m] == 4 then return game.redeal("four_of_a_month") end
  end
  for m = 1, 12 do  -- in month order: the groups' order is part of the log
    if count[m] == 3 then
      local same = {}
      for i = 1, #layout do
        if MONTH[layout[i]] == m then same[#same + 1] = layout[i] end
      end
      game.group(same)
    end
  end
end

-- 5: a new or bigger yaku. On the deal's last turn (the second player's
-- eighth: both hands empty) there is nothing to go on for: the player stops.
function koikoi.combination_scored(seat)
  if #game.hand(seat) == 0 and #game.hand(game.next_seat(seat)) == 0 then
    game.vars.winner = seat
    return
  end
  game.ask(seat, "stop", "koikoi")
end

function koikoi.stop(seat)
  game.vars.winner = seat
  game.end_deal()
end

-- How many times each seat said koi-koi this deal: game.vars.koikoi_N, koikoi_S
-- (the keys made once, at load time).
local SAID = {}
for seat = 0, game.seats() - 1 do SAID[seat] = "koikoi_" .. game.seat_name(seat) end

function koikoi.go(seat)
  local vars = game.vars
  vars[SAID[seat]] = (vars[SAID[seat]] or 0) + 1
end

-- 6: only the player who stopped scores. Two players, each its own team:
-- seats and teams are the same numbers.
function koikoi.deal_scored()
  local vars = game.vars
  local winner = vars.winner
  game.set_game_points(0, 0)
  game.set_game_points(1, 0)
  if winner == nil then
    if EXHAUSTED_POINTS > 0 then
      local first = game.next_seat(game.dealer())
      game.set_game_points(first, EXHAUSTED_POINTS)
      game.set_result(first, "exhausted")
    else
      game.set_result(nil, "exhausted")
    end
    return
  end
  local points = game.combinations(winner)
  if DOUBLE_AT > 0 and points >= DOUBLE_AT then points = points * 2 end
  if KOIKOI_DOUBLES and vars[SAID[1 - winner]] then points = points * 2 end
  game.set_game_points(winner, points)
  game.set_result(winner, "stop")
end
