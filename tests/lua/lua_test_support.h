// Shared by the [lua] tests: a small hand-built Ruleset (52 cards, 4 seats, 2
// teams) and a HookContext fake that records every effect a hook asks for and
// can refuse any of them.
#pragma once

#include <map>
#include <string>
#include <utility>
#include <vector>

#include "ruleset/ruleset.h"
#include "engine/hook_context.h"

namespace hukum::test {

inline Ruleset lua_test_ruleset() {
  Ruleset r;
  r.name = "lua test";
  r.file = "lua_test.yaml";
  r.deck.suits = {"S", "H", "D", "C"};
  r.deck.ranks = {"A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "3", "2"};
  for (uint8_t s = 0; s < 4; ++s) {
    for (uint8_t k = 0; k < 13; ++k) {
      r.deck.suit_mask[s].add(Card(r.deck.cards.size()));
      r.deck.all.add(Card(r.deck.cards.size()));
      r.deck.cards.push_back({s, k, 0});
    }
  }
  r.seats = 4;
  r.seat_names = {"N", "E", "S", "W"};
  r.teams = 2;
  r.team_of = {0, 1, 0, 1};
  r.team_names = {"NS", "EW"};
  r.chosen_options = {{"trump_method", "band_hukum_optional"}, {"players", "4"}};
  r.lua_library_dir = HUKUM_SOURCE_DIR "/rulesets/lib";
  r.ruleset_dir = HUKUM_TEST_DIR "/lua/fixtures";
  return r;
}

// The ruleset of band hukum as Mendikot binds it, with the given hook_params.
inline Ruleset hidden_trump_ruleset(std::map<std::string, std::string> params) {
  Ruleset r = lua_test_ruleset();
  r.lua_libraries = {"hidden_trump"};
  r.hooks[size_t(HookPoint::CannotFollow)] = {"hidden_trump.cannot_follow", "", false, HookWhen::TrumpUnset};
  r.hooks[size_t(HookPoint::CannotPlay)] = {"hidden_trump.cannot_play", "", false, HookWhen::TrumpUnset};
  r.action_hooks = {{"reveal", "hidden_trump.reveal"}};
  r.hook_params = std::move(params);
  return r;
}

inline CardSet cards_of(const Ruleset& r, std::initializer_list<const char*> texts) {
  CardSet set;
  for (const char* t : texts) set.add(r.deck.parse_card(t));
  return set;
}

class FakeContext : public HookContext {
 public:
  explicit FakeContext(const Ruleset& r) : ruleset_(r) {}

  const Ruleset& ruleset() const override { return ruleset_; }
  int seat_to_play() const override { return seat_to_play_; }
  int dealer() const override { return dealer_; }
  CardSet hand(int seat) const override { return hands_[seat]; }
  CardSet hidden(int seat) const override { return hidden_[seat]; }
  int trump_suit() const override { return trump_; }
  int led_suit() const override { return led_; }
  std::vector<std::pair<int, Card>> trick() const override { return trick_; }
  int tricks_played() const override { return tricks_played_; }
  int tricks_won(int team) const override { return tricks_won_[team]; }
  int points_won(int team) const override { return points_won_[team]; }
  Card turn_up() const override { return kNoCard; }
  const std::vector<Meld>& melds() const override { return melds_; }
  int meld_points(int) const override { return 0; }
  std::vector<Meld> melds_;

  std::string set_trump(int suit) override {
    if (!refuse_.empty()) return refuse_;
    trump_ = suit;
    return {};
  }
  std::string reveal_hidden(int seat, CardSet* revealed) override {
    if (!refuse_.empty()) return refuse_;
    *revealed = hidden_[seat];
    hands_[seat] |= hidden_[seat];
    hidden_[seat] = CardSet();
    revealed_seats_.push_back(seat);
    return {};
  }
  std::string offer(const std::string& action, bool exclusive) override {
    if (!refuse_.empty()) return refuse_;
    offers_.push_back({action, exclusive});
    return {};
  }
  std::string require_trump(int seat) override {
    if (!refuse_.empty()) return refuse_;
    required_trump_.push_back(seat);
    return {};
  }
  std::string add_score(int team, int points) override {
    if (!refuse_.empty()) return refuse_;
    scores_.push_back({team, points});
    return {};
  }
  int bidder() const override { return bidder_; }
  int contract() const override { return contract_; }
  bool declared() const override { return declared_; }
  int deal_number() const override { return 0; }
  int seat_after(int seat) const override { return (seat + 1) % 4; }
  std::pair<int, int> contract_band() const override { return band_; }
  std::pair<int, int> band_{0, 0};
  const DealResult* result_so_far() const override { return scoring_ ? &result_ : nullptr; }
  std::string ask(int seat, const std::vector<std::string>& words) override {
    if (!refuse_.empty()) return refuse_;
    asked_.push_back({seat, words});
    return {};
  }
  std::string ask_number(int seat, const std::vector<std::string>& words, int low, int high) override {
    if (!refuse_.empty()) return refuse_;
    asked_numbers_.push_back({seat, words, low, high});
    return {};
  }
  struct AskedNumber {
    int seat;
    std::vector<std::string> words;
    int low, high;
  };
  std::vector<AskedNumber> asked_numbers_;
  std::string redeal(const std::string& reason) override {
    if (!refuse_.empty()) return refuse_;
    redeal_reasons_.push_back(reason);
    return {};
  }
  std::vector<std::string> redeal_reasons_;
  std::string end_deal() override {
    if (!refuse_.empty()) return refuse_;
    ended_ = true;
    return {};
  }
  std::string end_match(int winner_team) override {
    if (!refuse_.empty()) return refuse_;
    match_winner_ = winner_team;
    return {};
  }
  int match_winner_ = -2;  // -2: end_match not called
  std::string set_result(int winner_team, const std::string& name) override {
    if (!scoring_) return "the result can only be set in deal_scored";
    result_.winner_team = winner_team;
    result_.name = name;
    return {};
  }
  std::string set_game_points(int team, int points) override {
    if (!scoring_) return "game points can only be set in deal_scored";
    if (result_.game_points.size() <= size_t(team)) result_.game_points.resize(size_t(team) + 1);
    result_.game_points[size_t(team)] = points;
    return {};
  }
  CardSet captured(int seat) const override { return captured_[seat]; }
  CardSet chosen(int) const override { return CardSet(); }
  int tricks_won_by(int) const override { return 0; }
  std::vector<std::pair<int, Card>> previous_trick() const override { return {}; }
  CardSet legal_cards() const override { return legal_; }
  int match_score(int) const override { return 0; }
  int bid_of(int) const override { return -1; }
  const VarValue& vars() const override { return vars_; }
  uint64_t vars_stamp() const override { return vars_stamp_; }
  void set_vars(VarValue value) override { vars_ = std::move(value), vars_stamp_ = next_vars_stamp(); }
  std::string forbid(CardSet cards) override {
    if (!refuse_.empty()) return refuse_;
    legal_ = legal_ & ~cards;
    return {};
  }
  std::string set_leader(int seat) override {
    if (!refuse_.empty()) return refuse_;
    leader_ = seat;
    return {};
  }
  int bidder_ = kNoSeat;
  int contract_ = 0;
  std::array<CardSet, kMaxSeats> captured_{};
  CardSet legal_;
  VarValue vars_ = VarValue::table();
  uint64_t vars_stamp_ = kEmptyVarsStamp;
  int leader_ = kNoSeat;
  bool declared_ = false;
  bool scoring_ = false;
  bool ended_ = false;
  DealResult result_;
  std::vector<std::pair<int, std::vector<std::string>>> asked_;

  // The state a test sets up.
  const Ruleset& ruleset_;
  int seat_to_play_ = 0;
  int dealer_ = 3;
  std::array<CardSet, kMaxSeats> hands_{};
  std::array<CardSet, kMaxSeats> hidden_{};
  int trump_ = -1;
  int led_ = -1;
  std::vector<std::pair<int, Card>> trick_;
  int tricks_played_ = 0;
  std::array<int, 2> tricks_won_{};
  std::array<int, 2> points_won_{};
  std::string refuse_;  // when set, every effect is refused with this reason

  // What hooks asked for.
  std::vector<std::pair<std::string, bool>> offers_;
  std::vector<int> required_trump_;
  std::vector<int> revealed_seats_;
  std::vector<std::pair<int, int>> scores_;
};

}  // namespace hukum::test
