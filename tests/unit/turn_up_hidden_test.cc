// hooks.actions {effect: turn_up_hidden}: an action word the engine carries out
// itself (Mendikot's band hukum, Twenty-eight's call), no Lua.
#include <catch2/catch.hpp>

#include "engine/state.h"
#include "session/matches/match.h"
#include "support/test_rulesets.h"

namespace hukum {

TEST_CASE("turn_up_hidden: the face-down card goes to its owner's hand, its suit is trump, the asker may owe a trump",
          "[unit]") {
  auto variant = GENERATE(as<std::string>{}, "band_hukum_optional", "band_hukum_compulsory");
  CAPTURE(variant);
  const Ruleset r = test::load_bundled("rulesets/mendikot/mendikot.yaml", {{"trump_method", variant}});
  const bool must_trump = variant == "band_hukum_optional";
  const int reveal = action_word_index(r, "reveal");
  REQUIRE(reveal >= 0);
  Match match(r, 20261127);
  REQUIRE(match.ok());
  Rng pick(3);
  int reveals = 0, owed = 0;
  for (int deal = 0; deal < 200; ++deal) {
    REQUIRE(match.start_deal() == "");
    GameState& g = match.state();
    while (!g.deal_over()) {
      const LegalActions& legal = g.legal();
      const Action word{ActionKind::Extra, kNoCard, uint8_t(reveal), 0};
      if (legal.contains(word)) {
        int owner = -1;
        for (int s = 0; s < r.seats; ++s)
          if (!g.hidden_of(s).empty()) owner = s;
        REQUIRE(owner >= 0);
        const Card hidden = g.hidden_of(owner).first();
        const int asker = g.to_move();
        REQUIRE(g.trump_suit() < 0);
        REQUIRE(g.apply(word) == "");
        ++reveals;
        CHECK(g.hidden_of(owner).empty());
        CHECK(g.hand_of(owner).contains(hidden));
        CHECK(g.revealed().contains(hidden));
        CHECK(g.trump_suit() == r.deck.cards[hidden].suit);
        // The asker plays next; with must_trump it plays a trump when it holds one.
        REQUIRE(g.to_move() == asker);
        // The owner who asked may now hold the led suit (the card was of it): then it follows.
        const CardSet hand = g.hand_of(asker);
        const CardSet follow =
            g.trick().empty() ? CardSet() : hand & r.deck.suit_mask[size_t(r.deck.cards[g.trick().front().second].suit)];
        const CardSet trumps = hand & r.deck.suit_mask[size_t(g.trump_suit())];
        if (!follow.empty()) {
          CHECK(g.legal().cards == follow);
        } else if (must_trump && !trumps.empty()) {
          CHECK(g.legal().cards == trumps);
          ++owed;
        } else {
          CHECK(g.legal().cards == hand);  // void in the led suit, no trump owed: any card
        }
        continue;
      }
      REQUIRE(g.apply(legal.at(int(pick.below(uint32_t(legal.count()))))) == "");
    }
  }
  CHECK(reveals > 50);
  if (must_trump) CHECK(owed > 10);
}

}  // namespace hukum
