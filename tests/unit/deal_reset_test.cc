// A new deal on a used GameState starts exactly as on a fresh one: nothing of
// the deal before leaks into it (engine/deal_state.h). Deals of bundled
// rulesets are played to the end with random legal actions; each next deal
// is started both on the match's state and on a new GameState (same dealer,
// deal number, generator and match state), and the two are played in
// lockstep, every field of their DealState compared after every action.
#include <catch2/catch.hpp>

#include <map>
#include <string>

#include "engine/state.h"
#include "session/matches/match.h"
#include "support/test_rulesets.h"

namespace hukum {

namespace {

// Every group of the deal's fields, each checked on its own so that a
// failure names the group that kept a value.
void check_same(const GameState& used, const GameState& fresh) {
  const DealState& a = used.deal_state();
  const DealState& b = fresh.deal_state();
  CHECK(static_cast<const DealPlay&>(a) == static_cast<const DealPlay&>(b));
  CHECK(static_cast<const DealPlan&>(a) == static_cast<const DealPlan&>(b));
  CHECK(static_cast<const DealContract&>(a) == static_cast<const DealContract&>(b));
  CHECK(static_cast<const DealHookRequests&>(a) == static_cast<const DealHookRequests&>(b));
  CHECK(static_cast<const DealFishing&>(a) == static_cast<const DealFishing&>(b));
  CHECK(a.legal_ == b.legal_);
  CHECK(a.offers_ == b.offers_);
  CHECK(a.number_offers_ == b.number_offers_);
  CHECK(a.number_values_ == b.number_values_);
  CHECK(a.calls_said_ == b.calls_said_);
  CHECK(a.melds_ == b.melds_);
  CHECK(a.found_melds_ == b.found_melds_);
  CHECK(a.result_ == b.result_);
  CHECK(a.redeal_reason_ == b.redeal_reason_);
  CHECK(a.error_ == b.error_);
  CHECK(a == b);  // and whatever the groups above do not name
  // Per deal, outside DealState.
  CHECK(used.vars() == fresh.vars());
  CHECK(used.redeals() == fresh.redeals());
  CHECK(used.direction_step() == fresh.direction_step());
  for (int s = 0; s < used.ruleset().seats; ++s) CHECK(used.next_seat(s) == fresh.next_seat(s));
}

// Plays `deals` deals of a match; from the second on, checks each against a
// fresh state's deal, action by action.
void check_deals(const std::string& path, const std::map<std::string, std::string>& options, uint64_t seed,
                 int deals) {
  INFO(path << " seed " << seed);
  const Ruleset r = test::load_bundled(path, options);
  Match match(r, seed);
  REQUIRE(match.ok());
  GameState& used = match.state();
  Rng bot{seed};
  for (int d = 0; d < deals && !match.over(); ++d) {
    INFO("deal " << d);
    const int dealer = used.result().next_dealer;  // what the match's finish_deal made the dealer
    const VarValue match_vars = *used.match_vars();
    REQUIRE(match.start_deal() == "");
    if (d == 0) {  // the first deal: the match's own state is fresh
      while (!used.deal_over()) {
        const auto actions = used.legal().list();
        REQUIRE(used.apply(actions[bot.below(uint32_t(actions.size()))]) == "");
      }
    } else {
      GameState fresh(r, used.hook_runner());
      fresh.set_match_scores(&match.scores());
      fresh.reset_match_vars(match_vars);
      Rng rng{0};
      rng.reseed(Rng::derive(seed, uint64_t(d)));
      REQUIRE(fresh.start_deal(dealer, d, rng) == "");
      check_same(used, fresh);
      int moves = 0;
      while (!used.deal_over()) {
        REQUIRE(!fresh.deal_over());
        const auto actions = used.legal().list();
        const Action action = actions[bot.below(uint32_t(actions.size()))];
        REQUIRE(used.apply(action) == "");
        REQUIRE(fresh.apply(action) == "");
        if (++moves % 7 == 0 || used.deal_over()) check_same(used, fresh);
      }
      CHECK(fresh.deal_over());
    }
    REQUIRE(match.finish_deal() == "");
  }
}

}  // namespace

TEST_CASE("A new deal on a used state starts and plays as on a fresh state", "[unit]") {
  // Each game is a run of its own (GENERATE): one that fails stops only itself.
  const std::string game = GENERATE(as<std::string>{}, "mendikot", "twenty-eight", "truf", "mpourloto",
                                    "chinese-ten", "scopa", "casino", "koikoi", "belote", "bridge", "skat",
                                    "french-tarot", "pinochle", "hearts", "euchre", "oh-hell");
  std::map<std::string, std::string> options;
  if (game == "mendikot") options = {{"trump_method", "band_hukum_optional"}};
  for (uint64_t seed = 1; seed <= 4; ++seed) check_deals("rulesets/" + game + "/" + game + ".yaml", options, seed, 4);
}

}  // namespace hukum
