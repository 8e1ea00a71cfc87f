// The bots (session/bots/): seat kinds parse, the greedy rule of thumb on
// hand-made tricks, determinism for a seed, and no leak: a bot given two games
// that differ only in cards its seat cannot see chooses the same action.
#include <catch2/catch.hpp>

#include <iostream>

#include "session/bots/bot_kinds.h"
#include "session/bots/greedy.h"
#include "session/matches/match.h"
#include "session/matches/runner.h"
#include "session/matches/seat_kinds.h"
#include "support/test_rulesets.h"

using namespace hukum;

namespace {

const char* kSmall = R"(name: Small
seats: 4
teams: {layout: alternate, count: 2}
direction: clockwise
deck: {suits: [S, H, D, C], ranks: [A, K, Q]}
rank_order: [A, K, Q]
card_points: {A: 1}
deal_packets: [3]
deal: [deal]
play: {first_lead: dealer_next, obligations: [follow_suit], trump: {method: none}}
result: {compare: [points, tricks], default_name: normal}
next_dealer: {dealer_team_won: next, dealer_team_lost: same, draw: same}
match: {deals: 1, first_dealer: N}
)";


Action play(const Ruleset& r, const char* card) {
  Action a;
  a.card = r.deck.parse_card(card);
  return a;
}

// N leads QS; E holds the given cards.
Action greedy_reply(const Ruleset& r, std::initializer_list<const char*> east) {
  PlayPosition p;
  // W holds the three cards left over.
  const CardSet rest = test::cards(r, {"AS", "KS", "AH", "KH", "QD", "AC"});
  p.hands = {test::cards(r, {"QS", "QH", "QC"}), test::cards(r, east), test::cards(r, {"AD", "KD", "KC"}),
             rest & ~test::cards(r, east)};
  p.hidden = p.captured = std::vector<CardSet>(4);
  p.tricks_won = std::vector<int>(4, 0);
  p.leader = 0;
  GameState s(r, nullptr);
  REQUIRE(s.start_position(0, 0, p) == "");
  REQUIRE(s.apply(play(r, "QS")) == "");
  Rng rng(1);
  return greedy_action(s, rng);
}

}  // namespace

TEST_CASE("bot seat kinds parse with their budgets", "[unit][bots]") {
  for (const char* ok : {"greedy", "pimc", "pimc:8", "ismcts", "ismcts:500", "ismcts:200ms"}) {
    INFO(ok);
    CHECK(is_bot_kind(ok));
    CHECK(make_bot(ok, 1) != nullptr);
  }
  std::string why;
  CHECK_FALSE(is_bot_kind("pimc:0", &why));
  CHECK(why.find("positive whole number") != std::string::npos);
  why.clear();
  CHECK_FALSE(is_bot_kind("greedy:3", &why));
  CHECK(why.find("no budget") != std::string::npos);
  why.clear();
  CHECK_FALSE(is_bot_kind("pimc:20ms", &why));
  CHECK(why.find("time budget") != std::string::npos);
  why.clear();
  CHECK_FALSE(is_bot_kind("ismcts:12x", &why));
  CHECK_FALSE(is_bot_kind("alphago", &why));
  std::string error;
  CHECK(parse_seat_kinds("human,ismcts,ismcts,ismcts", 4, &error).size() == 4);
  CHECK(parse_seat_kinds("human,wizard", 2, &error).empty());
  CHECK(error.find("unknown seat kind 'wizard'") != std::string::npos);
}

TEST_CASE("every seat kind comes from one table: messages, help and players agree", "[unit][bots]") {
  // Each row's plain name is accepted (but an agent, which needs a command)
  // and makes a player; the forms listed in messages are the table's.
  for (const SeatKind& k : seat_kinds()) {
    const std::string plain(k.name);
    const bool needs_argument = plain.rfind("agent", 0) == 0;
    INFO(plain);
    CHECK(is_player_kind(plain) == !needs_argument);
    CHECK(seat_kind_forms().find(std::string(k.syntax)) != std::string::npos);
    if (!needs_argument && !k.person) CHECK(make_player(plain, 1, std::cin, std::cout) != nullptr);
  }
  CHECK(is_person_kind("human"));
  CHECK_FALSE(is_person_kind("ismcts"));
  CHECK(is_player_kind("agent:python3 my_agent.py"));
  CHECK(seat_kind_problem("agent").find("needs the command") != std::string::npos);
  CHECK(seat_kind_problem("random:3").find("takes nothing after ':'") != std::string::npos);
  CHECK(seat_kind_problem("pimc:0").find("positive whole number") != std::string::npos);
  const std::string unknown = seat_kind_problem("wizard");
  CHECK(unknown.find(seat_kind_forms()) != std::string::npos);
}

TEST_CASE("greedy wins a trick worth points with its lowest winner, else throws its lowest", "[unit][bots]") {
  const Ruleset r = test::load_text(kSmall);
  // KS and AS both beat QS; AS carries a point, so the trick is worth taking, with KS.
  CHECK(greedy_reply(r, {"KS", "AS", "AH"}) == play(r, "KS"));
  // No spade: nothing wins, so the lowest card goes (no point, lowest rank).
  CHECK(greedy_reply(r, {"AH", "KH", "QD"}).card == r.deck.parse_card("QD"));
}

TEST_CASE("a bot's match is the same for the same seed", "[unit][bots]") {
  const Ruleset r = test::load_bundled("rulesets/twenty-eight/twenty-eight.yaml");
  auto play_once = [&] {
    Match match(r, 5, 1);
    REQUIRE(match.ok());
    std::vector<std::unique_ptr<Player>> owned;
    std::vector<Player*> players;
    for (const char* kind : {"ismcts:40", "pimc:2", "ismcts:40", "greedy"}) {
      owned.push_back(make_bot(kind, Rng::derive(9, owned.size())));
      players.push_back(owned.back().get());
    }
    std::vector<int> trail;
    RunHooks hooks;
    hooks.deal_done = [&](const Match& m) {
      const DealResult& res = m.state().result();
      trail = {res.winner_team, res.contract, res.bidder, res.points[0], res.points[1]};
    };
    REQUIRE(run_match(match, players, hooks).outcome == RunOutcome::Finished);
    return trail;
  };
  const auto first = play_once();
  REQUIRE(first.size() == 5);
  CHECK(play_once() == first);
}

TEST_CASE("no leak: two games differing only in unseen cards get the same action", "[unit][bots]") {
  for (const char* file : {"rulesets/mendikot/mendikot.yaml", "rulesets/twenty-eight/twenty-eight.yaml",
                           "rulesets/chinese-ten/chinese-ten.yaml"}) {
    INFO(file);
    const Ruleset r = test::load_bundled(file);
    Match match(r, 11, 1);
    REQUIRE(match.ok());
    REQUIRE(match.start_deal() == "");
    GameState& state = match.state();
    Rng walk(3), other(77);
    int compared = 0, differing = 0;
    while (!state.deal_over() && compared < 12) {
      const LegalActions& legal = state.legal();
      REQUIRE(legal.count() > 0);
      const int seat = state.to_move();
      if (legal.count() > 1) {
        GameState twin(state);
        twin.redeal_unseen(seat, other);
        bool differs = false;
        for (int s = 0; s < r.seats; ++s)
          differs |= twin.hand_of(s) != state.hand_of(s) || twin.hidden_of(s) != state.hidden_of(s);
        differing += differs;
        REQUIRE(twin.hand_of(seat) == state.hand_of(seat));
        for (const char* kind : {"greedy", "pimc:2", "ismcts:30"}) {
          INFO(kind << " at decision " << compared);
          auto a = make_bot(kind, 1234), b = make_bot(kind, 1234);
          Action from_state, from_twin;
          REQUIRE(a->choose(SeatView(state, seat), legal, &from_state));
          REQUIRE(b->choose(SeatView(twin, seat), twin.legal(), &from_twin));
          CHECK(from_state == from_twin);
          CHECK(legal.contains(from_state));
        }
        ++compared;
      }
      REQUIRE(state.try_apply(legal.at(int(walk.below(uint32_t(legal.count()))))));
    }
    CHECK(compared > 0);
    // The twins really differed in hidden cards, or the test would prove nothing.
    CHECK(differing > 0);
  }
}

// The auction of a contract game: with four ismcts bots most contracts are
// made, and a seat that may pass bids more often with a rich hand than with a
// poor one. Before the other seats' calls were modelled by their greedy
// choice in each world, four ismcts bots bid 26 to 28 on any hand and made 5%
// of their contracts.
TEST_CASE("ismcts bids its hand: most contracts made, rich hands bid more often", "[unit][bots]") {
  const Ruleset r = test::load_bundled("rulesets/twenty-eight/twenty-eight.yaml");
  int contracts = 0, made = 0;
  int calls[2] = {0, 0}, bids[2] = {0, 0};  // first calls that could pass, by hand: poor, rich
  for (uint64_t seed = 1; seed <= 60; ++seed) {
    Match match(r, seed, 1);
    REQUIRE(match.ok());
    REQUIRE(match.start_deal() == "");
    GameState& state = match.state();
    std::vector<std::unique_ptr<Player>> bots;
    for (int s = 0; s < r.seats; ++s) bots.push_back(make_bot("ismcts", Rng::derive(seed, size_t(s))));
    std::vector<bool> called(size_t(r.seats), false);
    while (!state.deal_over()) {
      const LegalActions& legal = state.legal();
      REQUIRE(legal.count() > 0);
      const int seat = state.to_move();
      Action a;
      REQUIRE(bots[size_t(seat)]->choose(SeatView(state, seat), legal, &a));
      if (state.waiting_step_name() == "calls" && legal.can_pass && !called[size_t(seat)]) {
        called[size_t(seat)] = true;
        int points = 0;
        for (Card c : state.hand_of(seat)) points += r.plain_points[c];
        const int rich = points >= 4;
        ++calls[rich];
        bids[rich] += a.kind != ActionKind::Pass;
      }
      REQUIRE(state.try_apply(a));
    }
    const DealResult& res = state.result();
    if (res.bidder < 0) continue;
    ++contracts;
    made += res.name == "success";
  }
  INFO("contracts " << contracts << ", made " << made << "; poor hands bid " << bids[0] << " of " << calls[0]
                    << ", rich " << bids[1] << " of " << calls[1]);
  REQUIRE(contracts >= 50);
  CHECK(made * 2 > contracts);
  REQUIRE(calls[0] >= 20);
  REQUIRE(calls[1] >= 20);
  CHECK(double(bids[1]) / calls[1] > 1.5 * bids[0] / calls[0]);
}
