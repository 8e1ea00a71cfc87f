// The fishing family (`family: fishing`): a card played from the hand, then
// the top card of the stock, captures cards of a face-up layout by value or by
// rank, or joins the layout. Everything a game changes is here as data: which
// values pair, which ranks take only their own rank, how many targets a card
// takes, the scoring table, sweeps, majorities and thresholds. What one game
// adds (a special first layout, a bonus for one capture) is Lua: step_done
// after the layout, the `captured` hook point, game.group. Player-count tables are resolved for the
// ruleset's seat count when it is compiled (compile_fishing.cc); the tables as
// written are kept for `hukum describe`.
#pragma once

#include <array>
#include <map>
#include <string>
#include <vector>

#include "core/card.h"

namespace hukum {

enum class Family : uint8_t { TrickTaking, Fishing };

// One named line of the scoring table: the cards it covers and their points.
struct FishingScoreLine {
  std::string name;
  CardSet cards;
  bool face = false;    // each card scores its capture value
  int points = 0;       // otherwise, each card scores this
  int min_players = 0;  // the line applies only with at least this many players
  bool applies = true;  // for this ruleset's seat count
};

// A category won by the one side that captured the most of something (a tie
// scores nothing): the most of `cards`, or with `best` values the highest sum
// over the suits of `cards` of the side's best card in each (a side lacking
// one of those suits cannot win).
struct FishingMajority {
  std::string name;
  CardSet cards;
  int points = 1;
  bool best_per_suit = false;
  std::array<int16_t, kMaxCards> best{};  // per card, with best_per_suit
};

// A named combination of captured cards (a set of cards of a kind): a side makes it
// when its captured cards hold every card of `required` and at least `min`
// of `cards`; it is worth `points`, plus `per_extra` for each card of `cards`
// beyond `min`. Of the lines of one group, only the best made counts (five
// brights, not also three). Evaluated on the won piles (engine/combinations.cc).
struct FishingCombination {
  std::string name;
  CardSet cards;     // the cards counted (required included)
  CardSet required;  // cards the side must hold, all of them (YAML: requires)
  int min = 0;
  int points = 0;
  int per_extra = 0;
  int group = -1;    // index into FishingRules::combination_groups, -1: none
};

// What happens to the cards left on the layout when the deal ends.
enum class FishingLeftover : uint8_t { Stay, LastCapturer };

struct FishingRules {
  // Capture.
  int pair_sum = 10;                    // two cards pair when their values sum to this
  // Capture by sum: a card takes one or several layout cards whose values add
  // up to its own value (or, with pair_sum written, to pair_sum minus its
  // value). Without it, a card takes single cards it pairs with.
  bool by_sum = false;
  bool sum_to_own_value = true;         // by_sum without pair_sum written
  bool rank_first = false;              // by_sum: a layout card of its rank must be taken alone, not a sum
  bool compulsory = true;               // false: the player may lay the card instead of capturing ("pass")
  std::vector<CardSet> rank_cards;      // per rank, its cards (rank_first, same_rank under by_sum)
  std::vector<int> rank_value;          // per rank; 0 = no value
  std::vector<CardSet> value_cards;     // per capture value (index 0 unused): the cards of that value
  std::vector<bool> same_rank;          // per rank: takes only cards of its own rank
  std::array<CardSet, kMaxCards> captures{};  // per card: the cards it can capture
  int max_targets = 1;                  // cards one arriving card may take (by_sum: cards in one set)
  // capture.sets: all (by_sum): a card takes every set it can at once, as many
  // cards as it can; where sets overlap its player chooses (engine/fishing_builds.cc).
  bool all_sets = false;
  // fishing.builds: a card from the hand may be laid onto layout cards as a
  // build of a declared value, owned by its builder, captured whole.
  bool builds = false;
  bool build_increase = true;  // a build of one set may be raised by another card
  int build_max = 0;           // the highest build value (default: the highest capture value)
  // Turns and the end of the deal.
  bool flip = true;      // after each play the top stock card is turned and arrives for the same player
  bool refill = false;   // when every hand is empty, the stock deals hand_size again
  bool sweeps = false;   // a capture that empties the layout is counted (a sweep)
  int sweep_points = 0;  // game points per sweep
  bool sweep_on_last_play = false;  // the deal's last play may count as a sweep
  FishingLeftover leftover = FishingLeftover::Stay;
  // Deal, for this seat count (tables as written: by player count).
  int layout_size = 4;
  std::map<int, int> hand_size_by_players, layout_size_by_players, threshold_by_players;
  // The ruleset promises that every deal played to its end leaves the layout
  // empty (its hooks redeal or settle the layouts that would not clear):
  // simulate's invariants and the conformance tests hold it to that.
  bool layout_clears = false;
  // Scoring: the per-card points go to Ruleset::plain_points; this is the table as written.
  std::vector<FishingScoreLine> scoring;
  int threshold = 0;  // a deal's card points that meet the threshold, for this seat count (0 = none)
  std::vector<FishingMajority> majorities;
  std::vector<FishingCombination> combinations;
  std::vector<std::string> combination_groups;
  // Stock cards never turned: the deal ends when the hands are empty and these
  // are set aside unseen.
  int stock_unused = 0;
};

}  // namespace hukum
