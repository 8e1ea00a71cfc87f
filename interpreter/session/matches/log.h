// The JSONL game log: a header (ruleset, options, content hash, seed, seat
// kinds), then one line per event: deals, dealt cards, actions, trump, reveals,
// tricks, results. Lines are produced deterministically (ordered keys, no
// times), so the same seed gives a byte-identical log, and replay compares
// line by line. The log is the referee's record: it holds every hand.
#pragma once

#include <iosfwd>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "engine/events.h"
#include "ruleset/ruleset.h"

namespace hukum {

nlohmann::ordered_json log_header(const Ruleset& rules, uint64_t seed, int deals,
                                  const std::vector<std::string>& seat_kinds);

// The format this hukum writes ("hukum-log/3": a `move` line for every move
// of cards between zones, and a last `end` line saying whether the log is
// complete); replay also reads logs of format 2 (no end line) and 1 (only the
// moves hooks made had lines, written as format 1 did).
constexpr int kLogFormat = 3;
// The first format that ends with an `end` line.
constexpr int kLogFormatWithEnd = 3;

// The last line of a log: {"event":"end","complete":true}, or with
// "complete":false and the reason ("interrupted", "stopped", "error").
std::string log_end_line(bool complete, const std::string& reason);

// Writes each event line to `out` when given (keeping none), else collects
// them for lines() (replay compares them, tests read them).
class LogSink final : public EventSink {
 public:
  LogSink(const Ruleset& rules, std::ostream* out, int format = kLogFormat) : rules_(rules), out_(out), format_(format) {}
  const std::vector<std::string>& lines() const { return lines_; }
  void clear() { lines_.clear(); }
  void match_over(const std::vector<int>& scores, int deals);

  void deal_started(int deal_index, int dealer) override;
  void cards_dealt(int seat, CardSet cards) override;
  void trump_card_shown(Card card) override;
  void action(int seat, const Action& action) override;
  void hidden_action(int seat, const Action& action) override;
  void trump_set(int suit, int seat) override;
  void trump_order_set(int order, int seat) override;
  void cards_revealed(int seat, CardSet cards) override;
  void cards_shown(int seat, CardSet cards) override;
  void controller_set(int seat, int by) override;
  void sides_set(const std::vector<int>& side_of) override;
  void secret_sides_set(const std::vector<int>& side_of, uint32_t known_to) override;
  void cards_passed(int from, int to, CardSet cards) override;
  void card_moved(Card card, Place from, Place to) override;
  void cards_moved(CardSet cards, Place from, Place to, MoveSeen seen) override;
  void turned_up(Card card, int seat) override;
  void melds_declared(int seat, const std::vector<Meld>& melds) override;
  void trick_done(int number, int winner, const std::vector<std::pair<int, Card>>& cards) override;
  void deal_scored(const DealResult& result) override;
  // Fishing.
  void layout_dealt(CardSet layout) override;
  void redealt(const std::string& reason) override;
  void card_flipped(int seat, Card card) override;
  void laid_out(int seat, Card card) override;
  void cards_captured(int seat, Card by, CardSet taken) override;
  void swept(int seat) override;
  void layout_grouped(CardSet cards) override;
  void built(int seat, int value, CardSet cards) override;
  void layout_taken(int seat, CardSet cards) override;

 private:
  void emit(const nlohmann::ordered_json& line);
  nlohmann::ordered_json cards(CardSet set) const;
  nlohmann::ordered_json place(Place p) const;
  const Ruleset& rules_;
  std::ostream* out_;
  int format_;
  std::vector<std::string> lines_;
};

}  // namespace hukum
