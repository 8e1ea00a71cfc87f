#include "serve/seat_narration.h"

namespace hukum::serve {

SeatNarration::SeatNarration(const Ruleset& rules, int seat)
    : narrator_(rules, out_, /*show_hands=*/false, TableStyle{}, /*review=*/true, 1u << seat),
      mark_(*this),
      tee_({&mark_, &narrator_}) {}

void SeatNarration::drain() {
  std::string text = out_.str();
  out_.str({});
  out_.clear();
  if (text.empty()) return;
  if (review_next_) {
    review_next_ = false;
    review_ = text;
  }
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) {
    if (line.empty()) continue;
    lines_.push_back(line);
    ++total_;
    if (lines_.size() > kKeep) lines_.pop_front();
  }
}

}  // namespace hukum::serve
