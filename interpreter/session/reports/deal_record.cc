// Reads a finished deal into a DealRecord (see deal_record.h).
#include "session/reports/deal_record.h"

namespace hukum {

DealRecord record_deal(const GameState& state, int dealer) {
  const Ruleset& rules = state.ruleset();
  const DealResult& r = state.result();
  DealRecord d;
  d.dealer = dealer;
  d.winner_team = r.winner_team;
  d.winner_teams = r.winner_teams;
  d.name = &r.name;
  for (size_t t = 0; t < size_t(rules.teams); ++t) {
    if (t < r.points.size()) d.points[t] = r.points[t];
    if (t < r.tricks.size()) d.tricks[t] = r.tricks[t];
    // Game points include what Lua hooks added (add_score, set_game_points).
    if (t < r.game_points.size()) d.game_points[t] = r.game_points[t];
    if (t < r.bonus.size()) d.bonus[t] = r.bonus[t];
    if (t < r.threshold_met.size()) d.threshold_met[t] = r.threshold_met[t];
    if (t < r.sweeps.size()) d.sweeps[t] = r.sweeps[t];
  }
  d.has_sweeps = !r.sweeps.empty();
  for (int s = 0; s < rules.seats; ++s) {
    d.seat_tricks[size_t(s)] = state.tricks_won_by_seat(s);
    d.seat_cards[size_t(s)] = state.captured_by(s).size();
  }
  // Every seat from the dealer in this deal's direction of play, a seat that
  // sat the deal out included (next_seat skips it: with a partner sitting out
  // the dealer's and dealer+2's sides then came out different).
  const int n = rules.seats, step = state.direction_step();
  for (int k = 0; k < n; ++k) d.order[size_t(k)] = int8_t(((dealer + k * step) % n + n) % n);
  d.bidder = r.bidder;
  d.contract = r.contract;
  d.declared = r.declared;
  d.ended_early = r.ended_early;
  return d;
}

}  // namespace hukum
