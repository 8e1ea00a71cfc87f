// Scenario files -> Scenario (format: docs/scenarios.md). Cards placed twice
// are caught here, where their position is known; whether hands fit the deal
// plan is left to the engine (GameState::start_deal says so at `hands:`).
#include "session/scenarios/scenario_read.h"

#include <algorithm>
#include <filesystem>

#include "ruleset/input_file.h"
#include "session/scenarios/build_text.h"
#include "session/scenarios/scenario_doc.h"
#include "session/scenarios/scenario_expect.h"

namespace hukum {

namespace {

const std::vector<std::string> kTopKeys = {"name",     "ruleset", "options",  "dealer",       "seed",
                                           "hands",    "trump_card", "layout", "stock",        "position",
                                           "match_scores", "deals_played", "match_vars", "tie_break_left", "steps"};
// A position's cards are written zone by zone, under the zone table's names
// (engine/zones.h), so a position holds what the engine's zones hold: every
// zone but the trick and the pending card, empty between tricks. Shared
// zones come first, so that `rest` (per seat) is known after them.
struct PositionZone {
  Zone zone;
  const char* earlier;                          // the name positions used before zones had names
  std::vector<CardSet> PlayPosition::*per_seat;  // where the cards go: per seat,
  CardSet PlayPosition::*shared;                 // or shared (neither: the stock, kept in order)
};
const PositionZone kPositionZones[] = {
    {Zone::Stock, nullptr, nullptr, nullptr},
    {Zone::Layout, nullptr, nullptr, &PlayPosition::layout},
    {Zone::TurnUp, nullptr, nullptr, &PlayPosition::turn_up},
    {Zone::Out, "out_of_play", nullptr, &PlayPosition::out_of_play},
    {Zone::Hand, "hands", &PlayPosition::hands, nullptr},
    {Zone::FaceDown, "hidden", &PlayPosition::hidden, nullptr},
    {Zone::Won, "captured", &PlayPosition::captured, nullptr},
};

std::vector<std::string> position_keys() {
  std::vector<std::string> keys;
  for (const PositionZone& z : kPositionZones) {
    keys.push_back(zone_info(z.zone).name);
    if (z.earlier) keys.push_back(z.earlier);
  }
  for (const char* key : {"discarded", "tricks_won", "tricks_played", "trump", "leader", "bidder", "contract",
                          "declared", "bids", "meld_points", "builds", "vars", "trump_order", "called_card"})
    keys.push_back(key);
  return keys;
}

// `hands:` of a full deal: every seat, cards in the order they are dealt.
void read_hands(const DocNode& node, ScenarioDoc& doc, Scenario* out) {
  const Ruleset& rules = doc.rules();
  if (!doc.check_map(node, "hands", rules.seat_names)) return;
  FixedDeal deal;
  deal.hands.resize(size_t(rules.seats));
  CardSet seen;
  for (int s = 0; s < rules.seats; ++s) {
    const std::string& name = rules.seat_names[size_t(s)];
    const DocNode* cards = node.find(name);
    if (!cards) {
      doc.error(node, "hands", "no hand for seat " + in_quotes(name), "a hand for every seat: " + doc.seat_list());
      continue;
    }
    std::vector<Card>& hand = deal.hands[size_t(s)];
    doc.cards(*cards, join_path("hands", name), &hand);
    for (size_t i = 0; i < hand.size(); ++i) {
      if (seen.contains(hand[i]))
        doc.error(*cards->seq[i], index_path(join_path("hands", name), i),
                  "card " + in_quotes(rules.deck.card_text(hand[i])) + " is in two hands");
      seen.add(hand[i]);
    }
  }
  out->deal = deal;
}

// One zone of a position kept per seat (hand, face_down, won): per seat, a
// card list or `rest`. The seat holding `rest` is returned through `rest_seat`.
void read_zone(const DocNode& node, const std::string& path, ScenarioDoc& doc, std::vector<CardSet>* zone,
               CardSet* seen, int* rest_seat, const DocNode** rest_node) {
  const Ruleset& rules = doc.rules();
  zone->assign(size_t(rules.seats), CardSet());
  if (!doc.check_map(node, path, rules.seat_names)) return;
  for (const auto& e : node.map) {
    const int seat = doc.seat_named(e.key, e.key_pos, path);
    const std::string key = join_path(path, e.key);
    if (seat < 0) continue;
    if (e.value->is_scalar() && e.value->scalar == "rest") {
      if (*rest_seat >= 0)
        doc.error(*e.value, key, "'rest' is written twice (first at line " +
                                     std::to_string((*rest_node)->pos.line) + ")");
      *rest_seat = seat;
      *rest_node = e.value.get();
      continue;
    }
    std::vector<Card> cards;
    doc.cards(*e.value, key, &cards);
    for (size_t i = 0; i < cards.size(); ++i) {
      if (seen->contains(cards[i]))
        doc.error(*e.value->seq[i], index_path(key, i),
                  "card " + in_quotes(rules.deck.card_text(cards[i])) + " is placed twice");
      seen->add(cards[i]);
      (*zone)[size_t(seat)].add(cards[i]);
    }
  }
}

void read_position(const DocNode& node, ScenarioDoc& doc, Scenario* out) {
  const Ruleset& rules = doc.rules();
  if (!doc.check_map(node, "position", position_keys())) return;
  PlayPosition pos;
  CardSet seen;
  int rest_seat = -1;
  const DocNode* rest_node = nullptr;
  std::vector<CardSet>* rest_zone = nullptr;
  // The node of a zone, under its name or its earlier one (not both).
  auto zone_node = [&](const PositionZone& z, std::string* key) -> const DocNode* {
    *key = zone_info(z.zone).name;
    const DocNode* found = node.find(*key);
    if (const char* earlier = z.earlier; earlier && node.find(earlier)) {
      if (found) doc.error(*node.find(earlier), join_path("position", earlier), "the zone '" + *key + "' is written twice",
                           "either '" + *key + "' or its earlier name '" + earlier + "'");
      else *key = earlier, found = node.find(earlier);
    }
    return found;
  };
  for (const PositionZone& z : kPositionZones) {
    std::string key;
    const DocNode* n = zone_node(z, &key);
    if (z.per_seat) {  // a card list or `rest` per seat
      std::vector<CardSet>* zone = &(pos.*z.per_seat);
      zone->assign(size_t(rules.seats), CardSet());
      if (!n) continue;
      const int before = rest_seat;
      read_zone(*n, join_path("position", key), doc, zone, &seen, &rest_seat, &rest_node);
      if (rest_seat != before) rest_zone = zone;
      continue;
    }
    std::vector<Card> cards;  // a list: the stock top first, a card turned up, cards set aside
    if (!n || !doc.cards(*n, join_path("position", key), &cards)) continue;
    if (z.zone == Zone::TurnUp && cards.size() > 1)
      doc.error(*n, join_path("position", key), "the turn-up is one card", "at most one card");
    for (size_t i = 0; i < cards.size(); ++i) {
      if (seen.contains(cards[i]))
        doc.error(*n->seq[i], index_path(join_path("position", key), i),
                  "card " + in_quotes(rules.deck.card_text(cards[i])) + " is placed twice");
      seen.add(cards[i]);
      if (z.shared) (pos.*z.shared).add(cards[i]);
      else pos.stock.push_back(cards[i]);
    }
  }
  // `discarded`: face-down cards out of play, per seat (a kitty's discards);
  // they are that seat's face-down cards, so placed there too.
  if (const DocNode* d = node.find("discarded")) {
    pos.discarded.assign(size_t(rules.seats), CardSet());
    int no_rest = -1;
    const DocNode* no_rest_node = nullptr;
    read_zone(*d, "position.discarded", doc, &pos.discarded, &seen, &no_rest, &no_rest_node);
    if (no_rest >= 0) doc.error(*no_rest_node, "position.discarded", "'rest' is not read here", "the discarded cards");
    for (size_t s = 0; s < pos.discarded.size(); ++s) pos.hidden[s] |= pos.discarded[s];
  }
  if (rest_zone) (*rest_zone)[size_t(rest_seat)] |= rules.deck.all & ~seen;

  pos.tricks_won.assign(size_t(rules.seats), 0);
  int tricks = 0;
  if (const DocNode* t = node.find("tricks_won"); t && doc.check_map(*t, "position.tricks_won", rules.seat_names)) {
    for (const auto& e : t->map) {
      int seat = doc.seat_named(e.key, e.key_pos, "position.tricks_won");
      auto n = doc.number(*e.value, join_path("position.tricks_won", e.key));
      if (seat < 0 || !n) continue;
      pos.tricks_won[size_t(seat)] = *n;
      tricks += *n;
    }
  }
  pos.tricks_played = tricks;
  // The bids of a `bids` step already made (public).
  if (const DocNode* b = node.find("bids"); b && doc.is_map(*b, "position.bids")) {
    pos.bids.assign(size_t(rules.seats), -1);
    for (const auto& e : b->map) {
      int seat = doc.seat_named(e.key, e.key_pos, "position.bids");
      auto n = doc.number(*e.value, join_path("position.bids", e.key));
      if (seat >= 0 && n) pos.bids[size_t(seat)] = *n;
    }
  }
  if (const DocNode* t = node.find("tricks_played"))
    if (auto n = doc.number(*t, "position.tricks_played")) pos.tricks_played = *n;
  // Without `trump`, a ruleset whose trump is fixed has that trump (a
  // position with none would be a game the ruleset never plays).
  if (const DocNode* t = node.find("trump")) pos.trump_suit = std::max(-1, doc.suit(*t, "position.trump", true));
  else if (doc.rules().play.trump_method == TrumpMethod::Fixed) pos.trump_suit = doc.rules().play.trump_suit;
  if (const DocNode* l = node.find("leader")) {
    pos.leader = std::max(0, doc.seat(*l, "position.leader"));
  } else {
    doc.error(node, "position", "missing key 'leader'", "the seat that leads the next trick");
  }
  // Builds on the layout (fishing.builds): ["8 2S 3C 3H by S"]; the engine checks them against the layout.
  if (const DocNode* b = node.find("builds")) {
    if (!b->is_seq()) doc.error(*b, "position.builds", "builds must be a list", "[\"8 3S 5H by N\"]");
    else
      for (const auto& item : b->seq) {
        LayoutBuild build;
        if (parse_build_text(rules, item->scalar, &build)) pos.builds.push_back(build);
        else doc.error(*item, "position.builds", "'" + item->scalar + "' is not a build", "its value, its cards and its owner: '8 3S 5H by N'");
      }
  }
  // A trump structure of play.trump_orders in force (a contract chose it).
  if (const DocNode* t = node.find("trump_order")) {
    std::vector<std::string> names;
    for (const TrumpOrder& o : rules.play.trump_orders) names.push_back(o.name);
    const auto at = std::find(names.begin(), names.end(), t->scalar);
    if (at == names.end())
      doc.error(*t, "position.trump_order", "unknown trump order '" + t->scalar + "'",
                names.empty() ? "no trump_order: the ruleset has no play.trump_orders" : "one of: " + comma_list(names));
    else
      pos.trump_order = int(at - names.begin());
  }
  // game.vars at this point of the deal (`vars: {called: AS}`), read by the hooks of the rest of it.
  if (const DocNode* v = node.find("vars"); v && doc.is_map(*v, "position.vars")) pos.vars = yaml_var(*v);
  // The card the bidder called earlier in the deal (game.call_card), whose play.called_card duties hold.
  if (const DocNode* c = node.find("called_card")) {
    if (!node.find("bidder")) doc.error(*c, "position.called_card", "a called card needs the bidder who called it", "position.bidder");
    pos.called_card = doc.card(*c, "position.called_card");
  }
  // A contract in force: its bidder and value, and whether the bidder declared
  // (then the bidder's partners sit out when the ruleset's declaration says so).
  if (const DocNode* b = node.find("bidder")) pos.bidder = doc.seat(*b, "position.bidder");
  if (const DocNode* c = node.find("contract"))
    if (auto n = doc.number(*c, "position.contract")) pos.contract = *n;
  if (const DocNode* d = node.find("declared"))
    if (auto f = doc.flag(*d, "position.declared")) pos.declared = *f;
  // Points of melds declared earlier in the deal, per team (`meld_points: {EW: 20}`).
  if (const DocNode* m = node.find("meld_points"); m && doc.is_map(*m, "position.meld_points")) {
    pos.meld_points.assign(size_t(rules.teams), 0);
    for (const auto& e : m->map) {
      const int team = doc.team_named(e.key, e.key_pos, "position.meld_points");
      auto n = doc.number(*e.value, join_path("position.meld_points", e.key));
      if (team >= 0 && n) pos.meld_points[size_t(team)] = *n;
    }
  }
  if ((pos.contract > 0 || pos.declared) && pos.bidder < 0)
    doc.error(node, "position", "a contract or declaration needs 'bidder'", "the seat that won the auction");
  if (pos.declared && pos.bidder >= 0 && rules.declaration.partner_sits_out)
    for (int s = 0; s < rules.seats; ++s)
      if (s != pos.bidder && rules.team_of[size_t(s)] == rules.team_of[size_t(pos.bidder)])
        pos.sitting_out |= uint32_t(1) << s;
  out->position = pos;
}

// `match_scores: {team: n}` and `deals_played: n`: the match the deal belongs to.
void read_match(const DocNode& doc, ScenarioDoc& reader, Scenario* out) {
  const Ruleset& rules = reader.rules();
  out->match_scores.assign(size_t(rules.teams), 0);
  if (const DocNode* m = doc.find("match_scores"); m && reader.is_map(*m, "match_scores")) {
    for (const auto& e : m->map) {
      const int team = reader.team_named(e.key, e.key_pos, "match_scores");
      auto n = reader.number(*e.value, join_path("match_scores", e.key), /*negative_ok=*/true);
      if (team >= 0 && n) out->match_scores[size_t(team)] = *n;
    }
  }
  if (const DocNode* d = doc.find("deals_played"))
    if (auto n = reader.number(*d, "deals_played")) out->deals_played = *n;
  if (const DocNode* t = doc.find("tie_break_left")) {
    if (rules.match.tie_break_deals == 0)
      reader.error(*t, "tie_break_left", "this ruleset plays no tie-break deals (match.tie_break_deals is 0)");
    else if (auto n = reader.number(*t, "tie_break_left"); n && *n >= 1 && *n <= rules.match.tie_break_deals)
      out->tie_break_left = *n;
    else if (n)
      reader.error(*t, "tie_break_left", "expected 1 to " + std::to_string(rules.match.tie_break_deals) +
                                              " (match.tie_break_deals), got " + std::to_string(*n));
  }
  if (const DocNode* v = doc.find("match_vars"); v && reader.is_map(*v, "match_vars")) out->match_vars = yaml_var(*v);
}

// One step: a map with a single key, a seat name or a step word.
void read_step(const DocNode& node, size_t index, ScenarioDoc& doc, Scenario* out) {
  const Ruleset& rules = doc.rules();
  const std::string path = index_path("steps", index);
  std::vector<std::string> allowed = {"play", "refuse", "expect", "play_out"};
  allowed.insert(allowed.end(), rules.seat_names.begin(), rules.seat_names.end());
  if (!doc.check_map(node, path, allowed)) return;
  if (node.map.size() != 1) {
    doc.error(node, path, "a step has exactly one key, this one has " + std::to_string(node.map.size()),
              "one of: " + comma_list(allowed));
    return;
  }
  const DocEntry& e = node.map[0];
  // An unknown key was reported by check_map; reading it as a seat would only add noise.
  if (std::find(allowed.begin(), allowed.end(), e.key) == allowed.end()) return;
  const std::string key = join_path(path, e.key);
  ScenarioStep step;
  step.pos = e.key_pos;
  step.text = flow_text(node);
  auto add_actions = [&](bool list_allowed) {
    std::vector<DocNodePtr> items;
    if (e.value->is_seq() && list_allowed) {
      items = e.value->seq;
    } else {
      items.push_back(e.value);
    }
    for (size_t i = 0; i < items.size(); ++i)
      if (auto text = doc.scalar(*items[i], e.value->is_seq() ? index_path(key, i) : key))
        step.actions.emplace_back(*text, items[i]->pos);
  };
  if (e.key == "play" || e.key == "refuse") {
    step.kind = e.key == "play" ? ScenarioStep::Kind::Play : ScenarioStep::Kind::Refuse;
    add_actions(true);
  } else if (e.key == "expect") {
    step.kind = ScenarioStep::Kind::Expect;
    step.checks = read_expect(*e.value, key, doc);
  } else if (e.key == "play_out") {
    step.kind = ScenarioStep::Kind::PlayOut;
    auto how = doc.scalar(*e.value, key);
    if (how && *how != "first" && *how != "last")
      doc.error(*e.value, key, "unknown choice " + in_quotes(*how), "first or last");
    step.play_out_last = how && *how == "last";
  } else {
    step.kind = ScenarioStep::Kind::Act;
    step.seat = doc.seat_named(e.key, e.key_pos, path);
    add_actions(false);
  }
  out->steps.push_back(std::move(step));
}

}  // namespace

DocNodePtr read_scenario_header(const std::string& path, Scenario* out, Diagnostics& diags) {
  out->file = path;
  out->name = std::filesystem::path(path).stem().string();
  DocNodePtr doc = parse_yaml_file(path, diags);
  if (!doc) return nullptr;
  ScenarioDoc reader(nullptr, diags);
  if (!reader.check_map(*doc, "", kTopKeys)) return nullptr;
  if (const DocNode* n = doc->find("name"))
    if (auto text = reader.scalar(*n, "name")) out->name = *text;
  if (const DocNode* r = doc->find("ruleset")) {
    out->ruleset_pos = r->pos;
    if (auto text = reader.scalar(*r, "ruleset")) {
      // Like `extends`: a ruleset file relative to this one, never an absolute path.
      std::string resolved;
      if (std::string why = resolve_written_path(path, *text, {".yaml", ".yml"}, false, &resolved); why.empty())
        out->ruleset_path = resolved;
      else
        reader.error(*r, "ruleset", "cannot use " + in_quotes(*text) + ": " + why, "the ruleset file, relative to this file");
    }
  } else {
    reader.error(*doc, "", "missing key 'ruleset'", "the ruleset file, relative to this file");
  }
  if (const DocNode* o = doc->find("options"); o && reader.is_map(*o, "options")) {
    for (const auto& e : o->map)
      if (auto text = reader.scalar(*e.value, join_path("options", e.key))) out->options[e.key] = *text;
  }
  return doc;
}

void read_scenario_body(const DocNode& doc, const Ruleset& rules, Scenario* out, Diagnostics& diags) {
  ScenarioDoc reader(&rules, diags);
  out->setup_pos = doc.pos;  // a shuffled deal has no setup key to point at
  if (const DocNode* d = doc.find("dealer")) out->dealer = std::max(0, reader.seat(*d, "dealer"));
  if (const DocNode* s = doc.find("seed"))
    if (auto n = reader.number(*s, "seed")) out->seed = uint64_t(*n);
  read_match(doc, reader, out);
  const DocNode* hands = doc.find("hands");
  const DocNode* position = doc.find("position");
  const DocNode* trump_card = doc.find("trump_card");
  if (hands && position) reader.error(*position, "position", "give either 'hands' or 'position', not both");
  if (hands) {
    out->setup_pos = hands->pos;
    read_hands(*hands, reader, out);
    if (trump_card && out->deal) out->deal->random_trump_card = reader.card(*trump_card, "trump_card");
  } else if (trump_card) {
    reader.error(*trump_card, "trump_card", "'trump_card' goes with 'hands' (a full deal)");
  }
  // Fishing: the initial layout and the top of the stock, in the order turned.
  for (auto [key, into] : {std::pair{"layout", &FixedDeal::layout}, std::pair{"stock", &FixedDeal::stock}}) {
    const DocNode* n = doc.find(key);
    if (!n) continue;
    if (!hands) {
      reader.error(*n, key, std::string("'") + key + "' goes with 'hands' (a full deal)");
      continue;
    }
    if (out->deal) reader.cards(*n, key, &((*out->deal).*into));
  }
  if (position) {
    out->setup_pos = position->pos;
    read_position(*position, reader, out);
  }
  const DocNode* steps = doc.find("steps");
  if (!steps) {
    reader.error(doc, "", "missing key 'steps'", "a list of steps");
    return;
  }
  if (!steps->is_seq()) {
    reader.error(*steps, "steps", std::string("expected a list of steps, got ") + kind_name(steps->kind));
    return;
  }
  // A scenario without steps would pass whatever the engine does.
  if (steps->seq.empty()) reader.error(*steps, "steps", "no steps", "at least one step");
  for (size_t i = 0; i < steps->seq.size(); ++i) read_step(*steps->seq[i], i, reader, out);
}

}  // namespace hukum
