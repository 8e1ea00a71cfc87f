// Randomized self-play over every bundled ruleset and every combination of its
// options: zones, legal actions, deal-end counters, determinism of logs, and
// hidden information (a seat's view does not change when the other seats'
// unseen cards are dealt differently).
#include <algorithm>
#include <catch2/catch.hpp>
#include <cstdlib>
#include <filesystem>
#include <functional>
#include <set>

#include <nlohmann/json.hpp>

#include "script/lua_host.h"
#include "engine/invariants.h"
#include "session/matches/log.h"
#include "session/observation/observation.h"
#include "session/matches/runner.h"
#include "support/quiet_sink.h"
#include "support/test_rulesets.h"

using namespace hukum;

namespace {

// rulesets/<game>/<game>.yaml and every house rule in rulesets/<game>/variants/,
// plus tests/fixtures/steps/: the games that exercise each registered step
// kind (engine/steps/) until a bundled game uses it.
std::vector<std::string> bundled_rulesets() {
  std::vector<std::string> out;
  for (auto& f : std::filesystem::directory_iterator(test::repo_path("tests/fixtures/steps")))
    if (f.path().extension() == ".yaml") out.push_back(f.path().string());
  for (auto& dir : std::filesystem::directory_iterator(test::repo_path("rulesets"))) {
    if (!dir.is_directory() || dir.path().filename() == "lib") continue;
    auto base = dir.path() / (dir.path().filename().string() + ".yaml");
    if (std::filesystem::exists(base)) out.push_back(base.string());
    if (std::filesystem::is_directory(dir.path() / "variants"))
      for (auto& v : std::filesystem::directory_iterator(dir.path() / "variants"))
        if (v.path().extension() == ".yaml") out.push_back(v.path().string());
  }
  std::sort(out.begin(), out.end());
  return out;
}

// One ruleset file with one choice of options, to run a check on.
struct OptionSet {
  std::string file;   // relative to the repository
  std::map<std::string, std::string> options;
  std::string label;  // for failure messages
};

std::string describe(const std::map<std::string, std::string>& options);

// Every bundled ruleset and variant with every combination of its options.
std::vector<OptionSet> every_option_set() {
  std::vector<OptionSet> out;
  for (const auto& path : bundled_rulesets()) {
    const std::string file = std::filesystem::relative(path, HUKUM_SOURCE_DIR).string();
    // Every combination up to 64 option sets; a ruleset with more (Pinochle's
    // 384) plays each option value alone, so that CI stays short.
    for (const auto& options : test::option_sets_at_most(test::load_bundled(file), 64))
      out.push_back({file, options, file + " " + describe(options)});
  }
  return out;
}

std::string describe(const std::map<std::string, std::string>& options) {
  std::string out;
  for (const auto& [k, v] : options) out += k + "=" + v + " ";
  return out;
}

// Redeals the cards `seat` cannot see (other seats' hands and face-down cards)
// among those seats, keeping every count, and returns the same position.
PlayPosition with_unseen_cards_redealt(const GameState& s, int seat, Rng& rng) {
  const Ruleset& r = s.ruleset();
  PlayPosition p;
  std::vector<Card> pool_hand, pool_hidden;
  for (int o = 0; o < r.seats; ++o) {
    p.hands.push_back(s.hand_of(o));
    p.hidden.push_back(s.hidden_of(o));
    p.captured.push_back(s.captured_by(o));
    p.tricks_won.push_back(s.tricks_won_by_seat(o));
    p.bids.push_back(s.bid_of(o));
    p.sweeps.push_back(s.sweeps(o));
    if (o == seat) continue;
    for (Card c : s.hand_of(o) & ~s.revealed()) pool_hand.push_back(c);
    if (o == (seat + 1) % r.seats)  // a fishing stock is unseen by all: it joins the pool once
      for (Card c : s.stock()) pool_hand.push_back(c);
    for (Card c : s.hidden_of(o)) pool_hidden.push_back(c);
  }
  rng.shuffle(pool_hand.data(), uint32_t(pool_hand.size()));
  rng.shuffle(pool_hidden.data(), uint32_t(pool_hidden.size()));
  size_t h = 0, d = 0;
  for (int o = 0; o < r.seats; ++o) {
    if (o == seat) continue;
    CardSet keep = s.hand_of(o) & s.revealed();  // revealed cards are public: they stay put
    CardSet hand = keep, hidden;
    for (int k = (s.hand_of(o) & ~s.revealed()).size(); k > 0; --k) hand.add(pool_hand[h++]);
    for (int k = s.hidden_of(o).size(); k > 0; --k) hidden.add(pool_hidden[d++]);
    p.hands[size_t(o)] = hand;
    p.hidden[size_t(o)] = hidden;
  }
  p.tricks_played = s.tricks_played();
  p.trump_suit = s.trump_suit();
  p.leader = s.to_move();
  p.layout = s.layout();
  p.builds = s.layout_builds();
  while (h < pool_hand.size()) p.stock.push_back(pool_hand[h++]);
  p.bidder = s.bidder();
  p.contract = s.contract();
  p.declared = s.declared();
  p.sitting_out = s.sitting_out();
  p.out_of_play = s.out_of_play();
  p.last_capturer = s.last_capturer();
  p.trump_order = s.trump_order();
  // The sides `seat` sees: secret sides only when it knows them (game.set_sides with known_to).
  if (s.sides_changed_for(seat))
    for (int o = 0; o < r.seats; ++o) p.sides.push_back(s.side_seen_by(seat, o));
  for (int o = 0; o < r.seats; ++o) p.controllers.push_back(s.controller(o));
  return p;
}

}  // namespace

TEST_CASE("every bundled ruleset and option set keeps the invariants in random play", "[conformance]") {
  // HUKUM_CONFORMANCE_DEALS: fewer deals where each costs several times more
  // (the sanitizer build, tests/CMakeLists.txt); the other cases below are short.
  const char* wanted = std::getenv("HUKUM_CONFORMANCE_DEALS");
  const int deals_per_set = wanted && std::atoi(wanted) > 0 ? std::atoi(wanted) : 1000;
  for (const auto& set : every_option_set()) {
    INFO(set.label);
    Ruleset rules = test::load_bundled(set.file, set.options);
    Match match(rules, 2024, deals_per_set);
    REQUIRE(match.ok());
    GameState& state = match.state();
    RandomPlayer bot(77);
    LegalActions legal;
    while (!match.over()) {
      REQUIRE(match.start_deal() == "");
      REQUIRE(check_zones(state) == "");
      while (!state.deal_over()) {
        state.legal_actions(&legal);
        REQUIRE(legal.count() > 0);
        // Canonical order: no duplicates, every listed action accepted as text.
        auto list = legal.list();
        for (size_t i = 0; i < list.size(); ++i) {
          Action parsed;
          std::string why;
          // Read as the decision at hand reads it (a hook's "pass" beside the engine's).
          REQUIRE(parse_action(rules, action_text(rules, list[i]), legal, &parsed, &why));
          REQUIRE(parsed == list[i]);
        }
        Action a;
        REQUIRE(bot.choose(SeatView(state, state.to_move()), legal, &a));
        REQUIRE(state.apply(a) == "");
        REQUIRE(check_zones(state) == "");
      }
      REQUIRE(check_deal_end(state) == "");
      // A deal runs to its last trick unless the rules end it early (a failed
      // declaration, a surrender, a thrown-in auction).
      if (rules.family == Family::TrickTaking) {
        if (state.result().ended_early) CHECK(state.tricks_played() <= state.cards_per_seat());
        else CHECK(state.tricks_played() == state.cards_per_seat());
      }
      match.finish_deal();
    }
  }
}

TEST_CASE("the same seed gives the same log, line for line", "[conformance]") {
  for (const auto& set : every_option_set()) {
    INFO(set.label);
    Ruleset rules = test::load_bundled(set.file, set.options);
    std::vector<std::string> logs[2];
    for (auto& lines : logs) {
      Match match(rules, 99, 3);
      std::vector<RandomPlayer> bots;
      for (int s = 0; s < rules.seats; ++s) bots.emplace_back(1000 + uint64_t(s));
      std::vector<Player*> players;
      for (auto& b : bots) players.push_back(&b);
      LogSink sink(rules, nullptr);
      REQUIRE(run_match(match, players, RunHooks{&sink, &sink, {}, {}}).outcome == RunOutcome::Finished);
      lines = sink.lines();
    }
    CHECK(logs[0].size() > 10);
    CHECK(logs[0] == logs[1]);
  }
}

TEST_CASE("a seat's observation does not depend on the cards it cannot see", "[conformance]") {
  for (const auto& set : every_option_set()) {
    INFO(set.label);
    Ruleset rules = test::load_bundled(set.file, set.options);
    Match match(rules, 5, 20);
    REQUIRE(match.ok());
    LuaHost twin_hooks;
    Diagnostics diags;
    if (rules.has_hooks()) REQUIRE(twin_hooks.load(rules, diags));
    GameState twin(rules, rules.has_hooks() ? &twin_hooks : nullptr);
    GameState& state = match.state();
    RandomPlayer bot(3);
    Rng redeal(11);
    LegalActions legal;
    int compared = 0;
    while (!match.over()) {
      REQUIRE(match.start_deal() == "");
      while (!state.deal_over()) {
        // Compared at the start of a trick (not while a seat answers a
        // between-tricks question, which a position does not hold).
        // Nor once a seat has declared at its first card (melds.at first_card):
        // a position does not hold who has declared in the first trick.
        const bool declaring = rules.melds.at_first_card && state.tricks_played() == 0 && !state.melds().empty();
        if (state.phase() == Phase::Play && state.trick().empty() && state.asked_seat() < 0 && !declaring) {
          for (int seat = 0; seat < rules.seats; ++seat) {
            PlayPosition p = with_unseen_cards_redealt(state, seat, redeal);
            // The deal's game.vars and called card come with the position, as a bot's
            // sampled world keeps them (Sheepshead's called card, public, decides which
            // card the partner must play: the legal list; it is the bidder's call).
            p.vars = state.vars();
            p.called_card = state.called_card();
            REQUIRE(twin.start_position(state.dealer(), state.deal_index(), p) == "");
            auto mine = observation_json(rules, observe(state, seat, {}));
            auto theirs = observation_json(rules, observe(twin, seat, {}));
            // What was revealed before belongs to the public record, not to the position.
            mine.erase("revealed");
            theirs.erase("revealed");
            // The zones show revealed cards in hands too (the next test
            // compares them in full, on a redealt copy that keeps them).
            mine.erase("zones");
            theirs.erase("zones");
            mine.erase("last_trick");
            theirs.erase("last_trick");
            mine.erase("trump_card");
            mine.erase("melds");  // declared melds, like revealed cards, are the public record
            theirs.erase("melds");
            for (const char* record : {"calls", "contract_call", "doubled"}) {  // an auction's calls: the same
              mine.erase(record);
              theirs.erase(record);
            }
            REQUIRE(mine.dump() == theirs.dump());
            ++compared;
          }
        }
        state.legal_actions(&legal);
        Action a;
        REQUIRE(bot.choose(SeatView(state, state.to_move()), legal, &a));
        REQUIRE(state.apply(a) == "");
      }
      match.finish_deal();
    }
    CHECK(compared > 0);
  }
}

TEST_CASE("at every decision a seat's view ignores how its unseen cards lie", "[conformance]") {
  // Auctions, raises, cards laid aside, capture choices, questions between
  // tricks and every card of every trick: the seat's observation in a copy of
  // the game whose unseen cards were redealt must be the same, byte for byte.
  for (const auto& set : every_option_set()) {
    INFO(set.label);
    Ruleset rules = test::load_bundled(set.file, set.options);
    Match match(rules, 17, 4);
    REQUIRE(match.ok());
    GameState& state = match.state();
    RandomPlayer bot(9);
    Rng redeal(23);
    LegalActions legal;
    int compared = 0, differed = 0;
    while (!match.over()) {
      REQUIRE(match.start_deal() == "");
      while (!state.deal_over()) {
        for (int seat = 0; seat < rules.seats; ++seat) {
          GameState twin(state);
          twin.set_sink(nullptr);
          twin.redeal_unseen(seat, redeal);
          REQUIRE(check_zones(twin) == "");
          // Zone by zone: what the seat sees stays, what it does not keeps its size.
          for (const Place& place : state.places()) {
            INFO(state.place_text(place));
            if (sees_whole(place, seat)) REQUIRE(twin.cards_in(place) == state.cards_in(place));
            else REQUIRE(twin.cards_in(place).size() == state.cards_in(place).size());
          }
          REQUIRE(observation_json(rules, observe(state, seat, {})).dump() ==
                  observation_json(rules, observe(twin, seat, {})).dump());
          ++compared;
          // The redeal really moved something (else the check proves nothing).
          for (int o = 0; o < rules.seats; ++o) differed += twin.hand_of(o) != state.hand_of(o);
        }
        state.legal_actions(&legal);
        Action a;
        REQUIRE(bot.choose(SeatView(state, state.to_move()), legal, &a));
        REQUIRE(state.apply(a) == "");
      }
      match.finish_deal();
    }
    CHECK(compared > 0);
    CHECK(differed > 0);
  }
}

namespace {

// The card texts a log line names: every string value, split at spaces and
// colons ("choose 5H", "S:2H").
std::set<std::string> words_of(const nlohmann::json& line) {
  std::set<std::string> out;
  std::function<void(const nlohmann::json&)> walk = [&](const nlohmann::json& v) {
    if (v.is_string()) {
      std::string token;
      for (char ch : v.get<std::string>() + " ") {
        if (ch == ' ' || ch == ':') {
          if (!token.empty()) out.insert(token);
          token.clear();
        } else {
          token += ch;
        }
      }
    }
    if (v.is_structured())
      for (const auto& item : v) walk(item);
  };
  walk(line);
  return out;
}

// What `seat` may not see now: the other seats' hands (but for cards shown
// face up), their face-down cards, the cards they played face down, the
// stock and the cards set aside (those that lay face up before are known: the
// caller leaves them out).
CardSet secret_from(const GameState& s, int seat) {
  CardSet out = s.out_of_play() & ~s.revealed();
  for (int o = 0; o < s.ruleset().seats; ++o) {
    if (o == seat) continue;
    out |= (s.hand_of(o) & ~s.revealed()) | s.hidden_of(o);
  }
  const auto trick = s.trick();
  for (size_t p = 0; p < trick.size(); ++p)
    if (s.face_down_at(int(p)) && trick[p].first != seat) out.add(trick[p].second);
  return out | s.stock();
}

}  // namespace

TEST_CASE("a seat's view of the log names no card hidden from it", "[conformance]") {
  // A seat's view of the log: every line but the other seats' private ones
  // (their `dealt` lines, cards `passed` between two others, and lines
  // `seen_by` another seat). No line of it may name a card that is hidden
  // from the seat once the line is written and that it never held or saw
  // shown: a simultaneous choice before the reveal, a card laid or played
  // face down, another seat's hand.
  for (const auto& set : every_option_set()) {
    INFO(set.label);
    Ruleset rules = test::load_bundled(set.file, set.options);
    Match match(rules, 41, 6);
    REQUIRE(match.ok());
    GameState& state = match.state();
    LogSink sink(rules, nullptr);
    state.set_sink(&sink);
    RandomPlayer bot(13);
    LegalActions legal;
    size_t seen = 0;
    int checked = 0;
    std::vector<CardSet> held(size_t(rules.seats));  // this deal: cards each seat has held (it knows them)
    // This deal: cards that lay face up (the turn-up, the layout, won piles,
    // the trick but for cards face down in it): every seat saw them.
    CardSet shown;
    auto note_held = [&] {
      for (int seat = 0; seat < rules.seats; ++seat) {
        held[size_t(seat)] |= state.hand_of(seat) | state.hidden_of(seat);
        shown |= state.captured_by(seat);
      }
      shown |= state.turn_up_zone() | state.layout();
      const auto trick = state.trick();
      for (size_t p = 0; p < trick.size(); ++p)
        if (!state.face_down_at(int(p))) shown.add(trick[p].second);
    };
    // The lines written since the last check, against what is hidden now.
    // Lines before a redeal are left out: those cards went back to the pack.
    auto check_new_lines = [&] {
      const auto& lines = sink.lines();
      for (size_t i = seen; i < lines.size(); ++i)
        if (nlohmann::json::parse(lines[i]).value("event", "") == "redeal") seen = i + 1;
      for (; seen < lines.size(); ++seen) {
        const auto line = nlohmann::json::parse(lines[seen]);
        const auto words = words_of(line);
        // Cards shown to every seat (a kitty shown before it is taken, a hand
        // laid face up): public from this line on, wherever they go.
        if (line.value("event", "") == "shown" && line.contains("cards"))
          for (const auto& c : line["cards"])
            if (const Card card = rules.deck.parse_card(c.get<std::string>()); card != kNoCard) shown.add(card);
        // The turn-up lay face up for every seat, even when a deal step took
        // it into a hand before any decision (Spoil Five's take_turn_up right
        // after turn_up), so no check above saw it on the table: the move that
        // turns it up (logged before the turn_up line) makes it public.
        if (line.value("event", "") == "move" && line.contains("cards") && line.contains("to") &&
            line["to"].value("zone", "") == "turn_up")
          for (const auto& c : line["cards"])
            if (const Card card = rules.deck.parse_card(c.get<std::string>()); card != kNoCard) shown.add(card);
        for (int seat = 0; seat < rules.seats; ++seat) {
          const std::string name = rules.seat_names[size_t(seat)];
          if (line.value("event", "") == "dealt" && line.value("seat", "") != name) continue;
          // `seen_by` is one seat (an action) or a list (a move between zones).
          if (line.contains("seen_by") && (line["seen_by"].is_array() ? !std::count(line["seen_by"].begin(), line["seen_by"].end(), name)
                                                                    : line["seen_by"] != name))
            continue;
          if (line.value("event", "") == "passed" && line.value("from", "") != name && line.value("to", "") != name)
            continue;
          CardSet secret = secret_from(state, seat) & ~held[size_t(seat)] & ~shown;
          if (state.trump_card_shown() != kNoCard) secret.remove(state.trump_card_shown());  // shown to all
          for (Card c : secret) {
            INFO(name << " sees " << lines[seen]);
            CHECK(words.count(rules.deck.card_text(c)) == 0);
          }
          ++checked;
        }
      }
    };
    while (!match.over()) {
      REQUIRE(match.start_deal() == "");
      std::fill(held.begin(), held.end(), CardSet());
      shown = CardSet();
      note_held();
      check_new_lines();
      while (!state.deal_over()) {
        state.legal_actions(&legal);
        Action a;
        REQUIRE(bot.choose(SeatView(state, state.to_move()), legal, &a));
        note_held();  // a card passed on was known to the seat that passed it
        REQUIRE(state.apply(a) == "");
        note_held();
        check_new_lines();
      }
      match.finish_deal();
    }
    CHECK(checked > 0);
  }
}

namespace {

// Follows the cards from the engine's `cards_moved` reports alone: every card
// starts a deal in the stock (and goes back there when the deal is thrown in),
// and each report moves cards from one place to another. Where a card is
// reported to leave a place that does not hold it, `problem` says so.
std::string test_cards_text(const Ruleset& rules, CardSet cards) {
  std::string out;
  for (Card c : cards) out += rules.deck.card_text(c) + " ";
  return out;
}

class ZoneFollower final : public test::QuietSink {
 public:
  explicit ZoneFollower(const Ruleset& rules) : rules_(rules) {}
  void gather() {
    cards_.clear();
    cards_[key({Zone::Stock, kNoSeat})] = rules_.deck.all;
  }
  CardSet in(Place p) const {
    auto it = cards_.find(key(p));
    return it == cards_.end() ? CardSet() : it->second;
  }
  std::string problem;
  int moves = 0;

  void cards_moved(CardSet cards, Place from, Place to, MoveSeen) override {
    ++moves;
    if (!(cards & ~in(from)).empty() && problem.empty())
      problem = "a move takes " + rules_.deck.card_text((cards & ~in(from)).first()) + " from a place that does not hold it";
    cards_[key(from)] &= ~cards;
    cards_[key(to)] |= cards;
  }
  void redealt(const std::string&) override { gather(); }

 private:
  static int key(Place p) { return int(p.zone) * 64 + p.seat + 1; }
  const Ruleset& rules_;
  std::map<int, CardSet> cards_;
};

}  // namespace

TEST_CASE("following the reported moves alone gives every zone's cards at every turn", "[conformance]") {
  // Every move of every bundled ruleset, the engine's and the hooks', goes
  // through GameState::transfer and is reported: a tool that sees only the
  // `move` lines of a log knows where each card lies.
  for (const auto& set : every_option_set()) {
    INFO(set.label);
    Ruleset rules = test::load_bundled(set.file, set.options);
    Match match(rules, 314, 30);
    REQUIRE(match.ok());
    GameState& state = match.state();
    ZoneFollower follower(rules);
    state.set_sink(&follower);
    RandomPlayer bot(15);
    LegalActions legal;
    auto compare = [&] {
      REQUIRE(follower.problem == "");
      for (const Place& p : state.places()) {
        INFO(state.place_text(p));
        REQUIRE(test_cards_text(rules, follower.in(p)) == test_cards_text(rules, state.cards_in(p)));
      }
    };
    while (!match.over()) {
      follower.gather();
      REQUIRE(match.start_deal() == "");
      compare();
      while (!state.deal_over()) {
        state.legal_actions(&legal);
        Action a;
        REQUIRE(bot.choose(SeatView(state, state.to_move()), legal, &a));
        REQUIRE(state.apply(a) == "");
        compare();
      }
      match.finish_deal();
    }
    CHECK(follower.moves > match.deals_played() * rules.seats);
  }
}
