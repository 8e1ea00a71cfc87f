-- Truf's rules that are not data (docs/rules/truf.md):
--   bids_revealed      2.4: the bid cards turned up give the bids, the trump,
--                      the trump maker and the mode (atas above 13, bawah below);
--   before_first_lead  2.5: the trump maker leads; on a total of exactly 13 he
--                      must first choose "atas k" or "bawah k";
--   atas / bawah       2.4.4: every bid moves up or down by k;
--   deal_scored        2.9: the exact-bid table, every number a hook_param.
-- Everything a scenario may check is kept in game.vars, seats by name:
-- bid = {N = 5, ...}, adjusted = {...}, total, maker ("E"), mode ("atas",
-- "bawah", or "undecided" while the maker chooses), k (the adjustment, signed;
-- 0 when none was needed) and, once scored, score = {N = 8, ...}.
-- House rules are one-line changes here: k fixed at 1 (ask 1..1), no
-- negative bids (clamp in adjust), another scoring table (score_seat).
truf = {}

-- 2.4.2: A = 1, 2-10 face value, J Q K = 0.
local BID_VALUE = {A = 1, ["2"] = 2, ["3"] = 3, ["4"] = 4, ["5"] = 5, ["6"] = 6, ["7"] = 7,
                   ["8"] = 8, ["9"] = 9, ["10"] = 10, J = 0, Q = 0, K = 0}
-- 2.4.3: ties on the highest value go to the higher suit, S > H > D > C.
local SUIT_ORDER = {S = 4, H = 3, D = 2, C = 1}

local function threshold() return game.param("bid_threshold") or 13 end

-- The mode of a set of bids: atas above the threshold, bawah below it.
local function mode_of(total)
  if total > threshold() then return "atas" end
  return "bawah"
end

local function seat_named(name)
  for seat = 0, game.seats() - 1 do
    if game.seat_name(seat) == name then return seat end
  end
end

function truf.bids_revealed(step)
  if step ~= "choose" then return end
  local bid, adjusted, total, maker, best_card = {}, {}, 0, nil, nil
  for seat = 0, game.seats() - 1 do
    local card, name = game.chosen(seat)[1], game.seat_name(seat)
    bid[name] = BID_VALUE[cards.rank(card)]
    adjusted[name] = bid[name]
    total = total + bid[name]
    local better = maker == nil or bid[name] > bid[maker] or
        (bid[name] == bid[maker] and SUIT_ORDER[cards.suit(card)] > SUIT_ORDER[cards.suit(best_card)])
    if better then maker, best_card = name, card end
  end
  game.set_trump(cards.suit(best_card))
  game.vars = {bid = bid, adjusted = adjusted, total = total, maker = maker, k = 0,
               mode = total ~= threshold() and mode_of(total) or "undecided"}
end

function truf.before_first_lead()
  local maker = seat_named(game.vars.maker)
  game.set_leader(maker)                       -- 2.5: the trump maker leads
  if game.vars.total == threshold() then       -- 2.4.4: he must adjust every bid first
    game.ask_number(maker, 1, game.param("max_adjustment") or 13, "atas", "bawah")
  end
end

-- 2.4.4: every bid moves by the same k; adjusted bids may be negative.
local function adjust(k)
  local adjusted, total = {}, 0
  for name, b in pairs(game.vars.bid) do
    adjusted[name] = b + k
    total = total + adjusted[name]
  end
  game.vars.adjusted = adjusted
  game.vars.k = k
  game.vars.mode = mode_of(total)
end

function truf.atas(_, k) adjust(k) end
function truf.bawah(_, k) adjust(-k) end

-- 2.9 (provisional): exact = multiplier x bid (a made zero: 5 in bawah, 0 in
-- atas); a miss loses per trick over or under, by mode.
local function score_seat(mode, bid, tricks)
  if tricks == bid then
    if bid == 0 then return mode == "bawah" and game.param("bawah_zero_exact") or 0 end
    return game.param("exact_multiplier") * bid
  end
  if tricks > bid then return -(tricks - bid) * game.param(mode .. "_over") end
  return -(bid - tricks) * game.param(mode .. "_under")
end

function truf.deal_scored()
  local mode = game.vars.mode
  local best, tied = nil, false
  local points = {}
  local score = {}
  for seat = 0, game.seats() - 1 do
    points[seat] = score_seat(mode, game.vars.adjusted[game.seat_name(seat)], game.tricks_won_by(seat))
    score[game.seat_name(seat)] = points[seat]
    game.set_game_points(game.team(seat), points[seat])
    if best == nil or points[seat] > points[best] then
      best, tied = seat, false
    elseif points[seat] == points[best] then
      tied = true
    end
  end
  game.vars.score = score
  game.set_result(not tied and game.team(best) or nil, mode)
end
