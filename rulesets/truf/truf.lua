-- Truf's rules that are not data (docs/rules/truf.md):
--   before_first_lead  2.4-2.5: the bid cards just turned up give the bids,
--                      the trump, the trump maker (who leads) and the mode
--                      (atas above 13, bawah below); on a total of exactly 13
--                      the maker must first answer "atas k" or "bawah k";
--   atas / bawah       2.4.4: every bid moves up or down by k;
--   deal_scored        2.9: the exact-bid table, every number a hook_param.
-- Everything a scenario may check is kept in game.vars, seats by name:
-- bid = {N = 5, ...}, adjusted = {...}, total, maker ("E"), mode ("atas",
-- "bawah", or "undecided" while the maker chooses) and k (the adjustment,
-- signed; 0 when none was needed).
-- House rules are one-line changes here: k fixed at 1 (ask 1..1), no
-- negative bids (clamp in adjust), another scoring table (score_seat).
truf = {}

-- 2.4.2: A = 1, 2-10 face value, J Q K = 0.
local BID_VALUE = {A = 1, ["2"] = 2, ["3"] = 3, ["4"] = 4, ["5"] = 5, ["6"] = 6, ["7"] = 7,
                   ["8"] = 8, ["9"] = 9, ["10"] = 10, J = 0, Q = 0, K = 0}
-- 2.4.3: ties on the highest value go to the higher suit, S > H > D > C.
local SUIT_ORDER = {S = 4, H = 3, D = 2, C = 1}

-- The ruleset's numbers (hook_params), read once when the script loads.
local THRESHOLD = game.param("bid_threshold") or 13
local MAX_K = game.param("max_adjustment") or 13
local MULTIPLIER = game.param("exact_multiplier")
local ZERO_MADE = game.param("bawah_zero_exact")
local MISS = {atas = {over = game.param("atas_over"), under = game.param("atas_under")},
              bawah = {over = game.param("bawah_over"), under = game.param("bawah_under")}}
local SEATS, NAME, TEAM = game.seats(), {}, {}
for seat = 0, SEATS - 1 do NAME[seat], TEAM[seat] = game.seat_name(seat), game.team(seat) end

-- Every card's bid value and suit order, by its text ("10H"): the hooks look
-- them up instead of asking cards.rank and cards.suit card by card.
local CARD_BID, CARD_SUIT_ORDER, CARD_SUIT = {}, {}, {}
for rank, value in pairs(BID_VALUE) do
  for suit, order in pairs(SUIT_ORDER) do
    CARD_BID[rank .. suit], CARD_SUIT_ORDER[rank .. suit], CARD_SUIT[rank .. suit] = value, order, suit
  end
end

-- A table with one entry per seat name, built at its full size (filled key
-- by key, an empty table grows three times on the way to four seats).
local function per_seat(value)
  if SEATS == 3 then return {[NAME[0]] = value, [NAME[1]] = value, [NAME[2]] = value} end
  return {[NAME[0]] = value, [NAME[1]] = value, [NAME[2]] = value, [NAME[3]] = value}
end

-- The mode of a set of bids: atas above the threshold, bawah below it.
local function mode_of(total)
  if total > THRESHOLD then return "atas" end
  return "bawah"
end

function truf.before_first_lead()
  local bid, adjusted, total = per_seat(0), per_seat(0), 0
  local maker, best_card, best_value, best_suit = nil, nil, -1, 0
  for seat = 0, SEATS - 1 do
    local card = game.chosen(seat, 1)
    local value, suit = CARD_BID[card], CARD_SUIT_ORDER[card]
    bid[NAME[seat]], adjusted[NAME[seat]] = value, value
    total = total + value
    if value > best_value or (value == best_value and suit > best_suit) then
      maker, best_card, best_value, best_suit = seat, card, value, suit
    end
  end
  game.set_leader(maker)                       -- 2.5: the trump maker leads
  game.set_trump(CARD_SUIT[best_card])         -- 2.4.3 (the log says: by the maker)
  game.vars = {bid = bid, adjusted = adjusted, total = total, maker = NAME[maker], k = 0,
               mode = total ~= THRESHOLD and mode_of(total) or "undecided"}
  if total == THRESHOLD then                   -- 2.4.4: he must adjust every bid first
    game.ask_number(maker, 1, MAX_K, "atas", "bawah")
  end
end

-- 2.4.4: every bid moves by the same k; adjusted bids may be negative.
local function adjust(k)
  local bid, adjusted, total = game.vars.bid, per_seat(0), 0
  for name, b in pairs(bid) do
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
    if bid == 0 then return mode == "bawah" and ZERO_MADE or 0 end
    return MULTIPLIER * bid
  end
  if tricks > bid then return -(tricks - bid) * MISS[mode].over end
  return -(bid - tricks) * MISS[mode].under
end

-- Every player's score is his game points; the deal's winner is the single
-- best score, and its name the mode.
-- Invariants of the rules text (2.14) that only this script can see: a
-- failure stops the deal with the message (simulate and the soak report it).
local function check_invariants(vars)
  local adjusted, total = vars.adjusted, 0
  for seat = 0, SEATS - 1 do total = total + adjusted[NAME[seat]] end
  if total == THRESHOLD then error("2.14: the adjusted bids add up to " .. THRESHOLD) end
  if (total > THRESHOLD) ~= (vars.mode == "atas") then error("2.14: mode " .. vars.mode .. " with bids adding up to " .. total) end
  if (vars.total == THRESHOLD) ~= (vars.k ~= 0) then error("2.14: an adjustment k = " .. vars.k .. " with bids adding up to " .. vars.total) end
end

function truf.deal_scored()
  local vars = game.vars
  check_invariants(vars)
  local best, best_points, tied = nil, nil, false
  local mode, adjusted = vars.mode, vars.adjusted
  for seat = 0, SEATS - 1 do
    local points = score_seat(mode, adjusted[NAME[seat]], game.tricks_won_by(seat))
    game.set_game_points(TEAM[seat], points)
    if best == nil or points > best_points then
      best, best_points, tied = seat, points, false
    elseif points == best_points then
      tied = true
    end
  end
  game.set_result(not tied and TEAM[best] or nil, vars.mode)
end

-- Option redeal_on_uniform_hand (pagat; off by default): a hand of only
-- number cards (2-10) or only A K Q J is thrown in and the cards dealt again.
local HONOUR = {A = true, K = true, Q = true, J = true}

function truf.uniform_hand(step)
  if step ~= "deal" then return end
  for seat = 0, SEATS - 1 do
    local honours, numbers = 0, 0
    for _, card in ipairs(game.hand(seat)) do
      if HONOUR[cards.rank(card)] then honours = honours + 1 else numbers = numbers + 1 end
    end
    if honours == 0 or numbers == 0 then
      game.redeal(NAME[seat] .. " holds " .. (honours == 0 and "only number cards" or "only A K Q J"))
      return
    end
  end
end
