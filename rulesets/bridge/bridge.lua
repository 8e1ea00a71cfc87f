-- Contract Bridge, rubber bridge (docs/rules/bridge.md; section numbers below).
-- The auction is the ruleset's `calls` step (3): the engine makes the first of
-- the side to name the strain the bidder (declarer), sets the strain's trump
-- and keeps the calls (game.calls(), game.contract_call()); the opening lead
-- from declarer's left and the dummy are play.first_lead and play.dummy (4).
-- This file:
--   before_first_lead  3.6 a passed-out deal ends here; 5.6 honours, read
--                      from the hands as dealt;
--   deal_scored        5: the deal's score, the games and the rubber bonus;
--   match_over         6: two games end the rubber.
--
-- The contract, declarer and calls are the engine's (scenarios read them as
-- `contract: 4hearts by S` and `calls: [...]`); game.vars keeps only
--   honours    {seat = "S", points = 100} when a hand held honours (5.6),
-- written before the opening lead. Random play bids long auctions: copying
-- them into game.vars each deal cost a third of a deal.
--
-- game.match_vars (the rubber, kept from deal to deal), sides by name:
--   below      {NS = 60, EW = 0}: trick score toward the game in progress
--   games      {NS = 1, EW = 0}: games won; a side with a game is vulnerable
--   over       true once a side has won two games
bridge = {}

local HONOURS = game.param("honours") ~= false
local DEAL_LIMIT = game.param("deal_limit") or 0   -- match.deals (5.8)

-- 3.3: the strains low to high, and how a bid of each is typed.
local STRAINS = {"C", "D", "H", "S", "NT"}
local STRAIN_WORD = {C = "club", D = "diamond", H = "heart", S = "spade"}
-- 5.1: the trick value of each strain (no trump: 40 for the first trick).
local TRICK_VALUE = {C = 20, D = 20, H = 30, S = 30, NT = 30}
local FIRST_NT_TRICK = 40

-- Every bid, by the word the ruleset's calls give it: BID["4hearts"] =
-- {level = 4, strain = "H"}. "4h" would read as the four of hearts, so the
-- strain is spelled out.
local BID = {}
for level = 1, 7 do
  for _, strain in ipairs(STRAINS) do
    local word = level .. (strain == "NT" and "nt" or STRAIN_WORD[strain] .. (level > 1 and "s" or ""))
    BID[word] = {level = level, strain = strain}
  end
end

-- Seats and sides by name. Partners sit opposite (teams: alternate).
local NAME, SEAT, SIDE, SIDE_NAME = {}, {}, {}, {}
for seat = 0, 3 do
  NAME[seat], SIDE[seat] = game.seat_name(seat), game.team(seat)
  SEAT[NAME[seat]] = seat
end
for seat = 0, 1 do SIDE_NAME[SIDE[seat]] = NAME[seat] .. NAME[seat + 2] end   -- "NS", "EW"


-- 5.6: the cards that are honours in each strain: A K Q J 10 of the trump
-- suit, the four aces in no trump.
local HONOUR_CARDS = {NT = {}}
for _, card in ipairs(cards.deck()) do
  local rank, suit = cards.rank(card), cards.suit(card)
  if rank == "A" or rank == "K" or rank == "Q" or rank == "J" or rank == "10" then
    HONOUR_CARDS[suit] = HONOUR_CARDS[suit] or {}
    table.insert(HONOUR_CARDS[suit], card)
  end
  if rank == "A" then table.insert(HONOUR_CARDS.NT, card) end
end

---------------------------------------------------------------------------
-- 4. The play
---------------------------------------------------------------------------

-- 5.6: the seat whose hand holds honours, and their worth. Read before the
-- first lead, when every card is still in its hand as dealt: where each of
-- the four or five cards is (game.zone) costs less than reading four hands.
local function honours_held(strain)
  local held = {[0] = 0, [1] = 0, [2] = 0, [3] = 0}
  for _, card in ipairs(HONOUR_CARDS[strain]) do
    local _, seat = game.zone(card)
    held[seat] = held[seat] + 1
  end
  for seat = 0, 3 do
    if held[seat] == 5 or (held[seat] == 4 and strain == "NT") then return seat, 150 end
    if held[seat] == 4 then return seat, 100 end
  end
  return nil
end

function bridge.before_first_lead()
  if game.bidder() == nil then return game.end_deal() end   -- 3.6: passed out
  if HONOURS then
    local seat, points = honours_held(BID[game.contract_call()].strain)
    if seat ~= nil then game.vars.honours = {seat = NAME[seat], points = points} end
  end
end

---------------------------------------------------------------------------
-- 5. Scoring
---------------------------------------------------------------------------

-- 5.1: the trick score of a contract made.
local function trick_score(level, strain, doubled)
  local score = TRICK_VALUE[strain] * level
  if strain == "NT" then score = score + FIRST_NT_TRICK - TRICK_VALUE.NT end
  return score * (doubled == 2 and 4 or doubled == 1 and 2 or 1)
end

-- 5.2-5.4: what declarer's side scores above the line for a contract made
-- with `over` overtricks.
local function made_bonus(level, strain, doubled, over, vulnerable)
  local bonus
  if doubled == 0 then bonus = over * TRICK_VALUE[strain]
  else bonus = over * (vulnerable and 200 or 100) * doubled + 50 * doubled end   -- and the insult
  if level == 6 then bonus = bonus + (vulnerable and 750 or 500) end
  if level == 7 then bonus = bonus + (vulnerable and 1500 or 1000) end
  return bonus
end

-- 5.5: what the defenders score for `under` undertricks.
local function penalty(under, doubled, vulnerable)
  if doubled == 0 then return under * (vulnerable and 100 or 50) end
  local doubled_penalty
  if vulnerable then doubled_penalty = 200 + 300 * (under - 1)
  elseif under <= 3 then doubled_penalty = 100 + 200 * (under - 1)
  else doubled_penalty = 500 + 300 * (under - 3) end
  return doubled_penalty * doubled
end

-- The rubber so far (empty at the first deal).
local function rubber()
  local m = game.match_vars
  if m.games == nil then
    m.below = {[SIDE_NAME[0]] = 0, [SIDE_NAME[1]] = 0}
    m.games = {[SIDE_NAME[0]] = 0, [SIDE_NAME[1]] = 0}
  end
  return m
end

-- 5.8: at the deal limit an unfinished rubber is scored as it stands: 300
-- for a side with a game, 100 for a part score in the game in progress.
local function unfinished_rubber(m, points)
  if m.over or game.deal_number() ~= DEAL_LIMIT then return end
  for side = 0, 1 do
    local name = SIDE_NAME[side]
    if m.games[name] > 0 then points[side] = points[side] + 300 end
    if m.below[name] > 0 then points[side] = points[side] + 100 end
  end
end

function bridge.deal_scored()
  local v, m = game.vars, rubber()
  local points = {[0] = 0, [1] = 0}
  local declarer = game.bidder()
  if declarer == nil then                                  -- 3.6: passed out
    unfinished_rubber(m, points)
    game.set_game_points(0, points[0])
    game.set_game_points(1, points[1])
    game.set_result(nil, "passed_out")
    return
  end
  local side = SIDE[declarer]
  local name, other = SIDE_NAME[side], SIDE_NAME[1 - side]
  local word, doubled = game.contract_call()
  local level, strain = BID[word].level, BID[word].strain
  local vulnerable = m.games[name] > 0
  local over = game.tricks_won(side) - (level + 6)
  local made = over >= 0
  if made then
    local below = trick_score(level, strain, doubled)
    points[side] = below + made_bonus(level, strain, doubled, over, vulnerable)
    m.below[name] = m.below[name] + below
    if m.below[name] >= 100 then                           -- 5.7: game
      m.games[name] = m.games[name] + 1
      m.below[name], m.below[other] = 0, 0
      if m.games[name] == 2 then                           -- 6: the rubber
        points[side] = points[side] + (m.games[other] == 0 and 700 or 500)
        m.over = true
      end
    end
  else
    points[1 - side] = penalty(-over, doubled, vulnerable)
  end
  if v.honours then                                        -- 5.6: to the holder's side
    local holder = SIDE[SEAT[v.honours.seat]]
    points[holder] = points[holder] + v.honours.points
  end
  unfinished_rubber(m, points)
  game.set_game_points(0, points[0])
  game.set_game_points(1, points[1])
  game.set_result(made and side or 1 - side, made and "made" or "down")
end

function bridge.match_over()
  if game.match_vars.over then game.end_match() end   -- the side with more points wins
end
