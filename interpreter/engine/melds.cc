// Declarations (melds) as data (deal step `melds`, rules in Ruleset::melds):
// finding the sequences, sets and named groups a hand holds, and announcing
// them in turn from the dealer's next seat. A declared meld is shown to
// everyone: its cards become known (revealed) though they stay in the hand,
// and its points count for the declarer's team. When declaring is optional
// every seat is asked in turn (declare or pass), with or without melds, so
// being asked tells nobody what a hand holds.
#include <algorithm>
#include <bit>

#include "engine/meld_action.h"
#include "engine/state.h"

namespace hukum {

namespace {

// The value of a run of `length` cards: its listed length, or the longest
// listed length not above it; lengths past the table score as its last entry.
int run_value(const std::vector<int>& values, int length) {
  if (values.empty()) return 0;
  for (int l = std::min(length, int(values.size()) - 1); l >= 2; --l)
    if (values[size_t(l)] > 0) return values[size_t(l)];
  return 0;
}

void add_run(const MeldRules& m, const std::vector<Card>& run, int seat, std::vector<Meld>* out) {
  const int longest = int(m.sequence_values.size()) - 1;
  size_t at = 0;
  int left = int(run.size());
  // split_long_runs: cut off runs of the longest listed length from the top first.
  while (m.split_long_runs && left > longest) {
    Meld meld{int8_t(seat), Meld::Kind::Sequence, 0, CardSet(), run_value(m.sequence_values, longest)};
    for (int k = 0; k < longest; ++k) meld.cards.add(run[at++]);
    out->push_back(meld);
    left -= longest;
  }
  const int value = run_value(m.sequence_values, left);
  if (value <= 0) return;
  Meld meld{int8_t(seat), Meld::Kind::Sequence, 0, CardSet(), value};
  for (; at < run.size(); ++at) meld.cards.add(run[at]);
  out->push_back(meld);
}

// The higher a meld's top card, the lower this number: its best rank's place
// in melds.sequences.order, or in the deck's rank list when no run scores.
int top_place(const Ruleset& rules, const Meld& meld) {
  int top = kMaxRanks;
  for (Card c : meld.cards) {
    const int rank = rules.deck.cards[c].rank;
    const int place = rules.melds.sequence_order.empty() ? rank : rules.melds.sequence_position[size_t(rank)];
    if (place >= 0) top = std::min(top, place);
  }
  return top;
}

// melds.score best_team: does `a` beat `b`? Each criterion of
// melds.best_by in turn (the higher value, more cards, the higher top card, a
// meld all in trumps). Equal melds: the one declared first stands (the
// caller keeps the earlier on a tie).
bool better_meld(const Ruleset& rules, int trump, const Meld& a, const Meld& b) {
  auto in_trumps = [&](const Meld& m) {
    return trump >= 0 && trump < kMaxSuits && (m.cards & ~rules.deck.suit_mask[size_t(trump)]).empty();
  };
  using C = MeldRules::Criterion;
  for (C criterion : rules.melds.best_by) {
    int ka = 0, kb = 0;  // higher is better
    switch (criterion) {
      case C::Value: ka = a.value, kb = b.value; break;
      case C::Cards: ka = int(a.cards.size()), kb = int(b.cards.size()); break;
      case C::TopCard: ka = -top_place(rules, a), kb = -top_place(rules, b); break;
      case C::Trump: ka = in_trumps(a), kb = in_trumps(b); break;
    }
    if (ka != kb) return ka > kb;
  }
  return false;
}

// game.meld's error for a name melds.named does not list (the name cut
// short: it comes from a script).
std::string unknown_meld_name(const std::vector<std::string>& named, const std::string& name) {
  std::string out = "'" + name.substr(0, 40) + (name.size() > 40 ? "...'" : "'") + " is not a meld name of this game";
  if (named.empty()) return out + " (list it in melds.named)";
  const char* sep = " (melds.named lists '";
  for (const auto& n : named) out += sep + n + "'", sep = ", '";
  return out + ")";
}

enum MeldKinds : unsigned { kRuns = 1, kSets = 2, kGroups = 4, kAllKinds = 7 };

// Each kind of `kinds` found once in `hand`, appended to `out`. Hot path
// (random play declares every deal): bit masks per suit, cards looked up only
// for the melds actually found.
void find_melds_once(const Ruleset& rules, CardSet hand, int trump, int seat, unsigned kinds, std::vector<Meld>* out) {
  const MeldRules& m = rules.melds;
  const Deck& deck = rules.deck;
  std::array<uint32_t, kMaxSuits> ranks_held{};  // per suit, a bit per rank
  std::array<uint32_t, kMaxSuits> run_bits{};   // per suit, a bit per place in sequence_order
  std::array<uint8_t, kMaxRanks> of_rank{};
  const bool sequences = (kinds & kRuns) && !m.sequence_values.empty();
  for (Card c : hand) {
    const CardDef& d = deck.cards[c];
    ranks_held[d.suit] |= 1u << d.rank;
    ++of_rank[d.rank];
    if (sequences && m.sequence_position[d.rank] >= 0)
      run_bits[d.suit] |= 1u << m.sequence_position[d.rank];
  }
  // The first card held of a suit and rank.
  auto card_of = [&](int suit, int rank) {
    for (Card c : hand & deck.suit_mask[size_t(suit)])
      if (deck.cards[c].rank == rank) return c;
    return kNoCard;
  };
  if (sequences) {
    std::vector<Card> run;
    for (int s = 0; s < int(deck.suits.size()); ++s) {
      uint32_t bits = run_bits[size_t(s)];
      if (popcount64(bits) < m.shortest_run) continue;
      while (bits) {
        const int first = std::countr_zero(bits);
        const int length = std::countr_one(bits >> first);
        bits &= ~uint32_t(((uint64_t(1) << length) - 1) << first);  // 64-bit: a run of all 32 ranks
        if (length < m.shortest_run) continue;
        run.clear();
        for (int p = first; p < first + length; ++p) run.push_back(card_of(s, m.sequence_order[size_t(p)]));
        add_run(m, run, seat, out);
      }
    }
  }
  for (size_t i = 0; i < m.sets.size() && (kinds & kSets); ++i) {
    const MeldRules::Set& set = m.sets[i];
    for (int rank = 0; rank < int(deck.ranks.size()); ++rank) {
      if (of_rank[size_t(rank)] < set.count) continue;
      if (!set.ranks.empty() && std::find(set.ranks.begin(), set.ranks.end(), rank) == set.ranks.end()) continue;
      uint32_t suits_taken = 0;  // suits: different takes the first card held of each suit
      if (set.different_suits) {
        int suits = 0;
        for (int s = 0; s < int(deck.suits.size()); ++s) suits += (ranks_held[size_t(s)] >> rank) & 1;
        if (suits < set.count) continue;
      }
      Meld meld{int8_t(seat), Meld::Kind::Set, uint8_t(i), CardSet(), set.value};
      for (Card c : hand) {
        if (deck.cards[c].rank != rank || meld.cards.size() >= set.count) continue;
        if (set.different_suits && ((suits_taken >> deck.cards[c].suit) & 1)) continue;
        suits_taken |= 1u << deck.cards[c].suit;
        meld.cards.add(c);
      }
      out->push_back(meld);
    }
  }
  for (size_t i = 0; i < m.groups.size() && (kinds & kGroups); ++i) {
    const MeldRules::Group& group = m.groups[i];
    if (!group.faces.empty()) {  // these cards, of whatever suits
      Meld meld{int8_t(seat), Meld::Kind::Group, uint8_t(i), CardSet(), group.value};
      bool held = true;
      for (const auto& [suit, rank] : group.faces) {
        const Card c = card_of(suit, rank);
        held &= c != kNoCard;
        meld.cards.add(c);
      }
      if (held) out->push_back(meld);
      continue;
    }
    for (int s = 0; s < int(deck.suits.size()); ++s) {
      if ((group.trump_only && s != trump) || (ranks_held[size_t(s)] & group.rank_mask) != group.rank_mask) continue;
      Meld meld{int8_t(seat), Meld::Kind::Group, uint8_t(i), CardSet(), group.value};
      for (int rank : group.ranks) meld.cards.add(card_of(s, rank));
      out->push_back(meld);
    }
  }
}

// A set of the same rank or a group of the same suit (a group of cards: the
// same cards): the same meld held again.
bool same_face(const Ruleset& rules, const Meld& a, const Meld& b) {
  if (a.kind != b.kind || a.rule != b.rule || a.kind == Meld::Kind::Sequence) return false;
  if (a.kind == Meld::Kind::Group && !rules.melds.groups[a.rule].faces.empty()) return true;
  const CardDef& x = rules.deck.cards[a.cards.first()];
  const CardDef& y = rules.deck.cards[b.cards.first()];
  return a.kind == Meld::Kind::Set ? x.rank == y.rank : x.suit == y.suit;
}

// With several packs (MeldRules::repeats) each kind is looked for again in
// the cards its earlier finds left, so a meld held twice is found twice, with
// other copies; a set or group with `doubled` held twice becomes one meld of
// that value.
void find_repeated_melds(const Ruleset& rules, CardSet hand, int trump, int seat, std::vector<Meld>* out) {
  for (unsigned kind : {kRuns, kSets, kGroups}) {
    const size_t first = out->size();
    CardSet left = hand;
    for (;;) {  // each round takes cards out of `left`: at most as many rounds as cards
      const size_t before = out->size();
      find_melds_once(rules, left, trump, seat, kind, out);
      if (out->size() == before) break;
      for (size_t k = before; k < out->size(); ++k) left &= ~(*out)[k].cards;
    }
    for (size_t a = first; a < out->size(); ++a) {
      Meld& meld = (*out)[a];
      const int doubled = meld.kind == Meld::Kind::Set     ? rules.melds.sets[meld.rule].doubled
                          : meld.kind == Meld::Kind::Group ? rules.melds.groups[meld.rule].doubled
                                                           : -1;
      if (doubled < 0) continue;
      for (size_t b = a + 1; b < out->size(); ++b) {
        if (!same_face(rules, meld, (*out)[b]) || meld.cards.size() != (*out)[b].cards.size()) continue;
        meld.cards |= (*out)[b].cards;
        meld.value = doubled;
        out->erase(out->begin() + std::ptrdiff_t(b));
        break;
      }
    }
  }
}

}  // namespace

void find_melds(const Ruleset& rules, CardSet hand, int trump, int seat, std::vector<Meld>* out) {
  out->clear();
  if (rules.melds.repeats) [[unlikely]]
    find_repeated_melds(rules, hand, trump, seat, out);
  else
    find_melds_once(rules, hand, trump, seat, kAllKinds, out);
}

std::vector<Card> meld_cards_in_order(const Ruleset& rules, const Meld& meld) {
  std::vector<Card> cards;
  for (Card c : meld.cards) cards.push_back(c);
  if (meld.kind == Meld::Kind::Sequence) {
    const auto& position = rules.melds.sequence_position;
    std::sort(cards.begin(), cards.end(), [&](Card a, Card b) {
      return position[rules.deck.cards[a].rank] < position[rules.deck.cards[b].rank];
    });
  }
  return cards;
}

const char* meld_name(const Ruleset& rules, const Meld& meld) {
  const MeldRules& m = rules.melds;
  switch (meld.kind) {
    case Meld::Kind::Sequence: return "sequence";
    case Meld::Kind::Set: return meld.rule < m.sets.size() ? m.sets[meld.rule].name.c_str() : "?";
    case Meld::Kind::Group: return meld.rule < m.groups.size() ? m.groups[meld.rule].name.c_str() : "?";
    case Meld::Kind::Named: return meld.rule < m.named.size() ? m.named[meld.rule].c_str() : "?";
  }
  return "?";
}

std::string meld_text(const Ruleset& rules, const Meld& meld) {
  std::string out = meld_name(rules, meld);
  for (Card c : meld_cards_in_order(rules, meld)) out += " " + rules.deck.card_text(c);
  return out + " (" + std::to_string(meld.value) + ")";
}

// The next seat to declare: automatic declarations are made at once; true
// when a seat must choose (phase Melds), false once every seat has had its turn.
bool GameState::next_meld_seat() {
  while (meld_turn_ < rules_.seats) {
    int seat = seat_ref(SeatRef::DealerNext);
    for (int i = 0; i < meld_turn_; ++i) seat = next_seat(seat);
    if (sits_out(seat)) {
      ++meld_turn_;
      continue;
    }
    if (rules_.melds.optional) {
      phase_ = Phase::Question;
      to_move_ = seat;
      update_legal();
      return true;
    }
    find_melds(rules_, hand_[size_t(seat)], trump_suit_, seat, &found_melds_);
    declare_melds(seat);
    ++meld_turn_;
  }
  settle_melds();
  return false;
}

// Every seat has declared: with melds.score best_team only the side of the
// best meld keeps its points (the others' melds stay shown).
void GameState::settle_melds() {
  if (!rules_.melds.best_team_only || melds_.empty()) return;
  size_t best = 0;
  for (size_t i = 1; i < melds_.size(); ++i)
    if (better_meld(rules_, trump_suit_, melds_[i], melds_[best])) best = i;
  const int team = rules_.team_of[size_t(melds_[best].seat)];
  for (int t = 0; t < rules_.teams; ++t)
    if (t != team) meld_points_[size_t(t)] = 0;
  if (sink_) sink_->best_meld(melds_[best]);
}

// game.meld(seat, name, cards, value): a meld the data cannot find, declared
// by a hook at any point of the deal (a couple of trumps as its second card is
// played). It is shown, logged and scored like the others: the cards still
// in the seat's hand become known to every seat.
std::string GameState::declare_meld(int seat, const std::string& name, CardSet cards, int value) {
  const auto& named = rules_.melds.named;
  const auto it = std::find(named.begin(), named.end(), name);
  if (it == named.end()) return unknown_meld_name(named, name);
  if (seat < 0 || seat >= rules_.seats) return "no such seat";
  if (cards.empty()) return "a meld needs at least one card";
  if (value < -kMaxMeldValue || value > kMaxMeldValue)
    return "a meld's value is from " + std::to_string(-kMaxMeldValue) + " to " + std::to_string(kMaxMeldValue);
  if (melds_.size() >= kMaxMelds) return "at most " + std::to_string(kMaxMelds) + " melds in a deal";
  const Meld meld{int8_t(seat), Meld::Kind::Named, uint8_t(it - named.begin()), cards, value};
  melds_.push_back(meld);
  meld_points_[size_t(rules_.team_of[size_t(seat)])] += value;
  revealed_ |= cards & hand_[size_t(seat)];  // cards already played are known anyway
  if (sink_) sink_->melds_declared(seat, {meld});
  return {};
}

// `found_melds_` must hold the seat's melds (update_legal finds them for the seat to move).
void GameState::declare_melds(int seat) {
  if (found_melds_.empty()) return;
  for (const Meld& m : found_melds_) {
    melds_.push_back(m);
    meld_points_[rules_.team_of[size_t(seat)]] += m.value;
    revealed_ |= m.cards;  // shown to all, taken back into the hand
  }
  if (sink_) sink_->melds_declared(seat, found_melds_);
}

// The seat to move's melds not yet declared, into found_melds_ (a seat that
// declares one at a time keeps the turn until it passes or has none left).
void GameState::find_undeclared_melds() {
  find_melds(rules_, hand_[size_t(to_move_)], trump_suit_, to_move_, &found_melds_);
  std::erase_if(found_melds_, [&](const Meld& m) {
    return std::any_of(melds_.begin(), melds_.end(), [&](const Meld& d) {
      return d.seat == m.seat && d.kind == m.kind && d.rule == m.rule && d.cards == m.cards;
    });
  });
}

// The seat to move's undeclared melds as answers: all of them ("declare"),
// or one at a time ("declare KH QH JH"). With several packs only all at once:
// a meld's action names its cards by face, and two copies share one face.
static void offer_melds(const Ruleset& rules, const std::vector<Meld>& found, LegalActions* out) {
  out->can_declare = !found.empty();
  out->melds.clear();
  if (rules.melds.repeats) return;
  for (const Meld& m : found) out->melds.push_back(meld_action(rules, m));
}

// Declare them all, one of them, or pass.
void GameState::legal_melds(LegalActions* out) {
  out->can_pass = true;
  find_undeclared_melds();
  offer_melds(rules_, found_melds_, out);
}

// melds.at first_card: at its first turn a seat may declare its melds beside
// playing a card (its card ends its turn to declare); not optional, they are
// declared for it as the card is played (end_meld_turn).
void GameState::offer_melds_in_play(LegalActions* out) {
  if (!((melds_due_ >> to_move_) & 1) || !rules_.melds.optional) return;
  find_undeclared_melds();
  offer_melds(rules_, found_melds_, out);
}

bool GameState::apply_meld_in_play(const Action& action) {
  hook_actions_in_row_ = 0;
  find_undeclared_melds();
  if (action.kind == ActionKind::DeclareOne) {
    Meld named;
    meld_of_action(rules_, action, &named);  // legal, so it names one of found_melds_
    std::erase_if(found_melds_, [&](const Meld& m) {
      return m.kind != named.kind || m.rule != named.rule || m.cards != named.cards;
    });
  }
  declare_melds(to_move_);
  update_legal();  // the same seat goes on: its card, or more melds
  return !legal_filter_hook_ || run_legal_filter();
}

void GameState::end_meld_turn(int seat) {
  if (!((melds_due_ >> seat) & 1)) return;
  melds_due_ &= uint16_t(~(1u << seat));
  if (rules_.melds.optional) return;
  find_melds(rules_, hand_[size_t(seat)], trump_suit_, seat, &found_melds_);
  declare_melds(seat);
}

bool GameState::apply_meld(const Action& action) {
  hook_actions_in_row_ = 0;
  if (action.kind == ActionKind::DeclareOne) {
    Meld named;
    meld_of_action(rules_, action, &named);  // legal, so it names one of found_melds_
    auto it = std::find_if(found_melds_.begin(), found_melds_.end(), [&](const Meld& m) {
      return m.kind == named.kind && m.rule == named.rule && m.cards == named.cards;
    });
    if (it != found_melds_.end()) {
      const Meld one = *it;
      found_melds_.assign(1, one);
      declare_melds(to_move_);
      find_undeclared_melds();
      if (!found_melds_.empty()) {  // more to declare or pass: the same seat goes on
        update_legal();
        return true;
      }
    }
  }
  if (action.kind == ActionKind::Meld) declare_melds(to_move_);
  ++meld_turn_;
  if (next_meld_seat()) return true;
  return advance_plan() && run_deal_plan();
}

}  // namespace hukum
