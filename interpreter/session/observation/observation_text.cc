// observation_text (see observation.h): the observation's JSON written
// straight into a string, in observation_json's order and nlohmann's compact
// format. tests/unit/observation_text_test.cc checks both agree on every
// decision of every bundled game.
#include <algorithm>
#include <cstdio>

#include "session/observation/observation.h"

namespace hukum {

namespace {

// A compact JSON writer: commas between members, strings escaped as nlohmann
// escapes them; a string with bytes past ASCII is checked by nlohmann (an
// invalid UTF-8 sequence replaced, never thrown).
class Writer {
 public:
  std::string out;
  void open(char c) { sep(), out += c, first_ = true; }
  void close(char c) { out += c, first_ = false; }
  void key(const char* k) {  // a literal key
    sep();
    out += '"';
    out += k;
    out += "\":";
    first_ = true;  // the value follows without a comma
  }
  void key(const std::string& k) {  // a name from the ruleset
    sep();
    escape(k);
    out += ':';
    first_ = true;
  }
  void str(const std::string& v) {
    sep();
    escape(v);
  }
  void num(long v) { sep(), out += std::to_string(v); }
  void boolean(bool v) { sep(), out += v ? "true" : "false"; }
  void null() { sep(), out += "null"; }
  void seat_or_null(const Ruleset& rules, int s) { s < 0 ? null() : str(rules.seat_names[size_t(s)]); }
  void cards(const Ruleset& rules, CardSet set) {
    open('[');
    for (Card c : set) str(rules.deck.card_text(c));
    close(']');
  }
  void trick(const Ruleset& rules, const std::vector<std::pair<int, Card>>& trick, uint32_t face_down = 0) {
    open('[');
    for (size_t p = 0; p < trick.size(); ++p) {
      open('{');
      key("seat"), str(rules.seat_names[size_t(trick[p].first)]);
      key("card");
      trick[p].second == kNoCard ? null() : str(rules.deck.card_text(trick[p].second));
      if ((face_down >> p) & 1) key("face_down"), boolean(true);
      close('}');
    }
    close(']');
  }

 private:
  void sep() {
    if (!first_) out += ',';
    first_ = false;
  }
  void escape(const std::string& v) {
    for (unsigned char ch : v)
      if (ch >= 0x80) {
        out += nlohmann::json(v).dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
        return;
      }
    out += '"';
    for (unsigned char ch : v) {
      switch (ch) {
        case '"': out += "\\\""; break;
        case '\\': out += "\\\\"; break;
        case '\b': out += "\\b"; break;
        case '\f': out += "\\f"; break;
        case '\n': out += "\\n"; break;
        case '\r': out += "\\r"; break;
        case '\t': out += "\\t"; break;
        default:
          if (ch < 0x20) {
            char buf[8];
            std::snprintf(buf, sizeof buf, "\\u%04x", ch);
            out += buf;
          } else {
            out += char(ch);
          }
      }
    }
    out += '"';
  }
  bool first_ = true;
};

}  // namespace

std::string observation_text(const Ruleset& rules, const Observation& o) {
  Writer w;
  w.out.reserve(2048);
  w.open('{');
  w.key("seat"), w.seat_or_null(rules, o.seat);
  w.key("deal"), w.num(o.deal_index + 1);
  w.key("dealer"), w.seat_or_null(rules, o.dealer);
  w.key("phase"), w.str(phase_word(o));
  w.key("to_move"), w.seat_or_null(rules, o.to_move);
  if (o.to_move != kNoSeat) {  // as observation.cc's question_json
    w.key("question"), w.open('{');
    w.key("tag"), w.str(o.question.tag);
    if (!o.question.step.empty()) w.key("step"), w.str(o.question.step);
    if (o.question.together) w.key("together"), w.boolean(true);
    if (o.question.answer_hidden) w.key("answer_hidden"), w.boolean(true);
    w.close('}');
  }
  if (o.playing_for != kNoSeat) w.key("playing_for"), w.seat_or_null(rules, o.playing_for);
  w.key("hand"), w.cards(rules, o.hand);
  w.key("hidden"), w.cards(rules, o.own_hidden);
  w.key("trump");
  o.trump_suit < 0 ? w.null() : w.str(rules.deck.suits[size_t(o.trump_suit)]);
  if (o.trump_order >= 0) w.key("trump_order"), w.str(rules.play.trump_orders[size_t(o.trump_order)].name);
  if (o.trump_card_shown != kNoCard) w.key("trump_card"), w.str(rules.deck.card_text(o.trump_card_shown));
  w.key("revealed"), w.cards(rules, o.revealed);
  if (o.turn_up != kNoCard) w.key("turn_up"), w.str(rules.deck.card_text(o.turn_up));
  if (!o.melds.empty()) {
    w.key("melds"), w.open('[');
    for (const Meld& m : o.melds) {
      w.open('{');
      w.key("seat"), w.str(rules.seat_names[size_t(m.seat)]);
      w.key("meld"), w.str(meld_text(rules, m));
      w.key("points"), w.num(m.value);
      w.close('}');
    }
    w.close(']');
  }
  w.key("trick"), w.trick(rules, o.trick, o.trick_face_down);
  w.key("last_trick"), w.trick(rules, o.last_trick);
  w.key("seats"), w.open('{');
  for (size_t s = 0; s < o.hand_counts.size(); ++s) {
    w.key(rules.seat_names[s]);
    w.open('{');
    w.key("cards"), w.num(o.hand_counts[s]);
    w.key("hidden"), w.num(o.hidden_counts[s]);
    w.key("tricks"), w.num(o.tricks_won[s]);
    w.key("captured"), w.cards(rules, o.captured[s]);
    if (s < o.bids.size() && o.bids[s] >= 0) w.key("bid"), w.num(o.bids[s]);
    if (s < o.sweeps.size()) w.key("sweeps"), w.num(o.sweeps[s]);
    if (s < o.combinations.size()) w.key("combinations"), w.num(o.combinations[s]);
    w.close('}');
  }
  w.close('}');
  w.key("zones"), w.open('[');
  for (const Observation::ZoneSeen& z : o.zones) {
    w.open('{');
    w.key("zone"), w.str(zone_info(z.place.zone).name);
    if (z.place.seat != kNoSeat) w.key("seat"), w.str(rules.seat_names[size_t(z.place.seat)]);
    w.key("count"), w.num(z.count);
    w.key("cards"), w.cards(rules, z.cards);
    w.close('}');
  }
  w.close(']');
  w.key("match_scores"), w.open('{');
  for (size_t t = 0; t < o.match_scores.size(); ++t) w.key(rules.team_names[t]), w.num(o.match_scores[t]);
  w.close('}');
  if (o.bidding) {
    w.key("high_bid"), w.num(o.high_bid);
    w.key("high_bidder"), w.seat_or_null(rules, o.high_bidder);
  }
  if (!o.calls.empty()) {
    w.key("calls"), w.open('[');
    for (const SaidCall& c : o.calls) {
      w.open('{');
      w.key("seat"), w.seat_or_null(rules, c.seat);
      w.key("call"), w.str(action_text(rules, c.action));
      w.close('}');
    }
    w.close(']');
  }
  if (o.bidder >= 0) {
    w.key("bidder"), w.seat_or_null(rules, o.bidder);
    w.key("contract"), w.num(o.contract);
    if (o.contract_word >= 0) {
      w.key("contract_call"), w.str(rules.action_words[size_t(o.contract_word)]);
      w.key("doubled"), w.num(o.contract_doubled);
    }
    if (o.declared) w.key("declared"), w.str(rules.declaration.word);
  }
  bool any_out = false;
  for (int s = 0; s < int(o.hand_counts.size()); ++s)
    if ((o.sitting_out >> s) & 1) {
      if (!any_out) w.key("sitting_out"), w.open('['), any_out = true;
      w.str(rules.seat_names[size_t(s)]);
    }
  if (any_out) w.close(']');
  if (!o.sides.empty()) {
    w.key("sides"), w.open('[');
    int sides = 0;
    for (int side : o.sides) sides = std::max(sides, side + 1);
    for (int side = 0; side < sides; ++side) {
      w.open('[');
      for (size_t s = 0; s < o.sides.size(); ++s)
        if (o.sides[s] == side) w.str(rules.seat_names[s]);
      w.close(']');
    }
    w.close(']');
  }
  if (rules.family == Family::Fishing) {
    w.key("layout"), w.cards(rules, o.layout);
    w.key("stock"), w.num(o.stock_count);
    w.key("pending");
    o.pending == kNoCard ? w.null() : w.str(rules.deck.card_text(o.pending));
    if (rules.fishing.by_sum) w.key("taking"), w.cards(rules, o.taking);
    if (rules.fishing.builds) {
      w.key("builds"), w.open('[');
      for (const GameState::LayoutBuild& b : o.builds) {
        w.open('{');
        w.key("cards"), w.cards(rules, b.cards);
        w.key("value"), w.num(b.value);
        w.key("owner"), w.str(rules.seat_names[size_t(b.owner)]);
        w.close('}');
      }
      w.close(']');
      w.key("building"), w.num(o.building_value);
    }
  }
  w.key("legal"), w.open('[');
  for (const Action& a : o.legal.list()) w.str(action_text(rules, a));
  w.close(']');
  w.close('}');
  return std::move(w.out);
}

}  // namespace hukum
