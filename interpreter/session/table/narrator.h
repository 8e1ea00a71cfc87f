// Prints a deal as it happens, for people: tricks, trump, reveals, results.
// With `show_hands` (a table of bots only) it also prints the hands dealt;
// with a human at the table it prints only what every seat may see, and a
// review of each deal at its end.
#pragma once

#include <iosfwd>
#include <vector>

#include "engine/events.h"
#include "ruleset/ruleset.h"
#include "session/table/table_style.h"

namespace hukum {

class Narrator final : public EventSink {
 public:
  // `style`: suit symbols and colour for a terminal; `review`: a review of
  // every deal at its end (tricks, who took what, the score), for a human;
  // `viewers`: the seats of the people at this terminal (a bit per seat), who
  // are told what they alone may see as it happens (the cards passed to them).
  Narrator(const Ruleset& rules, std::ostream& out, bool show_hands, TableStyle style = {}, bool review = false,
           uint32_t viewers = 0)
      : rules_(rules), out_(out), show_hands_(show_hands), style_(style), review_(review), viewers_(viewers) {}
  void deal_started(int deal_index, int dealer) override;
  void cards_dealt(int seat, CardSet cards) override;
  void trump_card_shown(Card card) override;
  void action(int seat, const Action& action) override;
  void trump_set(int suit, int seat) override;
  void trump_order_set(int order, int seat) override;
  void cards_revealed(int seat, CardSet cards) override;
  void cards_shown(int seat, CardSet cards) override;
  void controller_set(int seat, int by) override;
  void sides_set(const std::vector<int>& side_of) override;
  void secret_sides_set(const std::vector<int>& side_of, uint32_t known_to) override;
  std::string sides_text(const std::vector<int>& side_of) const;
  void call_round(CallRound round, int bidder, int contract) override;
  void cards_passed(int from, int to, CardSet cards) override;
  void card_moved(Card card, Place from, Place to) override;
  void turned_up(Card card, int seat) override;
  void melds_declared(int seat, const std::vector<Meld>& melds) override;
  void best_meld(const Meld& meld) override;
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
  void print_review(const DealResult& result);
  std::string scoring_lines_taken(int team) const;
  std::string majorities_won(const DealResult& result, int team) const;
  std::string combinations_made(int team) const;

  const Ruleset& rules_;
  std::ostream& out_;
  bool show_hands_;
  TableStyle style_;
  bool review_;
  uint32_t viewers_;
  // For the review: the deal's tricks (winner, cards) and captures, all public.
  struct TrickSeen {
    int winner;
    std::vector<std::pair<int, Card>> cards;
  };
  std::vector<TrickSeen> tricks_;
  std::vector<CardSet> taken_;  // per seat: cards captured (tricks or fishing captures)
  int trump_ = -1;
  int deal_ = 0;
};

// Sends every event to several sinks (a log and a narrator, say).
class TeeSink final : public EventSink {
 public:
  explicit TeeSink(std::vector<EventSink*> sinks) : sinks_(std::move(sinks)) {}
  void deal_started(int d, int dealer) override { for (auto* s : sinks_) s->deal_started(d, dealer); }
  void cards_dealt(int seat, CardSet c) override { for (auto* s : sinks_) s->cards_dealt(seat, c); }
  void trump_card_shown(Card c) override { for (auto* s : sinks_) s->trump_card_shown(c); }
  void action(int seat, const Action& a) override { for (auto* s : sinks_) s->action(seat, a); }
  void hidden_action(int seat, const Action& a) override { for (auto* s : sinks_) s->hidden_action(seat, a); }
  void trump_set(int suit, int seat) override { for (auto* s : sinks_) s->trump_set(suit, seat); }
  void trump_order_set(int order, int seat) override { for (auto* s : sinks_) s->trump_order_set(order, seat); }
  void cards_revealed(int seat, CardSet c) override { for (auto* s : sinks_) s->cards_revealed(seat, c); }
  void cards_shown(int seat, CardSet c) override { for (auto* s : sinks_) s->cards_shown(seat, c); }
  void controller_set(int seat, int by) override { for (auto* s : sinks_) s->controller_set(seat, by); }
  void sides_set(const std::vector<int>& side_of) override { for (auto* s : sinks_) s->sides_set(side_of); }
  void secret_sides_set(const std::vector<int>& side_of, uint32_t known_to) override {
    for (auto* s : sinks_) s->secret_sides_set(side_of, known_to);
  }
  void trick_done(int n, int w, const std::vector<std::pair<int, Card>>& c) override {
    for (auto* s : sinks_) s->trick_done(n, w, c);
  }
  void deal_scored(const DealResult& r) override { for (auto* s : sinks_) s->deal_scored(r); }
  void layout_dealt(CardSet c) override { for (auto* s : sinks_) s->layout_dealt(c); }
  void redealt(const std::string& why) override { for (auto* s : sinks_) s->redealt(why); }
  void card_flipped(int seat, Card c) override { for (auto* s : sinks_) s->card_flipped(seat, c); }
  void laid_out(int seat, Card c) override { for (auto* s : sinks_) s->laid_out(seat, c); }
  void cards_captured(int seat, Card by, CardSet t) override {
    for (auto* s : sinks_) s->cards_captured(seat, by, t);
  }
  void swept(int seat) override { for (auto* s : sinks_) s->swept(seat); }
  void layout_grouped(CardSet c) override { for (auto* s : sinks_) s->layout_grouped(c); }
  void built(int seat, int v, CardSet c) override { for (auto* s : sinks_) s->built(seat, v, c); }
  void layout_taken(int seat, CardSet c) override { for (auto* s : sinks_) s->layout_taken(seat, c); }
  void cards_passed(int from, int to, CardSet c) override { for (auto* s : sinks_) s->cards_passed(from, to, c); }
  void call_round(CallRound r, int bidder, int contract) override {
    for (auto* s : sinks_) s->call_round(r, bidder, contract);
  }
  void card_moved(Card c, Place from, Place to) override { for (auto* s : sinks_) s->card_moved(c, from, to); }
  void cards_moved(CardSet c, Place from, Place to, MoveSeen seen) override {
    for (auto* s : sinks_) s->cards_moved(c, from, to, seen);
  }
  void turned_up(Card c, int seat) override { for (auto* s : sinks_) s->turned_up(c, seat); }
  void melds_declared(int seat, const std::vector<Meld>& m) override { for (auto* s : sinks_) s->melds_declared(seat, m); }
  void best_meld(const Meld& m) override { for (auto* s : sinks_) s->best_meld(m); }

 private:
  std::vector<EventSink*> sinks_;
};

}  // namespace hukum
