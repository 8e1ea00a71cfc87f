// The decision a seat faces, described the same way whatever asks it: trick
// play, a fishing capture, or a step of the deal plan (a bid, a call, a trump
// auction, a discard, cards chosen face down, a kitty, a Lua step's game.ask).
// The legal answers are the state's LegalActions (their shapes: cards of a
// zone, words, words with a number from a list or a range, suits, melds,
// pass); this says who answers, who sees the answer and what is asked. Bots,
// the table, logs, observations and the agent protocol read it; the engine
// never dispatches on the tag.
#pragma once

#include <string>

#include "engine/action.h"

namespace hukum {

struct Question {
  // What is asked, for bots, the table and programs: "play", "choose_capture",
  // a deal step's tag ("bids", "trump_auction", "discard", a registered kind's
  // name such as "calls" or "kitty"), "question" for a Lua step or a hook's
  // game.ask*, "deal_over" when nobody is asked.
  std::string tag;
  // The deal step waiting for the answer, as `deal:` names it ("" outside the plan).
  std::string step;
  int seat = -1;  // who answers now; -1 when the deal is over
  // Every seat answers this question in turn and each answer stays hidden from
  // the others until all have answered (a simultaneous choice).
  bool together = false;
  // Only the answering seat sees which card it gives (laid face down); the
  // others learn that it answered.
  bool answer_hidden = false;
  // What the table tells the answering seat, when its step has words for it
  // ("Exchange with the turn-up: exchange 7D for it, or pass"); "" otherwise.
  std::string prompt;
};

// An answer the other seats see only as having happened: a card laid face down
// (set aside, chosen at once with the others, discarded after taking a card).
inline bool laid_face_down(ActionKind kind) {
  return kind == ActionKind::Choose || kind == ActionKind::SetAside || kind == ActionKind::Discard;
}

}  // namespace hukum
