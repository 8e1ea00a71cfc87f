// A copied GameState is a full, independent game, hook state (game.vars)
// included: what is done on a copy never changes the original. Bots rely on it.
#include <catch2/catch.hpp>

#include "engine/state.h"
#include "script/lua_host.h"
#include "support/test_rulesets.h"

namespace hukum {

namespace {

Action parse(const Ruleset& r, const std::string& text) {
  Action a;
  std::string why;
  REQUIRE(parse_action(r, text, &a, &why));
  return a;
}

// Plays random legal actions (never a word) until the deal is over.
void play_out(GameState& g, Rng& bot) {
  for (int guard = 0; !g.deal_over() && guard < 1000; ++guard) {
    const LegalActions& legal = g.legal();
    std::vector<Action> actions;
    for (const Action& a : legal.list())
      if (a.kind != ActionKind::Extra || legal.cards.empty()) actions.push_back(a);
    REQUIRE_FALSE(actions.empty());
    REQUIRE(g.apply(actions[bot.below(uint32_t(actions.size()))]) == "");
  }
  REQUIRE(g.deal_over());
}

// Plays random deals of Twenty-eight with Cot until one side has won every
// trick so far and the other is asked whether to surrender.
bool reach_cot_question(GameState& g, Rng& deals, Rng& bot) {
  for (int deal = 0; deal < 2000; ++deal) {
    REQUIRE(g.start_deal(deal % 4, deal, deals) == "");
    while (!g.deal_over()) {
      if (g.asked_seat() >= 0) return true;
      const auto actions = g.legal().list();
      std::vector<Action> plain;
      for (const Action& a : actions)
        if (a.kind != ActionKind::Extra) plain.push_back(a);
      const auto& pool = plain.empty() ? actions : plain;
      REQUIRE(g.apply(pool[bot.below(uint32_t(pool.size()))]) == "");
    }
  }
  return false;
}

}  // namespace

TEST_CASE("A copied state answers a Cot question apart from the original", "[lua]") {
  const Ruleset r = test::load_bundled("rulesets/twenty-eight/twenty-eight.yaml", {{"cot", "true"}});
  LuaHost host;
  Diagnostics diags;
  REQUIRE(host.load(r, diags));
  GameState original(r, &host);
  Rng deals(5), bot(6);
  REQUIRE(reach_cot_question(original, deals, bot));
  REQUIRE(original.vars().find("offered_by") != nullptr);

  GameState control(original);  // what the original must do, played alone
  GameState copy(original);

  // On the copy: surrender, accepted. The deal ends there, as a surrender.
  REQUIRE(copy.apply(parse(r, "surrender")) == "");
  REQUIRE(copy.apply(parse(r, "accept")) == "");
  REQUIRE(copy.deal_over());
  CHECK(copy.result().name == "surrendered");
  CHECK(copy.vars().find("surrendered_to") != nullptr);

  // The original knows nothing of it: its hook state is as before.
  CHECK(original.vars().find("surrendered_to") == nullptr);
  CHECK(original.vars() == control.vars());
  CHECK_FALSE(original.deal_over());

  // Played on with the same choices, the original and the control agree.
  REQUIRE(original.apply(parse(r, "continue")) == "");
  REQUIRE(control.apply(parse(r, "continue")) == "");
  Rng a(11), b(11);
  play_out(original, a);
  play_out(control, b);
  CHECK(original.result().name == control.result().name);
  CHECK(original.result().game_points == control.result().game_points);
  CHECK(original.result().name != "surrendered");
}

TEST_CASE("A copy has its own random generator and no event sink", "[lua]") {
  const Ruleset r = test::load_bundled("rulesets/mendikot/mendikot.yaml", {{"trump_method", "random_card"}});
  GameState g(r, nullptr);
  Rng rng(3);
  REQUIRE(g.start_deal(0, 0, rng) == "");
  GameState copy(g);
  Rng a(8), b(8);
  play_out(g, a);
  play_out(copy, b);
  CHECK(g.result().points == copy.result().points);
  CHECK(g.result().tricks == copy.result().tricks);
}

}  // namespace hukum
