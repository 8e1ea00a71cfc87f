#include "session/matches/runner.h"

#include <array>

#include "session/matches/log.h"

namespace hukum {

namespace {

// The players that listen, each with its seat (a wrapper such as simulate's counter passes it on).
void tell(const std::vector<Player*>& players, uint64_t listening, PlayEventKind kind, const Match& match,
          int winner = -1) {
  if (listening == 0) return;
  for (size_t s = 0; s < players.size(); ++s)
    if ((listening >> s) & 1)
      players[s]->told({kind, int(s), match.state(), match.scores(),
                      match.deals_played() + (kind == PlayEventKind::DealBegins ? 1 : 0), winner});
}

}  // namespace

RunResult run_match(Match& match, const std::vector<Player*>& players, const RunHooks& hooks) {
  GameState& state = match.state();
  state.set_sink(hooks.sink);
  uint64_t listening = 0;  // a bit per seat whose player listens
  for (size_t s = 0; s < players.size() && s < 64; ++s) listening |= uint64_t(players[s]->listens()) << s;
  // Seats that play at random from a stream of their own: the engine plays
  // their cards to tricks without the loop below (GameState::play_random_cards),
  // unless every action must be told (a sink) or may be stopped (stop).
  std::array<Rng*, kMaxSeats> streams{};
  bool random_seats = false;
  for (size_t s = 0; s < players.size() && s < kMaxSeats; ++s) {
    streams[s] = players[s]->random_stream();
    random_seats |= streams[s] != nullptr;
  }
  random_seats &= !hooks.sink && !hooks.stop;
  while (!match.over()) {
    if (auto err = match.start_deal(); !err.empty()) return {RunOutcome::Failed, err};
    tell(players, listening, PlayEventKind::DealBegins, match);
    while (!state.deal_over()) {
      if (random_seats) {
        if (!state.play_random_cards(streams.data())) return {RunOutcome::Failed, state.error()};
        if (state.deal_over()) break;
      }
      const LegalActions& legal = state.legal();
      if (legal.empty())
        return {RunOutcome::Failed, "no legal action for " +
                                        match.rules().seat_names[size_t(state.to_move())] +
                                        " while the deal goes on (a ruleset or hook bug)"};
      if (hooks.stop && hooks.stop()) return {RunOutcome::Stopped, {}};
      // The seat whose player decides: the mover, or the seat playing its hand.
      const int seat = state.decider();
      Action a;
      if (!players[size_t(seat)]->choose(SeatView(state, seat), legal, &a)) return {RunOutcome::Stopped, {}};
      if (!state.try_apply(a)) return {RunOutcome::Failed, state.error()};
    }
    if (hooks.deal_done) hooks.deal_done(match);
    if (auto err = match.finish_deal(); !err.empty()) return {RunOutcome::Failed, err};
    tell(players, listening, PlayEventKind::DealEnds, match);
  }
  tell(players, listening, PlayEventKind::MatchEnds, match, match.leading_team());
  if (hooks.log) hooks.log->match_over(match.scores(), match.deals_played());
  state.set_sink(nullptr);
  return {};
}

}  // namespace hukum
