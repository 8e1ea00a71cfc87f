#include "engine/zones.h"

#include <array>

#include "engine/state.h"
#include "engine/transfer.h"

namespace hukum {

namespace {

constexpr std::array<ZoneInfo, kZoneKinds> kZones = {{
    {"hand", true, Seen::Owner, true},
    {"face_down", true, Seen::Owner, true},
    {"won", true, Seen::All, true},
    {"stock", false, Seen::Nobody, false},
    {"trick", false, Seen::PerCard, false},
    {"layout", false, Seen::All, true},
    {"turn_up", false, Seen::All, false},
    {"pending", false, Seen::All, false},
    {"out", false, Seen::Nobody, true},
}};

}  // namespace

const ZoneInfo& zone_info(Zone zone) { return kZones[size_t(zone)]; }

bool parse_zone(std::string_view name, Zone* out) {
  for (size_t z = 0; z < kZones.size(); ++z)
    if (name == kZones[z].name) {
      *out = Zone(z);
      return true;
    }
  return false;
}

std::string movable_zone_names() {
  std::string out;
  for (const ZoneInfo& z : kZones)
    if (z.movable) out += (out.empty() ? "" : ", ") + std::string(z.name);
  return out;
}

CardSet GameState::cards_in(Place place) const {
  const size_t s = size_t(place.seat);
  switch (place.zone) {
    case Zone::Hand: return hand_[s];
    case Zone::FaceDown: return hidden_[s];
    case Zone::Won: return captured_[s];
    case Zone::Stock: return stock();
    case Zone::Trick: return trick_cards();
    case Zone::Layout: return layout_;
    case Zone::TurnUp: return turn_up_zone();
    case Zone::Pending: return pending();
    case Zone::Out: return out_of_play_;
  }
  return CardSet();
}

std::vector<Place> GameState::places() const {
  std::vector<Place> out;
  for (int z = 0; z < kZoneKinds; ++z) {
    if (!zone_info(Zone(z)).per_seat) {
      out.push_back(Place{Zone(z), kNoSeat});
      continue;
    }
    for (int s = 0; s < rules_.seats; ++s) out.push_back(Place{Zone(z), s});
  }
  return out;
}

// The same walk as places(), without building the list: hooks ask where a
// card is (game.zone, game.move) for many cards per deal. The per-seat zones
// are plain sets, tested directly; a shared zone's set is built only when the
// walk reaches it.
bool GameState::place_of(Card card, Place* out) const {
  for (int z = 0; z < kZoneKinds; ++z) {
    const Zone zone = Zone(z);
    if (!zone_info(zone).per_seat) {
      if (!cards_in(Place{zone, kNoSeat}).contains(card)) continue;
      *out = Place{zone, kNoSeat};
      return true;
    }
    const CardSet* sets = zone == Zone::Hand       ? hand_.data()
                          : zone == Zone::FaceDown ? hidden_.data()
                          : zone == Zone::Won      ? captured_.data()
                                                   : nullptr;  // (a per-seat zone added later)
    for (int s = 0; s < rules_.seats; ++s)
      if (sets != nullptr ? sets[s].contains(card) : cards_in(Place{zone, s}).contains(card)) {
        *out = Place{zone, s};
        return true;
      }
  }
  return false;
}

std::string GameState::place_text(Place place) const {
  std::string text = zone_info(place.zone).name;
  if (place.seat != kNoSeat) text += " of " + rules_.seat_names[size_t(place.seat)];
  return text;
}

std::string GameState::move_card(Card card, Place to) {
  if (card >= rules_.deck.cards.size()) return "no such card";
  return move_cards(CardSet::of(card), to);
}

// Calls f(place, cards) for each place that holds some of `cards`, in zone
// order (as place_of walks them), until f returns false; returns the cards
// found in no place visited. A hand, face-down cards and won cards are read
// as sets directly.
template <class F>
CardSet GameState::for_places_holding(CardSet cards, F&& f) const {
  for (int z = 0; z < kZoneKinds && !cards.empty(); ++z) {
    const Zone zone = Zone(z);
    const CardSet* per_seat = zone == Zone::Hand ? hand_.data() : zone == Zone::FaceDown ? hidden_.data()
                              : zone == Zone::Won ? captured_.data() : nullptr;
    if (!zone_info(zone).per_seat) {
      const CardSet here = cards & cards_in(Place{zone, kNoSeat});
      if (here.empty()) continue;
      cards &= ~here;
      if (!f(Place{zone, kNoSeat}, here)) return cards;
      continue;
    }
    for (int s = 0; s < rules_.seats && !cards.empty(); ++s) {
      const CardSet here = cards & (per_seat != nullptr ? per_seat[s] : cards_in(Place{zone, s}));
      if (here.empty()) continue;
      cards &= ~here;
      if (!f(Place{zone, s}, here)) return cards;
    }
  }
  return cards;
}

// game.move with one card or several: every card is checked before any
// moves, then the cards of each place they leave go in one transfer (a kitty
// taken or given back in one move, not one per card).
std::string GameState::move_cards(CardSet cards, Place to) {
  if (!moves_allowed_)
    return "cards move only in step_done, a deal step written in Lua, before_first_lead, and during trick play "
           "in card_played, cannot_follow, cannot_play, trick_done and the hooks of words offered or asked, "
           "deal_scored (trick-taking), and in a fishing game captured and refilled";
  const ZoneInfo& into = zone_info(to.zone);
  if (into.per_seat != (to.seat != kNoSeat)) return std::string("the zone ") + into.name + (into.per_seat ? " needs a seat" : " has no seat");
  if (to.seat != kNoSeat && (to.seat < 0 || to.seat >= rules_.seats)) return "no such seat";
  if (!into.movable) return std::string("cards cannot be moved into the ") + into.name + " (a hook may move cards between " + movable_zone_names() + ")";
  Place refused{};
  CardSet refused_cards;
  const CardSet nowhere = for_places_holding(cards, [&](Place from, CardSet here) {
    if (zone_info(from.zone).movable || from.zone == Zone::Stock) return true;
    refused = from, refused_cards = here;
    return false;
  });
  if (!refused_cards.empty())
    return rules_.deck.card_text(refused_cards.first()) + " is in the " + place_text(refused) +
           ", which a hook cannot take cards from (a hook may move cards between " + movable_zone_names() +
           ", and take them from the stock)";
  if (!nowhere.empty()) return rules_.deck.card_text(nowhere.first()) + " is in no zone";
  // (Moving changes the places' sets: the walk reads each before its cards leave.)
  for_places_holding(cards, [&](Place from, CardSet moved) {
    if (from == to) return true;
    // The stock gives its top cards: the moved ones are brought there first.
    if (from.zone == Zone::Stock)
      for (Card c : moved) bring_to_stock_top(c);
    transfer(moved, from, to);
    const int n = moved.size();
    hook_set_aside_ += n * (int(to.zone == Zone::Out) - int(from.zone == Zone::Out));
    hook_face_down_ += n * (int(to.zone == Zone::FaceDown) - int(from.zone == Zone::FaceDown));
    moved_by_hook_ = true;
    if (sink_)
      for (Card c : moved) sink_->card_moved(c, from, to);
    return true;
  });
  return {};
}

// Moves `card` to the top of the undealt stock, the others keeping their order,
// so that the move primitive takes it from there (a hook takes any stock card).
void GameState::bring_to_stock_top(Card card) {
  int at = stock_top_;
  while (at < stock_size_ && stock_[size_t(at)] != card) ++at;
  for (; at > stock_top_; --at) stock_[size_t(at)] = stock_[size_t(at - 1)];
  stock_[size_t(stock_top_)] = card;
}

void GameState::set_aside_held(int seat) {
  if (!hand_[size_t(seat)].empty()) transfer(hand_[size_t(seat)], hand_place(seat), kOutPlace);
  if (!hidden_[size_t(seat)].empty()) transfer(hidden_[size_t(seat)], face_down_place(seat), kOutPlace);
}

// The cards each seat holds (hand and face down): a hook between tricks may
// move cards, but every seat that plays must keep a card for each trick left.
std::array<int, kMaxSeats> GameState::held_counts() const {
  std::array<int, kMaxSeats> out{};
  for (int s = 0; s < rules_.seats; ++s) out[size_t(s)] = (hand_[size_t(s)] | hidden_[size_t(s)]).size();
  return out;
}

// A hook between tricks (or before the first lead) about `seat`, in which
// game.move may act; false (error_ set) when it fails or leaves a seat short.
// game.move is allowed while `call` runs a hook; afterwards every seat that
// plays must hold as many cards as before (a card for each trick left).
bool GameState::run_moving_cards(const char* hook, const std::function<bool()>& call) {
  const auto held = held_counts();
  const bool allowed_before = moves_allowed_;
  moves_allowed_ = true;
  const bool ok = call();
  moves_allowed_ = allowed_before;
  if (!ok) return false;
  if (moved_by_hook_) error_ = check_moves_between_tricks(held, hook);
  return error_.empty();
}

bool GameState::run_event_moving_cards(HookPoint point, HookArgs args, const char* hook) {
  return run_moving_cards(hook, [&] { return run_event(point, args); });
}

std::string GameState::check_moves_between_tricks(const std::array<int, kMaxSeats>& before, const char* hook) {
  moved_by_hook_ = false;
  for (int s = 0; s < rules_.seats; ++s) {
    const int now = (hand_[size_t(s)] | hidden_[size_t(s)]).size();
    if (!sits_out(s) && now != before[size_t(s)])
      return std::string("hook '") + hook + "': game.move changed how many cards " + rules_.seat_names[size_t(s)] +
             " holds (" + std::to_string(before[size_t(s)]) + " to " + std::to_string(now) +
             ") during the play: every seat must keep one card for each trick left";
  }
  return {};
}

}  // namespace hukum
