-- Scopa's option ace_takes_all (asso piglia tutto, docs/rules/scopa.md 3.4):
-- an ace played takes every card on the table, whatever their ranks and
-- sums; on an empty table it is laid there like any card that takes nothing.
-- Bound to the four aces only (capture_rule's `cards`), so no other card
-- calls Lua and the data's rank and sum captures decide for them.
ace_takes_all = {}

function ace_takes_all.rule(seat, card)
  local table_cards = game.layout()
  if #table_cards == 0 then
    game.capture_sets({})            -- nothing to take: the ace joins the table
  else
    game.capture_sets({table_cards}) -- the whole table, one set
  end
end

return ace_takes_all
