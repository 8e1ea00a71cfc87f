// Redealing what one seat cannot see: the other seats' hands (but for cards
// shown face up), their face-down cards (laid aside, or played face down to
// the current trick: those places take only cards that play face down), the
// undealt stock and cards set aside unplayed, shuffled among the same places with every count kept, and
// consistent with what play has shown: a seat that did not follow a suit when
// it had to gets none of it (the first trick included), and the cards `seat`
// passed to another (a `choose` step's pass) stay in the receiver's hand
// until played, and no seat gets a card a hook said it cannot hold
// (game.not_held: hand or face down). Sides kept secret from `seat` are
// replaced by the sides it sees (a world carries only what the seat knows).
// The seat's view is unchanged by construction;
// tests use this to prove it, and a searching bot samples worlds with it.
//
// Sampling is by rejection: a uniform shuffle of the unseen cards into the
// places, kept only when no seat gets a card it is known not to hold. Every
// consistent world is then equally likely (tests/unit/determinize_test.cc
// counts them on small positions). When the known voids are so tight that
// shuffles keep failing, a shuffle is repaired by swaps instead: still a
// consistent world, no longer exactly uniform.
#include <algorithm>

#include "engine/state.h"

namespace hukum {

namespace {

constexpr int kRejectionTries = 256;
constexpr int8_t kFaceDownPlace = -2;  // a place in the trick, face down: only cards that play face down
// A seat's face-down place is -3 - seat: open to any card but those a hook said it cannot hold.
constexpr int8_t face_down_of(int seat) { return int8_t(-3 - seat); }

}  // namespace

void GameState::redeal_unseen(int seat, Rng& rng) {
  fixed_turn_up_seat_ = -1;  // a world dealt at random: its stock is no fixed deal's
  if (sides_secret_from(seat)) {  // the world's sides are the ones the seat sees
    side_of_ = public_side_of_;
    sides_changed_ = public_sides_changed_;
    sides_known_to_ = 0;
  }
  std::vector<Card> pool;
  std::vector<int8_t> owner;  // per pool place: the seat whose hand it is in, face_down_of(seat), or -1
  auto take = [&](CardSet cards, int hand_of) {
    for (Card c : cards) pool.push_back(c), owner.push_back(int8_t(hand_of));
  };
  // A card known to be with a seat, in its hand or face down (known_held_),
  // stays with it: it goes to a slot of that seat drawn at random, hand or
  // face down alike, whatever the truth, so the world says nothing of it.
  std::array<CardSet, kMaxSeats> known_in_hand{}, known_face_down{};
  for (int s = 0; s < rules_.seats; ++s) {
    if (s == seat) continue;
    const CardSet unseen_hand = hand_[size_t(s)] & ~revealed_;
    CardSet known_here = known_held_[size_t(s)];
    if (passed_to_[size_t(seat)] == s) known_here |= passed_cards_[size_t(seat)];  // what `seat` passed it, unless played
    const CardSet known = known_here & (unseen_hand | hidden_[size_t(s)]);
    int hand_slots = unseen_hand.size(), face_down_slots = hidden_[size_t(s)].size();
    for (Card c : known) {
      if (int(rng.below(uint32_t(hand_slots + face_down_slots))) < hand_slots) known_in_hand[size_t(s)].add(c), --hand_slots;
      else known_face_down[size_t(s)].add(c), --face_down_slots;
    }
    // The other cards of both places join the pool; the places keep their counts.
    for (Card c : (unseen_hand | hidden_[size_t(s)]) & ~known) pool.push_back(c);
    owner.insert(owner.end(), size_t(hand_slots), int8_t(s));
    owner.insert(owner.end(), size_t(face_down_slots), face_down_of(s));
  }
  take(stock(), -1);
  take(out_of_play_, -1);
  // Other seats' cards lying face down in the trick (play.face_down) are unseen
  // too, but known to be cards that play face down (trumps): their places take
  // only such cards. One everyone saw before (a revealed bid card) stays put.
  std::vector<int> face_down_slots;
  for (int p = 0; p < trick_size_; ++p) {
    const Card c = trick_card_[size_t(p)];
    if (!face_down_at(p) || trick_seat_[size_t(p)] == seat || revealed_.contains(c)) continue;
    face_down_slots.push_back(p);
    take(CardSet::of(c), kFaceDownPlace);
  }
  auto allowed = [&](Card c, size_t place) {
    const int o = owner[place];
    if (o == kFaceDownPlace) return plays_face_down(c);
    if (o <= face_down_of(0)) return !hook_not_held_[size_t(face_down_of(0) - o)].contains(c);
    return o < 0 || !(not_held_[size_t(o)] | hook_not_held_[size_t(o)]).contains(c);
  };
  auto consistent = [&] {
    for (size_t i = 0; i < pool.size(); ++i)
      if (!allowed(pool[i], i)) return false;
    return true;
  };
  bool constrained = !face_down_slots.empty();
  for (int s = 0; s < rules_.seats; ++s)
    constrained = constrained || (s != seat && !(not_held_[size_t(s)] | hook_not_held_[size_t(s)]).empty());

  // Shuffled from a canonical order: states that differ only in where the
  // unseen cards lie give the same worlds for the same generator.
  std::vector<Card> sorted = pool;
  std::sort(sorted.begin(), sorted.end());
  bool ok = false;
  for (int attempt = 0; attempt < (constrained ? kRejectionTries : 1) && !ok; ++attempt) {
    pool = sorted;
    rng.shuffle(pool.data(), uint32_t(pool.size()));
    ok = !constrained || consistent();
  }
  // Repair: move each card that may not be where it is to a place that may
  // hold it, taking from there a card that may stand in its place.
  for (size_t i = 0; !ok && i < pool.size(); ++i) {
    if (allowed(pool[i], i)) continue;
    for (size_t j = 0; j < pool.size(); ++j)
      if (j != i && allowed(pool[i], j) && allowed(pool[j], i)) {
        std::swap(pool[i], pool[j]);
        break;
      }
    if (i + 1 == pool.size()) ok = true;  // what cannot be repaired stays (never the case for a real deal)
  }

  size_t next = 0;
  auto give = [&](int count) {
    CardSet out;
    for (int k = 0; k < count; ++k) out.add(pool[next++]);
    return out;
  };
  for (int s = 0; s < rules_.seats; ++s) {
    if (s == seat) continue;
    const CardSet shown = hand_[size_t(s)] & revealed_;
    const int hand_places = (hand_[size_t(s)] & ~revealed_).size() - known_in_hand[size_t(s)].size();
    const int face_down_places = hidden_[size_t(s)].size() - known_face_down[size_t(s)].size();
    hand_[size_t(s)] = shown | known_in_hand[size_t(s)] | give(hand_places);
    hidden_[size_t(s)] = known_face_down[size_t(s)] | give(face_down_places);
  }
  for (int i = stock_top_; i < stock_size_; ++i) stock_[size_t(i)] = pool[next++];
  out_of_play_ = give(out_of_play_.size());
  for (int p : face_down_slots) trick_card_[size_t(p)] = pool[next++];
  // The deal's own generator would repeat the real game's future draws (a
  // random trump card still to come): a world gets its own future too.
  rng_.reseed(rng.next());
  update_legal();  // the seat to move may now hold other cards
  // A legal_filter reads the hands too: the world's legal plays are its own.
  if (legal_filter_hook_) run_legal_filter();
}

}  // namespace hukum
