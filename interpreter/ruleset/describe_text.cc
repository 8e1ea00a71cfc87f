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

namespace {

// " (only for 5H, 5D)": a binding's card filter, or "" (trick_done: " (only
// for a trick that holds EX)").
std::string only_for(const Ruleset& r, HookPoint point, CardSet cards) {
  if (cards.empty()) return "";
  std::vector<std::string> texts;
  for (Card c : cards) texts.push_back(r.deck.card_text(c));
  if (point != HookPoint::TrickDone) return " (only for " + join(texts) + ")";
  return std::string(" (only for a trick that holds ") + (texts.size() > 1 ? "one of " : "") + join(texts) + ")";
}

}  // namespace

// What the Lua hooks do (the ruleset's `notes`) and what is bound where: the
// end of every description, whatever the family.
void describe_hooks(std::ostringstream& o, const Ruleset& r) {
  if (!r.notes.empty()) {
    o << "\nRules kept in Lua, in plain words\n";
    for (const auto& note : r.notes) o << "  - " << note << "\n";
  }
  if (r.has_hooks()) {
    o << "\nHooks (Lua)\n";
    for (size_t h = 0; h < r.hooks.size(); ++h)
      if (r.hooks[h].bound())
        o << "  " << to_string(HookPoint(h)) << ": "
          << (r.hooks[h].offer.empty() ? r.hooks[h].function
                                       : "offer '" + r.hooks[h].offer + "'" +
                                             (r.hooks[h].exclusive ? " as the only legal action" : " as an option"))
          << (r.hooks[h].when == HookWhen::TrumpUnset   ? " (while no trump is set)"
              : r.hooks[h].when == HookWhen::TrumpSet   ? " (once trump is set)"
              : r.hooks[h].when == HookWhen::HiddenCard ? " (while a card lies face down)"
              : r.hooks[h].when == HookWhen::LastTrick  ? " (after the last trick)"
                                                        : "")
          << only_for(r, HookPoint(h), r.hooks[h].cards)
          << (r.hooks[h].called_card ? r.hooks[h].cards.empty() ? " (only for the called card)" : " and the called card"
                                     : "")
          << "\n";
    for (const auto& [word, fn] : r.action_hooks) o << "  action '" << word << "': " << fn << "\n";
    for (const auto& [word, effect] : r.action_effects)
      o << "  action '" << word << "': the face-down card is turned up into its owner's hand; its suit is trump "
        << "unless one is set" << (effect.must_trump ? "; the player who asked must then trump if able" : "") << "\n";
    if (!r.melds.named.empty()) {
      o << "  melds a hook declares (game.meld):";
      for (size_t i = 0; i < r.melds.named.size(); ++i) o << (i ? ", " : " ") << r.melds.named[i];
      o << "\n";
    }
    for (const auto& [k, v] : r.hook_params) o << "  parameter " << k << " = " << v << "\n";
  }
}

}  // namespace hukum
