// An EventSink that ignores every event: a test's own sink overrides only the
// events it follows (captures, moves, ...).
#pragma once

#include "engine/events.h"

namespace hukum::test {

class QuietSink : public EventSink {
 public:
  void deal_started(int, int) override {}
  void cards_dealt(int, CardSet) override {}
  void trump_card_shown(Card) override {}
  void action(int, const Action&) override {}
  void trump_set(int, int) override {}
  void cards_revealed(int, CardSet) override {}
  void trick_done(int, int, const std::vector<std::pair<int, Card>>&) override {}
  void deal_scored(const DealResult&) override {}
};

}  // namespace hukum::test
