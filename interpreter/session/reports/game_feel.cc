// Game-feel totals: decisions per deal, the course of a match (see game_feel.h).
#include "session/reports/game_feel.h"

#include <algorithm>
#include <numeric>

#include "session/reports/tally.h"
#include "session/reports/tally_reader.h"

namespace hukum {

void MatchCourse::start(int teams, bool lowest_wins) {
  teams_ = teams;
  lowest_wins_ = lowest_wins;
  totals_.clear();
}

void MatchCourse::deal_done(const std::vector<int>& totals) {
  for (int t = 0; t < teams_; ++t) totals_.push_back(t < int(totals.size()) ? totals[size_t(t)] : 0);
}

MatchFeel MatchCourse::finish(int winner) const {
  MatchFeel m;
  m.deals = teams_ > 0 ? int(totals_.size()) / teams_ : 0;
  m.decided = winner >= 0 && winner < teams_;
  const int sign = lowest_wins_ ? -1 : 1;
  int last_leader = -1;
  for (int d = 0; d < m.deals; ++d) {
    const int* score = &totals_[size_t(d * teams_)];
    // The side strictly ahead after this deal (-1: tied at the top).
    int leader = 0;
    bool tied = false;
    for (int t = 1; t < teams_; ++t) {
      if (sign * score[t] > sign * score[leader]) leader = t, tied = false;
      else if (score[t] == score[leader]) tied = true;
    }
    if (tied) leader = -1;
    // A lead change: a side ahead that is not the last side that was ahead
    // (a tie in between is no change by itself: A, tie, A is no change).
    if (leader >= 0) {
      if (last_leader >= 0 && leader != last_leader) ++m.lead_changes;
      last_leader = leader;
    }
    if (m.decided) {
      for (int t = 0; t < teams_; ++t)
        if (sign * score[t] > sign * score[winner]) m.winner_trailed = true;
      m.led_for_good = leader == winner ? m.led_for_good + 1 : 0;
    }
  }
  return m;
}

void FeelTally::resize(int seats) {
  for (auto* v : {&decisions, &decisions_squared, &forced, &options, &options_squared}) v->assign(size_t(seats), 0);
}

void FeelTally::add_deal(const DecisionCounts& d) {
  for (size_t s = 0; s < decisions.size(); ++s) {
    decisions[s] += d.decisions[s];
    decisions_squared[s] += int64_t(d.decisions[s]) * d.decisions[s];
    forced[s] += d.forced[s];
    options[s] += d.options[s];
    options_squared[s] += d.options_squared[s];
  }
}

void FeelTally::add_match(const MatchFeel& m) {
  ++matches;
  lead_changes += m.lead_changes;
  lead_changes_squared += int64_t(m.lead_changes) * m.lead_changes;
  if (!m.decided || m.deals <= 0) return;
  ++decided;
  comebacks += m.winner_trailed;
  // Rounded to the nearest 1/10000: exact for the short matches of the tests.
  const int64_t share = (int64_t(m.led_for_good) * kShareScale * 2 + m.deals) / (2 * int64_t(m.deals));
  led_for_good += share;
  led_for_good_squared += share * share;
}

void FeelTally::merge(const FeelTally& o) {
  // Totals of a file that did not count them make the merged totals unknown.
  measured = measured && o.measured;
  for (size_t s = 0; s < decisions.size() && s < o.decisions.size(); ++s) {
    decisions[s] += o.decisions[s];
    decisions_squared[s] += o.decisions_squared[s];
    forced[s] += o.forced[s];
    options[s] += o.options[s];
    options_squared[s] += o.options_squared[s];
  }
  matches += o.matches;
  lead_changes += o.lead_changes, lead_changes_squared += o.lead_changes_squared;
  decided += o.decided, comebacks += o.comebacks;
  led_for_good += o.led_for_good, led_for_good_squared += o.led_for_good_squared;
}

nlohmann::ordered_json feel_tally_to_json(const FeelTally& f) {
  nlohmann::ordered_json j;
  j["decisions"] = f.decisions;
  j["decisions_squared"] = f.decisions_squared;
  j["forced"] = f.forced;
  j["options"] = f.options;
  j["options_squared"] = f.options_squared;
  j["matches"] = f.matches;
  j["lead_changes"] = {f.lead_changes, f.lead_changes_squared};
  j["decided"] = f.decided;
  j["comebacks"] = f.comebacks;
  j["led_for_good"] = {f.led_for_good, f.led_for_good_squared};
  return j;
}

FeelTally feel_tally_from_json(const nlohmann::json& json, int seats) {
  TallyReader j{"tally.feel", json};
  FeelTally f;
  const size_t n = size_t(seats);
  f.decisions = j.at("decisions").integers(n);
  f.decisions_squared = j.at("decisions_squared").integers(n);
  f.forced = j.at("forced").integers(n);
  f.options = j.at("options").integers(n);
  f.options_squared = j.at("options_squared").integers(n);
  f.matches = j.at("matches").integer();
  const auto lead = j.at("lead_changes").integers(2);
  f.lead_changes = lead[0], f.lead_changes_squared = lead[1];
  f.decided = j.at("decided").integer();
  f.comebacks = j.at("comebacks").integer();
  const auto led = j.at("led_for_good").integers(2);
  f.led_for_good = led[0], f.led_for_good_squared = led[1];
  return f;
}

namespace {

// n values of at most `max` each (all >= 0) can have this sum and sum of squares.
bool possible(int64_t n, int64_t sum, int64_t squares, int64_t max) {
  const __int128 nn = n, s = sum, q = squares;
  return n >= 0 && s >= 0 && q >= 0 && s <= nn * max && q <= nn * max * max && s * s <= nn * q;
}

}  // namespace

std::string feel_inconsistency(const Tally& t) {
  const FeelTally& f = t.feel;
  if (!f.measured) return {};
  // A deal asks each seat at most this often (a generous bound: every bundled
  // game asks far fewer), and a decision has at most this many answers.
  constexpr int64_t kMaxDecisions = 1 << 20, kMaxOptions = 1 << 20;
  for (size_t s = 0; s < f.decisions.size(); ++s) {
    if (!possible(t.deals, f.decisions[s], f.decisions_squared[s], kMaxDecisions))
      return "feel: the decisions of seat " + std::to_string(s + 1) + " are not those of " + std::to_string(t.deals) +
             " deals";
    if (f.forced[s] < 0 || f.forced[s] > f.decisions[s])
      return "feel: seat " + std::to_string(s + 1) + " has more forced decisions than decisions";
    if (f.options[s] < f.decisions[s] || !possible(f.decisions[s], f.options[s], f.options_squared[s], kMaxOptions))
      return "feel: the legal answers of seat " + std::to_string(s + 1) + " are not those of its decisions";
  }
  if (f.matches != t.matches_complete)
    return "feel: " + std::to_string(f.matches) + " matches followed, not the " + std::to_string(t.matches_complete) +
           " complete ones";
  int64_t longest = 0;
  for (const auto& [length, count] : t.match_length.entries()) longest = std::max<int64_t>(longest, length);
  if (!possible(f.matches, f.lead_changes, f.lead_changes_squared, longest))
    return "feel: the lead changes are not those of " + std::to_string(f.matches) + " matches";
  if (f.decided < 0 || f.decided > f.matches || f.comebacks < 0 || f.comebacks > f.decided)
    return "feel: decided matches and comebacks out of range";
  if (!possible(f.decided, f.led_for_good, f.led_for_good_squared, kShareScale))
    return "feel: the shares led for good are not those of " + std::to_string(f.decided) + " matches";
  return {};
}

std::string feel_merge_overflow(const FeelTally& a, const FeelTally& b) {
  auto fits = [](int64_t x, int64_t y) {
    int64_t out;
    return !__builtin_add_overflow(x, y, &out);
  };
  bool ok = fits(a.lead_changes_squared, b.lead_changes_squared) && fits(a.led_for_good_squared, b.led_for_good_squared);
  for (size_t s = 0; s < a.decisions.size() && s < b.decisions.size(); ++s)
    ok = ok && fits(a.decisions_squared[s], b.decisions_squared[s]) && fits(a.options_squared[s], b.options_squared[s]);
  return ok ? std::string() : "together their game-feel totals pass what a total can hold (2^63 - 1)";
}

}  // namespace hukum
