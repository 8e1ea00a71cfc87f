-- Sheepshead: the call of the partner, the partner's reveal, leasters, the
-- doubler and the scoring (docs/rules/sheepshead.md, section numbers below).
-- The pick-or-pass round is the ruleset's `calls` step (the picker is
-- game.bidder()), the blind and the bury the built-in kitty step. The called
-- card is the engine's (game.call_card: "JD" with partner=jack_of_diamonds),
-- so its play rules (5.3) are data: play.called_card. The partner knows his
-- side from the call: the sides are set then, secret, known to him alone
-- (game.set_sides with known_to); the others see the picker alone against
-- four until the called card falls, when the sides become public. The
-- deal's state is the engine's, so that a bot's copy of the game carries it
-- (only what the table knows: never the partner's seat before the called
-- card shows): the bidder (nil in a leaster or a doubler), the called card
-- (none: alone), who played it (game.trick_of: the partner). In
-- game.match_vars: doublers, the doubled deals still to play (10).
sheepshead = {}

local PARTNER_BY_JD = game.option("partner") == "jack_of_diamonds"
local DOUBLER = game.option("all_pass") == "doubler"
local TRICKS = 6

-- Card facts read once: the fail suit of each card (nil for a trump, 3.2).
local FAIL = {}
for _, card in ipairs(cards.deck()) do
  local rank, suit = cards.rank(card), cards.suit(card)
  if suit ~= "D" and rank ~= "Q" and rank ~= "J" then FAIL[card] = suit end
end
local SUIT_WORD = {C = "clubs", S = "spades", H = "hearts"}
local FAIL_SUITS = {"C", "S", "H"}       -- a fixed order: the question's words

-- The call words and their cards (5.1, 5.2): WORD.A.C = "ace_clubs", CARD.A.C = "AC".
local RANKS = {"A", "10"}
local WORD, CARD = {A = {}, ["10"] = {}}, {A = {}, ["10"] = {}}
for _, suit in ipairs(FAIL_SUITS) do
  WORD.A[suit], CARD.A[suit] = "ace_" .. SUIT_WORD[suit], "A" .. suit
  WORD["10"][suit], CARD["10"][suit] = "ten_" .. SUIT_WORD[suit], "10" .. suit
end
-- ASK[rank][mask]: the question's words, the calls of `rank` in the suits of
-- `mask` (bit i - 1: FAIL_SUITS[i]) then 'alone', made once.
local ASK = {A = {}, ["10"] = {}}
for _, rank in ipairs(RANKS) do
  for mask = 0, 7 do
    local words = {}
    for i = 1, #FAIL_SUITS do
      if mask & (1 << (i - 1)) ~= 0 then words[#words + 1] = WORD[rank][FAIL_SUITS[i]] end
    end
    words[#words + 1] = "alone"
    ASK[rank][mask] = words
  end
end
-- Scratch for the call: the callable cards the picker holds (reset after each use).
local HELD = {}
for _, rank in ipairs(RANKS) do
  for _, suit in ipairs(FAIL_SUITS) do HELD[CARD[rank][suit]] = false end
end

-- 5.1, 5.2: the suits (a mask, as ASK) of the cards of `rank` the picker may
-- call: one he does not hold (HELD), of a fail suit he holds a card of
-- (`count`, per suit, in hand).
local function callable(rank, count)
  local mask = 0
  for i = 1, #FAIL_SUITS do
    local suit = FAIL_SUITS[i]
    if not HELD[CARD[rank][suit]] and count[suit] > 0 then mask = mask | (1 << (i - 1)) end
  end
  return mask
end

-- The picker's side: him and `partner`; the rest, the defenders.
local function picker_sides(picker, partner)
  local others, n = {0, 0, 0}, 0                 -- three (2: five seats)
  for s = 0, game.seats() - 1 do
    if s ~= picker and s ~= partner then n = n + 1; others[n] = s end
  end
  return {{picker, partner}, others}
end

-- 5.1, 5.5: `card` called (the engine's called card, whose duties are
-- play.called_card). Its holder knows from now on that he is the partner:
-- the sides are set, known to him alone (the others still see the picker
-- alone against four). Everyone knows the picker does not hold a called ace
-- or ten (he may not call one he holds, in hand or buried); a picker holding
-- JD plays alone, and nobody else knows it.
local function called(picker, card)
  game.call_card(picker, card)
  if card ~= "JD" then game.not_held(picker, card) end
  local zone, holder = game.zone(card)
  if holder ~= picker and (zone == "hand" or zone == "face_down") then
    game.set_sides(picker_sides(picker, holder), {known_to = {holder}})
  end
end

-- The step `partner` (5), after the kitty step. Nobody picked: a leaster
-- (9) with the same trumps, or a doubler (10, ended before the first lead).
function sheepshead.call_partner(params)
  local picker = game.bidder()
  if picker == nil then game.set_trump_order("sheepshead"); return end
  if PARTNER_BY_JD then called(picker, "JD"); return end   -- 5.5
  local hand, buried = game.hand(picker), game.hidden(picker)
  local count = {C = 0, S = 0, H = 0}
  for i = 1, #hand do
    local c = hand[i]
    if HELD[c] == false then HELD[c] = true end
    local suit = FAIL[c]
    if suit then count[suit] = count[suit] + 1 end
  end
  for i = 1, #buried do
    local c = buried[i]
    if HELD[c] == false then HELD[c] = true end
  end
  local rank, mask = "A", callable("A", count)
  if mask == 0 then rank, mask = "10", callable("10", count) end
  for c in pairs(HELD) do HELD[c] = false end
  game.ask(picker, table.unpack(ASK[rank][mask]))
end

for _, suit in ipairs(FAIL_SUITS) do
  sheepshead[WORD.A[suit]] = function(seat) called(seat, CARD.A[suit]) end
  sheepshead[WORD["10"][suit]] = function(seat) called(seat, CARD["10"][suit]) end
end
function sheepshead.alone(seat) end                     -- no call: the picker alone against four

-- 10: a doubler is thrown in (bound by the option all_pass=doubler only).
function sheepshead.before_first_lead()
  if game.bidder() == nil then game.end_deal() end
end

-- 5.4: the called card played by another seat than the picker shows the
-- partner; from now on the sides are public (to the partner they were known
-- since the call).
function sheepshead.card_played(seat, card)   -- bound with cards: [called]
  local picker = game.bidder()
  if seat == picker then return end              -- JD held by the picker: alone
  game.set_sides(picker_sides(picker, seat))   -- public now (also in a bot's world, where the secret was unknown)
end

-- 9: in a leaster the blind goes to the winner of the last trick (bound
-- with when: last_trick, so called after the last trick only).
function sheepshead.trick_done(winner)
  if game.bidder() ~= nil then return end
  for _, card in ipairs(game.cards_in("stock")) do game.move(card, "won", winner) end
end

local function pay(seat, amount, scores)
  scores[seat] = scores[seat] + amount
end

-- 9: of the players with a trick, the fewest card points wins; each winner
-- gets `unit` from each loser.
local function score_leaster(unit, scores)
  local least, winners = nil, {}
  for s = 0, game.seats() - 1 do
    if game.tricks_won_by(s) > 0 then
      local p = game.points_won_by(s)
      if least == nil or p < least then least, winners = p, {s}
      elseif p == least then winners[#winners + 1] = s end
    end
  end
  local is_winner = {}
  for _, s in ipairs(winners) do is_winner[s] = true end
  for s = 0, game.seats() - 1 do
    if not is_winner[s] then
      for _, w in ipairs(winners) do pay(w, unit, scores); pay(s, -unit, scores) end
    end
  end
  return #winners == 1 and game.team(winners[1]) or nil, "leaster"
end

-- The partner: who played the called card, unless the picker (JD, 5.5);
-- nil when alone or when the picker buried JD.
local function partner_of(picker)
  local card = game.called_card()
  if card == nil then return nil end
  local _, seat = game.trick_of(card)
  if seat ~= picker then return seat end
end

-- 7, 8: the picker's side, its card points and tricks, the units.
local function score_picker(picker, unit, scores)
  local partner = partner_of(picker)
  local points = game.points_won_by(picker) + (partner and game.points_won_by(partner) or 0)
  local tricks = game.tricks_won_by(picker) + (partner and game.tricks_won_by(partner) or 0)
  local won = points >= 61
  local level, name
  if won then
    if tricks == TRICKS then level, name = 3, "won_schwarz"
    elseif points >= 90 then level, name = 2, "won_schneider"
    else level, name = 1, "won" end
  else
    if tricks == 0 then level, name = 3, "lost_schwarz"
    elseif points <= 30 then level, name = 2, "lost_schneider"
    else level, name = 1, "lost" end
  end
  local units = (won and 1 or -1) * level * unit
  local share = partner and 2 or 4
  for s = 0, game.seats() - 1 do
    if s == picker then pay(s, share * units, scores)
    elseif s == partner then pay(s, units, scores)
    else pay(s, -units, scores) end
  end
  -- The winning side: the picker's (with his partner) or the defenders'.
  local defender
  for s = 0, game.seats() - 1 do
    if s ~= picker and s ~= partner then defender = s; break end
  end
  return {side = game.side(won and picker or defender)}, name
end

function sheepshead.deal_scored()
  local picker = game.bidder()
  if DOUBLER and picker == nil then                    -- 10
    for s = 0, game.seats() - 1 do game.set_game_points(game.team(s), 0) end
    local m = game.match_vars
    m.doublers = (m.doublers or 0) + 1
    game.set_result(nil, "doubler")
    return
  end
  local unit = 1
  if DOUBLER then
    local m = game.match_vars
    if (m.doublers or 0) > 0 then unit, m.doublers = 2, m.doublers - 1 end
  end
  local scores = {[0] = 0, 0, 0, 0, 0}                -- per seat (2: five)
  local winner, name
  if picker == nil then winner, name = score_leaster(unit, scores)
  else winner, name = score_picker(picker, unit, scores) end
  for s = 0, game.seats() - 1 do game.set_game_points(game.team(s), scores[s]) end
  game.set_result(winner, name)
end
