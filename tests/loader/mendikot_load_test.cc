// The first real ruleset loads cleanly under every combination of its options,
// and each option changes exactly what it promises (seats, deck, deal, trump).
#include <catch2/catch.hpp>

#include <filesystem>

#include "ruleset/loader.h"

using namespace hukum;

namespace {

const std::string kRuleset = std::string(HUKUM_SOURCE_DIR) + "/rulesets/mendikot/mendikot.yaml";

// The shared hook library may not be written yet; fall back to a stand-in.
std::string library_dir() {
  std::string real = std::string(HUKUM_SOURCE_DIR) + "/rulesets/lib";
  if (std::filesystem::exists(real + "/hidden_trump.lua")) return real;
  return std::string(HUKUM_TEST_DIR) + "/loader/lib";
}

LoadResult load(std::map<std::string, std::string> options) {
  return load_ruleset({kRuleset, std::move(options), library_dir()});
}

}  // namespace

TEST_CASE("mendikot loads with its defaults", "[loader]") {
  LoadResult res = load({});
  INFO(res.diagnostics.to_string());
  REQUIRE(res.ok());
  const Ruleset& r = *res.ruleset;
  CHECK(r.name == "Mendikot");
  CHECK(r.seats == 4);
  CHECK(r.seat_names == std::vector<std::string>{"N", "E", "S", "W"});
  CHECK(r.teams == 2);
  CHECK(r.team_names == std::vector<std::string>{"NS", "EW"});
  CHECK(int(r.team_of[0]) == 0);
  CHECK(int(r.team_of[1]) == 1);
  CHECK(int(r.team_of[2]) == 0);
  CHECK(int(r.team_of[3]) == 1);
  CHECK(r.direction == Direction::Counterclockwise);
  CHECK(r.deck.cards.size() == 52);
  CHECK(r.hand_size == 13);
  CHECK(r.chosen_options.at("trump_method") == "band_hukum_optional");
  CHECK(r.options.size() == 4);
  CHECK(r.options[0].name == "trump_method");
  // Cards are suit-major in the order written: AS KS ... 2S AH ...
  CHECK(r.deck.card_text(0) == "AS");
  CHECK(r.deck.card_text(13) == "AH");
  CHECK(r.deck.parse_card("10D") == Card(2 * 13 + 4));
  CHECK(r.deck.suit_mask[1].size() == 13);
  CHECK(r.deck.all.size() == 52);
  CHECK(r.plain_strength[r.deck.parse_card("AS")] == 13);
  CHECK(r.plain_strength[r.deck.parse_card("2C")] == 1);
  CHECK(r.trump_strength[r.deck.parse_card("AS")] == 13);
  CHECK(r.plain_points[r.deck.parse_card("10H")] == 1);
  CHECK(r.plain_points[r.deck.parse_card("AH")] == 0);
  CHECK(r.trump_points[r.deck.parse_card("10C")] == 1);
  CHECK(r.match.deals == 8);
  CHECK(r.match.first_dealer == -1);
  CHECK(r.next_dealer.dealer_team_lost == DealerRule::Same);
  CHECK(r.next_dealer.dealer_team_lost_by.at("whitewash") == DealerRule::NextTeammate);
  CHECK(r.result.named.size() == 2);
  CHECK(r.result.named[0].winner_takes_all == Counter::Tricks);
  CHECK(r.content_hash.size() == 16);
  CHECK(r.lua_libraries.empty());  // the reveal is the engine's effect: no Lua at all
  CHECK(r.hooks[size_t(HookPoint::CannotFollow)].offer == "reveal");
  CHECK_FALSE(r.hooks[size_t(HookPoint::CannotFollow)].exclusive);
  CHECK(r.hooks[size_t(HookPoint::CannotPlay)].exclusive);
  CHECK(r.offer_word[size_t(HookPoint::CannotFollow)] == 0);
  CHECK(r.hooks[size_t(HookPoint::CannotFollow)].when == HookWhen::HiddenCard);
  CHECK(r.action_hooks.empty());
  REQUIRE(r.action_effects.count("reveal") == 1);
  CHECK(r.action_effects.at("reveal").must_trump);  // M3b: the revealer must trump if able
  CHECK(r.action_words == std::vector<std::string>{"reveal"});
  CHECK(r.has_hooks());
}

TEST_CASE("mendikot loads under every option combination", "[loader]") {
  auto trump = GENERATE(as<std::string>{}, "random_card", "cut_hukum", "band_hukum_compulsory",
                        "band_hukum_optional");
  auto players = GENERATE(as<std::string>{}, "4", "6", "8");
  auto must_trump = GENERATE(as<std::string>{}, "false", "true");
  auto weighted = GENERATE(as<std::string>{}, "false", "true");
  LoadResult res = load({{"trump_method", trump},
                         {"players", players},
                         {"m3a_revealer_must_trump", must_trump},
                         {"weighted_tally", weighted}});
  INFO(trump << " " << players << " " << must_trump << " " << weighted);
  INFO(res.diagnostics.to_string());
  REQUIRE(res.ok());
  const Ruleset& r = *res.ruleset;

  int seats = std::stoi(players);
  CHECK(r.seats == seats);
  CHECK(int(r.seat_names.size()) == seats);
  CHECK(r.teams == 2);
  CHECK(r.deck.cards.size() == (seats == 4 ? 52u : 48u));
  // deal_packets: 5 4 4 with 4 players, 4 4 with 6, 3 3 with 8.
  CHECK(r.hand_size == (seats == 4 ? 13 : seats == 6 ? 8 : 6));
  CHECK(r.hand_size * seats <= int(r.deck.cards.size()));
  for (int s = 0; s < seats; ++s) CHECK(int(r.team_of[size_t(s)]) == s % 2);
  if (seats > 4) CHECK(r.team_names == std::vector<std::string>{"team1", "team2"});
  CHECK(r.chosen_options.size() == 4);
  CHECK(r.chosen_options.at("players") == players);

  if (trump == "random_card") {
    CHECK(r.play.trump_method == TrumpMethod::RandomCard);
    REQUIRE(r.deal.size() == 2);
    CHECK(r.deal[0].kind == DealStep::Kind::RandomTrump);
    CHECK(r.deal[1].kind == DealStep::Kind::Deal);
    CHECK_FALSE(r.has_hooks());
  } else if (trump == "cut_hukum") {
    CHECK(r.play.trump_method == TrumpMethod::FirstDiscard);
    CHECK(r.deal.size() == 1);
    CHECK_FALSE(r.has_hooks());
  } else {
    CHECK(r.play.trump_method == TrumpMethod::None);
    REQUIRE(r.deal.size() == 2);
    CHECK(step_name(r.deal[1]) == "set_aside");  // a registered kind (engine/steps/set_aside.cc)
    REQUIRE(r.deal[1].registered != nullptr);
    CHECK(r.deal[1].registered->describe(r, r.deal[1]) ==
          "The player after the dealer lays 1 card face down, out of the hand, known only to them.");
    CHECK(r.has_hooks());
    bool must_trump_expected = trump == "band_hukum_optional" || must_trump == "true";
    REQUIRE(r.action_effects.count("reveal") == 1);
    CHECK(r.action_effects.at("reveal").must_trump == must_trump_expected);
  }
  if (weighted == "true") CHECK(r.result.game_points.at("whitewash") == 3);
  else CHECK(r.result.game_points.empty());
}

TEST_CASE("option choices change the content hash, layout does not", "[loader]") {
  LoadResult a = load({});
  LoadResult b = load({{"players", "4"}});
  LoadResult c = load({{"players", "6"}});
  REQUIRE(a.ok());
  REQUIRE(b.ok());
  REQUIRE(c.ok());
  CHECK(a.ruleset->content_hash == b.ruleset->content_hash);
  CHECK(a.ruleset->content_hash != c.ruleset->content_hash);
}
