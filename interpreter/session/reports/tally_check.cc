// The consistency of a tally read from a file (see tally_check.h).
#include "session/reports/tally_check.h"

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

// A value of one deal (points, tricks, game points, a contract margin) is an int.
constexpr __int128 kMaxDealValue = __int128(1) << 31;

// Whether n values of at most kMaxDealValue each can have this sum and sum of
// squares: |sum| <= n * max, sum^2 <= n * sum_squares (Cauchy-Schwarz), and
// sum_squares <= n * max^2.
bool possible(const Moments& m) {
  const __int128 n = m.n, sum = m.sum, squares = m.sum_squares;
  if (n == 0) return sum == 0 && squares == 0;
  const __int128 magnitude = sum < 0 ? -sum : sum;
  return magnitude <= n * kMaxDealValue && squares >= 0 && magnitude * magnitude <= n * squares &&
         squares <= n * kMaxDealValue * kMaxDealValue;
}

bool sum_fits(int64_t a, int64_t b) {
  int64_t out;
  return !__builtin_add_overflow(a, b, &out);
}

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
  if (t.shared_wins < 0) return "shared wins below zero";
  if (sum(t.wins) + t.draws != deals + t.shared_wins)
    return "wins and draws add up to " + count_text(sum(t.wins) + t.draws) + ", not the " + count_text(deals) + " deals" +
           (t.shared_wins > 0 ? " and " + count_text(t.shared_wins) + " shared wins" : std::string());
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
  for (const auto* list : {&t.points, &t.tricks, &t.game_points, &t.bonus, &t.sweeps, &t.seat_tricks, &t.seat_cards,
                           &t.position_game_points})
    for (const Moments& m : *list)
      if (!possible(m)) return "a mean's sums (" + count_text(m.sum) + ", " + count_text(m.sum_squares) +
                               ") are not those of " + count_text(m.n) + " deals";
  for (const auto& b : t.bands)
    if (!possible(b.margin)) return "a contract margin's sums are not those of " + count_text(b.margin.n) + " contracts";
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
  __int128 in_matches = 0;  // matches are disjoint runs of deals
  for (const auto& [length, count] : t.match_length.entries()) {
    if (count > 0 && (length < 1 || length > deals))
      return "a match length of " + std::to_string(length) + " deals (expected 1 to " + count_text(deals) + ")";
    in_matches += __int128(length) * count;
  }
  if (in_matches > deals) return "the complete matches hold more deals than the " + count_text(deals) + " played";
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
  if (p.empty()) p = feel_inconsistency(t);
  return p;
}

std::string merge_overflow(const Tally& a, const Tally& b) {
  // Counts are at most the deals, so once the deals fit they do; the sums of
  // a consistent tally are bounded by its deals too, but sums of squares of
  // values near kMaxDealValue pass 2^63 in a few deals.
  if (!sum_fits(a.deals, b.deals)) return "together they count more deals than a total can hold";
  auto moments_fit = [](const std::vector<Moments>& x, const std::vector<Moments>& y) {
    for (size_t i = 0; i < x.size() && i < y.size(); ++i)
      if (!sum_fits(x[i].sum, y[i].sum) || !sum_fits(x[i].sum_squares, y[i].sum_squares)) return false;
    return true;
  };
  bool fit = true;
  for (auto list : {&Tally::points, &Tally::tricks, &Tally::game_points, &Tally::bonus, &Tally::sweeps,
                    &Tally::seat_tricks, &Tally::seat_cards, &Tally::position_game_points})
    fit = fit && moments_fit(a.*list, b.*list);
  for (size_t i = 0; i < a.bands.size() && i < b.bands.size(); ++i)
    fit = fit && moments_fit({a.bands[i].margin}, {b.bands[i].margin});
  if (!fit) return "together their sums of squares pass what a total can hold (2^63 - 1)";
  return feel_merge_overflow(a.feel, b.feel);
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
