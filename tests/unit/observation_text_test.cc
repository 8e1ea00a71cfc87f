// observation_text writes the observation's JSON directly (for agents): it
// must be byte for byte observation_json's dump, at every decision of every
// bundled game, and for names that need escaping.
#include <catch2/catch.hpp>

#include "session/matches/match.h"
#include "session/observation/observation.h"
#include "session/matches/runner.h"
#include "support/test_rulesets.h"

using namespace hukum;

namespace {

// Compares both forms at every decision, for the deciding seat and one other.
class Comparing final : public Player {
 public:
  explicit Comparing(uint64_t seed) : random_(seed) {}
  bool choose(const SeatView& view, const LegalActions& legal, Action* out) override {
    const std::vector<int> scores(view.rules().team_names.size(), 7);
    const Observation o = view.observe(scores);
    const std::string want = observation_json(view.rules(), o).dump();
    const std::string got = observation_text(view.rules(), o);
    if (got != want) {
      ++differences;
      if (first.empty()) first = "want " + want + "\n got " + got;
    }
    ++compared;
    return random_.choose(view, legal, out);
  }
  long compared = 0, differences = 0;
  std::string first;

 private:
  RandomPlayer random_;
};

}  // namespace

TEST_CASE("observation_text is observation_json's dump at every decision", "[unit][agent]") {
  for (const char* file :
       {"rulesets/mendikot/mendikot.yaml", "rulesets/twenty-eight/twenty-eight.yaml",
        "rulesets/chinese-ten/chinese-ten.yaml", "rulesets/mpourloto/mpourloto.yaml", "rulesets/euchre/euchre.yaml",
        "rulesets/bridge/bridge.yaml", "rulesets/scopa/scopa.yaml", "rulesets/truf/truf.yaml",
        "rulesets/hearts/hearts.yaml", "rulesets/oh-hell/oh-hell.yaml", "rulesets/skat/skat.yaml",
        "rulesets/french-tarot/french-tarot.yaml", "rulesets/belote/belote.yaml",
        "rulesets/casino/casino.yaml", "rulesets/koikoi/koikoi.yaml",
        "rulesets/pinochle/pinochle.yaml", "rulesets/spades/spades.yaml",
        "rulesets/sheepshead/sheepshead.yaml",
        "rulesets/five-hundred/five-hundred.yaml", "rulesets/jass/jass.yaml",
        "rulesets/twenty-nine/twenty-nine.yaml"}) {
    INFO(file);
    const Ruleset r = test::load_bundled(file);
    Match match(r, 11, 3);
    REQUIRE(match.ok());
    std::vector<std::unique_ptr<Comparing>> owned;
    std::vector<Player*> players;
    for (int s = 0; s < r.seats; ++s) {
      owned.push_back(std::make_unique<Comparing>(uint64_t(s + 1)));
      players.push_back(owned.back().get());
    }
    const RunResult run = run_match(match, players);
    CHECK(run.outcome == RunOutcome::Finished);
    long compared = 0, differences = 0;
    std::string first;
    for (auto& p : owned) {
      compared += p->compared, differences += p->differences;
      if (first.empty()) first = p->first;
    }
    INFO(first);
    CHECK(compared > 10);
    CHECK(differences == 0);
  }
}

TEST_CASE("observation_text escapes names as nlohmann does", "[unit][agent]") {
  Ruleset r = test::load_bundled("rulesets/mendikot/mendikot.yaml");
  r.seat_names[0] = "N\"\\\t\x01";
  r.team_names[1] = "E\xc3\xa9W";
  Match match(r, 3, 1);
  REQUIRE(match.ok());
  REQUIRE(match.start_deal().empty());
  const Observation o = observe(match.state(), 0, {1, 2});
  CHECK(observation_text(r, o) == observation_json(r, o).dump());
}
