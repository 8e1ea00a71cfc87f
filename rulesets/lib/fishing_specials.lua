-- fishing_specials: what a fishing game does with its first layout, and a
-- bonus for one kind of capture. Every number and rank is a hook parameter,
-- so a variant changes them in YAML.
--
-- Serves:
--   Chinese Ten 5.5 (docs/rules/chinese-ten.md): four of a kind of a special
--     rank in the first layout goes to the dealer; three of a kind are taken
--     together by the fourth card of the rank.
--   Chinese Ten 5.8 `main_mela`: the layout is dealt again when it holds three
--     or more of a special rank, or cards that could never be captured.
--   Chinese Ten 5.8 `red_five_bonus`: a red five capturing the other red five
--     earns 10 from every other player.
--
-- Bind in the ruleset:
--   hooks:
--     libraries: [fishing_specials]
--     step_done: {call: fishing_specials.first_layout}
--     captured: {call: fishing_specials.capture_bonus, cards: [5H, 5D]}   # only for the bonus
--   hook_params:
--     special_ranks: 5 10 J Q K     # ranks, separated by spaces
--     dealer_takes: 4               # that many of one special rank: the dealer captures them (0: never)
--     taken_together: 3             # that many: they are grouped, the next card of the rank takes all (0: never)
--     redeal_special_at_least: 3    # that many of one special rank: the deal is thrown in (0: never)
--     redeal_stuck: true            # throw in a layout some of whose cards could never be captured
--     bonus_cards: 5H 5D            # capture_bonus: one of these capturing another of them ...
--     bonus_from_each: 10           # ... earns this from every other player
-- With the specials or the stuck-layout redeal, `fishing.layout_clears: true`
-- lets simulate and the conformance tests check that every layout clears.

local fishing_specials = {}

local function words(text)
  local out = {}
  for w in string.gmatch(text or "", "%S+") do out[#out + 1] = w end
  return out
end

local function param_number(name)
  return tonumber(game.param(name)) or 0
end

-- Read once, at load time: the parameters and the deck do not change. The
-- hooks below index these tables only: they run once per deal, and a C call
-- (cards.rank, table.insert) costs more than the rest of a hook together.
local DECK = cards.deck()
local RANK = {}
for _, card in ipairs(DECK) do RANK[card] = cards.rank(card) end
local SPECIAL = {}
for _, rank in ipairs(words(game.param("special_ranks"))) do SPECIAL[rank] = true end
local DEALER_TAKES = param_number("dealer_takes")
local TAKEN_TOGETHER = param_number("taken_together")
local REDEAL_AT = param_number("redeal_special_at_least")
local REDEAL_STUCK = game.param("redeal_stuck") == true
local BONUS = {}
for _, card in ipairs(words(game.param("bonus_cards"))) do BONUS[card] = true end
local FROM_EACH = param_number("bonus_from_each")

-- Cards that capture one another, as classes: a layout is stuck when a class
-- has more cards on it than are left outside it (each card still to come
-- takes at most one). CLASS[card] is the class number, SIZE[n] its size.
local CLASS, SIZE = {}, {}
if REDEAL_STUCK then
  for _, start in ipairs(DECK) do
    if CLASS[start] == nil then
      local n = #SIZE + 1
      SIZE[n] = 0
      local todo = {start}
      CLASS[start] = n
      while #todo > 0 do
        local card = todo[#todo]
        todo[#todo] = nil
        SIZE[n] = SIZE[n] + 1
        for _, other in ipairs(cards.captures(card)) do   -- pairing is mutual
          if CLASS[other] == nil then
            CLASS[other] = n
            todo[#todo + 1] = other
          end
        end
      end
    end
  end
end

-- The first layout's cards of special ranks, one array per rank, in layout
-- order (an array, not a table by rank: the moves happen in a fixed order).
local function special_groups(layout)
  local groups, of_rank = {}, {}
  for _, card in ipairs(layout) do
    local rank = RANK[card]
    if SPECIAL[rank] then
      local same = of_rank[rank]
      if same == nil then
        same = {}
        of_rank[rank] = same
        groups[#groups + 1] = same
      end
      same[#same + 1] = card
    end
  end
  return groups
end

local function stuck(layout)
  local on_layout = {}
  for _, card in ipairs(layout) do
    local n = CLASS[card]
    on_layout[n] = (on_layout[n] or 0) + 1
    if on_layout[n] > SIZE[n] - on_layout[n] then return true end
  end
  return false
end

-- step_done: once the layout is dealt, throw it in or settle its specials.
function fishing_specials.first_layout(step)
  if step ~= "layout" then return end
  local layout = game.layout()
  local groups = special_groups(layout)
  for _, same in ipairs(groups) do
    if REDEAL_AT > 0 and #same >= REDEAL_AT then return game.redeal("special_rank") end
  end
  if REDEAL_STUCK and stuck(layout) then return game.redeal("stuck_layout") end
  for _, same in ipairs(groups) do
    if DEALER_TAKES > 0 and #same >= DEALER_TAKES then
      for _, card in ipairs(same) do game.move(card, "won", game.dealer()) end
    elseif TAKEN_TOGETHER > 0 and #same >= TAKEN_TOGETHER then
      game.group(same)
    end
  end
end

-- captured: a bonus card that takes another bonus card earns FROM_EACH from
-- every other player (a zero-sum transfer, shown as the deal's bonus).
function fishing_specials.capture_bonus(seat, card, taken)
  if not BONUS[card] then return end
  for _, other in ipairs(taken) do
    if BONUS[other] and other ~= card then
      for s = 0, game.seats() - 1 do
        if s ~= seat then
          game.add_score(game.team(s), -FROM_EACH)
          game.add_score(game.team(seat), FROM_EACH)
        end
      end
      return
    end
  end
end

return fishing_specials
