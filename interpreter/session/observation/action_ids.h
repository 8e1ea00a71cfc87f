// A fixed numbering of every action a ruleset can offer, for programs that
// want integers rather than words (the Python module, learning agents): ids
// 0..size()-1, the same at every decision of every deal of the ruleset, so a
// policy's output layer and an action mask have one fixed width.
//
// The ids come in blocks, in this order (docs/python.md, "Action ids"):
//   cards        one per card of the deck (the card index): whatever the
//                decision does with a card (play it, hide it, take it, ...)
//   pass, accept, then declare (with melds)
//   melds        with melds: the k-th "declare <cards>" offered at this decision (k < kMeldSlots)
//   suits        with a trump auction: "name <suit>", one per suit
//   words        each action word of the ruleset (hooks' and steps' words)
//   numbers      "bid N" / "raise N" for N in the plain-number window
//   numbered     each numbered word ("say 18", "atas 2") with each of its numbers
//   builds       with fishing.builds: "build N" for N in 0..builds.max_value ("build <card>" is a card id)
// The plain-number window is the union of the auction's, the raise's and the
// trick bids' ranges. A numbered word of a step (the `calls` step's `say`)
// has exactly that step's numbers; a hook's word may be asked with any number
// (game.ask_number), so it gets the hook window: 0 to the cards a seat is
// dealt, unless the caller gives another window.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "engine/action.h"
#include "ruleset/ruleset.h"

namespace hukum {

// A range of numbers, empty when high < low.
struct NumberWindow {
  int low = 0, high = -1;
};

class ActionIds {
 public:
  static constexpr int kMeldSlots = 16;
  using Window = NumberWindow;
  // `hook_numbers`: the numbers a hook's word may carry; empty: the default.
  explicit ActionIds(const Ruleset& rules, Window hook_numbers = {});

  int size() const { return size_; }
  // The id of `a` (a legal action of some decision), or -1 when it has none:
  // a number outside its window, a meld past kMeldSlots. `legal` is the
  // decision's (a meld's id is its place in the offer).
  int id(const Action& a, const LegalActions& legal) const;
  // The action `id` stands for at the decision `legal` (its card kind and
  // number kind); false when `id` is not one of its legal actions.
  bool action(int id, const LegalActions& legal, Action* out) const;
  // What the id means whatever the decision: "card 10H", "pass", "meld 2",
  // "name H", "word reveal", "number 16", "say 18".
  std::string describe(int id) const;
  Window plain_numbers() const { return plain_; }
  Window hook_numbers() const { return hook_; }

 private:
  struct NumberedBlock {
    int word;                 // index into rules.action_words
    std::vector<int> values;  // ascending
    int first;                // the block's first id
  };
  const Ruleset& rules_;
  int cards_ = 0, specials_ = 0, melds_ = 0, suits_ = 0, words_ = 0, numbers_ = 0, numbered_ = 0, size_ = 0;
  int builds_ = 0, build_ids_ = 0;  // the "build N" block: its size and first id
  Window plain_, hook_;
  std::vector<NumberedBlock> blocks_;  // by word index, sparse
  bool accept_ = false, declare_ = false;
  const NumberedBlock* block_of(int word) const;
  ActionKind special_kind(int k) const;  // the k-th of pass, accept, declare present
};

}  // namespace hukum
