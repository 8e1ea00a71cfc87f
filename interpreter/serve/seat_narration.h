// What one person's seat is told happened, in words: the terminal narrator
// (session/table/narrator.h) with no hands shown and this seat as its only viewer,
// written into memory instead of a terminal. Its lines are what the page's
// "what just happened" shows, and the end-of-deal review is kept apart so the
// page can show it as the scoring of the deal. Only the narrator decides what
// a seat may read, so the web table says no more than the terminal does.
#pragma once

#include <deque>
#include <sstream>
#include <string>
#include <vector>

#include "session/table/narrator.h"

namespace hukum::serve {

class SeatNarration {
 public:
  SeatNarration(const Ruleset& rules, int seat);
  SeatNarration(const SeatNarration&) = delete;
  SeatNarration& operator=(const SeatNarration&) = delete;

  EventSink* sink() { return &tee_; }
  // Moves what the narrator wrote since the last call into lines (or the review).
  void drain();
  // The last lines (at most kKeep), oldest first, and how many were ever written.
  const std::deque<std::string>& lines() const { return lines_; }
  size_t total_lines() const { return total_; }
  // The review of the last deal scored ("" before the first).
  const std::string& review() const { return review_; }

  static constexpr size_t kKeep = 200;

 private:
  // Notes that the narrator's next words are the review (it writes it on deal_scored).
  class ReviewMark final : public EventSink {
   public:
    explicit ReviewMark(SeatNarration& owner) : owner_(owner) {}
    void deal_started(int, int) override {}
    void cards_dealt(int, CardSet) override {}
    void trump_card_shown(Card) override {}
    void action(int, const Action&) override {}
    void trump_set(int, int) override {}
    void cards_revealed(int, CardSet) override {}
    void trick_done(int, int, const std::vector<std::pair<int, Card>>&) override {}
    void deal_scored(const DealResult&) override {
      owner_.drain();
      owner_.review_next_ = true;
    }

   private:
    SeatNarration& owner_;
  };

  std::ostringstream out_;
  Narrator narrator_;
  ReviewMark mark_;
  TeeSink tee_;
  std::deque<std::string> lines_;
  size_t total_ = 0;
  std::string review_;
  bool review_next_ = false;
};

}  // namespace hukum::serve
