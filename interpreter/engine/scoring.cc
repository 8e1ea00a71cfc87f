// The end of a deal: per-team counters (card points, tricks), the winner by
// lexicographic comparison of the counters the ruleset lists, the named result
// (whitewash-style "winner took everything"), game points and the next dealer.
#include <bit>
#include <tuple>

#include "engine/state.h"

namespace hukum {

static int counter_value(const DealResult& r, Counter c, int team) {
  return c == Counter::Points ? r.points[size_t(team)] : r.tricks[size_t(team)];
}

// The next dealer, by whether the dealer's side won, lost (by which named
// result) or drew the deal.
int GameState::next_dealer_after(const DealResult& r) const {
  const NextDealerRules& nd = rules_.next_dealer;
  DealerRule rule;
  if (r.winner_team < 0) {
    rule = nd.draw;
  } else if (r.winner_team == rules_.team_of[size_t(dealer_)]) {
    rule = nd.dealer_team_won;
  } else {
    auto by = nd.dealer_team_lost_by.find(r.name);
    rule = by == nd.dealer_team_lost_by.end() ? nd.dealer_team_lost : by->second;
  }
  switch (rule) {
    case DealerRule::Same: return dealer_;
    case DealerRule::Next: return seat_ref(SeatRef::DealerNext);
    case DealerRule::Previous: return seat_ref(SeatRef::DealerPrevious);
    case DealerRule::NextTeammate: return seat_ref(SeatRef::DealerPartner);
    case DealerRule::LowestScore: return lowest_score_seat(r.game_points);
  }
  return dealer_;
}

std::pair<int, int> GameState::contract_band() const {
  for (const auto& band : rules_.result.contract)
    if (contract_ >= band.low && contract_ <= band.high) return {band.win, band.lose};
  return {0, 0};
}

// A declaration (take every trick, or none) or a contract (at least the bid in
// points or tricks) decides the deal: only one side scores, from the
// declaration or the band.
bool GameState::score_contract() {
  DealResult& r = result_;
  if (bidder_ < 0) {
    // Everybody passed (an auction, or a registered step's such as `calls`): thrown in.
    const bool in_auction = phase_ == Phase::Question && (current_step().kind == DealStep::Kind::TrumpAuction ||
                                                           (current_step().kind == DealStep::Kind::Registered &&
                                                            result_.ended_early));
    if (high_bidder_ < 0 && in_auction) {
      r.winner_team = -1;
      r.name = "all_passed";
      return true;
    }
    return false;
  }
  // The bidder's side: its team, or this deal's side (teams.deal_sides,
  // game.set_sides), whose counters are its seats'.
  const int side = rules_.team_of[size_t(bidder_)];
  auto side_counter = [&](Counter c) {
    if (!sides_changed_) return counter_value(r, c, side);
    int n = 0;
    for (int s = 0; s < rules_.seats; ++s)
      if (same_side(s, bidder_)) n += c == Counter::Points ? points_won_by(s) : tricks_won_[size_t(s)];
    return n;
  };
  bool made;
  int win, lose;
  if (declared_) {
    const Declaration& d = rules_.declaration;
    const int taken = side_counter(Counter::Tricks), lost = tricks_played_ - taken;
    made = (d.goal == DeclarationGoal::AllTricks ? lost == 0 : taken == 0) && !r.ended_early;
    win = d.win, lose = d.lose;
    r.name = made ? d.word + "_made" : d.word + "_failed";
  } else if (!rules_.result.contract.empty()) {
    made = side_counter(rules_.result.contract_on) >= contract_;
    std::tie(win, lose) = contract_band();
    r.name = made ? rules_.result.contract_made : rules_.result.contract_failed;
  } else {
    return false;
  }
  for (auto& g : r.game_points) g = 0;
  r.winner_teams = 0;
  // Several teams win together (a bidder alone against two or more teams fails,
  // a side of the deal holds several teams): each is a winner, not a draw.
  auto won_by_teams = [&](uint32_t teams) {
    r.winner_team = std::popcount(teams) == 1 ? std::countr_zero(teams) : -1;
    r.winner_teams = std::popcount(teams) > 1 ? teams : 0;
  };
  if (!sides_changed_) {
    if (made) {
      r.winner_team = side;
      r.game_points[size_t(side)] = win;
    } else {
      // The other side scores; with several other teams, each of them.
      uint32_t others = 0;
      for (int t = 0; t < rules_.teams; ++t)
        if (t != side) r.game_points[size_t(t)] = lose, others |= 1u << t;
      won_by_teams(others);
    }
    return true;
  }
  // Sides of the deal: every team with a seat on the bidder's side scores
  // `win` when it made it, every team with none `lose` when it failed.
  std::array<bool, kMaxSeats> with_bidder{};
  for (int s = 0; s < rules_.seats; ++s)
    if (same_side(s, bidder_)) with_bidder[rules_.team_of[size_t(s)]] = true;
  uint32_t bidder_teams = 0, other_teams = 0;
  for (int t = 0; t < rules_.teams; ++t) {
    if (made && with_bidder[size_t(t)]) r.game_points[size_t(t)] = win;
    (with_bidder[size_t(t)] ? bidder_teams : other_teams) |= 1u << t;
    if (!with_bidder[size_t(t)] && !made) r.game_points[size_t(t)] = lose;
  }
  won_by_teams(made ? bidder_teams : other_teams);
  return true;
}

// Each team's points: its seats' won cards, the last-trick bonus, its melds.
void GameState::count_points(DealResult* result) const {
  DealResult& r = *result;
  const int teams = rules_.teams;
  r.points.assign(size_t(teams), 0);
  for (int s = 0; s < rules_.seats; ++s)
    r.points[size_t(rules_.team_of[size_t(s)])] += card_points_.of(captured_[size_t(s)], trump_suit_);
  if (last_trick_winner_ >= 0)
    r.points[size_t(rules_.team_of[size_t(last_trick_winner_)])] += rules_.play.last_trick_bonus;
  // Declared melds count as points for the declarer's team.
  if (rules_.melds.any()) {
    r.melds.assign(size_t(teams), 0);
    for (int t = 0; t < teams; ++t) {
      r.melds[size_t(t)] = meld_points_[size_t(t)];
      r.points[size_t(t)] += meld_points_[size_t(t)];
    }
  } else {
    r.melds.clear();
  }
}

void GameState::score_deal() {
  finish_registered_steps();  // cards a step laid away for a side join its won cards
  const int teams = rules_.teams;
  DealResult& r = result_;
  count_points(&r);
  r.tricks.assign(size_t(teams), 0);
  r.game_points.assign(size_t(teams), 0);
  for (int s = 0; s < rules_.seats; ++s) r.tricks[size_t(rules_.team_of[size_t(s)])] += tricks_won_[size_t(s)];
  int total_points = 0;
  for (int p : r.points) total_points += p;

  // Step 1. The winner: the team ahead on the first counter that separates the top.
  std::array<bool, kMaxSeats> leading{};
  int leaders = teams;
  for (int t = 0; t < teams; ++t) leading[size_t(t)] = true;
  for (Counter c : rules_.result.compare) {
    int best = INT32_MIN;
    for (int t = 0; t < teams; ++t)
      if (leading[size_t(t)]) best = std::max(best, counter_value(r, c, t));
    leaders = 0;
    for (int t = 0; t < teams; ++t) {
      leading[size_t(t)] = leading[size_t(t)] && counter_value(r, c, t) == best;
      leaders += leading[size_t(t)];
    }
    if (leaders == 1) break;
  }
  r.winner_team = -1;
  for (int t = 0; t < teams && leaders == 1; ++t)
    if (leading[size_t(t)]) r.winner_team = t;

  r.bidder = bidder_;
  r.contract = contract_;
  r.declared = declared_;
  // Step 2. The named result and its game points (a contract decides instead, when there is one).
  if (score_contract()) {
  } else if (r.winner_team < 0) {
    r.name = "draw";
  } else {
    r.name = rules_.result.default_name;
    const int totals[] = {total_points, tricks_played_};
    for (const auto& named : rules_.result.named) {
      if (counter_value(r, named.winner_takes_all, r.winner_team) == totals[int(named.winner_takes_all)]) {
        r.name = named.name;
        break;
      }
    }
    auto gp = rules_.result.game_points.find(r.name);
    r.game_points[size_t(r.winner_team)] = gp == rules_.result.game_points.end() ? 1 : gp->second;
  }
  // Step 3. Hooks, the next dealer, the event.
  close_deal();
}

// Shared by every family once the result is computed: the deal is over, the
// deal_scored hook may adjust the result, hook points are added, the next
// dealer is chosen and the result announced. `hook_points_counted`: the
// family's result already holds the points hooks added during the deal
// (fishing counts them as its bonus), so only deal_scored's are added here.
void GameState::close_deal(bool hook_points_counted) {
  DealResult& r = result_;
  phase_ = Phase::DealOver;
  to_move_ = kNoSeat;
  update_legal();
  const auto counted = extra_score_;
  if (hook_wanted(rules_.hooks[size_t(HookPoint::DealScored)])) {
    // A trick-taking game's hook may still give cards to the sides they count
    // for (a kitty, an exchange settled at the end): the points are counted
    // again after it; the result stays the hook's to set.
    scoring_ = true;
    moves_allowed_ = rules_.family == Family::TrickTaking;
    moved_by_hook_ = false;
    run_event(HookPoint::DealScored, HookArgs{});
    scoring_ = moves_allowed_ = false;
    if (moved_by_hook_) {
      moved_by_hook_ = false;
      count_points(&r);
    }
  }
  for (int t = 0; t < rules_.teams; ++t) {
    const int added = extra_score_[size_t(t)] - (hook_points_counted ? counted[size_t(t)] : 0);
    r.game_points[size_t(t)] += added;  // both bounded (bindings, add_score): no overflow
    if (extra_score_[size_t(t)] != 0) r.adjusted_by_hooks = true;
  }
  r.next_dealer = next_dealer_after(r);
  if (sink_) sink_->deal_scored(r);
}

}  // namespace hukum
