// fishing.combinations (ruleset/fishing_rules.h): named sets of captured cards
// with values that grow with their size, the best of a group counting alone.
#include "engine/combinations.h"

#include <array>

namespace hukum {

int combination_value(const FishingCombination& line, CardSet taken) {
  if (!(line.required & ~taken).empty()) return 0;
  const int count = (taken & line.cards).size();
  if (count < line.min) return 0;
  return line.points + line.per_extra * (count - line.min);
}

int combination_points(const FishingRules& rules, CardSet taken, std::vector<int>* per_line) {
  const auto& lines = rules.combinations;
  if (per_line) per_line->assign(lines.size(), 0);
  // Per group, the best line so far (its index and value); groups are at most
  // as many as lines (64, compile_fishing.cc), and only those written are reset.
  constexpr int kNone = -1;
  const size_t groups = rules.combination_groups.size();
  std::array<int, 64> best_line;
  std::array<int, 64> best_value;
  for (size_t g = 0; g < groups; ++g) best_line[g] = kNone, best_value[g] = 0;
  int total = 0;
  for (size_t i = 0; i < lines.size(); ++i) {
    const int value = combination_value(lines[i], taken);
    if (value <= 0) continue;
    const int g = lines[i].group;
    if (g < 0) {
      total += value;
      if (per_line) (*per_line)[i] = value;
    } else if (best_line[size_t(g)] == kNone || value > best_value[size_t(g)]) {
      best_line[size_t(g)] = int(i), best_value[size_t(g)] = value;
    }
  }
  for (size_t g = 0; g < groups; ++g) {
    if (best_line[g] == kNone) continue;
    total += best_value[g];
    if (per_line) (*per_line)[size_t(best_line[g])] = best_value[g];
  }
  return total;
}

}  // namespace hukum
