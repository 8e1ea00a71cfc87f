// Zones: every card of a deal is in exactly one place, and each kind of place
// says who sees its cards. The engine keeps each zone as a card set (a hand is
// one word); this names them, lists them for the checks and tools that must
// cover every card (the invariants, game.zone), and is the one door through
// which a hook moves a card (game.move). General by construction: every game
// has hands and won piles, and the other zones are its deal's and play's.
#pragma once

#include <string>
#include <string_view>

#include "core/card.h"

namespace hukum {

enum class Zone : uint8_t {
  Hand,      // per seat: the cards it holds
  FaceDown,  // per seat: cards it laid face down (set aside, bid, discarded)
  Won,       // per seat: tricks won, cards captured
  Stock,     // the undealt cards, in order
  Trick,     // the current trick, in play order
  Layout,    // fishing: the face-up cards on the table
  TurnUp,    // the card turned face up on the table
  Pending,   // fishing: the card that arrived and waits for its capture
  Out,       // set aside unplayed (sitting out, a deal ended early, turned down)
};
constexpr int kZoneKinds = 9;

// Who sees a zone's cards.
enum class Seen : uint8_t {
  Owner,    // its seat only (the others see how many)
  All,      // everyone
  Nobody,   // no seat (how many is public)
  PerCard,  // face up, except cards played face down until their trick is complete
};

struct ZoneInfo {
  const char* name;  // as hooks write it: "hand", "face_down", "won", ...
  bool per_seat;
  Seen seen;
  // A hook may move cards into and out of it (game.move). The ordered zones
  // (stock, trick) and the one-card places are the engine's own.
  bool movable;
};

const ZoneInfo& zone_info(Zone zone);
// The zone named `name` ("hand", "won", ...); false when no zone has that name.
bool parse_zone(std::string_view name, Zone* out);
// "hand, face_down, won, layout, out": the zones a hook may move cards between.
std::string movable_zone_names();

// A place: a zone, and its seat when the zone is per seat (kNoSeat otherwise).
struct Place {
  Zone zone = Zone::Out;
  int seat = kNoSeat;
  bool operator==(const Place&) const = default;
};

// Who saw the cards of a move, where the two zones do not say it all.
enum class MoveSeen : uint8_t {
  ByZones,   // as the zones say: a face-up zone shows them to all
  FaceDown,  // some card lies (or lay) face down in the trick: only owners saw them
  Shown,     // every card was shown to all before (revealed): everyone knows them
};

// Whether every seat knows which cards a move carries: either zone shows its
// cards to all (the trick too, unless a card lies face down in it), or they
// were shown before. Otherwise only the seats that own a zone of the move
// they see (a hand, face-down cards) know them. The log's `seen_by` and the
// narrator both follow this.
inline bool move_is_public(Place from, Place to, MoveSeen seen) {
  if (seen == MoveSeen::Shown) return true;
  auto shows_all = [&](Place p) {
    const Seen zone_seen = zone_info(p.zone).seen;
    return zone_seen == Seen::All || (zone_seen == Seen::PerCard && seen != MoveSeen::FaceDown);
  };
  return shows_all(from) || shows_all(to);
}

// Whether `seat` sees every card of the place: a public zone, or its own.
// A trick (per card) may hide some; a hidden place shows its size only.
inline bool sees_whole(Place place, int seat) {
  const Seen seen = zone_info(place.zone).seen;
  return seen == Seen::All || (seen == Seen::Owner && place.seat == seat);
}

}  // namespace hukum
