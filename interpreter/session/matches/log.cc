#include "session/matches/log.h"

#include <ostream>

#include "engine/state.h"
#include "session/observation/observation.h"

namespace hukum {

nlohmann::ordered_json log_header(const Ruleset& rules, uint64_t seed, int deals,
                                  const std::vector<std::string>& seat_kinds) {
  nlohmann::ordered_json h;
  h["event"] = "header";
  h["format"] = "hukum-log/" + std::to_string(kLogFormat);
  h["ruleset"] = rules.name;
  h["file"] = rules.file;
  h["hash"] = rules.content_hash;
  nlohmann::ordered_json options = nlohmann::ordered_json::object();
  for (const auto& [k, v] : rules.chosen_options) options[k] = v;
  h["options"] = options;
  h["seed"] = seed;
  h["deals"] = deals;
  h["seats"] = seat_kinds;
  return h;
}

std::string log_end_line(bool complete, const std::string& reason) {
  nlohmann::ordered_json end{{"event", "end"}, {"complete", complete}};
  if (!complete) end["reason"] = reason;
  return end.dump();
}

// A streamed log keeps nothing: `play --deals N` runs in the same memory
// whatever N is (it used to keep every line, ~24 KB a deal of a 52-card game).
void LogSink::emit(const nlohmann::ordered_json& line) {
  if (out_) *out_ << line.dump() << '\n';
  else lines_.push_back(line.dump());
}

nlohmann::ordered_json LogSink::cards(CardSet set) const {
  auto out = nlohmann::ordered_json::array();
  for (Card c : set) out.push_back(rules_.deck.card_text(c));
  return out;
}

void LogSink::deal_started(int deal_index, int dealer) {
  emit({{"event", "deal"}, {"deal", deal_index + 1}, {"dealer", rules_.seat_names[size_t(dealer)]}});
}

void LogSink::cards_dealt(int seat, CardSet dealt) {
  emit({{"event", "dealt"}, {"seat", rules_.seat_names[size_t(seat)]}, {"cards", cards(dealt)}});
}

void LogSink::trump_card_shown(Card card) {
  emit({{"event", "trump_card"}, {"card", rules_.deck.card_text(card)}});
}

void LogSink::action(int seat, const Action& a) {
  emit({{"event", "action"}, {"seat", rules_.seat_names[size_t(seat)]}, {"action", action_text(rules_, a)}});
}

// A card laid aside, a simultaneous choice, a card played face down: the line says who may see
// it (`seen_by`), so a seat's view of the log leaves out the others' (the
// card turns up later in a `revealed`, `passed` or `trick` line).
void LogSink::hidden_action(int seat, const Action& a) {
  emit({{"event", "action"},
        {"seat", rules_.seat_names[size_t(seat)]},
        {"action", action_text(rules_, a)},
        {"seen_by", rules_.seat_names[size_t(seat)]}});
}

void LogSink::trump_set(int suit, int seat) {
  nlohmann::ordered_json j{{"event", "trump"}, {"suit", rules_.deck.suits[size_t(suit)]}};
  if (seat >= 0) j["by"] = rules_.seat_names[size_t(seat)];
  emit(j);
}

void LogSink::trump_order_set(int order, int seat) {
  nlohmann::ordered_json j{{"event", "trump_order"}, {"order", rules_.play.trump_orders[size_t(order)].name}};
  if (seat >= 0) j["by"] = rules_.seat_names[size_t(seat)];
  emit(j);
}

void LogSink::cards_revealed(int seat, CardSet revealed) {
  emit({{"event", "revealed"}, {"seat", rules_.seat_names[size_t(seat)]}, {"cards", cards(revealed)}});
}

// Public events: every seat sees a hand laid face up and who plays it.
void LogSink::cards_shown(int seat, CardSet shown) {
  emit({{"event", "shown"}, {"seat", rules_.seat_names[size_t(seat)]}, {"cards", cards(shown)}});
}

void LogSink::controller_set(int seat, int by) {
  emit({{"event", "controller"}, {"seat", rules_.seat_names[size_t(seat)]}, {"by", rules_.seat_names[size_t(by)]}});
}

// {"event":"sides","sides":[["N"],["E","W"]]}: this deal's sides, public.
void LogSink::sides_set(const std::vector<int>& side_of) {
  emit({{"event", "sides"}, {"sides", sides_json(rules_, side_of)}});
}

// {"event":"sides","sides":[["B","C"],["A","D","E"]],"seen_by":["C"]}: secret
// sides, seen by the seats that know them only (the others' view of the log
// leaves the line out, as a face-down choice's).
void LogSink::secret_sides_set(const std::vector<int>& side_of, uint32_t known_to) {
  auto seen_by = nlohmann::ordered_json::array();
  for (size_t s = 0; s < side_of.size(); ++s)
    if ((known_to >> s) & 1u) seen_by.push_back(rules_.seat_names[s]);
  emit({{"event", "sides"}, {"sides", sides_json(rules_, side_of)}, {"seen_by", seen_by}});
}

void LogSink::cards_passed(int from, int to, CardSet passed) {
  emit({{"event", "passed"}, {"from", rules_.seat_names[size_t(from)]}, {"to", rules_.seat_names[size_t(to)]},
        {"cards", cards(passed)}});
}

nlohmann::ordered_json LogSink::place(Place p) const {
  nlohmann::ordered_json j{{"zone", zone_info(p.zone).name}};
  if (p.seat != kNoSeat) j["seat"] = rules_.seat_names[size_t(p.seat)];
  return j;
}

// Format 1 had a line for the moves of hooks only; format 2 has them in cards_moved.
void LogSink::card_moved(Card card, Place from, Place to) {
  if (format_ != 1) return;
  emit({{"event", "move"}, {"card", rules_.deck.card_text(card)}, {"from", place(from)}, {"to", place(to)}});
}

// Who sees the cards is derived from the two zones (engine/zones.h): everyone
// when either end shows its cards to all (the trick, but for cards lying face
// down in it) or when every card was shown before (revealed), else the seats
// that own an end they see (no one between two hidden places: the stock's
// rest set aside, a trick cut short with a card face down, set aside). `seen_by` lists them.
void LogSink::cards_moved(CardSet moved, Place from, Place to, MoveSeen seen) {
  if (format_ < 2) return;
  nlohmann::ordered_json j{{"event", "move"}, {"cards", cards(moved)}, {"from", place(from)}, {"to", place(to)}};
  if (!move_is_public(from, to, seen)) {
    auto seen_by = nlohmann::ordered_json::array();
    // The owners of the ends their owners see, each once (a hand to its own face-down cards: one seat).
    for (Place p : {from, to})
      if (zone_info(p.zone).seen == Seen::Owner && (seen_by.empty() || p.seat != from.seat))
        seen_by.push_back(rules_.seat_names[size_t(p.seat)]);
    j["seen_by"] = seen_by;
  }
  emit(j);
}

void LogSink::turned_up(Card card, int seat) {
  nlohmann::ordered_json j{{"event", "turn_up"}, {"card", rules_.deck.card_text(card)}};
  if (seat >= 0) j["exchanged_by"] = rules_.seat_names[size_t(seat)];
  emit(j);
}

void LogSink::melds_declared(int seat, const std::vector<Meld>& melds) {
  auto list = nlohmann::ordered_json::array();
  for (const Meld& m : melds) list.push_back(meld_text(rules_, m));
  emit({{"event", "melds"}, {"seat", rules_.seat_names[size_t(seat)]}, {"melds", list}});
}

void LogSink::trick_done(int number, int winner, const std::vector<std::pair<int, Card>>& played) {
  auto list = nlohmann::ordered_json::array();
  for (auto [s, c] : played) list.push_back(rules_.seat_names[size_t(s)] + ":" + rules_.deck.card_text(c));
  emit({{"event", "trick"}, {"number", number}, {"cards", list}, {"winner", rules_.seat_names[size_t(winner)]}});
}

void LogSink::deal_scored(const DealResult& r) {
  nlohmann::ordered_json j{{"event", "result"}};
  j["winner"] = r.winner_team < 0 ? nlohmann::ordered_json() : nlohmann::ordered_json(rules_.team_names[size_t(r.winner_team)]);
  if (r.winner_teams != 0) {  // a side of several teams won: "winners": ["A", "D", "E"]
    auto winners = nlohmann::ordered_json::array();
    for (int t = 0; t < rules_.teams; ++t)
      if (r.won_by(t)) winners.push_back(rules_.team_names[size_t(t)]);
    j["winners"] = winners;
  }
  j["result"] = r.name;
  nlohmann::ordered_json points, tricks, game;
  for (size_t t = 0; t < r.points.size(); ++t) {
    points[rules_.team_names[t]] = r.points[t];
    tricks[rules_.team_names[t]] = r.tricks[t];
    game[rules_.team_names[t]] = r.game_points[t];
  }
  j["points"] = points;
  j["tricks"] = tricks;
  j["game_points"] = game;
  if (rules_.family == Family::Fishing) {
    nlohmann::ordered_json bonus, threshold;
    for (size_t t = 0; t < r.bonus.size(); ++t) {
      bonus[rules_.team_names[t]] = r.bonus[t];
      threshold[rules_.team_names[t]] = bool(r.threshold_met[t]);
    }
    j["bonus"] = bonus;
    j["threshold_met"] = threshold;
    if (!r.sweeps.empty()) {
      nlohmann::ordered_json sweeps;
      for (size_t t = 0; t < r.sweeps.size(); ++t) sweeps[rules_.team_names[t]] = r.sweeps[t];
      j["sweeps"] = sweeps;
    }
    if (!r.majority.empty()) {
      nlohmann::ordered_json majority;
      for (size_t t = 0; t < r.majority.size(); ++t) majority[rules_.team_names[t]] = r.majority[t];
      j["majorities"] = majority;
    }
    if (!r.combinations.empty()) {
      nlohmann::ordered_json combinations;
      for (size_t t = 0; t < r.combinations.size(); ++t) combinations[rules_.team_names[t]] = r.combinations[t];
      j["combinations"] = combinations;
    }
  }
  j["next_dealer"] = rules_.seat_names[size_t(r.next_dealer)];
  emit(j);
}

void LogSink::layout_dealt(CardSet layout) { emit({{"event", "layout"}, {"cards", cards(layout)}}); }

void LogSink::redealt(const std::string& reason) { emit({{"event", "redeal"}, {"reason", reason}}); }

void LogSink::card_flipped(int seat, Card card) {
  emit({{"event", "flip"}, {"seat", rules_.seat_names[size_t(seat)]}, {"card", rules_.deck.card_text(card)}});
}

void LogSink::laid_out(int seat, Card card) {
  emit({{"event", "to_layout"}, {"seat", rules_.seat_names[size_t(seat)]}, {"card", rules_.deck.card_text(card)}});
}

void LogSink::cards_captured(int seat, Card by, CardSet taken) {
  emit({{"event", "capture"},
        {"seat", rules_.seat_names[size_t(seat)]},
        {"by", by == kNoCard ? nlohmann::ordered_json() : nlohmann::ordered_json(rules_.deck.card_text(by))},
        {"cards", cards(taken)}});
}

void LogSink::layout_grouped(CardSet grouped) { emit({{"event", "group"}, {"cards", cards(grouped)}}); }

void LogSink::built(int seat, int value, CardSet build) {
  emit({{"event", "build"}, {"seat", rules_.seat_names[size_t(seat)]}, {"value", value}, {"cards", cards(build)}});
}

void LogSink::swept(int seat) {
  emit({{"event", "sweep"}, {"seat", rules_.seat_names[size_t(seat)]}});
}

void LogSink::layout_taken(int seat, CardSet taken) {
  emit({{"event", "layout_rest"}, {"seat", rules_.seat_names[size_t(seat)]}, {"cards", cards(taken)}});
}

void LogSink::match_over(const std::vector<int>& scores, int deals) {
  nlohmann::ordered_json s;
  for (size_t t = 0; t < scores.size(); ++t) s[rules_.team_names[t]] = scores[t];
  emit({{"event", "match_over"}, {"deals", deals}, {"scores", s}});
}

}  // namespace hukum
