-- hidden_trump: the closed trump. One seat lays a card face down (the deal's
-- `set_aside` step puts it in that seat's hidden zone); it is outside its
-- owner's hand, and its suit becomes trump the moment it is turned up.
--
-- Serves:
--   Mendikot 1.6 M3, band hukum (docs/rules/mendikot.md):
--     M3a compulsory - the first player unable to follow must turn it up;
--     M3b optional   - a player unable to follow may turn it up, and must then
--                      play a trump if able;
--     forced reveal  - its owner turns it up when it is his only card.
--   Twenty-eight 3.6-3.7, calling for the trump (docs/rules/twenty-eight.md),
--     which registers these same functions under the action word "call".
--
-- Bind in the ruleset (the `when: trump_unset` conditions spare Lua calls once
-- trump is known):
--   hooks:
--     libraries: [hidden_trump]
--     cannot_follow: {call: hidden_trump.cannot_follow, when: trump_unset}
--     cannot_play:   {call: hidden_trump.cannot_play, when: trump_unset}
--     actions: {reveal: hidden_trump.reveal}
-- The two turn points can also offer the word as data, while a card lies
-- face down, so that Lua runs only for the reveal itself - far cheaper in
-- long simulations (band hukum and 28 are bound this way):
--     cannot_follow: {offer: reveal, exclusive: false, when: hidden_card}
--     cannot_play:   {offer: reveal, exclusive: true, when: hidden_card}
--   hook_params:
--     reveal: optional            # or compulsory
--     revealer_must_trump: true   # the revealer must play a trump if able
--     reveal_action: reveal       # optional; the action word, default "reveal"

local hidden_trump = {}

-- The word the ruleset bound hidden_trump.reveal to.
local function action_word()
  return game.param("reveal_action") or "reveal"
end

-- The seat that holds a face-down card, or nil once it has been turned up.
-- These games have a single such seat.
local function hidden_owner()
  for seat = 0, game.seats() - 1 do
    if game.hidden_count(seat) > 0 then
      return seat
    end
  end
  return nil
end

-- The seat to play holds no card of the led suit (its face-down card does not
-- count). While the trump is still hidden it may, or must, have it turned up.
function hidden_trump.cannot_follow(seat)
  if game.trump() ~= nil or hidden_owner() == nil then
    return
  end
  local mode = game.param("reveal")
  if mode == "compulsory" then
    game.offer(action_word(), true)
  elseif mode == "optional" then
    game.offer(action_word(), false)
  else
    error("hook_params.reveal must be 'compulsory' or 'optional', got " .. tostring(mode))
  end
end

-- The seat to play has no card in hand but still has a turn: its face-down
-- card is the only card it has left, so it must turn it up and play it.
function hidden_trump.cannot_play(seat)
  if game.hidden_count(seat) > 0 then
    game.offer(action_word(), true)
  end
end

-- The action: the face-down card goes back, face up, into its owner's hand
-- (whoever asked for it), and its suit is trump from this instant.
function hidden_trump.reveal(seat)
  local owner = hidden_owner()
  if owner == nil then
    error("there is no face-down card to turn up")
  end
  local revealed = game.reveal_hidden(owner)
  -- Its suit is trump from now, unless the rules already fixed one.
  if game.trump() == nil then
    game.set_trump(cards.suit(revealed[1]))
  end
  if game.param("revealer_must_trump") == true then
    game.require_trump(seat)
  end
end

return hidden_trump
