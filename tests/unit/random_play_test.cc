// The engine's random card play (GameState::play_random_cards, used by the
// runner for seats whose player is a RandomPlayer) against the same players
// asked one action at a time: every bundled game must play the same deals,
// card for card, from the same seeds.
#include <catch2/catch.hpp>

#include <memory>
#include <vector>

#include "session/matches/match.h"
#include "session/matches/players.h"
#include "session/matches/runner.h"
#include "support/test_rulesets.h"

namespace hukum {

namespace {

// A random player that hides its stream: the runner must ask it every action.
class AskedRandomPlayer final : public Player {
 public:
  explicit AskedRandomPlayer(uint64_t seed) : inner_(seed) {}
  bool choose(const SeatView& view, const LegalActions& legal, Action* out) override {
    return inner_.choose(view, legal, out);
  }

 private:
  RandomPlayer inner_;
};

// Each deal's won cards per seat, tricks per seat and game points per team.
std::vector<uint64_t> play_deals(const Ruleset& rules, bool asked) {
  Match match(rules, 17, 12);
  std::vector<std::unique_ptr<Player>> owned;
  std::vector<Player*> players;
  for (int s = 0; s < rules.seats; ++s) {
    const uint64_t seed = Rng::derive(5, uint64_t(s));
    if (asked) owned.push_back(std::make_unique<AskedRandomPlayer>(seed));
    else owned.push_back(std::make_unique<RandomPlayer>(seed));
    players.push_back(owned.back().get());
  }
  std::vector<uint64_t> trail;
  RunHooks hooks;
  hooks.deal_done = [&](const Match& m) {
    const GameState& g = m.state();
    for (int s = 0; s < rules.seats; ++s) {
      trail.push_back(g.captured_by(s).low_word());
      trail.push_back(g.captured_by(s).high_word());
      trail.push_back(uint64_t(g.tricks_won_by_seat(s)));
    }
    for (int points : g.result().game_points) trail.push_back(uint64_t(int64_t(points)));
  };
  const RunResult run = run_match(match, players, hooks);
  REQUIRE(run.error == "");
  return trail;
}

}  // namespace

TEST_CASE("random card play by the engine plays the deals a random player plays", "[unit][random_play]") {
  for (const char* game : {"belote", "bridge", "casino", "chinese-ten", "euchre", "five-hundred", "french-tarot",
                           "hearts", "jass", "koikoi", "mendikot", "mpourloto", "oh-hell", "pinochle", "scopa",
                           "sheepshead", "skat", "spades", "spoil-five", "truf", "twenty-eight", "twenty-nine"}) {
    INFO(game);
    const Ruleset rules = test::load_bundled(std::string("rulesets/") + game + "/" + game + ".yaml");
    const std::vector<uint64_t> fast = play_deals(rules, false);
    CHECK(fast.size() > 12);
    CHECK(fast == play_deals(rules, true));
  }
}

// The quick trick loop (play_quick_trick) has a path for decks of at most 64
// cards and one for wider decks, and fixes trump by first_discard itself.
TEST_CASE("the engine's quick tricks play the deals a random player plays, any deck", "[unit][random_play]") {
  const std::string two_packs = R"(name: Two packs, plain
seats: 4
deck: {suits: [S, H, D, C], ranks: [A, K, Q, J, 10, 9, 8, 7, 6, 5, 4, 3, 2], copies: 2}
deal_packets: [13, 13]
play: {obligations: [follow_suit], trump: {method: fixed, suit: H}}
match: {deals: 12}
)";
  std::string by_discard = two_packs;
  by_discard.replace(by_discard.find("method: fixed, suit: H"), 22, "method: first_discard");
  std::vector<std::pair<std::string, Ruleset>> games;
  games.emplace_back("two packs, fixed trump", test::load_text(two_packs));
  games.emplace_back("two packs, first_discard", test::load_text(by_discard));
  games.emplace_back("mendikot cut hukum",
                     test::load_bundled("rulesets/mendikot/mendikot.yaml", {{"trump_method", "cut_hukum"}}));
  games.emplace_back("mendikot 6 players",
                     test::load_bundled("rulesets/mendikot/mendikot.yaml", {{"players", "6"}}));
  for (const auto& [name, rules] : games) {
    INFO(name);
    const std::vector<uint64_t> fast = play_deals(rules, false);
    CHECK(fast.size() > 12);
    CHECK(fast == play_deals(rules, true));
  }
}

}  // namespace hukum
