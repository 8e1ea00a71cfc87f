#include "ruleset/describe_text.h"

namespace hukum {

std::string join(const std::vector<std::string>& items, const std::string& sep) {
  std::string out;
  for (size_t i = 0; i < items.size(); ++i) out += (i ? sep : "") + items[i];
  return out;
}

std::string dealer_rule_text(DealerRule rule) {
  switch (rule) {
    case DealerRule::Same: return "the same player deals again";
    case DealerRule::Next: return "the deal passes to the next player";
    case DealerRule::Previous: return "the deal passes back to the previous player";
    case DealerRule::NextTeammate: return "the dealer's next teammate deals";
    case DealerRule::LowestScore:
      return "the player with the lowest match score deals (a tie: the first tied player after the dealer)";
  }
  return "?";
}

void describe_title_and_options(std::ostringstream& o, const Ruleset& r) {
  o << r.name << "\n" << std::string(r.name.size(), '=') << "\n";
  if (!r.description.empty()) o << r.description << "\n";
  if (r.chosen_options.empty()) return;
  o << "\nOptions in force:\n";
  for (const auto& def : r.options) {
    o << "  " << def.name << " = " << r.chosen_options.at(def.name);
    if (!def.description.empty()) o << "  (" << def.description << "; one of " << join(def.values) << ")";
    o << "\n";
  }
}

}  // namespace hukum
