#include "session/observation/action_ids.h"

#include <algorithm>

#include "ruleset/step_kind.h"

namespace hukum {

namespace {

void widen(ActionIds::Window* w, int low, int high) {
  if (high < low) return;
  if (w->high < w->low) {
    *w = {low, high};
    return;
  }
  w->low = std::min(w->low, low);
  w->high = std::max(w->high, high);
}

int window_size(ActionIds::Window w) { return w.high >= w.low ? w.high - w.low + 1 : 0; }

}  // namespace

ActionIds::ActionIds(const Ruleset& rules, Window hook_numbers) : rules_(rules) {
  const int deck = int(rules.deck.cards.size());
  // The most cards a seat may be dealt: the bids' highest number and the
  // default window of a hook's numbers (one per trick).
  const int per_seat = std::max(rules.hand_size, (deck + rules.seats - 1) / std::max(1, rules.seats));
  std::vector<NumberedAnswers> numbered;
  bool trump_auction = false, melds = rules.melds.at_first_card;
  for (const DealStep& step : rules.deal) {
    switch (step.kind) {
      case DealStep::Kind::TrumpAuction: trump_auction = true; break;
      case DealStep::Kind::Melds: melds = true; break;
      case DealStep::Kind::Raise: widen(&plain_, rules.raise.min, rules.raise.max); break;
      case DealStep::Kind::Bids: widen(&plain_, rules.bids.min, per_seat); break;
      case DealStep::Kind::Registered:
        if (step.registered && step.registered->numbered)
          for (NumberedAnswers& n : step.registered->numbered(step)) {
            // The engine's own bids ("bid 16") are plain numbers, in the window of bids and raises.
            if (n.engine_bids && !n.values.empty()) widen(&plain_, n.values.front(), n.values.back());
            else numbered.push_back(std::move(n));
          }
        break;
      default: break;
    }
  }
  hook_ = hook_numbers.high >= hook_numbers.low ? hook_numbers : Window{0, per_seat};

  // Blocks only where the ruleset has the step that offers them: "name
  // <suit>" comes from a trump auction, "declare" from melds; "accept" from
  // several kinds (a trump auction, a kitty), so it is always there.
  cards_ = deck;
  accept_ = true;
  declare_ = melds;
  specials_ = 1 + int(accept_) + int(declare_);  // pass, then accept, declare
  melds_ = melds ? kMeldSlots : 0;
  suits_ = trump_auction ? int(rules.deck.suits.size()) : 0;
  words_ = int(rules.action_words.size());
  numbers_ = window_size(plain_);
  int next = cards_ + specials_ + melds_ + suits_ + words_ + numbers_;
  // A step's numbered word has its own numbers; every word a hook offers may
  // be asked with a number (game.ask_number) and gets the hook window.
  for (int w = 0; w < words_; ++w) {
    const std::string& word = rules.action_words[size_t(w)];
    std::vector<int> values;
    for (const NumberedAnswers& n : numbered)
      if (n.word == word) values.insert(values.end(), n.values.begin(), n.values.end());
    if (values.empty() && rules.action_hooks.count(word))
      for (int v = hook_.low; v <= hook_.high; ++v) values.push_back(v);
    if (values.empty()) continue;
    std::sort(values.begin(), values.end());
    values.erase(std::unique(values.begin(), values.end()), values.end());
    blocks_.push_back({w, values, next});
    next += int(values.size());
  }
  numbered_ = next - (cards_ + specials_ + melds_ + suits_ + words_ + numbers_);
  builds_ = rules.fishing.builds ? rules.fishing.build_max + 1 : 0;
  build_ids_ = next;
  size_ = next + builds_;
}

ActionKind ActionIds::special_kind(int k) const {
  if (k == 0) return ActionKind::Pass;
  if (k == 1 && accept_) return ActionKind::Accept;
  return ActionKind::Meld;
}

const ActionIds::NumberedBlock* ActionIds::block_of(int word) const {
  for (const NumberedBlock& b : blocks_)
    if (b.word == word) return &b;
  return nullptr;
}

int ActionIds::id(const Action& a, const LegalActions& legal) const {
  const int specials = cards_, meld_ids = specials + specials_, suit_ids = meld_ids + melds_;
  const int word_ids = suit_ids + suits_, number_ids = word_ids + words_;
  switch (a.kind) {
    case ActionKind::Play:
    case ActionKind::SetAside:
    case ActionKind::Take:
    case ActionKind::Choose:
    case ActionKind::Exchange:
    case ActionKind::Discard: return a.card < cards_ ? int(a.card) : -1;
    case ActionKind::Build:
      if (a.card != kNoCard) return a.card < cards_ ? int(a.card) : -1;
      return a.value >= 0 && a.value < builds_ ? build_ids_ + a.value : -1;
    case ActionKind::Pass: return specials;
    case ActionKind::Accept: return accept_ ? specials + 1 : -1;
    case ActionKind::Meld: return declare_ ? specials + 1 + int(accept_) : -1;
    case ActionKind::DeclareOne: {
      auto it = std::find(legal.melds.begin(), legal.melds.end(), a);
      const int k = int(it - legal.melds.begin());
      return it != legal.melds.end() && k < melds_ ? meld_ids + k : -1;
    }
    case ActionKind::Name: return a.value >= 0 && a.value < suits_ ? suit_ids + a.value : -1;
    case ActionKind::Extra: return a.word < words_ ? word_ids + a.word : -1;
    case ActionKind::Bid:
    case ActionKind::Raise:
      return a.value >= plain_.low && a.value <= plain_.high ? number_ids + (a.value - plain_.low) : -1;
    case ActionKind::WordNumber: {
      const NumberedBlock* b = block_of(a.word);
      if (!b) return -1;
      auto it = std::lower_bound(b->values.begin(), b->values.end(), int(a.value));
      return it != b->values.end() && *it == a.value ? b->first + int(it - b->values.begin()) : -1;
    }
  }
  return -1;
}

bool ActionIds::action(int id, const LegalActions& legal, Action* out) const {
  if (id < 0 || id >= size_) return false;
  const int specials = cards_, meld_ids = specials + specials_, suit_ids = meld_ids + melds_;
  const int word_ids = suit_ids + suits_, number_ids = word_ids + words_, numbered_ids = number_ids + numbers_;
  Action a;
  if (id >= build_ids_) {
    a = Action{ActionKind::Build, kNoCard, 0, int16_t(id - build_ids_)};
  } else if (id < specials) {
    a = Action{legal.card_kind, Card(id), 0, 0};
  } else if (id < meld_ids) {
    a = Action{special_kind(id - specials), kNoCard, 0, 0};
  } else if (id < suit_ids) {
    const size_t k = size_t(id - meld_ids);
    if (k >= legal.melds.size()) return false;
    a = legal.melds[k];
  } else if (id < word_ids) {
    a = Action{ActionKind::Name, kNoCard, 0, int16_t(id - suit_ids)};
  } else if (id < number_ids) {
    a = Action{ActionKind::Extra, kNoCard, uint8_t(id - word_ids), 0};
  } else if (id < numbered_ids) {
    a = Action{legal.number_kind, kNoCard, 0, int16_t(plain_.low + (id - number_ids))};
  } else {
    const NumberedBlock* hit = nullptr;
    for (const NumberedBlock& b : blocks_)
      if (id >= b.first && id < b.first + int(b.values.size())) hit = &b;
    if (!hit) return false;
    a = Action{ActionKind::WordNumber, kNoCard, uint8_t(hit->word), int16_t(hit->values[size_t(id - hit->first)])};
  }
  if (!legal.contains(a)) return false;
  *out = a;
  return true;
}

std::string ActionIds::describe(int id) const {
  if (id < 0 || id >= size_) return "";
  const int specials = cards_, meld_ids = specials + specials_, suit_ids = meld_ids + melds_;
  const int word_ids = suit_ids + suits_, number_ids = word_ids + words_, numbered_ids = number_ids + numbers_;
  if (id < specials) return "card " + rules_.deck.card_text(Card(id));
  if (id >= build_ids_) return "build " + std::to_string(id - build_ids_);
  if (id < meld_ids) {
    const ActionKind kind = special_kind(id - specials);
    return kind == ActionKind::Pass ? "pass" : kind == ActionKind::Accept ? "accept" : "declare";
  }
  if (id < suit_ids) return "meld " + std::to_string(id - meld_ids);
  if (id < word_ids) return "name " + rules_.deck.suits[size_t(id - suit_ids)];
  if (id < number_ids) return "word " + rules_.action_words[size_t(id - word_ids)];
  if (id < numbered_ids) return "number " + std::to_string(plain_.low + (id - number_ids));
  for (const NumberedBlock& b : blocks_)
    if (id >= b.first && id < b.first + int(b.values.size()))
      return rules_.action_words[size_t(b.word)] + " " + std::to_string(b.values[size_t(id - b.first)]);
  return "";
}

}  // namespace hukum
