-- Skat: the game announced, the null game's early end and the scoring
-- (docs/rules/skat.md, section numbers below). The bidding (4) is the
-- ruleset's `calls` step in duels: the one left is the deal's bidder
-- (game.bidder()) and his bid its contract (game.contract()). The skat itself
-- (5) is the built-in kitty step between the bidding and the announcement:
-- the declarer takes it ('accept') and discards two, or plays hand ('pass');
-- either way the engine adds the two cards to his won cards at the end of the
-- deal. State of the deal is in game.vars so that a bot's copy of the game
-- carries it:
--   bid, declarer        the contract and its holder, once the announcement
--                        step runs (nil declarer: all three passed)
--   game                 the game named, a trump order name
--   hand, ouvert         played from hand (the skat left in the stock); hand
--                        laid face up
--   schneider, schwarz   announced (hand games only)
--   result               once scored: the figures of 8 and 9, for the scenarios
skat = {}

local JACKS = {"JC", "JS", "JH", "JD"}
local BASE = {diamonds = 9, hearts = 10, spades = 11, clubs = 12, grand = 24}
local SUIT_OF = {diamonds = "D", hearts = "H", spades = "S", clubs = "C"}
-- In a fixed order: pairs() over string keys may change order from one Lua
-- state to the next, and a bot's choice must not.
local SUIT_GAMES = {"clubs", "spades", "hearts", "diamonds"}
local NULL_VALUE = {plain = 23, hand = 35, ouvert = 46, ouvert_hand = 59}

-- Card facts read once at load time: hooks then index Lua tables instead of
-- calling the engine for every card (bench: about twice as fast).
local DECK = cards.deck()
local GAME_SUIT = {}   -- the suit a card follows in a suit game ("J": a trump jack)
for _, card in ipairs(DECK) do
  GAME_SUIT[card] = cards.rank(card) == "J" and "J" or cards.suit(card)
end

-- The seats and each seat's team, read once (they do not change in a game).
local SEATS = game.seats()
local TEAM = {}
for seat = 0, SEATS - 1 do TEAM[seat] = game.team(seat) end

-- Option all_pass (4.3): ramsch plays a deal nobody bid for (10).
local RAMSCH = game.option("all_pass") == "ramsch"


-- The trumps of each suit game and grand, high to low (6), built once.
local TRUMP_SEQUENCE = {grand = JACKS}
for name, suit in pairs(SUIT_OF) do
  local seq = {table.unpack(JACKS)}
  for _, rank in ipairs({"A", "10", "K", "Q", "9", "8", "7"}) do seq[#seq + 1] = rank .. suit end
  TRUMP_SEQUENCE[name] = seq
end

-- 8.1: matadors "with" (the run of top trumps held, from JC down) or
-- "without" (the run missing before the first trump held), in `held`, a set.
-- (Loops over arrays here are numeric: ipairs costs a C call per element.)
local function matadors(game, held)
  local seq = TRUMP_SEQUENCE[game]
  local with = held[seq[1]] == true
  local n = 0
  for i = 1, #seq do
    if (held[seq[i]] == true) ~= with then break end
    n = n + 1
  end
  return n, with
end

local ACES = {"AC", "AS", "AH", "AD"}
local ACE_OF = {clubs = "AC", spades = "AS", hearts = "AH", diamonds = "AD"}

-- A rule of thumb for the bots, kept here because only Lua knows Skat's
-- values: the highest value the seat would bid or hold with `cards`, 0 when
-- it would not play. A suit game wants five trumps or more counting the
-- jacks, with two jacks or six trumps, and with side aces making seven
-- "sure" cards; a grand three jacks and two aces, or two jacks and three
-- aces. The value is the base times (matadors + 1). It only orders the
-- games offered to the declarer (greedy takes the first); the rules never
-- read it.
-- Two tables reused by every call (it reads them only while it runs): every
-- card already a key of HELD, so that marking a hand adds no key to it, and
-- every card false again when it returns (the hand's unmarked: not the deck).
local HELD, IN_SUIT = {}, {C = 0, S = 0, H = 0, D = 0, J = 0}
for i = 1, #DECK do HELD[DECK[i]] = false end

local function best_game_of_held(hand, held)
  local jacks, aces = 0, 0
  for i = 1, 4 do
    if held[JACKS[i]] then jacks = jacks + 1 end
    if held[ACES[i]] then aces = aces + 1 end
  end
  -- The cards of each suit (not a jack) in the hand, counted once.
  local in_suit = IN_SUIT
  in_suit.C, in_suit.S, in_suit.H, in_suit.D, in_suit.J = 0, 0, 0, 0, 0
  for i = 1, #hand do
    local suit = GAME_SUIT[hand[i]]
    if suit ~= nil then in_suit[suit] = in_suit[suit] + 1 end
  end
  local best, best_value = nil, 0
  for k = 1, #SUIT_GAMES do
    local name = SUIT_GAMES[k]
    local suit = SUIT_OF[name]
    local trumps, side_aces = jacks + in_suit[suit], aces - (held[ACE_OF[name]] and 1 or 0)
    if trumps >= 5 and (jacks >= 2 or trumps >= 6) and trumps + side_aces >= 7 then
      local value = BASE[name] * (matadors(name, held) + 1)
      if value > best_value then best, best_value = name, value end
    end
  end
  if (jacks >= 3 and aces >= 2) or (jacks >= 2 and aces >= 3) then
    local n = matadors("grand", held)
    if 24 * (n + 1) > best_value then best, best_value = "grand", 24 * (n + 1) end
  end
  return best, best_value
end

local function best_game(hand)
  local held = HELD
  for i = 1, #hand do held[hand[i]] = true end
  local best, best_value = best_game_of_held(hand, held)
  for i = 1, #hand do held[hand[i]] = false end
  return best, best_value
end


-- The skat while nobody has it: in the stock ("stock") when the declarer
-- plays hand, laid aside unseen ("out") when all three passed. The engine's
-- zones, so a bot's sampled world gives its own.
local function skat_cards(zone) return game.cards_in(zone) end

-- The words offered after the best game: every other suit game and grand,
-- in a fixed order.
local OTHER_GAMES = {}
for _, best in ipairs({"diamonds", "hearts", "spades", "clubs", "grand"}) do
  local others = {}
  for _, w in ipairs({"diamonds", "hearts", "spades", "clubs", "grand"}) do
    if w ~= best then others[#others + 1] = w end
  end
  OTHER_GAMES[best] = others
end

-- The step `announcement` (6), after the kitty step: the declarer names his game;
-- a null game below the bid is not offered (its value is fixed, so it could
-- only be lost). Nothing to name when nobody won the bidding (4.3).
function skat.announce_game(params)
  local v = game.vars
  local seat = game.bidder()
  v.declarer, v.bid = seat, game.contract() or 0
  if seat == nil then
    -- All three passed (4.3): nobody takes the skat; it is laid aside unseen
    -- ("out"). A ramsch gives it to the last trick (10).
    for _, card in ipairs(skat_cards("stock")) do game.move(card, "out") end
    if RAMSCH then v.ramsch = true; game.set_trump_order("grand") end
    return
  end
  -- 5: a hand game (the kitty declined) leaves the skat in the stock; after
  -- a pickup the two cards laid away lie face down in front of him.
  v.hand = #skat_cards("stock") > 0
  local twelve = game.hand(seat)         -- after a pickup, with the two laid away
  local laid = game.hidden(seat)
  for i = 1, #laid do twelve[#twelve + 1] = laid[i] end
  local best = best_game(twelve) or "grand"
  local null = (v.hand and NULL_VALUE.hand or NULL_VALUE.plain) >= v.bid
  local null_ouvert = (v.hand and NULL_VALUE.ouvert_hand or NULL_VALUE.ouvert) >= v.bid
  local o = OTHER_GAMES[best]           -- the suit games and grand but the best, in order
  if null and null_ouvert then
    game.ask(seat, best, o[1], o[2], o[3], o[4], "null", "null_ouvert")
  elseif null then
    game.ask(seat, best, o[1], o[2], o[3], o[4], "null")
  elseif null_ouvert then
    game.ask(seat, best, o[1], o[2], o[3], o[4], "null_ouvert")
  else
    game.ask(seat, best, o[1], o[2], o[3], o[4])
  end
end

local function declare(name, seat)
  game.vars.game = name
  game.set_trump_order(name)
end

for name in pairs(BASE) do             -- one action per suit game and grand
  skat[name] = function(seat)
    declare(name, seat)
    if game.vars.hand then game.ask(seat, "play", "schneider", "schwarz", "ouvert") end
  end
end

function skat.null(seat) declare("null", seat) end
function skat.null_ouvert(seat) declare("null", seat); game.vars.ouvert = true end

-- 6.2: announcements, hand games only; each includes the ones below it.
function skat.announce_none(seat) end
function skat.announce_schneider(seat) game.vars.schneider = true end
function skat.announce_schwarz(seat) game.vars.schneider, game.vars.schwarz = true, true end
function skat.announce_ouvert(seat)
  game.vars.schneider, game.vars.schwarz, game.vars.ouvert = true, true, true
end

function skat.before_first_lead()
  local v = game.vars
  if v.declarer == nil and not v.ramsch then game.end_deal(); return end   -- 4.3: thrown in
  if v.ouvert then game.show(v.declarer) end              -- 6: the open hand
end

-- 7: a null game is lost at the declarer's first trick; the play stops.
-- 10: in a ramsch the skat goes to the winner of the last trick.
function skat.trick_done(winner)
  -- A grand (this hook runs when no trump suit is set: grand, null, ramsch)
  -- has nothing to do after a trick unless it is a ramsch: game.vars is not
  -- touched, so not checked after the hook either.
  if not RAMSCH and game.trump_order() == "grand" then return end
  local v = game.vars
  if v.game == "null" and winner == v.declarer then game.end_deal() end
  if v.ramsch and game.tricks_played() == 10 then
    for _, card in ipairs(skat_cards("out")) do game.move(card, "won", winner) end
  end
end

-- 10: ramsch: whoever took the most card points loses them (each of several
-- tied); a player who took every trick (a Durchmarsch) wins 120.
local function score_ramsch()
  local most, losers = -1, {}
  for seat = 0, SEATS - 1 do
    if game.tricks_won_by(seat) == game.tricks_played() then
      game.set_game_points(TEAM[seat], 120)
      game.set_result(TEAM[seat], "durchmarsch")
      return
    end
    local points = game.points_won_by(seat)
    if points > most then most, losers = points, {seat}
    elseif points == most then losers[#losers + 1] = seat end
  end
  for _, seat in ipairs(losers) do game.set_game_points(TEAM[seat], -most) end
  game.vars.result = {lost_by = losers, points = most}
  game.set_result(nil, "ramsch")
end

-- Whether `card` is one of the declarer's twelve (his ten and the skat), for
-- the matadors (8.1): a card the defenders neither hold nor played. Wherever
-- the skat lies (laid away, still in the stock, or, once the deal is over,
-- among his won cards), it is his. Asked card by card, so the matadors look
-- only at the top trumps they need.
local function declarer_holds(seat, card)
  local trick, by = game.trick_of(card)   -- first: at the end most cards were played
  if trick ~= nil then return by == seat end
  local zone, holder = game.zone(card)
  return zone ~= "hand" or holder == seat
end

-- 8.1, as matadors() above, for the declarer's twelve cards at the end.
local function declarer_matadors(game_name, seat)
  local seq = TRUMP_SEQUENCE[game_name]
  local with = declarer_holds(seat, seq[1])
  local n = 0
  for i = 1, #seq do
    if declarer_holds(seat, seq[i]) ~= with then break end
    n = n + 1
  end
  return n, with
end

-- 7-9: the declarer's result and score.
function skat.deal_scored()
  local v = game.vars
  for seat = 0, SEATS - 1 do game.set_game_points(TEAM[seat], 0) end
  if v.ramsch then score_ramsch(); return end
  if v.declarer == nil then game.set_result(nil, "passed_in"); return end
  local d = v.declarer
  local tricks = game.tricks_won_by(d)
  local r
  local won
  if v.game == "null" then
    won = tricks == 0
    r = {bid = v.bid, value = v.ouvert and (v.hand and NULL_VALUE.ouvert_hand or NULL_VALUE.ouvert)
                                        or (v.hand and NULL_VALUE.hand or NULL_VALUE.plain)}
  else
    -- 7: card points with the skat: the kitty step (counts_for_taker) has
    -- already put the two cards laid away, or the skat of a hand game, among
    -- his won cards, so they are counted here once.
    local points = game.points_won_by(d)
    local all = tricks == game.tricks_played()
    local schneider = points >= 90 or points <= 30
    local schwarz = all or tricks == 0
    won = points >= 61
    if v.schneider and points < 90 then won = false end
    if v.schwarz and not all then won = false end
    local n, with = declarer_matadors(v.game, d)
    local levels = n + 1                -- and one for each of these that holds:
    if v.hand then levels = levels + 1 end
    if schneider or v.schneider then levels = levels + 1 end
    if v.schneider then levels = levels + 1 end
    if schwarz or v.schwarz then levels = levels + 1 end
    if v.schwarz then levels = levels + 1 end
    if v.ouvert then levels = levels + 1 end
    local base = BASE[v.game]
    r = {bid = v.bid, points = points, matadors = n, with = with, levels = levels, value = base * levels}
    -- 8.3: overbid: lost, at the least multiple of the base reaching the bid
    if r.value < v.bid then
      won, r.overbid = false, true
      r.value = base * ((v.bid + base - 1) // base)
    end
  end
  r.score = won and r.value or -2 * r.value
  v.result = r
  game.set_game_points(TEAM[d], r.score)
  game.set_result(won and TEAM[d] or nil, won and "won" or (r.overbid and "overbid" or "lost"))
end
