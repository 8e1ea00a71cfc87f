-- French Tarot: the petit sec, the chien, the Excuse's exchange, the poignées
-- and the scoring (docs/rules/french-tarot.md, section numbers below). The
-- bidding is the ruleset's `calls` step (4): each player speaks once, the
-- highest bid holds the contract (game.bidder(), game.contract(): 1 petite,
-- 2 garde, 3 garde sans, 4 garde contre). What may be played is data (follow,
-- trump, overtrump; the Excuse is a card of no suit, which the engine lets go
-- anywhere and never lets win). State of the deal is in game.vars so that a
-- bot's copy of the game carries it:
--   bid          the contract: 0 none, 1 petite, 2 garde, 3 garde sans,
--                4 garde contre
--   bids         each seat's word, by seat name ({W = "pass", S = "garde"}),
--                until the first lead
--   taker        the highest bidder (game.bidder())
--   owed         the Excuse's exchange still to make: {from = owner,
--                to = the trick's winner} (6.3)
--   petit_au_bout the seat that won the 1 of trumps in the last trick (7.3)
--   poignees     seat name -> trumps shown (8); asking: seats still to ask
--                (both only in a deal where some hand could show one)
--   result       once scored: the figures of 7, for the scenarios
french_tarot = {}

local MULTIPLIER = {1, 2, 4, 6}                 -- 7.3
local NEEDED = {[0] = 56, 51, 41, 36}           -- 7.2: by oudlers held
local POIGNEE_BONUS = {[10] = 20, [13] = 30, [15] = 40}   -- 8
local POIGNEE_SIZES = {15, 13, 10}
local EXCUSE, PETIT, TWENTY_ONE = "EX", "1T", "21T"
local OUDLER = {[EXCUSE] = true, [PETIT] = true, [TWENTY_ONE] = true}

local REDEAL_ALL_PASS = game.option("all_pass") == "redeal"
local REDEAL_PETIT_SEC = game.option("petit_sec") == "redeal"
local EXCUSE_TO_LAST_WINNER = game.option("excuse_last_trick") == "trick_winner"
local POIGNEES = game.option("poignee") == "true"

-- Card facts read once at load time: hooks then index Lua tables instead of
-- calling the engine for every card.
local DECK = cards.deck()
local IS_TRUMP, IS_KING, HALF_POINTS, TRUMP_NUMBER = {}, {}, {}, {}
local HONOUR = {K = 9, Q = 7, C = 5, J = 3}
for _, card in ipairs(DECK) do
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

local function on_side(seat, of) return game.side(seat) == game.side(of) end

-- 3.2: the 1 of trumps alone (no other trump, no Excuse): the deal is void.
-- Only the hand that holds the 1 (if any hand does) is read.
local function petit_sec_holder()
  local zone, seat = game.zone(PETIT)
  if zone ~= "hand" then return nil end
  local trumps = 0
  for _, c in ipairs(game.hand(seat)) do
    if IS_TRUMP[c] or c == EXCUSE then trumps = trumps + 1 end
  end
  if trumps == 1 then return seat end
  return nil
end

-- The step `petit_sec` (3.2), before the bidding: a hand whose only trump
-- is the 1 has the cards dealt again.
function french_tarot.petit_sec(params)
  if not REDEAL_PETIT_SEC then return end
  local seat = petit_sec_holder()
  if seat ~= nil then game.redeal(name(seat) .. " holds the petit sec") end
end

local function chien() return game.cards_in("stock") end

-- 5: the cards the taker may lay away now: no king, no trump, no Excuse;
-- when nothing else is left, a trump that is not an oudler.
-- (Numeric loops over arrays: ipairs costs a C call per element.)
local function discardable(hand)
  local plain = {}
  for i = 1, #hand do
    local c = hand[i]
    if not OUDLER[c] and not IS_KING[c] and not IS_TRUMP[c] then plain[#plain + 1] = c end
  end
  if #plain > 0 then return plain end
  local trumps = {}
  for i = 1, #hand do
    local c = hand[i]
    if not OUDLER[c] and IS_TRUMP[c] then trumps[#trumps + 1] = c end
  end
  return trumps
end

-- The step `chien` (4, 5), after the bidding (the `calls` step).
function french_tarot.chien(params)
  local v = game.vars
  v.bids = {}
  for _, said in ipairs(game.calls()) do v.bids[name(said.seat)] = said.call end
  v.bid, v.taker = game.contract() or 0, game.bidder()
  if v.bid == 0 then
    if REDEAL_ALL_PASS then game.redeal("all four passed"); return end
    v.thrown_in = true                  -- the deal is played no further (before_first_lead)
    return
  end
  local taker = v.taker
  if v.bid <= 2 then                    -- petite, garde: the chien shown and taken
    local dog = chien()
    for _, c in ipairs(dog) do game.move(c, "hand", taker) end
    game.show(taker, dog)
    game.ask_card(taker, "discard", discardable(game.hand(taker)))
  end
  -- garde sans, garde contre: the chien stays unseen in the stock until the
  -- last trick, where it joins the taker's or the defenders' cards.
end

-- 5: one card laid away face down; a trump is shown first. The cards laid
-- away so far are the taker's face-down cards (no game.vars to keep).
function french_tarot.discard(seat, card)
  if IS_TRUMP[card] then game.show(seat, {card}) end
  game.move(card, "face_down", seat)
  if game.hidden_count(seat) < 6 then game.ask_card(seat, "discard", discardable(game.hand(seat))) end
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
  if held < POIGNEE_SIZES[#POIGNEE_SIZES] then return nil end   -- too few: no list, no sort
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

local function ask_next_poignee()
  local v = game.vars
  while #v.asking > 0 do
    local seat = table.remove(v.asking, 1)
    if poignee_of(seat) then game.ask(seat, "poignee", "no_poignee"); return end
  end
  v.asking = nil                        -- everyone asked: nothing more to keep
end

-- Trumps (the Excuse with them) per seat's hand, from the 22 cards' zones:
-- cheaper than every hand's list.
local TRUMPS_AND_EXCUSE = {}
for _, card in ipairs(DECK) do
  if IS_TRUMP[card] or card == EXCUSE then TRUMPS_AND_EXCUSE[#TRUMPS_AND_EXCUSE + 1] = card end
end
local held = {}
local function some_poignee()
  for s = 0, game.seats() - 1 do held[s] = 0 end
  for i = 1, #TRUMPS_AND_EXCUSE do
    local zone, seat = game.zone(TRUMPS_AND_EXCUSE[i])
    if zone == "hand" then held[seat] = held[seat] + 1 end
  end
  for s = 0, game.seats() - 1 do
    if held[s] >= POIGNEE_SIZES[#POIGNEE_SIZES] then return true end
  end
  return false
end

-- 8: before the first lead, each player who could show a poignée is asked,
-- from the leader on; 3.2, 4: a thrown-in deal (no taker) ends here.
-- game.vars is written only in a deal where some hand could show one.
function french_tarot.before_first_lead(leader)
  if game.bidder() == nil then game.end_deal(); return end
  -- The bids were for the table to see (and the scenarios) while the chien
  -- was taken; the play does not need them, and every hook that reads
  -- game.vars reads less without them.
  game.vars.bids = nil
  if not POIGNEES or not some_poignee() then return end
  local v = game.vars
  v.poignees, v.asking = {}, {}
  local seat = leader
  for _ = 1, game.seats() do v.asking[#v.asking + 1] = seat; seat = game.next_seat(seat) end
  ask_next_poignee()
end

function french_tarot.poignee(seat)
  local size, shown = poignee_of(seat)
  game.vars.poignees[name(seat)] = size
  game.show(seat, shown)
  ask_next_poignee()
end

function french_tarot.no_poignee(seat) ask_next_poignee() end

-- 6.3: a low card (half a point) of `seat`'s side's won cards, or nil.
local function low_card_of_side(seat)
  local s = seat
  for _ = 1, game.seats() do
    if on_side(s, seat) then
      local won = game.captured(s)
      for i = 1, #won do
        if HALF_POINTS[won[i]] == 1 then return won[i] end
      end
    end
    s = game.next_seat(s)
  end
  return nil
end

local function settle_excuse(v)
  local owed = v.owed
  if owed == nil then return end
  local card = low_card_of_side(owed.from)
  if card == nil then return end       -- later, once the side has won one
  game.move(card, "won", owed.to)
  v.owed = nil
end

local function side_tricks(seat)
  local n, s = 0, seat
  for _ = 1, game.seats() do
    if on_side(s, seat) then n = n + game.tricks_won_by(s) end
    s = game.next_seat(s)
  end
  return n
end

-- The taker and his bid (1-4): the bidding's, or, in a scenario that starts
-- late in a deal, the contract it gives.
local function taker_and_bid(v)
  v = v or game.vars
  if v.taker ~= nil then return v.taker, v.bid end
  return game.bidder(), game.contract()
end

-- 5, 6.3, 7.3: after every trick.
function french_tarot.trick_done(winner)
  local excuse_trick, excuse_by = game.trick_of(EXCUSE)
  local last = game.hand_count(winner) == 0
  -- Before the Excuse is played nothing can be owed (6.3), and only the last
  -- trick has more to do: game.vars is not touched, so not checked after the
  -- hook either (most tricks of a deal).
  if excuse_trick == nil and not last then return end
  local trick = game.tricks_played()    -- the trick just completed
  -- After the Excuse's trick an exchange can still be owed only to a side
  -- that has not given its low card yet, and it can be made only once that
  -- side wins a trick: other tricks leave game.vars alone too. (The sides
  -- are the taker alone against the rest: one call tells them apart.)
  if not last and excuse_trick < trick then
    local taker = game.bidder()
    if taker ~= nil and (excuse_by == taker) ~= (winner == taker) then return end
  end
  local v = game.vars
  if excuse_trick == trick and not on_side(excuse_by, winner)
     and not (last and EXCUSE_TO_LAST_WINNER) then
    game.move(EXCUSE, "won", excuse_by)     -- back to its owner's side
    v.owed = {from = excuse_by, to = winner}
  end
  if last and game.trick_of(PETIT) == trick then v.petit_au_bout = winner end
  if not last then settle_excuse(v); return end
  -- 5: an unseen chien joins the cards it counts for. (The taker's discards
  -- stay face down: a hook may not empty a seat's face-down cards during the
  -- play, so deal_scored counts them.)
  local taker, bid = taker_and_bid(v)
  if taker ~= nil then
    local chien_to = taker
    if bid == 4 then chien_to = game.next_seat(taker) end   -- garde contre: the defenders
    for _, c in ipairs(chien()) do game.move(c, "won", chien_to) end
  end
  -- 6.3: a side that won no trick cannot keep its Excuse.
  if v.owed ~= nil and side_tricks(v.owed.from) == 0 then
    game.move(EXCUSE, "won", v.owed.to)
    v.owed = nil
  end
  settle_excuse(v)
end

-- 7: the taker's result and score.
function french_tarot.deal_scored()
  local v = game.vars
  for seat = 0, game.seats() - 1 do game.set_game_points(game.team(seat), 0) end
  local taker, bid = taker_and_bid(v)
  if taker == nil then game.set_result(nil, "passed_in"); return end
  local multiplier = MULTIPLIER[bid]
  -- His won cards' half-points are the engine's card points (card_points
  -- above is HALF_POINTS); 5: the discards, face down, are added here.
  local half, oudlers = game.points_won_by(taker), 0
  for _, c in ipairs(game.hidden(taker)) do half = half + HALF_POINTS[c] end
  for oudler in pairs(OUDLER) do
    local zone, seat = game.zone(oudler)
    if seat == taker and (zone == "won" or zone == "face_down") then oudlers = oudlers + 1 end
  end
  local points = (half + 1) // 2                 -- a half point goes to the taker
  local needed = NEEDED[oudlers]
  local won = points >= needed
  local margin = won and points - needed or needed - points
  local contract = (25 + margin) * multiplier
  local r = {half_points = half, points = points, oudlers = oudlers, needed = needed,
             contract = won and contract or -contract, petit_au_bout = 0, poignee = 0}
  if v.petit_au_bout ~= nil then
    r.petit_au_bout = (on_side(v.petit_au_bout, taker) and 10 or -10) * multiplier
  end
  for _, size in pairs(v.poignees or {}) do
    r.poignee = r.poignee + (won and POIGNEE_BONUS[size] or -POIGNEE_BONUS[size])
  end
  r.score = r.contract + r.petit_au_bout + r.poignee
  v.result = r
  for seat = 0, game.seats() - 1 do
    local points_of_seat = seat == taker and 3 * r.score or -r.score
    game.set_game_points(game.team(seat), points_of_seat)
  end
  game.set_result(won and game.team(taker) or nil, won and "won" or "lost")
end
