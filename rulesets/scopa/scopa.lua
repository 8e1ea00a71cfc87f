-- Scopa's options written in Lua (docs/rules/scopa.md, section numbers
-- below); the game itself is data. One file, so that the options' overlays
-- all list the same `scripts` and any of them may be chosen together.
--   ace_takes_all      (3.4) asso piglia tutto: capture_rule, bound to the aces
--   hand_declarations  (2.1) Cirulla's declarations: step_done and refilled
scopa = {}

-- 3.4: an ace played takes every card on the table, whatever their ranks and
-- sums; on an empty table it is laid there like any card that takes nothing.
-- Bound to the four aces only (capture_rule's `cards`), so no other card
-- calls Lua and the data's rank and sum captures decide for them.
function scopa.ace_takes_all(seat, card)
  local table_cards = game.layout()
  if #table_cards == 0 then
    game.capture_sets({})            -- nothing to take: the ace joins the table
  else
    game.capture_sets({table_cards}) -- the whole table, one set
  end
end

-- 2.1: three cards worth less than 10 together score 3 for their holder,
-- three of one rank 10; the hand is shown to the table. Values as in 3.
local VALUE = {A = 1, ["2"] = 2, ["3"] = 3, ["4"] = 4, ["5"] = 5, ["6"] = 6, ["7"] = 7, J = 8, Q = 9, K = 10}
local SMALL_HAND, THREE_OF_A_KIND = 3, 10

local function declare_hands()
  local v = game.vars
  v.declared = v.declared or {}
  for seat = 0, game.seats() - 1 do
    local hand = game.hand(seat)
    if #hand == 3 then
      local a, b, c = cards.rank(hand[1]), cards.rank(hand[2]), cards.rank(hand[3])
      local points = 0
      if a == b and b == c then points = THREE_OF_A_KIND
      elseif VALUE[a] + VALUE[b] + VALUE[c] < 10 then points = SMALL_HAND end
      if points > 0 then
        game.show(seat, hand)
        game.add_score(game.team(seat), points)
        local name = game.seat_name(seat)
        v.declared[name] = (v.declared[name] or 0) + points
      end
    end
  end
end

-- After the layout step: the first hands. With the option kings_redeal too,
-- this step_done replaces that option's (the later option's overlay wins), so
-- it calls it: a deal thrown in takes its declarations with it (game.redeal
-- acts when the hook returns and the deal starts over from nothing).
function scopa.hands_dealt(step)
  if step ~= "layout" then return end
  declare_hands()
  if game.option("kings_redeal") == "true" then fishing_specials.first_layout(step) end
end

-- After every refill from the stock.
function scopa.hands_refilled(next_seat) declare_hands() end

return scopa
