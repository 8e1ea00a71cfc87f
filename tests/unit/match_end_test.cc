// How a match ends: the lowest total wins a penalty game (match.winner:
// lowest), and tied leaders play tie-break blocks (match.tie_break_deals).
#include <catch2/catch.hpp>

#include <algorithm>
#include <numeric>

#include "session/matches/match.h"
#include "session/matches/players.h"
#include "session/matches/runner.h"
#include "support/test_rulesets.h"

namespace hukum {

namespace {

// Deals and plays the match's next deal with a random bot (every seat).
void play_deal(Match& match, Rng& bot) {
  REQUIRE(match.start_deal() == "");
  GameState& g = match.state();
  while (!g.deal_over()) {
    const auto actions = g.legal().list();
    REQUIRE(g.apply(actions[bot.below(uint32_t(actions.size()))]) == "");
  }
}

// Plays whole matches with random bots; calls `check` when each is over.
template <class Check>
void play_matches(const Ruleset& r, int matches, Check check) {
  for (int m = 0; m < matches; ++m) {
    Match match(r, uint64_t(1000 + m));
    REQUIRE(match.ok());
    Rng bot{uint64_t(m)};
    while (!match.over()) {
      play_deal(match, bot);
      match.finish_deal();
    }
    check(match);
  }
}

}  // namespace

TEST_CASE("Hearts: the match ends at 100 and the lowest total wins", "[unit]") {
  const Ruleset r = test::load_bundled("rulesets/hearts/hearts.yaml");
  play_matches(r, 20, [](const Match& match) {
    const auto& s = match.scores();
    CHECK(*std::max_element(s.begin(), s.end()) >= 100);
    const int low = *std::min_element(s.begin(), s.end());
    const int lead = match.leading_team();
    if (std::count(s.begin(), s.end(), low) == 1) {
      REQUIRE(lead >= 0);
      CHECK(s[size_t(lead)] == low);
    } else {
      CHECK(lead == -1);
    }
    // Every deal hands out 26 points (or 78 when someone shoots the moon).
    const int total = std::accumulate(s.begin(), s.end(), 0);
    CHECK(total % 26 == 0);
  });
}

TEST_CASE("Tied leaders play tie-break blocks until the tie is broken", "[unit]") {
  // One-deal matches of Mendikot (cut hukum, 1 game point per deal) with
  // draws: a 2-2 tie stands unless two more deals are played, again and again.
  const Ruleset r = test::load_bundled("rulesets/mendikot/mendikot.yaml",
                                       {{"trump_method", "cut_hukum"}});
  Ruleset with_tie_breaks = r;
  with_tie_breaks.match.deals = 2;
  with_tie_breaks.match.tie_break_deals = 2;
  int extended = 0;
  play_matches(with_tie_breaks, 60, [&](const Match& match) {
    CHECK(match.leading_team() >= 0);              // never ends tied
    CHECK((match.deals_played() - 2) % 2 == 0);    // whole blocks of two
    if (match.deals_played() > 2) ++extended;
  });
  CHECK(extended > 0);  // some matches were tied after two deals
}

TEST_CASE("Mpourloto: both sides tied at or over the target play two more deals, until the tie is broken", "[unit]") {
  // mpourloto.md 4.11, with a target of 300 so that random play reaches it in
  // a few deals and now and then ties there.
  Ruleset r = test::load_bundled("rulesets/mpourloto/mpourloto.yaml");
  REQUIRE(r.match.tie_break_deals == 2);
  r.match.target = 300;
  int tied_at_target = 0, tied_after_block = 0;
  for (int m = 0; m < 6000; ++m) {
    Match match(r, uint64_t(5000 + m));
    REQUIRE(match.ok());
    Rng bot{uint64_t(m)};
    int block_end = -1;  // the deal count at which the running tie-break block ends
    while (!match.over()) {
      play_deal(match, bot);
      match.finish_deal();
      const auto& s = match.scores();
      const bool at_target = std::max(s[0], s[1]) >= r.match.target;
      const int played = match.deals_played();
      if (block_end >= 0 && played < block_end) {
        CHECK_FALSE(match.over());  // a block is always played out
        continue;
      }
      if (at_target && s[0] == s[1]) {
        CHECK_FALSE(match.over());
        if (block_end >= 0) ++tied_after_block;
        ++tied_at_target;
        block_end = played + 2;
      } else if (at_target) {
        CHECK(match.over());
        CHECK(match.leading_team() == (s[0] > s[1] ? 0 : 1));
      }
    }
  }
  INFO("ties at or over the target: " << tied_at_target << ", still tied after a block: " << tied_after_block);
  CHECK(tied_at_target > 0);
}

TEST_CASE("A match_over hook ends the match by a rule no key says, with the winner it names", "[unit]") {
  // tests/fixtures/hooks/match_over.lua: a lead of 3 game points ends the
  // match (the leader wins); otherwise deal 6 ends it, won by the team with
  // more tricks in that deal, whatever the totals. Mendikot alone plays 8.
  const Ruleset r = test::load_bundled("tests/fixtures/hooks/match_over.yaml");
  int mercy = 0, sudden_death = 0, named_against_totals = 0;
  for (int m = 0; m < 300; ++m) {
    Match match(r, uint64_t(77 + m));
    REQUIRE(match.ok());
    Rng bot{uint64_t(m)};
    while (!match.over()) {
      REQUIRE(match.deals_played() < 6);
      play_deal(match, bot);
      const int tricks0 = match.state().tricks_won(0), tricks1 = match.state().tricks_won(1);
      REQUIRE(match.finish_deal() == "");
      const auto& s = match.scores();
      const int lead = s[0] - s[1];
      if (lead >= 3 || lead <= -3) {
        CHECK(match.over());
        CHECK(match.leading_team() == (lead > 0 ? 0 : 1));
        ++mercy;
      } else if (match.deals_played() == 6) {
        CHECK(match.over());
        const int named = tricks0 >= tricks1 ? 0 : 1;
        CHECK(match.leading_team() == named);
        if (lead != 0 && named != (lead > 0 ? 0 : 1)) ++named_against_totals;
        ++sudden_death;
      } else {
        INFO("deals " << match.deals_played() << " scores " << s[0] << "-" << s[1]);
        CHECK_FALSE(match.over());
      }
    }
  }
  INFO("mercy " << mercy << ", sudden death " << sudden_death << ", named against the totals " << named_against_totals);
  CHECK(mercy > 0);
  CHECK(sudden_death > 0);
  CHECK(named_against_totals > 0);
}

}  // namespace hukum
