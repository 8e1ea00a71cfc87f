// Exactly N deals, in as many matches as it takes (see deal_series.h).
#include "session/matches/deal_series.h"

namespace hukum {

SeriesResult run_deal_series(Match& match, const std::vector<Player*>& players, const RunHooks& hooks, int deals,
                             uint64_t seed) {
  SeriesResult out;
  for (int k = 0; out.deals < deals; ++k) {
    match.restart(k == 0 ? seed : Rng::derive(seed, uint64_t(k)), deals - out.deals);
    ++out.matches;
    out.run = run_match(match, players, hooks);
    out.deals += match.deals_played();
    if (out.run.outcome != RunOutcome::Finished || match.deals_played() == 0) break;
  }
  return out;
}

}  // namespace hukum
