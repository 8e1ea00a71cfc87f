// The consistency of a tally read from a file (see tally_check.h).
#include "session/tally_check.h"

#include <algorithm>
#include <numeric>

namespace hukum {

namespace {

std::string count_text(int64_t n) { return std::to_string(n); }

bool has_control_character(const std::string& text) {
  for (size_t i = 0; i < text.size(); ++i) {
    const auto c = static_cast<unsigned char>(text[i]);
    if (c < 0x20 || c == 0x7f) return true;
    if (c == 0xc2 && i + 1 < text.size() && static_cast<unsigned char>(text[i + 1]) >= 0x80 &&
        static_cast<unsigned char>(text[i + 1]) <= 0x9f)
      return true;
  }
  return false;
}

int64_t sum(const std::vector<int64_t>& v) { return std::accumulate(v.begin(), v.end(), int64_t(0)); }

}  // namespace

std::string tally_inconsistency(const Tally& t) {
  const int64_t deals = t.deals;
  // Every total below is at most `deals` (or a sum of such), so adding them cannot overflow
  // once each is checked against it.
  auto at_most = [&](int64_t n, int64_t limit, const std::string& what) -> std::string {
    if (n < 0 || n > limit) return what + " is " + count_text(n) + ", more than the " + count_text(limit) + " possible";
    return {};
  };
  std::string p;
  auto first = [&](std::string problem) {
    if (p.empty()) p = std::move(problem);
  };
  first(at_most(t.draws, deals, "draws"));
  for (size_t k = 0; k < t.wins.size(); ++k) first(at_most(t.wins[k], deals, "wins of team " + std::to_string(k + 1)));
  if (!p.empty()) return p;
  if (sum(t.wins) + t.draws != deals)
    return "wins and draws add up to " + count_text(sum(t.wins) + t.draws) + ", not the " + count_text(deals) + " deals";
  int64_t results = 0;
  for (size_t i = 0; i < t.results.size(); ++i) {
    const auto& [name, count] = t.results[i];
    if (name.empty() || name.size() > kMaxResultNameBytes || has_control_character(name))
      return "result " + std::to_string(i + 1) + " is not a result name (1 to " + std::to_string(kMaxResultNameBytes) +
             " printable characters)";
    for (size_t j = 0; j < i; ++j)
      if (t.results[j].first == name) return "result '" + name + "' is counted twice";
    first(at_most(count, deals, "the count of result '" + name + "'"));
    if (!p.empty()) return p;
    results += count;
  }
  if (results != deals)
    return "the results add up to " + count_text(results) + ", not the " + count_text(deals) + " deals";
  // Per-deal totals: one value a deal at most.
  for (const auto* list : {&t.points, &t.tricks, &t.game_points, &t.bonus, &t.sweeps, &t.seat_tricks, &t.seat_cards,
                           &t.position_game_points})
    for (const Moments& m : *list) first(at_most(m.n, deals, "a mean's count"));
  for (const auto* list : {&t.points_hist, &t.tricks_hist, &t.game_points_hist})
    for (const Histogram& h : *list) first(at_most(h.total(), deals, "a histogram's total"));
  for (int64_t n : t.thresholds_met) first(at_most(n, deals, "thresholds met"));
  for (int64_t n : t.position_wins) first(at_most(n, deals, "wins by position"));
  if (!p.empty()) return p;
  // Matches: each complete one won, tied, and of a length from 1 deal to all of them.
  first(at_most(t.matches_complete, deals, "complete matches"));
  first(at_most(t.matches_cut, deals, "cut matches"));
  for (int64_t n : t.matches_won) first(at_most(n, t.matches_complete, "matches won"));
  first(at_most(t.match_ties, t.matches_complete, "tied matches"));
  if (!p.empty()) return p;
  if (sum(t.matches_won) + t.match_ties != t.matches_complete)
    return "matches won and tied add up to " + count_text(sum(t.matches_won) + t.match_ties) + ", not the " +
           count_text(t.matches_complete) + " complete matches";
  if (t.match_length.total() != t.matches_complete)
    return "the match lengths count " + count_text(t.match_length.total()) + " matches, not the " +
           count_text(t.matches_complete) + " complete ones";
  for (const auto& [length, count] : t.match_length.entries())
    if (count > 0 && (length < 1 || length > deals))
      return "a match length of " + std::to_string(length) + " deals (expected 1 to " + count_text(deals) + ")";
  // Auctions: made at most bid, bid at most once a deal.
  int64_t bids = 0;
  for (const auto& b : t.bands) {
    first(at_most(b.bids, deals, "contracts bid"));
    first(at_most(b.made, b.bids, "contracts made"));
    first(at_most(b.margin.n, b.bids, "a contract margin's count"));
    if (!p.empty()) return p;
    bids += b.bids;
  }
  first(at_most(bids, deals, "contracts bid"));
  first(at_most(t.contracts.total(), deals, "the contracts' total"));
  for (size_t s = 0; s < t.seat_bids.size(); ++s) {
    first(at_most(t.seat_bids[s], deals, "bids of a seat"));
    first(at_most(t.seat_bids_made[s], t.seat_bids[s], "bids made by a seat"));
  }
  first(at_most(t.declared, deals, "declared contracts"));
  first(at_most(t.declared_made, t.declared, "declared contracts made"));
  return p;
}

std::string unknown_result_name(const Tally& t, const std::vector<std::string>& names) {
  // The list is shown when it is short: with hooks it holds every string of their Lua.
  constexpr size_t kNamesShown = 12;
  for (const auto& [name, count] : t.results) {
    if (std::binary_search(names.begin(), names.end(), name)) continue;
    std::string problem = "result '" + name + "' is not one the ruleset can give";
    if (names.size() > kNamesShown) return problem + " (a name of its result rules, its data or its Lua files)";
    std::string list;
    for (const std::string& n : names) list += (list.empty() ? "" : ", ") + n;
    return problem + " (its results: " + list + ")";
  }
  return {};
}

}  // namespace hukum
