-- Five Hundred: the scoring of a deal (docs/rules/five-hundred.md 6) and the
-- end of the game (7). Called once a deal, never during the play. The figures
-- are hook_params of five-hundred.yaml.
five_hundred = {}

local SLAM = game.param("slam")               -- 250: all ten tricks score at least this
local TRICK = game.param("trick")             -- 10 a trick to the opponents
local TARGET = game.param("target")           -- 500 wins
local OUT = game.param("out")                 -- -500 loses
local BY_CONTRACT = game.param("win_by_contract")

-- The tricks a contract of this Avondale value needs: 40..120 are six, 140..220 seven, ...
local function tricks_bid(value)
  return 6 + (value - 40) // 100
end

function five_hundred.deal_scored()
  local contractor = game.bidder()
  if contractor == nil then return end        -- all passed: thrown in, nobody scores (4.4)
  local side = game.side(contractor)
  local other = 1 - side
  local value = game.contract()
  local taken = game.tricks_won(side)
  local points
  if taken >= tricks_bid(value) then          -- 6.1: made, overtricks count nothing
    points = value
    if taken == 10 and points < SLAM then points = SLAM end   -- 6.2: a slam
    game.set_result(side, taken == 10 and "slam" or "made")
  else                                        -- 6.3: set, the contractors lose the value
    points = -value
    game.set_result(other, "set")
  end
  game.set_game_points(side, points)
  local theirs = TRICK * game.tricks_won(other)   -- 6.4: 10 a trick to the opponents
  if BY_CONTRACT then                         -- 7, option win_by_contract: tricks alone stop at 490
    local room = (TARGET - TRICK) - game.match_score(other)
    if theirs > room then theirs = math.max(room, 0) end
  end
  game.set_game_points(other, theirs)
  game.vars.contractors = side                -- for match_over: the contractors win a tie over 500
end

-- 3.3 [F6]: in no trumps the Joker led calls for a suit, which the others
-- must follow (the Joker, the only trump, still wins). Its player names it
-- at once; the trick then goes on. Bound to the Joker only (card_played's
-- cards), so no call is made for any other card.
function five_hundred.joker_played(seat, card)
  if game.trump_order() ~= "notrumps" or #game.trick() ~= 1 then return end
  game.ask(seat, "spades", "clubs", "diamonds", "hearts")
end

for word, suit in pairs({spades = "S", clubs = "C", diamonds = "D", hearts = "H"}) do
  five_hundred[word] = function(seat) game.set_led_suit(suit) end
end

function five_hundred.match_over()
  local side = game.vars.contractors
  if side == nil then return end              -- a thrown-in deal changes nothing
  local other = 1 - side
  -- 7.1, 7.2: a side at 500 wins, the contractors first when both are: the
  -- engine's rule (match.target with match.bidders_first).
  if game.match_score(side) >= TARGET or game.match_score(other) >= TARGET then return end
  local a, b = game.match_score(side) <= OUT, game.match_score(other) <= OUT
  if a and b then game.end_match()            -- 7.3: both out: the higher total wins
  elseif a then game.end_match(other)
  elseif b then game.end_match(side) end
end
