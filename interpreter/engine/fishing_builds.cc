// Captures of every set at once (fishing.capture.sets: all) and builds
// (fishing.builds): the rules of the fishing games that build, as data.
//
// The layout is made of *units*: loose cards, and builds (cards laid together
// for a value, owned by a seat), each taken only whole. A set is units whose
// values add up to a target; a build of the target's value is a set alone.
//
// With sets: all, a capture takes one set after another until no set of the
// card's value is left: its player names the cards of the set he wants
// (`take 4S`, as for sums) while several that share cards remain; a single
// remaining set, or sets that share no card, are taken at once. So a card takes as many sets as it can, every build of its
// value included.
//
// A build is offered for each value v its player holds another card of: the
// played card joins layout cards adding up to v with it (its first set), or,
// with builds.increase, a build of a single set that it alone raises to v;
// then, as for captures, every other set of value v on the layout joins,
// builds of v included (a build of several sets). `build 8` picks the value;
// `build 3S` names the cards while several choices remain. The owner of a
// build may not trail (`pass`, or a card that can do nothing), nor build with
// the last card that captures one of his builds unless that build goes into
// the new one.
#include <bit>
#include <type_traits>

#include "engine/state.h"
#include "engine/transfer.h"

namespace hukum {

namespace {

// The layout's units for one search, a few bytes each (left uninitialised
// and filled up to n: clearing arrays on every card that arrives cost more
// than the search). Every unit holds a card of its own, so a deck's 128 cards
// bound their number.
struct Units {
  static constexpr int kMax = kMaxCards;
  int n = 0;
  uint8_t value[kMax];
  bool build[kMax];
  uint8_t ref[kMax];  // a loose card, or a build's index
};

inline uint64_t unit_bit(uint64_t, int i) { return uint64_t(1) << i; }
inline CardSet unit_bit(CardSet, int i) { return CardSet::of(Card(i)); }

// The sets of units adding up to a target that contain the units `need`: how
// many, the units of all of them, and the last one found (the only one when
// there is one), a bit per unit: one machine word up to 64 units (always, in
// play), a card set's two beyond. A build is a set alone, never part of a
// sum: captured whole by a card of its value, or raised by the played card
// alone (pagat's rule: table cards of the new value may join the raised build
// afterwards, as further sets).
template <class Mask>
struct UnitSearch {
  const Units& units;
  Mask need;
  Mask* record = nullptr;  // when given: every set found, up to `room`
  int room = 0;
  int sets = 0;
  Mask all{}, last{};

  void found(Mask set) {
    if ((set & need) != need) return;
    if (sets < room) record[sets] = set;
    ++sets;
    all = all | set;
    last = set;
  }
  void run(int from, int left, Mask chosen) {
    if (left == 0) return found(chosen);
    for (int i = from; i < units.n; ++i) {
      const int v = units.value[i];
      if (v > left) continue;
      if (units.build[i]) {
        if (chosen == Mask{} && v == left) found(unit_bit(Mask{}, i));
        continue;
      }
      run(i + 1, left - v, chosen | unit_bit(Mask{}, i));
    }
  }
};

}  // namespace

bool GameState::uses_unit_sets(Card card) const {
  const FishingRules& f = rules_.fishing;
  return (f.all_sets || f.builds) && !f.same_rank[size_t(rules_.deck.cards[card].rank)];
}

int GameState::build_of(Card card) const {
  for (int i = 0; i < build_count_; ++i)
    if (builds_[size_t(i)].cards.contains(card)) return i;
  return -1;
}

bool GameState::owns_build(int seat) const {
  for (int i = 0; i < build_count_; ++i)
    if (builds_[size_t(i)].owner == seat) return true;
  return false;
}

// A build stays only while every one of its cards is on the layout (a hook's
// game.move may take one away: the rest are loose cards again).
void GameState::prune_builds() {
  int kept = 0;
  for (int i = 0; i < build_count_; ++i)
    if ((builds_[size_t(i)].cards & ~layout_).empty()) builds_[size_t(kept++)] = builds_[size_t(i)];
  build_count_ = uint8_t(kept);
  unit_sets_.target = -1;  // the units changed
}

// The sets of the memo (unit_sets_) with no card claimed since that hold
// `taken`: what a search would find, as claiming only takes units away (a set
// of the units left is a set of the memo's, which had them all).
GameState::SumChoice GameState::memo_choice(CardSet taken) const {
  SumChoice out;
  for (int i = 0; i < unit_sets_.count; ++i) {  // without branches: which sets stay is anyone's guess
    const CardSet set = unit_sets_.sets[size_t(i)];
    const bool keep = (set & claimed_).empty() & ((set & taken) == taken);
    out.sets += int(keep);
    out.cards |= keep ? set : CardSet();
    out.only = keep ? set : out.only;
  }
  out.cards = out.cards & ~taken;
  if (out.sets != 1) out.only = CardSet();
  return out;
}

// The sets adding up to `target` among the layout's units not claimed yet,
// containing `taken`. For a capture (or a build's further sets): loose cards
// and the builds of exactly that value. For a build's first set (Raise): loose
// cards and the builds of one set that may be raised.
GameState::SumChoice GameState::unit_choice(int target, UnitsFor kind, CardSet taken) const {
  SumChoice out;
  if (target <= 0) return out;
  // A capture goes on set after set, each a search on the same layout: the
  // first, with nothing claimed, keeps its sets, and the others pick from them.
  if (unit_sets_.target == target && unit_sets_.kind == uint8_t(kind) && unit_sets_.layout == layout_)
    return memo_choice(taken);
  Units units;
  CardSet in_builds, covered;
  int n = 0;
  CardSet need_wide;  // the units holding a taken card
  // The builds first (claimed ones are out), then the loose cards of a value up to the target.
  for (int i = 0; i < build_count_; ++i) {
    const LayoutBuild& b = builds_[size_t(i)];
    in_builds |= b.cards;
    if (!(b.cards & claimed_).empty()) continue;
    if (kind == UnitsFor::Capture) {
      if (b.value != target) continue;
    } else {
      if (!rules_.fishing.build_increase) continue;
      int total = 0;
      for (Card c : b.cards) total += card_value(c);
      if (total != b.value) continue;  // raised only while it holds one set
    }
    units.value[n] = uint8_t(b.value);
    units.build[n] = true;
    units.ref[n] = uint8_t(i);
    if (!(b.cards & taken).empty()) need_wide.add(Card(n)), covered |= b.cards & taken;
    ++n;
  }
  const int builds = n;
  for (Card c : layout_ & ~in_builds & ~claimed_) {
    // Written always, kept when its value is 1 to the target: no branch, as
    // the values come in any order (a branch here was mispredicted a third of
    // the time). At most one unit per card: n stays below kMax.
    const int v = card_value(c);
    units.value[n] = uint8_t(v);
    units.build[n] = false;
    units.ref[n] = c;
    n += int(unsigned(v - 1) < unsigned(target));
  }
  if (!taken.empty())
    for (int i = builds; i < n; ++i)
      if (taken.contains(units.ref[i])) need_wide.add(Card(i)), covered.add(units.ref[i]);
  if (covered != taken) return out;  // a card taken that is in no unit: no set holds it
  units.n = n;
  auto cards_of = [&](auto bits) {
    CardSet cards;
    auto add = [&](int i) { cards |= units.build[i] ? builds_[units.ref[i]].cards : CardSet::of(units.ref[i]); };
    if constexpr (std::is_same_v<decltype(bits), uint64_t>) {
      for (uint64_t b = bits; b; b &= b - 1) add(std::countr_zero(b));
    } else {
      for (Card i : bits) add(i);
    }
    return cards;
  };
  auto finish = [&](auto& search) {
    search.run(0, target, {});
    out.sets = search.sets;
    out.cards = cards_of(search.all) & ~taken;
    if (search.sets == 1) out.only = cards_of(search.last);
  };
  if (n <= 64 && claimed_.empty() && target < 128) {  // every set, kept when they are few
    uint64_t found[kMemoSets];
    UnitSearch<uint64_t> search{units, 0, found, kMemoSets};
    search.run(0, target, 0);
    if (search.sets <= kMemoSets) {
      unit_sets_.layout = layout_;
      unit_sets_.target = int8_t(target);
      unit_sets_.kind = uint8_t(kind);
      unit_sets_.count = uint8_t(search.sets);
      for (int i = 0; i < search.sets; ++i) unit_sets_.sets[size_t(i)] = cards_of(found[i]);
      return memo_choice(taken);
    }
  }
  if (n <= 64) {
    UnitSearch<uint64_t> search{units, need_wide.low_word()};
    finish(search);
  } else {
    UnitSearch<CardSet> search{units, need_wide};
    finish(search);
  }
  return out;
}

// The sums the loose layout cards make, as bits: bit t when some of them add
// up to t (bit 0: none at all). A few shifts where a search would list sets.
// Asked several times for one layout (whether a card captures, what it may
// build, each card of a builder's hand): kept for the loose cards it was
// computed for.
uint32_t GameState::loose_sums() const {
  CardSet loose = layout_;
  for (int i = 0; i < build_count_; ++i) loose = loose & ~builds_[size_t(i)].cards;
  if (loose == sums_of_ && sums_ != 0) return sums_;
  uint32_t sums = 1;
  for (Card c : loose)  // a few cards: each one's value, not a pass over every value (a value 0 adds nothing)
    if (const unsigned v = unsigned(card_value(c)); v < 32) sums |= sums << v;
  sums_of_ = loose;
  sums_ = sums;
  return sums;
}

// Whether `by` captures anything: a build of its value, or loose cards adding up to it.
bool GameState::can_capture(Card by) const {
  const int own = card_value(by);
  if (own <= 0) return false;
  for (int i = 0; i < build_count_; ++i)
    if (builds_[size_t(i)].value == own) return true;
  return own < 32 ? (loose_sums() >> own) & 1 : unit_choice(own, UnitsFor::Capture, CardSet()).sets > 0;
}

// What `cards` are worth as units: a build counts its value once, a loose
// card its own. Sets of one value that share no unit are worth exactly their
// number times that value together; sets that overlap, less.
int GameState::units_value(CardSet cards) const {
  int total = 0;
  for (int i = 0; i < build_count_; ++i)
    if (!(builds_[size_t(i)].cards & cards).empty()) {
      total += builds_[size_t(i)].value;
      cards = cards & ~builds_[size_t(i)].cards;
    }
  for (Card c : cards) total += card_value(c);
  return total;
}

// The build the seat must raise when it builds `value` with `by`: its own
// build of by's value, when `by` is its last card to capture it (else the
// build would be left without one). Empty when there is none.
CardSet GameState::required_raise(int seat, Card by, int value) const {
  const int own = card_value(by);
  if (value == own) return CardSet();  // a build of by's value joins the new build anyway
  for (int i = 0; i < build_count_; ++i) {
    const LayoutBuild& b = builds_[size_t(i)];
    if (b.owner != seat || b.value != own) continue;
    for (Card c : hand_[size_t(seat)] & ~CardSet::of(by))
      if (card_value(c) == own) return CardSet();
    return b.cards;
  }
  return CardSet();
}

// The values `by` (from `seat`'s hand) may build: each needs another card of
// that value in the hand to capture the build, and a first set for it.
uint32_t GameState::build_values_for(int seat, Card by) const {
  const FishingRules& f = rules_.fishing;
  if (!f.builds || build_count_ >= kMaxBuilds) return 0;
  const int own = card_value(by);
  if (own <= 0 || own > f.build_max) return 0;
  uint32_t held = 0;
  for (Card c : hand_[size_t(seat)] & ~CardSet::of(by)) {  // the values from own to build_max, without a branch
    const int v = card_value(c);
    held |= uint32_t(unsigned(v - own) <= unsigned(f.build_max - own)) << (v & 31);
  }
  if (held == 0) return 0;
  // Which sums the layout makes, as bits (bit t: some units add up to t): the
  // loose cards, then with one build of a single set that may be raised. A
  // few shifts instead of a search per value: this runs on every card played.
  const uint32_t loose = loose_sums();
  uint32_t of_builds = 0, raise = 0;
  for (int i = 0; i < build_count_; ++i) {
    const LayoutBuild& b = builds_[size_t(i)];
    of_builds |= 1u << b.value;
    int total = 0;
    for (Card c : b.cards) total += card_value(c);
    if (total == b.value && f.build_increase && b.value < 32) raise |= 1u << b.value;  // raised by the card alone
  }
  raise |= loose;
  // The seat's own build it must raise, the same for every value above own.
  const CardSet must = build_count_ > 0 && (held & ~((2u << own) - 1)) != 0 ? required_raise(seat, by, own + 1) : CardSet();
  uint32_t out = 0;
  for (uint32_t values = held; values; values &= values - 1) {  // the values held, each at least own
    const int v = std::countr_zero(values);
    // A build of the played card's own value needs another set of it on the
    // layout; a higher one, layout units making up the difference (with the
    // seat's own build in them when it must be raised: a search, rarely).
    bool possible;
    if (v == own) possible = ((loose | of_builds) >> v) & 1;
    else if (!must.empty()) possible = unit_choice(v - own, UnitsFor::Raise, must).sets > 0;
    else possible = (raise >> (v - own)) & 1;
    if (possible) out |= 1u << v;
  }
  return out;
}

// The hand cards a seat that owns a build may play: those that capture or
// build (it may not trail). A capture always keeps its builds covered: it
// takes every build of the card's value, and the others keep their cards.
CardSet GameState::playable_by_builder(CardSet hand) const {
  CardSet out;
  for (Card card : hand) {
    const bool captures = uses_unit_sets(card) ? can_capture(card) : !(layout_ & rules_.fishing.captures[card]).empty();
    if (captures || build_values_for(to_move_, card) != 0) out.add(card);
  }
  return out;
}

// `by` arrives (capture.sets: all, or builds): settled at once when it can do
// one thing only and must, else its player chooses: a capture's cards
// (`take`), a build's value (`build 8`), or a trail (`pass`).
bool GameState::offer_options(Card by, Place from) {
  const FishingRules& f = rules_.fishing;
  const int seat = to_move_;
  const bool from_hand = from.zone == Zone::Hand;
  claimed_ = taking_ = CardSet();
  const SumChoice captures = can_capture(by) ? unit_choice(card_value(by), UnitsFor::Capture, CardSet()) : SumChoice{};
  build_values_ = from_hand && (!f.compulsory || captures.sets == 0) ? build_values_for(seat, by) : 0;
  const bool builder = from_hand && owns_build(seat);
  if (captures.sets == 0 && build_values_ == 0) {  // a trail
    transfer(CardSet::of(by), from, kLayoutPlace);
    if (sink_) sink_->laid_out(seat, by);
    return true;
  }
  unit_capture_ = true;
  // Settled at once only when the player has no choice to make (checked in
  // that order: the units' worth is summed only then).
  if (build_values_ == 0 && (f.compulsory || builder) &&
      (captures.sets == 1 || units_value(captures.cards) == captures.sets * card_value(by)))
    return continue_capture(by, from, &captures);
  if (from.zone != Zone::Pending) transfer(CardSet::of(by), from, kPendingPlace);
  targets_ = captures.cards;
  may_decline_ = !f.compulsory && !builder;
  phase_ = Phase::ChooseCapture;
  return false;
}

// The capture goes on, set after set (the cards named so far in taking_):
// true when it is settled (the cards are taken), false when the player names
// the next set's cards.
bool GameState::continue_capture(Card by, Place from, const SumChoice* first) {
  const int value = card_value(by);
  for (;;) {
    // `first`: offer_options' search, the same as this one's first (nothing claimed or named yet).
    const bool every_set = taking_.empty();  // the search counts every set left
    SumChoice choice = first ? *first : unit_choice(value, UnitsFor::Capture, taking_);
    first = nullptr;
    // Sets that share no card are all taken, in any order: no question.
    if (choice.sets == 1 || (choice.sets > 1 && every_set && units_value(choice.cards) == choice.sets * value)) {
      claimed_ |= choice.sets == 1 ? choice.only : choice.cards;
      taking_ = CardSet();
      if (!every_set) continue;
      choice.sets = 0;  // every set there was is claimed: a search of what is left would find none
    }
    if (choice.sets == 0) {  // no set left: the capture is made
      const CardSet taken = claimed_;
      claimed_ = targets_ = CardSet();
      unit_capture_ = may_decline_ = false;
      build_values_ = 0;
      capture(to_move_, by, from, taken);
      return true;
    }
    if (from.zone != Zone::Pending) transfer(CardSet::of(by), from, kPendingPlace);
    targets_ = choice.cards;
    may_decline_ = false;
    build_values_ = 0;
    phase_ = Phase::ChooseCapture;
    return false;
  }
}

// The build goes on: its first set (with the played card), then every other
// set of its value, each named while several remain. True when the build is
// made, false when the player names more cards.
bool GameState::continue_build() {
  const Card by = pending_;
  const int value = building_value_;
  for (;;) {
    SumChoice choice;
    if (!build_core_done_) {
      const int rest = value - card_value(by);
      if (rest == 0) {  // the played card alone is the first set
        build_core_done_ = true;
        continue;
      }
      choice = unit_choice(rest, UnitsFor::Raise, taking_ | required_raise(to_move_, by, value));
      if (choice.sets == 0) {
        error_ = "no first set for a build of " + std::to_string(value) + " (engine bug)";
        return false;
      }
      if (choice.sets == 1) build_core_done_ = true;
    } else {
      choice = unit_choice(value, UnitsFor::Capture, taking_);
      if (choice.sets == 0) return make_build(claimed_);
    }
    if (choice.sets == 1) {
      claimed_ |= choice.only;
      taking_ = CardSet();
      continue;
    }
    targets_ = choice.cards;
    update_legal();
    return true;
  }
}

// "build 8", then "build 3S": the value, then the cards of the build.
bool GameState::apply_build(const Action& action) {
  if (action.card == kNoCard) {
    building_value_ = action.value;
    build_core_done_ = false;
    build_values_ = 0;
    may_decline_ = false;
    unit_capture_ = false;
    taking_ = claimed_ = CardSet();
  } else {
    taking_.add(action.card);
    if (const int b = build_of(action.card); b >= 0) taking_ |= builds_[size_t(b)].cards;  // a build goes whole
  }
  return continue_build();
}

// The pending card and `cards` become one build of building_value_, the
// mover's; the builds among `cards` are part of it now.
bool GameState::make_build(CardSet cards) {
  const int seat = to_move_;
  const Card by = pending_;
  int kept = 0;
  for (int i = 0; i < build_count_; ++i)
    if ((builds_[size_t(i)].cards & cards).empty()) builds_[size_t(kept++)] = builds_[size_t(i)];
  build_count_ = uint8_t(kept);
  transfer(CardSet::of(by), kPendingPlace, kLayoutPlace);
  LayoutBuild b;
  b.cards = cards | CardSet::of(by);
  b.owner = int8_t(seat);
  b.value = int8_t(building_value_);
  builds_[size_t(build_count_++)] = b;  // room: build_values_for offers none when full
  unit_sets_.target = -1;
  if (sink_) sink_->built(seat, building_value_, b.cards);
  building_value_ = 0;
  build_core_done_ = false;
  targets_ = taking_ = claimed_ = CardSet();
  return after_capture();
}

}  // namespace hukum
