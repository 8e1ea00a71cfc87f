// `expect` steps: one ExpectCheck per key (per seat or team for the map keys),
// and the comparison of each with the state. Mid-deal keys read the live
// zones and counters; `result.*` and `next_dealer` need the deal to be over.
#include "session/scenarios/scenario_expect.h"
#include "session/observation/observation.h"

#include <algorithm>
#include <tuple>

#include "session/scenarios/build_text.h"

namespace hukum {

namespace {

const std::vector<std::string> kExpectKeys = {
    "to_move", "legal", "legal_includes", "legal_excludes", "trump", "trick_winner", "hand",
    "hidden", "tricks", "points", "deal_over", "result", "next_dealer",
    "layout", "captured", "stock_count", "redeals", "pending", "target_reached",
    "match_scores", "match_over", "match_winner", "vars", "bids", "face_down", "deal_direction",
    "next_deal_direction", "turn_up", "melds", "match_vars", "controller", "sides", "seen_sides", "contract", "calls", "builds", "called_card"};
const std::vector<std::string> kResultKeys = {"winner", "name", "points", "tricks", "game_points",
                                              "bonus", "threshold", "sweeps", "majorities",
                                              "combinations"};

ExpectCheck make_check(CheckKind kind, const std::string& key, const SourcePos& pos) {
  ExpectCheck c;
  c.kind = kind;
  c.key = key;
  c.pos = pos;
  return c;
}

// Canonical order for action sets: cards by deck index, then the extra words.
bool canonical_less(const Action& a, const Action& b) {
  // Words (with or without a number: "atas 2") after the cards, by word then number.
  auto is_word = [](const Action& x) { return x.kind == ActionKind::Extra || x.kind == ActionKind::WordNumber; };
  bool ea = is_word(a), eb = is_word(b);
  if (ea != eb) return eb;
  if (!ea) return a.card < b.card;
  return std::tuple(a.word, a.kind, a.value) < std::tuple(b.word, b.kind, b.value);
}

std::string actions_text(const Ruleset& rules, std::vector<Action> actions) {
  std::sort(actions.begin(), actions.end(), canonical_less);
  std::string out = "[";
  for (size_t i = 0; i < actions.size(); ++i) out += (i ? ", " : "") + action_text(rules, actions[i]);
  return out + "]";
}

std::string expect_cards_text(const Ruleset& rules, CardSet cards) {
  std::string out = "[";
  bool first = true;
  for (Card c : cards) {
    out += (first ? "" : ", ") + rules.deck.card_text(c);
    first = false;
  }
  return out + "]";
}

std::string seat_text(const Ruleset& rules, int seat) {
  return seat >= 0 && seat < rules.seats ? rules.seat_names[size_t(seat)] : "none";
}

std::string builds_text(std::vector<std::string> builds) {
  std::sort(builds.begin(), builds.end());
  std::string out = "[";
  for (size_t i = 0; i < builds.size(); ++i) out += (i ? "; " : "") + builds[i];
  return out + "]";
}

// Sides as canonical text, whatever order they were written in: each side's
// seats in seat order, sides by their first seat ("N | E W"); empty sides dropped.
std::string sides_text(const Ruleset& rules, std::vector<std::vector<int>> sides) {
  for (auto& side : sides) std::sort(side.begin(), side.end());
  std::erase_if(sides, [](const std::vector<int>& side) { return side.empty(); });
  std::sort(sides.begin(), sides.end());
  std::string text;
  for (const auto& side : sides) {
    text += text.empty() ? "" : " | ";
    for (size_t i = 0; i < side.size(); ++i) text += (i == 0 ? "" : " ") + rules.seat_names[size_t(side[i])];
  }
  return text;
}

void read_actions(const DocNode& node, const std::string& path, ScenarioDoc& doc, ExpectCheck* check) {
  std::vector<DocNodePtr> items;
  if (node.is_seq()) {
    items = node.seq;
  } else if (node.is_scalar()) {
    items.push_back(std::make_shared<DocNode>(node));
  } else if (!node.is_null()) {
    doc.error(node, path, std::string("expected a list of actions, got ") + kind_name(node.kind));
    return;
  }
  for (size_t i = 0; i < items.size(); ++i) {
    const std::string item_path = node.is_seq() ? index_path(path, i) : path;
    auto text = doc.scalar(*items[i], item_path);
    if (!text) continue;
    Action a;
    std::string why;
    if (!parse_action(doc.rules(), *text, &a, &why)) {
      doc.error(*items[i], item_path, why);
      continue;
    }
    check->actions.push_back(a);
  }
}

// `hand: {W: [..]}` and `hidden: {...}`: one check per seat.
void read_seat_cards(const DocEntry& e, const std::string& path, CheckKind kind, ScenarioDoc& doc,
                     std::vector<ExpectCheck>* out) {
  if (!doc.is_map(*e.value, path)) return;
  for (const auto& s : e.value->map) {
    const std::string key = join_path(path, s.key);
    ExpectCheck c = make_check(kind, e.key + "." + s.key, s.key_pos);
    c.who = doc.seat_named(s.key, s.key_pos, key);
    std::vector<Card> cards;
    if (c.who < 0 || !doc.cards(*s.value, key, &cards)) continue;
    for (Card card : cards) c.cards.add(card);
    c.expected = expect_cards_text(doc.rules(), c.cards);
    out->push_back(c);
  }
}

// `tricks: {NS: 1}`, `points: {...}` and the result maps: one check per team
// (or per seat, when `seats_too`).
void read_counts(const DocEntry& e, const std::string& path, const std::string& shown, CheckKind kind,
                 bool seats_too, ScenarioDoc& doc, std::vector<ExpectCheck>* out) {
  if (!doc.is_map(*e.value, path)) return;
  for (const auto& t : e.value->map) {
    const std::string key = join_path(path, t.key);
    ExpectCheck c = make_check(kind, shown + "." + t.key, t.key_pos);
    bool is_team = true;
    c.who = seats_too ? doc.team_or_seat(t.key, t.key_pos, key, &is_team) : doc.team_named(t.key, t.key_pos, key);
    c.who_is_team = is_team;
    // Points, scores and bonuses may be negative (a transfer, a penalty).
    auto n = doc.number(*t.value, key, kind != CheckKind::Tricks && kind != CheckKind::ResultTricks);
    if (c.who < 0 || !n) continue;
    c.expected = std::to_string(*n);
    out->push_back(c);
  }
}

// A YAML value as the game.vars value it stands for: true/false, integers,
// nil (or null, ~) as nil, other scalars as strings, lists as tables keyed 1..n, maps as
// tables keyed by string (or by integer, for a key that is a whole number).
VarValue var_of_node(const DocNode& node) {
  if (node.is_null() || (node.is_scalar() && node.scalar == "nil")) return VarValue();
  if (node.is_scalar()) {
    const std::string& s = node.scalar;
    if (s == "true" || s == "false") return VarValue::of_boolean(s == "true");
    const size_t digits = s.find_first_not_of("0123456789", s[0] == '-' ? 1 : 0);
    const bool integer = digits == std::string::npos && s.size() > (s[0] == '-' ? 1u : 0u) && s.size() < 19;
    return integer ? VarValue::of_integer(std::stoll(s)) : VarValue::of_string(s);
  }
  VarValue table = VarValue::table();
  if (node.is_seq()) {
    for (size_t i = 0; i < node.seq.size(); ++i)
      table.entries.emplace_back(VarValue::of_integer(int64_t(i) + 1), var_of_node(*node.seq[i]));
  } else {
    // A key written as a whole number is an integer key, as Lua's {[0] = 5} (teams, seats).
    for (const auto& e : node.map) {
      DocNode key;
      key.kind = DocNode::Scalar;
      key.scalar = e.key;
      VarValue k = var_of_node(key);
      if (k.kind != VarValue::Kind::Integer) k = VarValue::of_string(e.key);
      table.entries.emplace_back(std::move(k), var_of_node(*e.value));
    }
  }
  sort_entries(table);
  return table;
}

// `vars: {mode: atas, bids: {N: 3}}`: one check per key of game.vars (or
// of game.match_vars, `match_vars:`).
void read_vars(const DocEntry& e, const std::string& path, ScenarioDoc& doc, std::vector<ExpectCheck>* out) {
  if (!doc.is_map(*e.value, path)) return;
  const bool match = e.key == "match_vars";
  for (const auto& v : e.value->map) {
    ExpectCheck c = make_check(match ? CheckKind::MatchVar : CheckKind::Var, e.key + "." + v.key, v.key_pos);
    c.var = v.key;
    c.expected = var_text(var_of_node(*v.value));
    out->push_back(c);
  }
}

void read_result(const DocEntry& e, const std::string& path, ScenarioDoc& doc, std::vector<ExpectCheck>* out) {
  if (!doc.check_map(*e.value, path, kResultKeys)) return;
  for (const auto& r : e.value->map) {
    const std::string key = join_path(path, r.key);
    const std::string shown = "result." + r.key;
    if (r.key == "winner") {
      ExpectCheck c = make_check(CheckKind::ResultWinner, shown, r.value->pos);
      if (r.value->is_seq()) {  // [A, D, E]: every team of a winning side
        std::vector<int> teams;
        for (size_t i = 0; i < r.value->seq.size(); ++i) {
          const int t = doc.team(*r.value->seq[i], index_path(key, i));
          if (t >= 0) teams.push_back(t);
        }
        std::sort(teams.begin(), teams.end());
        for (int t : teams) c.expected += (c.expected.empty() ? "" : " ") + doc.rules().team_names[size_t(t)];
        out->push_back(c);
        continue;
      }
      auto text = doc.scalar(*r.value, key);
      if (!text) continue;
      if (*text != "none" && doc.team(*r.value, key) < 0) continue;
      c.expected = *text;
      out->push_back(c);
    } else if (r.key == "name") {
      ExpectCheck c = make_check(CheckKind::ResultName, shown, r.value->pos);
      auto text = doc.scalar(*r.value, key);
      if (!text) continue;
      c.expected = *text;
      out->push_back(c);
    } else if (r.key == "points") {
      read_counts(r, key, shown, CheckKind::ResultPoints, false, doc, out);
    } else if (r.key == "tricks") {
      read_counts(r, key, shown, CheckKind::ResultTricks, false, doc, out);
    } else if (r.key == "game_points") {
      read_counts(r, key, shown, CheckKind::ResultGamePoints, false, doc, out);
    } else if (r.key == "bonus") {
      read_counts(r, key, shown, CheckKind::ResultBonus, false, doc, out);
    } else if (r.key == "sweeps") {
      read_counts(r, key, shown, CheckKind::ResultSweeps, false, doc, out);
    } else if (r.key == "majorities") {
      read_counts(r, key, shown, CheckKind::ResultMajority, false, doc, out);
    } else if (r.key == "combinations") {
      read_counts(r, key, shown, CheckKind::ResultCombinations, false, doc, out);
    } else if (r.key == "threshold") {
      if (!doc.is_map(*r.value, key)) continue;
      for (const auto& t : r.value->map) {
        ExpectCheck c = make_check(CheckKind::ResultThreshold, shown + "." + t.key, t.key_pos);
        c.who = doc.team_named(t.key, t.key_pos, join_path(key, t.key));
        auto f = doc.flag(*t.value, join_path(key, t.key));
        if (c.who < 0 || !f) continue;
        c.expected = *f ? "true" : "false";
        out->push_back(c);
      }
    }
  }
}

}  // namespace

VarValue yaml_var(const DocNode& node) { return var_of_node(node); }

std::vector<ExpectCheck> read_expect(const DocNode& map, const std::string& path, ScenarioDoc& doc) {
  std::vector<ExpectCheck> out;
  if (!doc.check_map(map, path, kExpectKeys)) return out;
  for (const auto& e : map.map) {
    const std::string key = join_path(path, e.key);
    const DocNode& v = *e.value;
    ExpectCheck c = make_check(CheckKind::ToMove, e.key, v.pos);
    if (e.key == "to_move" || e.key == "trick_winner" || e.key == "next_dealer") {
      c.kind = e.key == "to_move" ? CheckKind::ToMove
               : e.key == "trick_winner" ? CheckKind::TrickWinner : CheckKind::NextDealer;
      auto text = doc.scalar(v, key);
      if (!text || (*text != "none" && doc.seat(v, key) < 0)) continue;
      c.expected = *text;
    } else if (e.key == "legal" || e.key == "legal_includes" || e.key == "legal_excludes") {
      c.kind = e.key == "legal" ? CheckKind::Legal
               : e.key == "legal_includes" ? CheckKind::LegalIncludes : CheckKind::LegalExcludes;
      read_actions(v, key, doc, &c);
      c.expected = actions_text(doc.rules(), c.actions);
    } else if (e.key == "builds") {  // ["8 3S 5H by N", ...]: value, cards (any order), owner
      c.kind = CheckKind::Builds;
      if (!v.is_seq()) {
        doc.error(v, key, "builds must be a list", "[\"8 3S 5H by N\"], or [] for none");
        continue;
      }
      std::vector<std::string> builds;
      bool ok = true;
      for (const auto& item : v.seq) {
        LayoutBuild b;
        if (!parse_build_text(doc.rules(), item->scalar, &b)) {
          doc.error(*item, key, "'" + item->scalar + "' is not a build", "its value, its cards and its owner: '8 3S 5H by N'");
          ok = false;
          continue;
        }
        builds.push_back(build_text(doc.rules(), b));
      }
      if (!ok) continue;
      c.expected = builds_text(builds);
    } else if (e.key == "calls") {  // the auction so far, as typed: [1heart, pass, "bid 16"]
      c.kind = CheckKind::Calls;
      if (!v.is_seq()) {
        doc.error(v, key, "calls must be a list", "the calls in order, as typed: [1heart, pass, 4hearts], or [] for none");
        continue;
      }
      std::string said;
      for (const auto& item : v.seq) said += (said.empty() ? "" : ", ") + item->scalar;
      c.expected = "[" + said + "]";
    } else if (e.key == "contract") {  // "4hearts doubled by S", "16 by W", or none
      c.kind = CheckKind::Contract;
      auto text = doc.scalar(v, key);
      if (!text) continue;
      c.expected = *text;
    } else if (e.key == "trump") {
      c.kind = CheckKind::Trump;
      int suit = doc.suit(v, key, true);
      if (suit < -1) continue;
      c.expected = suit < 0 ? "none" : doc.rules().deck.suits[size_t(suit)];
    } else if (e.key == "deal_direction" || e.key == "next_deal_direction") {
      c.kind = e.key == "deal_direction" ? CheckKind::DealDirection : CheckKind::NextDealDirection;
      auto text = doc.scalar(v, key);
      if (!text) continue;
      if (*text != "clockwise" && *text != "counterclockwise") {
        doc.error(v, key, "unknown direction '" + *text + "'", "clockwise or counterclockwise");
        continue;
      }
      c.expected = *text;
    } else if (e.key == "layout" || e.key == "face_down") {
      c.kind = e.key == "layout" ? CheckKind::Layout : CheckKind::FaceDown;
      std::vector<Card> cards;
      if (!doc.cards(v, key, &cards)) continue;
      for (Card card : cards) c.cards.add(card);
      c.expected = expect_cards_text(doc.rules(), c.cards);
    } else if (e.key == "captured") {
      read_seat_cards(e, key, CheckKind::Captured, doc, &out);
      continue;
    } else if (e.key == "stock_count" || e.key == "redeals") {
      c.kind = e.key == "stock_count" ? CheckKind::StockCount : CheckKind::Redeals;
      auto n = doc.number(v, key);
      if (!n) continue;
      c.expected = std::to_string(*n);
    } else if (e.key == "melds") {
      read_counts(e, key, e.key, CheckKind::MeldPoints, false, doc, &out);
      continue;
    } else if (e.key == "pending" || e.key == "turn_up" || e.key == "called_card") {
      c.kind = e.key == "pending" ? CheckKind::Pending : e.key == "turn_up" ? CheckKind::TurnUp : CheckKind::CalledCard;
      auto text = doc.scalar(v, key);
      if (!text) continue;
      if (*text != "none") {
        Card card = doc.card(v, key);
        if (card == kNoCard) continue;
        c.expected = doc.rules().deck.card_text(card);
      } else {
        c.expected = "none";
      }
    } else if (e.key == "target_reached") {
      c.kind = CheckKind::TargetReached;
      auto f = doc.flag(v, key);
      if (!f) continue;
      c.expected = *f ? "true" : "false";
    } else if (e.key == "deal_over") {
      c.kind = CheckKind::DealOver;
      auto f = doc.flag(v, key);
      if (!f) continue;
      c.expected = *f ? "true" : "false";
    } else if (e.key == "hand" || e.key == "hidden") {
      read_seat_cards(e, key, e.key == "hand" ? CheckKind::Hand : CheckKind::Hidden, doc, &out);
      continue;
    } else if (e.key == "tricks" || e.key == "points") {
      read_counts(e, key, e.key, e.key == "tricks" ? CheckKind::Tricks : CheckKind::Points, true, doc, &out);
      continue;
    } else if (e.key == "result") {
      read_result(e, key, doc, &out);
      continue;
    } else if (e.key == "match_scores") {
      read_counts(e, key, e.key, CheckKind::MatchScore, false, doc, &out);
      continue;
    } else if (e.key == "match_over") {
      c.kind = CheckKind::MatchOver;
      auto f = doc.flag(v, key);
      if (!f) continue;
      c.expected = *f ? "true" : "false";
    } else if (e.key == "match_winner") {
      c.kind = CheckKind::MatchWinner;
      auto text = doc.scalar(v, key);
      if (!text || (*text != "none" && doc.team(v, key) < 0)) continue;
      c.expected = *text;
    } else if (e.key == "vars" || e.key == "match_vars") {
      read_vars(e, key, doc, &out);
      continue;
    } else if (e.key == "bids") {
      if (!doc.is_map(v, key)) continue;
      for (const auto& b : v.map) {
        ExpectCheck bid = make_check(CheckKind::Bid, "bids." + b.key, b.key_pos);
        bid.who = doc.seat_named(b.key, b.key_pos, join_path(key, b.key));
        if (bid.who < 0) continue;
        if (b.value->is_scalar() && b.value->scalar == "none") {
          bid.expected = "none";
        } else if (auto n = doc.number(*b.value, join_path(key, b.key))) {
          bid.expected = std::to_string(*n);
        } else {
          continue;
        }
        out.push_back(bid);
      }
      continue;
    } else if (e.key == "sides") {  // [[N], [E, W]]: this deal's sides, compared as "N | E W"
      c.kind = CheckKind::Sides;
      if (!v.is_seq()) {
        doc.error(v, key, "expected a list of sides, each a list of seats", "[[N], [E, W]]");
        continue;
      }
      std::vector<std::vector<int>> sides;
      for (size_t k = 0; k < v.seq.size(); ++k) {
        sides.emplace_back();
        const DocNode& side = *v.seq[k];
        for (size_t i = 0; i < side.seq.size(); ++i) {
          const std::string path = index_path(index_path(key, k), i);
          auto name = doc.scalar(*side.seq[i], path);
          const int seat = name ? doc.seat_named(*name, side.seq[i]->pos, path) : -1;
          if (seat >= 0) sides.back().push_back(seat);
        }
      }
      c.expected = sides_text(doc.rules(), sides);
    } else if (e.key == "seen_sides") {  // {N: [[N], [E, W]]}: the sides N's view shows
      if (!doc.is_map(v, key)) continue;
      for (const auto& b : v.map) {
        const std::string path = join_path(key, b.key);
        ExpectCheck seen = make_check(CheckKind::SeenSides, "seen_sides." + b.key, b.key_pos);
        seen.who = doc.seat_named(b.key, b.key_pos, path);
        if (seen.who < 0) continue;
        if (!b.value->is_seq()) {
          doc.error(*b.value, path, "expected a list of sides, each a list of seats", "[[N], [E, W]]");
          continue;
        }
        std::vector<std::vector<int>> sides;
        for (size_t k = 0; k < b.value->seq.size(); ++k) {
          sides.emplace_back();
          const DocNode& side = *b.value->seq[k];
          for (size_t i = 0; i < side.seq.size(); ++i) {
            const std::string at = index_path(index_path(path, k), i);
            auto name = doc.scalar(*side.seq[i], at);
            const int seat = name ? doc.seat_named(*name, side.seq[i]->pos, at) : -1;
            if (seat >= 0) sides.back().push_back(seat);
          }
        }
        seen.expected = sides_text(doc.rules(), sides);
        out.push_back(seen);
      }
      continue;
    } else if (e.key == "controller") {  // {N: S}: S decides N's actions
      if (!doc.is_map(v, key)) continue;
      for (const auto& b : v.map) {
        ExpectCheck ctl = make_check(CheckKind::Controller, "controller." + b.key, b.key_pos);
        ctl.who = doc.seat_named(b.key, b.key_pos, join_path(key, b.key));
        const std::string path = join_path(key, b.key);
        auto by = doc.scalar(*b.value, path);
        if (ctl.who < 0 || !by || doc.seat_named(*by, b.value->pos, path) < 0) continue;
        ctl.expected = *by;
        out.push_back(ctl);
      }
      continue;
    } else {
      continue;  // unknown: already reported by check_map
    }
    out.push_back(c);
  }
  return out;
}

namespace {

int seat_points(const GameState& state, int seat) {
  const Ruleset& rules = state.ruleset();
  int n = 0;
  for (Card c : state.captured_by(seat))
    n += rules.points_of(c, state.trump_suit());
  return n;
}

// The actual value of a single-value check, as canonical text.
std::string actual_text(const ExpectCheck& check, const GameState& state, const Match& match) {
  const Ruleset& rules = state.ruleset();
  const DealResult& r = state.result();
  const size_t who = size_t(check.who);
  switch (check.kind) {
    case CheckKind::ToMove: return state.deal_over() ? "none" : seat_text(rules, state.to_move());
    case CheckKind::Contract: {
      if (state.bidder() < 0) return "none";
      const int word = state.contract_word();
      std::string text = word >= 0 ? rules.action_words[size_t(word)] : std::to_string(state.contract());
      if (state.contract_doubled() > 0) text += state.contract_doubled() == 1 ? " doubled" : " redoubled";
      return text + " by " + seat_text(rules, state.bidder());
    }
    case CheckKind::Calls: {
      std::string said;
      for (const SaidCall& call : *state.calls_said()) said += (said.empty() ? "" : ", ") + action_text(rules, call.action);
      return "[" + said + "]";
    }
    case CheckKind::Trump: return state.trump_suit() < 0 ? "none" : rules.deck.suits[size_t(state.trump_suit())];
    case CheckKind::TrickWinner: return seat_text(rules, state.last_trick_winner());
    case CheckKind::Controller: return seat_text(rules, state.controller(check.who));
    case CheckKind::Sides: {
      std::vector<std::vector<int>> sides(size_t(rules.seats));
      for (int s = 0; s < rules.seats; ++s) sides[size_t(state.side_of(s))].push_back(s);
      return sides_text(rules, sides);
    }
    case CheckKind::SeenSides: {  // what the seat's observation shows (no sides: the teams)
      const Observation o = observe(state, check.who, {});
      std::vector<std::vector<int>> sides(size_t(rules.seats));
      for (int s = 0; s < rules.seats; ++s)
        sides[size_t(o.sides.empty() ? int(rules.team_of[size_t(s)]) : o.sides[size_t(s)])].push_back(s);
      return sides_text(rules, sides);
    }
    case CheckKind::Hand: return expect_cards_text(rules, state.hand_of(check.who));
    case CheckKind::Hidden: return expect_cards_text(rules, state.hidden_of(check.who));
    case CheckKind::Tricks:
      return std::to_string(check.who_is_team ? state.tricks_won(check.who) : state.tricks_won_by_seat(check.who));
    case CheckKind::Points:
      return std::to_string(check.who_is_team ? state.points_won(check.who) : seat_points(state, check.who));
    case CheckKind::DealOver: return state.deal_over() ? "true" : "false";
    case CheckKind::Layout: return expect_cards_text(rules, state.layout());
    case CheckKind::Builds: {
      std::vector<std::string> builds;
      for (const LayoutBuild& b : state.layout_builds()) builds.push_back(build_text(rules, b));
      return builds_text(builds);
    }
    case CheckKind::FaceDown: return expect_cards_text(rules, state.face_down_cards());
    case CheckKind::DealDirection:
      return state.deal_direction_step() > 0 ? "clockwise" : "counterclockwise";
    case CheckKind::NextDealDirection:
      return GameState::direction_step_for(rules.deal_direction, state.deal_index() + 1) > 0 ? "clockwise"
                                                                                        : "counterclockwise";
    case CheckKind::Captured: return expect_cards_text(rules, state.captured_by(check.who));
    case CheckKind::StockCount: return std::to_string(state.stock_left());
    case CheckKind::Redeals: return std::to_string(state.redeals());
    case CheckKind::Pending:
      return state.pending_card() == kNoCard ? "none" : rules.deck.card_text(state.pending_card());
    case CheckKind::Bid: return state.bid_of(check.who) < 0 ? "none" : std::to_string(state.bid_of(check.who));
    case CheckKind::TurnUp: return state.turn_up() == kNoCard ? "none" : rules.deck.card_text(state.turn_up());
    case CheckKind::CalledCard:
      return state.called_card() == kNoCard ? "none" : rules.deck.card_text(state.called_card());
    case CheckKind::MeldPoints: return std::to_string(state.meld_points(check.who));
    case CheckKind::Var: {
      const VarValue* v = state.vars().find(check.var);
      return v ? var_text(*v) : "nil";
    }
    // After the deal ends: as the deal's hooks and match_over left them.
    case CheckKind::MatchVar: {
      const VarValue* v = state.match_vars()->find(check.var);
      return v ? var_text(*v) : "nil";
    }
    // Before the deal ends: the totals it started from; after: with its points.
    case CheckKind::MatchScore:
      return who < match.scores().size() ? std::to_string(match.scores()[who]) : "?";
    default: break;
  }
  // The rest describe the finished deal.
  if (!state.deal_over()) return "(the deal is not over)";
  switch (check.kind) {
    case CheckKind::ResultWinner: {
      if (r.winner_team >= 0) return rules.team_names[size_t(r.winner_team)];
      std::string text;  // a side of several teams: "A D E"
      for (int t = 0; t < rules.teams; ++t)
        if (r.won_by(t)) text += (text.empty() ? "" : " ") + rules.team_names[size_t(t)];
      return text.empty() ? "none" : text;
    }
    case CheckKind::ResultName: return r.name;
    case CheckKind::ResultPoints: return who < r.points.size() ? std::to_string(r.points[who]) : "?";
    case CheckKind::ResultTricks: return who < r.tricks.size() ? std::to_string(r.tricks[who]) : "?";
    case CheckKind::ResultGamePoints: return who < r.game_points.size() ? std::to_string(r.game_points[who]) : "?";
    case CheckKind::NextDealer: return seat_text(rules, match.dealer());  // moved when the deal was counted
    case CheckKind::ResultBonus: return who < r.bonus.size() ? std::to_string(r.bonus[who]) : "?";
    case CheckKind::ResultSweeps: return who < r.sweeps.size() ? std::to_string(r.sweeps[who]) : "?";
    case CheckKind::ResultMajority: return who < r.majority.size() ? std::to_string(r.majority[who]) : "?";
    case CheckKind::ResultCombinations:
      return who < r.combinations.size() ? std::to_string(r.combinations[who]) : "?";
    case CheckKind::ResultThreshold: return who < r.threshold_met.size() ? (r.threshold_met[who] ? "true" : "false") : "?";
    case CheckKind::TargetReached: {
      bool reached = false;
      for (int g : r.game_points) reached = reached || (rules.match.target > 0 && g >= rules.match.target);
      return reached ? "true" : "false";
    }
    case CheckKind::MatchOver: return match.over() ? "true" : "false";
    case CheckKind::MatchWinner: {
      if (!match.over()) return "(the match is not over)";
      const int t = match.leading_team();
      return t < 0 ? "none" : rules.team_names[size_t(t)];
    }
    default: break;
  }
  return "?";
}

std::string legal_failure(const ExpectCheck& check, const GameState& state) {
  const Ruleset& rules = state.ruleset();
  LegalActions legal;
  state.legal_actions(&legal);
  const std::vector<Action> actual = legal.list();
  const std::string got = actions_text(rules, actual);
  // Each expected action as its text reads now: a word both a hook's and the
  // engine's ("pass") means the one that is legal (parse_action with `legal`).
  std::vector<Action> expected;
  for (const Action& a : check.actions) {
    Action now = a;
    std::string why;
    if (!parse_action(rules, action_text(rules, a), legal, &now, &why)) now = a;
    expected.push_back(now);
  }
  std::vector<Action> wrong;
  for (const Action& a : expected)
    if (legal.contains(a) != (check.kind != CheckKind::LegalExcludes)) wrong.push_back(a);
  switch (check.kind) {
    case CheckKind::Legal: {
      bool extra = std::any_of(actual.begin(), actual.end(), [&](const Action& a) {
        return std::find(expected.begin(), expected.end(), a) == expected.end();
      });
      if (wrong.empty() && !extra) return {};
      return "expected " + check.expected + ", got " + got;
    }
    case CheckKind::LegalIncludes:
      return wrong.empty() ? std::string() : "expected to include " + actions_text(rules, wrong) + ", got " + got;
    case CheckKind::LegalExcludes:
      return wrong.empty() ? std::string() : "expected to exclude " + actions_text(rules, wrong) + ", got " + got;
    default: break;
  }
  return {};
}

}  // namespace

std::string check_failure(const ExpectCheck& check, const GameState& state, const Match& match) {
  switch (check.kind) {
    case CheckKind::Legal:
    case CheckKind::LegalIncludes:
    case CheckKind::LegalExcludes:
      return legal_failure(check, state);
    default: break;
  }
  std::string actual = actual_text(check, state, match);
  return actual == check.expected ? std::string() : "expected " + check.expected + ", got " + actual;
}

}  // namespace hukum
