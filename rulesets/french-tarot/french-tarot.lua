-- French Tarot: the petit sec, the chien, the poignées, the Excuse's exchange
-- and the scoring (docs/rules/french-tarot.md, section numbers below). The
-- bidding is the ruleset's `calls` step (4): each player speaks once, the
-- highest bid holds the contract (game.bidder(), game.contract(): 1 petite,
-- 2 garde, 3 garde sans, 4 garde contre). What may be played is data (follow,
-- trump, overtrump; the Excuse is a card of no suit, which the engine lets go
-- anywhere and never lets win).
--
-- Every deal runs these hooks, so each asks the engine as little as it can:
-- hands are counted (game.hand_count) rather than listed, a list is read in
-- deck order (spades, hearts, diamonds, clubs, then the trumps from the 21
-- down to the petit, the Excuse last), and the engine's functions are kept
-- in locals. State of the deal is in game.vars so that a bot's copy of the
-- game carries it; most deals write none:
--   owed      the Excuse's exchange still to make: {from = owner, to = the
--             trick's winner} (6.3), while its side has no low card
--   poignees  seat name -> trumps shown (8), once someone shows some
french_tarot = {}

local MULTIPLIER = {1, 2, 4, 6}                 -- 7.3
local NEEDED = {[0] = 56, 51, 41, 36}           -- 7.2: by oudlers held
local POIGNEE_BONUS = {[10] = 20, [13] = 30, [15] = 40}   -- 8
local POIGNEE_SIZES = {15, 13, 10}
local SMALLEST_POIGNEE = 10
local EXCUSE, PETIT, TWENTY_ONE, TRUMPS = "EX", "1T", "21T", "T"
local OUDLER = {[EXCUSE] = true, [PETIT] = true, [TWENTY_ONE] = true}
local CHIEN_SIZE = 6

local REDEAL_ALL_PASS = game.option("all_pass") == "redeal"
local REDEAL_PETIT_SEC = game.option("petit_sec") == "redeal"
local EXCUSE_TO_LAST_WINNER = game.option("excuse_last_trick") == "trick_winner"
local POIGNEES = game.option("poignee") == "true"

local bidder, contract, hand_count, zone_of = game.bidder, game.contract, game.hand_count, game.zone
local next_seat, move, captured, trick_of = game.next_seat, game.move, game.captured, game.trick_of

-- Card and seat facts read once at load time: hooks then index Lua tables
-- instead of calling the engine.
local SEATS = game.seats()
local TRICKS = (#cards.deck() - CHIEN_SIZE) // SEATS   -- 18: the last trick's number
local TEAM = {}
for seat = 0, SEATS - 1 do TEAM[seat] = game.team(seat) end
local IS_TRUMP, IS_KING, HALF_POINTS, TRUMP_NUMBER, DECK_INDEX = {}, {}, {}, {}, {}
local HONOUR = {K = 9, Q = 7, C = 5, J = 3}
for i, card in ipairs(cards.deck()) do
  DECK_INDEX[card] = i
  if card ~= EXCUSE then
    local suit, rank = cards.suit(card), cards.rank(card)
    IS_TRUMP[card] = suit == "T"
    IS_KING[card] = suit ~= "T" and rank == "K"
    if IS_TRUMP[card] then TRUMP_NUMBER[card] = tonumber(rank) end
    HALF_POINTS[card] = OUDLER[card] and 9 or (suit ~= "T" and HONOUR[rank]) or 1
  else
    HALF_POINTS[card] = 9
  end
end

local function name(seat) return game.seat_name(seat) end

-- The sides are the taker alone against the others (teams.deal_sides:
-- bidder_alone): told apart without asking the engine, once there is a taker.
local function on_side(seat, of, taker)
  if taker ~= nil then return (seat == taker) == (of == taker) end
  return game.side(seat) == game.side(of)
end

-- The seat whose hand holds the Excuse, or nil.
local function excuse_holder()
  local zone, seat = zone_of(EXCUSE)
  if zone == "hand" then return seat end
  return nil
end

-- The step `petit_sec` (3.2), before the bidding: a hand whose only trump is
-- the 1 (no other trump, no Excuse) has the cards dealt again. Only the hand
-- that holds the 1 (if any hand does) is counted.
function french_tarot.petit_sec(params)
  if not REDEAL_PETIT_SEC then return end
  local zone, seat = zone_of(PETIT)
  if zone == "hand" and hand_count(seat, TRUMPS) == 1 and excuse_holder() ~= seat then
    game.redeal(name(seat) .. " holds the petit sec")
  end
end

-- 8: the poignée a hand may show (the largest), and the cards shown: its
-- trumps from the lowest, the Excuse only to make up the number.
local function poignee_of(seat)
  local hand = game.hand(seat)
  local count, excuse = 0, false
  for i = 1, #hand do
    local c = hand[i]
    if IS_TRUMP[c] then count = count + 1 elseif c == EXCUSE then excuse = true end
  end
  local held = count + (excuse and 1 or 0)
  if held < SMALLEST_POIGNEE then return nil end   -- too few: no list, no sort
  local trumps = {}
  for i = 1, #hand do
    if IS_TRUMP[hand[i]] then trumps[#trumps + 1] = hand[i] end
  end
  table.sort(trumps, function(a, b) return TRUMP_NUMBER[a] < TRUMP_NUMBER[b] end)
  for _, size in ipairs(POIGNEE_SIZES) do
    if held >= size then
      local shown = {}
      for k = 1, math.min(size, #trumps) do shown[k] = trumps[k] end
      if #shown < size then shown[#shown + 1] = EXCUSE end
      return size, shown
    end
  end
  return nil
end

-- 8: before the first lead each player who could show a poignée is asked,
-- from the leader (the dealer's right-hand player) on: asked at the end of
-- the chien step, once the taker's hand is final. `seat` is the next seat to
-- ask about; the asking stops when it comes round to the leader again.
local function ask_poignees_from(seat)
  local leader, excuse_seat = next_seat(game.dealer()), excuse_holder()
  repeat
    local held = hand_count(seat, TRUMPS) + (seat == excuse_seat and 1 or 0)
    if held >= SMALLEST_POIGNEE then game.ask(seat, "poignee", "no_poignee"); return end
    seat = next_seat(seat)
  until seat == leader
end

-- Whether any hand could show one is counted first: most deals have none
-- (where the Excuse is matters only to a hand one trump short).
local function ask_poignees()
  if not POIGNEES then return end
  for seat = 0, SEATS - 1 do
    local held = hand_count(seat, TRUMPS)
    if held >= SMALLEST_POIGNEE or (held == SMALLEST_POIGNEE - 1 and excuse_holder() == seat) then
      ask_poignees_from(next_seat(game.dealer()))
      return
    end
  end
end

local function ask_next_poignee(seat)
  local after = next_seat(seat)
  if after ~= next_seat(game.dealer()) then ask_poignees_from(after) end
end

function french_tarot.poignee(seat)
  local size, shown = poignee_of(seat)
  local v = game.vars
  v.poignees = v.poignees or {}
  v.poignees[name(seat)] = size
  game.show(seat, shown)
  ask_next_poignee(seat)
end

function french_tarot.no_poignee(seat) ask_next_poignee(seat) end

-- 5: the cards the taker may lay away now: no king, no trump, no Excuse;
-- when nothing else is left, a trump that is not an oudler. The plain cards
-- come first in the hand, the trumps and the Excuse after them.
local function discardable(hand)
  local plain, n = {}, #hand
  local i = 1
  while i <= n and not IS_TRUMP[hand[i]] and hand[i] ~= EXCUSE do
    local c = hand[i]
    if not IS_KING[c] then plain[#plain + 1] = c end
    i = i + 1
  end
  if #plain > 0 then return plain end
  local trumps = {}
  for k = i, n do
    local c = hand[k]
    if not OUDLER[c] then trumps[#trumps + 1] = c end
  end
  return trumps
end

-- The step `chien` (4, 5, 8), after the bidding (the `calls` step).
function french_tarot.chien(params)
  local bid = contract()
  if bid == nil then
    -- 3.2, 4: all four passed; with all_pass=thrown_in the deal ends before
    -- the first lead (before_first_lead, bound by that option).
    if REDEAL_ALL_PASS then game.redeal("all four passed") end
    return
  end
  if bid <= 2 then                      -- petite, garde: the chien shown and taken
    local taker = bidder()
    local dog = game.cards_in("stock")
    move(dog, "hand", taker)
    game.show(taker, dog)
    game.ask_card(taker, "discard", discardable(game.hand(taker)))
    return
  end
  -- garde sans, garde contre: the chien stays unseen in the stock until the
  -- end of the deal (deal_scored), where it joins the taker's or the
  -- defenders' cards.
  ask_poignees()
end

-- 5: one card laid away face down; a trump is shown first. The cards laid
-- away so far are the taker's face-down cards (no game.vars to keep). After
-- the sixth the poignées are asked (8).
function french_tarot.discard(seat, card)
  if IS_TRUMP[card] then game.show(seat, {card}) end
  move(card, "face_down", seat)
  if game.hidden_count(seat) < CHIEN_SIZE then
    game.ask_card(seat, "discard", discardable(game.hand(seat)))
  else
    ask_poignees()
  end
end

-- all_pass=thrown_in only (3.2, 4): a deal nobody bid for ends unplayed.
function french_tarot.before_first_lead(leader)
  if bidder() == nil then game.end_deal() end
end

-- 6.3: a low card (half a point) of `seat`'s side's won cards, or nil: the
-- first in deck order of the first seat of the side, from `seat` on, that
-- has one.
local function low_card_of(seat)
  local won = captured(seat)
  for i = 1, #won do
    if HALF_POINTS[won[i]] == 1 then return won[i] end
  end
  return nil
end

local function low_card_of_side(seat, taker)
  local card = low_card_of(seat)
  if card or seat == taker then return card end
  local s = next_seat(seat)
  while s ~= seat do
    if on_side(s, seat, taker) then
      card = low_card_of(s)
      if card then return card end
    end
    s = next_seat(s)
  end
  return nil
end

-- 6.3: after the trick that holds the Excuse (trick_done is bound with
-- `cards: [EX]`). Won by the other side, the Excuse goes back to its owner's
-- side, which gives the trick's winner a low card of its won cards at once
-- when it has one; otherwise the exchange is owed (game.vars.owed) and made
-- in deal_scored. Played to the last trick the Excuse goes to the side that
-- wins that trick (option excuse_last_trick=kept: it is exchanged as on any
-- trick, the exchange made in deal_scored).
function french_tarot.trick_done(winner)
  local trick, owner = trick_of(EXCUSE)
  local taker = bidder()
  if on_side(owner, winner, taker) then return end
  local last = trick == TRICKS
  if last and EXCUSE_TO_LAST_WINNER then return end
  move(EXCUSE, "won", owner)              -- back to its owner's side
  local card = not last and low_card_of_side(owner, taker)
  if card then
    move(card, "won", winner)
  else
    game.vars.owed = {from = owner, to = winner}
  end
end

-- 6.3: an exchange owed since the Excuse went back was made at the first
-- trick after it that its side won with a low card in it, with that trick's
-- lowest low card (the side had no low card before): the tricks' record
-- tells which. False when no trick between the Excuse's and the last one
-- gave the side a low card (or the Excuse was played to the last trick).
local function settle_when_due(owed, taker, last)
  for trick = trick_of(EXCUSE) + 1, last - 1 do
    if on_side(game.trick_winner(trick), owed.from, taker) then
      local low
      for _, play in ipairs(game.past_trick(trick)) do
        local c = play.card
        if HALF_POINTS[c] == 1 and (low == nil or DECK_INDEX[c] < DECK_INDEX[low]) then low = c end
      end
      if low then
        move(low, "won", owed.to)
        return true
      end
    end
  end
  return false
end

-- 6.3: after the last trick, an exchange still owed: a side that won no
-- trick loses its Excuse to the other side, else it gives a low card of its
-- won cards if it has one (the chien's included).
local function settle_at_end(owed, taker)
  local side_tricks, s = 0, owed.from
  for _ = 1, SEATS do
    if on_side(s, owed.from, taker) then side_tricks = side_tricks + game.tricks_won_by(s) end
    s = next_seat(s)
  end
  if side_tricks == 0 then
    move(EXCUSE, "won", owed.to)
  else
    local card = low_card_of_side(owed.from, taker)
    if card then move(card, "won", owed.to) end
  end
end

-- 5, 6.3: the end of the deal, before the count, in the order the cards
-- were due: an exchange owed since the Excuse's trick is made where it fell
-- due; the unseen chien (garde sans, garde contre) joins the cards it counts
-- for, the taker's or (garde contre) the defenders'; an exchange still owed
-- is settled; last, the écart (petite, garde) joins the taker's won cards.
local function settle_cards(v, taker, bid)
  local owed = v.owed
  if owed then
    v.owed = nil
    if settle_when_due(owed, taker, TRICKS) then owed = nil end
  end
  if bid >= 3 then move(game.cards_in("stock"), "won", bid == 4 and next_seat(taker) or taker) end
  if owed then settle_at_end(owed, taker) end
  if bid <= 2 then move(game.hidden(taker), "won", taker) end
end

-- 7: the taker's result and score, from his won cards (the écart and the
-- chien among them now): their half-points are the engine's card points
-- (card_points in the ruleset).
function french_tarot.deal_scored()
  local taker, bid = bidder(), contract()
  if taker == nil then
    for seat = 0, SEATS - 1 do game.set_game_points(TEAM[seat], 0) end
    game.set_result(nil, "passed_in")
    return
  end
  local v = game.vars
  settle_cards(v, taker, bid)
  local oudlers = 0
  local zone, seat = zone_of(EXCUSE)
  if seat == taker and zone == "won" then oudlers = oudlers + 1 end
  zone, seat = zone_of(TWENTY_ONE)
  if seat == taker and zone == "won" then oudlers = oudlers + 1 end
  local petit_zone, petit_seat = zone_of(PETIT)
  if petit_seat == taker and petit_zone == "won" then oudlers = oudlers + 1 end
  local points = (game.points_won_by(taker) + 1) // 2   -- a half point goes to the taker
  local needed = NEEDED[oudlers]
  local won = points >= needed
  local multiplier = MULTIPLIER[bid]
  local score = (25 + (won and points - needed or needed - points)) * multiplier
  if not won then score = -score end
  -- 7.3: the petit in the last trick (it stays with the trick's winner).
  if trick_of(PETIT) == TRICKS then
    score = score + (petit_seat == taker and 10 or -10) * multiplier
  end
  if v.poignees then
    for _, size in pairs(v.poignees) do score = score + (won and POIGNEE_BONUS[size] or -POIGNEE_BONUS[size]) end
  end
  for seat = 0, SEATS - 1 do game.set_game_points(TEAM[seat], seat == taker and 3 * score or -score) end
  game.set_result(won and TEAM[taker] or nil, won and "won" or "lost")
end
