// What a registered step kind's compile function may ask (ruleset/step_kind.h):
// its parameters' values, the seat words checked as everywhere in the format,
// and errors placed at the step's path.
#include <algorithm>
#include <array>
#include <regex>

#include "ruleset/ruleset.h"
#include "ruleset/step_kind.h"

namespace hukum {

void StepCompile::error(const DocNode& at, const std::string& key, std::string message, std::string expected) const {
  diags.error(at.pos, written_path(at, key.empty() ? path : join_path(path, key)), std::move(message),
              std::move(expected));
}

int StepCompile::integer(const char* key, int fallback) const {
  const DocNode* n = params.find(key);
  return n ? std::stoi(n->scalar) : fallback;
}

bool StepCompile::flag(const char* key, bool fallback) const {
  const DocNode* n = params.find(key);
  return n ? n->scalar == "true" : fallback;
}

bool StepCompile::dealt_before() const {
  return std::any_of(rules.deal.begin(), rules.deal.end(), [](const DealStep& s) {
    return s.kind == DealStep::Kind::Deal || s.kind == DealStep::Kind::DealRest;
  });
}

std::string action_word_form_problem(const Ruleset& rules, bool deck_known, const std::string& word,
                                    std::string* expected) {
  static const std::regex form(R"(^[a-z0-9_]*[a-z][a-z0-9_]*$)");
  if (!std::regex_match(word, form)) {
    *expected = "letters a-z, digits and _, with a letter, such as 'reveal' or '1nt'";
    return " is not a single lowercase word";
  }
  // (accept, name, exchange, discard, declare: refused where their deal steps are, compile_turn_up.cc)
  for (const char* engine : {"hide", "bid", "raise", "take", "choose"})
    if (word == engine) return " is a word of the engine";
  std::string upper = word;
  for (auto& ch : upper) ch = char(std::toupper(static_cast<unsigned char>(ch)));
  if (deck_known && rules.deck.parse_card(upper) != kNoCard) return " could be read as a card";
  return {};
}

bool engine_bid_range(const DealStep& step, int* low, int* high) {
  if (step.kind != DealStep::Kind::Registered || !step.registered->numbered) return false;
  for (const NumberedAnswers& n : step.registered->numbered(step)) {
    if (!n.engine_bids || n.values.empty()) continue;
    if (low) *low = n.values.front();
    if (high) *high = n.values.back();
    return true;
  }
  return false;
}

bool engine_bid_range(const Ruleset& rules, int* low, int* high) {
  return std::any_of(rules.deal.begin(), rules.deal.end(),
                     [&](const DealStep& s) { return engine_bid_range(s, low, high); });
}

int action_word_index(const Ruleset& rules, const std::string& word) {
  auto it = std::lower_bound(rules.action_words.begin(), rules.action_words.end(), word);
  return it != rules.action_words.end() && *it == word ? int(it - rules.action_words.begin()) : -1;
}

SeatRef StepCompile::seat(const char* key, SeatRef fallback) const {
  // An absent key takes the fallback, checked the same way (errors at the step).
  const DocNode* n = params.find(key);
  // ORDER SEATREF
  static constexpr std::array<const char*, 7> words{"dealer", "dealer_next", "dealer_previous", "dealer_partner",
                                                    "bidder", "bidder_next", "bidder_partner"};
  SeatRef ref = fallback;
  for (size_t k = 0; n && k < words.size(); ++k)
    if (n->scalar == words[k]) ref = SeatRef(k);
  if (!n) n = &params;
  if (ref == SeatRef::DealerPartner || ref == SeatRef::BidderPartner) {
    bool partners = false;
    for (int s = 0; s < rules.seats; ++s)
      for (int o = 0; o < rules.seats; ++o) partners |= o != s && rules.team_of[size_t(o)] == rules.team_of[size_t(s)];
    if (!partners) error(*n, key, std::string(to_string(ref)) + " needs partnerships, but every seat plays alone");
  }
  if (is_bidder_ref(ref)) {
    // A bidder comes from an auction, a trump auction or a Lua step (game.set_contract).
    const bool maker = std::any_of(rules.deal.begin(), rules.deal.end(), [](const DealStep& s) {
      return s.kind == DealStep::Kind::TrumpAuction ||
             s.kind == DealStep::Kind::Script || (s.kind == DealStep::Kind::Registered && s.registered->names_bidder);
    });
    if (!maker)
      error(*n, key, "there is no bidder before this step",
            "an auction, trump_auction or Lua step before it, or another seat");
  }
  return ref;
}

Schema step_integer(int min, int max) {
  Schema s;
  s.type = SchemaType::Int;
  s.min = min;
  s.max = max;
  return s;
}

Schema step_flag() {
  Schema s;
  s.type = SchemaType::Bool;
  return s;
}

Schema step_words(std::vector<std::string> allowed) {
  Schema s;
  s.type = SchemaType::Enum;
  s.words = std::move(allowed);
  return s;
}

// ORDER SEATREF
Schema seat_word() {
  return step_words({"dealer", "dealer_next", "dealer_previous", "dealer_partner", "bidder", "bidder_next", "bidder_partner"});
}

SchemaField step_optional(std::string name, Schema schema, std::string default_text, std::string doc,
                          std::string example) {
  return {std::move(name), std::move(schema), false, std::move(default_text), std::move(doc), std::move(example)};
}

}  // namespace hukum
