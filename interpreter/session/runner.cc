#include "session/runner.h"

#include "session/log.h"

namespace hukum {

namespace {

// Every seat's player, with its seat (a wrapper such as simulate's counter passes it on).
void tell(const std::vector<Player*>& players, PlayEventKind kind, const Match& match, int winner = -1) {
  for (size_t s = 0; s < players.size(); ++s)
    players[s]->told({kind, int(s), match.state(), match.scores(),
                      match.deals_played() + (kind == PlayEventKind::DealBegins ? 1 : 0), winner});
}

}  // namespace

RunResult run_match(Match& match, const std::vector<Player*>& players, const RunHooks& hooks) {
  GameState& state = match.state();
  state.set_sink(hooks.sink);
  while (!match.over()) {
    if (auto err = match.start_deal(); !err.empty()) return {RunOutcome::Failed, err};
    tell(players, PlayEventKind::DealBegins, match);
    while (!state.deal_over()) {
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
    tell(players, PlayEventKind::DealEnds, match);
  }
  tell(players, PlayEventKind::MatchEnds, match, match.leading_team());
  if (hooks.log) hooks.log->match_over(match.scores(), match.deals_played());
  state.set_sink(nullptr);
  return {};
}

}  // namespace hukum
