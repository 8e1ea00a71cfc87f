// One seat's Observation built from the state (its own zones and the public table
// only), and its JSON form for logs and tools.
#include "session/observation/observation.h"

#include "engine/combinations.h"
#include "ruleset/step_kind.h"

namespace hukum {

namespace {

// The cards of `place` that `seat` sees: a public zone or its own whole; in
// another seat's hand or face-down cards, those turned face up for everyone;
// in the trick, all but the cards others played face down; nothing of the
// stock or the cards out of the deal.
CardSet seen_in(const GameState& state, Place place, int seat) {
  const CardSet cards = state.cards_in(place);
  if (sees_whole(place, seat)) return cards;
  switch (zone_info(place.zone).seen) {
    case Seen::Owner: return cards & state.revealed();
    case Seen::PerCard: {
      CardSet face_up;
      const auto trick = state.trick();
      for (size_t p = 0; p < trick.size(); ++p)
        if (!state.face_down_at(int(p)) || trick[p].first == seat) face_up.add(trick[p].second);
      return face_up;
    }
    default: return CardSet();
  }
}

}  // namespace

Observation observe(const GameState& state, int seat, const std::vector<int>& match_scores) {
  const Ruleset& rules = state.ruleset();
  Observation o;
  for (const Place& place : state.places()) {
    const CardSet cards = state.cards_in(place);
    if (!cards.empty()) o.zones.push_back({place, cards.size(), seen_in(state, place, seat)});
  }
  o.seat = seat;
  o.deal_index = state.deal_index();
  o.dealer = state.dealer();
  o.phase = state.phase();
  o.question = state.question();
  if (const DealStep* step = state.waiting_step()) {
    o.step_index = int(step - rules.deal.data());
    o.bidding = engine_bid_range(*step);
  }
  o.to_move = state.deal_over() ? kNoSeat : state.to_move();
  o.hand = state.hand_of(seat);
  o.own_hidden = state.hidden_of(seat);
  for (int s = 0; s < rules.seats; ++s) {
    o.hand_counts.push_back(state.hand_of(s).size());
    o.hidden_counts.push_back(state.hidden_of(s).size());
    o.tricks_won.push_back(state.tricks_won_by_seat(s));
    o.captured.push_back(state.captured_by(s));
    o.bids.push_back(state.bid_of(s));
    if (rules.fishing.sweeps) o.sweeps.push_back(state.sweeps(s));
  }
  for (int s = 0; s < rules.seats && !rules.fishing.combinations.empty(); ++s) {
    CardSet side;  // the won piles of the seat's team: public
    for (int k = 0; k < rules.seats; ++k)
      if (rules.team_of[size_t(k)] == rules.team_of[size_t(s)]) side |= state.captured_by(k);
    o.combinations.push_back(combination_points(rules.fishing, side));
  }
  o.trick = state.trick();
  for (size_t p = 0; p < o.trick.size(); ++p) {
    if (!state.face_down_at(int(p))) continue;
    o.trick_face_down |= 1u << p;
    if (o.trick[p].first != seat) o.trick[p].second = kNoCard;  // only its owner sees it
  }
  o.last_trick = state.last_trick();
  o.trump_suit = state.trump_suit();
  o.trump_order = state.trump_order();
  o.trump_card_shown = state.trump_card_shown();
  o.turn_up = state.turn_up();
  o.melds = state.melds();
  o.trump_auction_round = o.question.tag == "trump_auction" ? state.trump_auction_round() : -1;
  o.revealed = state.revealed();
  o.match_scores = match_scores;
  o.high_bid = state.high_bid();
  o.high_bidder = state.high_bidder();
  o.calls = *state.calls_said();
  o.contract_word = state.contract_word();
  o.contract_doubled = state.contract_doubled();
  o.bidder = state.bidder();
  o.contract = state.contract();
  o.declared = state.declared();
  o.sitting_out = state.sitting_out();
  if (state.sides_changed_for(seat))  // secret sides only to the seats that know them
    for (int s = 0; s < rules.seats; ++s) o.sides.push_back(state.side_seen_by(seat, s));
  o.layout = state.layout();
  o.stock_count = rules.family == Family::Fishing ? state.stock_left() : 0;
  o.pending = state.pending_card();
  o.taking = state.taking();
  if (rules.fishing.builds) o.builds = state.layout_builds(), o.building_value = state.building_value();
  if (o.to_move != kNoSeat && state.decider() == seat) {
    state.legal_actions(&o.legal);
    if (o.to_move != seat) o.playing_for = o.to_move;
  }
  return o;
}

nlohmann::ordered_json sides_json(const Ruleset& rules, const std::vector<int>& side_of) {
  auto sides = nlohmann::ordered_json::array();
  for (size_t s = 0; s < side_of.size(); ++s) {
    while (sides.size() <= size_t(side_of[s])) sides.push_back(nlohmann::ordered_json::array());
    sides[size_t(side_of[s])].push_back(rules.seat_names[s]);
  }
  return sides;
}

std::string cards_text(const Ruleset& rules, CardSet cards) {
  std::string out;
  for (Card c : cards) {
    if (!out.empty()) out += ' ';
    out += rules.deck.card_text(c);
  }
  return out;
}

static nlohmann::ordered_json card_list(const Ruleset& rules, CardSet cards) {
  auto out = nlohmann::ordered_json::array();
  for (Card c : cards) out.push_back(rules.deck.card_text(c));
  return out;
}

static nlohmann::ordered_json trick_json(const Ruleset& rules,
                                         const std::vector<std::pair<int, Card>>& trick,
                                         uint32_t face_down = 0) {
  auto out = nlohmann::ordered_json::array();
  for (size_t p = 0; p < trick.size(); ++p) {
    auto [s, c] = trick[p];
    nlohmann::ordered_json entry{{"seat", rules.seat_names[size_t(s)]},
                                 {"card", c == kNoCard ? nlohmann::ordered_json() : nlohmann::ordered_json(rules.deck.card_text(c))}};
    if ((face_down >> p) & 1) entry["face_down"] = true;
    out.push_back(entry);
  }
  return out;
}

std::string phase_word(const Observation& o) {
  switch (o.phase) {
    case Phase::Play: return "play";
    case Phase::ChooseCapture: return "choose_capture";
    case Phase::DealOver: return "deal_over";
    case Phase::Question: return o.question.tag;
  }
  return "?";
}

// The question of an observation, as JSON: its tag, the deal step asking, and
// how the answers are given (together: each seat in turn, hidden until all
// have answered; answer_hidden: a card laid face down).
static nlohmann::ordered_json question_json(const Question& q) {
  nlohmann::ordered_json j{{"tag", q.tag}};
  if (!q.step.empty()) j["step"] = q.step;
  if (q.together) j["together"] = true;
  if (q.answer_hidden) j["answer_hidden"] = true;
  return j;
}

nlohmann::ordered_json observation_json(const Ruleset& rules, const Observation& o) {
  nlohmann::ordered_json j;
  auto seat_name = [&](int s) { return s < 0 ? nlohmann::ordered_json() : nlohmann::ordered_json(rules.seat_names[size_t(s)]); };
  j["seat"] = seat_name(o.seat);
  j["deal"] = o.deal_index + 1;
  j["dealer"] = seat_name(o.dealer);
  j["phase"] = phase_word(o);
  j["to_move"] = seat_name(o.to_move);
  if (o.to_move != kNoSeat) j["question"] = question_json(o.question);
  if (o.playing_for != kNoSeat) j["playing_for"] = seat_name(o.playing_for);  // this seat decides for to_move
  j["hand"] = card_list(rules, o.hand);
  j["hidden"] = card_list(rules, o.own_hidden);
  j["trump"] = o.trump_suit < 0 ? nlohmann::ordered_json() : nlohmann::ordered_json(rules.deck.suits[size_t(o.trump_suit)]);
  if (o.trump_order >= 0) j["trump_order"] = rules.play.trump_orders[size_t(o.trump_order)].name;
  if (o.trump_card_shown != kNoCard) j["trump_card"] = rules.deck.card_text(o.trump_card_shown);
  j["revealed"] = card_list(rules, o.revealed);
  if (o.turn_up != kNoCard) j["turn_up"] = rules.deck.card_text(o.turn_up);
  if (!o.melds.empty()) {
    auto melds = nlohmann::ordered_json::array();
    for (const Meld& m : o.melds)
      melds.push_back({{"seat", rules.seat_names[size_t(m.seat)]}, {"meld", meld_text(rules, m)}, {"points", m.value}});
    j["melds"] = melds;
  }
  j["trick"] = trick_json(rules, o.trick, o.trick_face_down);
  j["last_trick"] = trick_json(rules, o.last_trick);
  nlohmann::ordered_json seats = nlohmann::ordered_json::object();
  for (size_t s = 0; s < o.hand_counts.size(); ++s) {
    seats[rules.seat_names[s]] = {{"cards", o.hand_counts[s]},
                                  {"hidden", o.hidden_counts[s]},
                                  {"tricks", o.tricks_won[s]},
                                  {"captured", card_list(rules, o.captured[s])}};
    if (s < o.bids.size() && o.bids[s] >= 0) seats[rules.seat_names[s]]["bid"] = o.bids[s];
    if (s < o.sweeps.size()) seats[rules.seat_names[s]]["sweeps"] = o.sweeps[s];
    if (s < o.combinations.size()) seats[rules.seat_names[s]]["combinations"] = o.combinations[s];
  }
  j["seats"] = seats;
  auto zones = nlohmann::ordered_json::array();
  for (const Observation::ZoneSeen& z : o.zones) {
    nlohmann::ordered_json zone{{"zone", zone_info(z.place.zone).name}};
    if (z.place.seat != kNoSeat) zone["seat"] = rules.seat_names[size_t(z.place.seat)];
    zone["count"] = z.count;
    zone["cards"] = card_list(rules, z.cards);
    zones.push_back(zone);
  }
  j["zones"] = zones;
  nlohmann::ordered_json scores = nlohmann::ordered_json::object();
  for (size_t t = 0; t < o.match_scores.size(); ++t) scores[rules.team_names[t]] = o.match_scores[t];
  j["match_scores"] = scores;
  if (o.bidding) {
    j["high_bid"] = o.high_bid;
    j["high_bidder"] = seat_name(o.high_bidder);
  }
  if (!o.calls.empty()) {
    auto calls = nlohmann::ordered_json::array();
    for (const SaidCall& c : o.calls)
      calls.push_back({{"seat", seat_name(c.seat)}, {"call", action_text(rules, c.action)}});
    j["calls"] = calls;
  }
  if (o.bidder >= 0) {
    j["bidder"] = seat_name(o.bidder);
    j["contract"] = o.contract;
    if (o.contract_word >= 0) {
      j["contract_call"] = rules.action_words[size_t(o.contract_word)];
      j["doubled"] = o.contract_doubled;
    }
    if (o.declared) j["declared"] = rules.declaration.word;
  }
  auto out = nlohmann::ordered_json::array();
  for (int s = 0; s < int(o.hand_counts.size()); ++s)
    if ((o.sitting_out >> s) & 1) out.push_back(rules.seat_names[size_t(s)]);
  if (!out.empty()) j["sitting_out"] = out;
  if (!o.sides.empty()) j["sides"] = sides_json(rules, o.sides);
  if (rules.family == Family::Fishing) {
    j["layout"] = card_list(rules, o.layout);
    j["stock"] = o.stock_count;
    j["pending"] = o.pending == kNoCard ? nlohmann::ordered_json() : nlohmann::ordered_json(rules.deck.card_text(o.pending));
    if (rules.fishing.by_sum) j["taking"] = card_list(rules, o.taking);
    if (rules.fishing.builds) {
      auto builds = nlohmann::ordered_json::array();
      for (const GameState::LayoutBuild& b : o.builds)
        builds.push_back({{"cards", card_list(rules, b.cards)}, {"value", b.value}, {"owner", rules.seat_names[size_t(b.owner)]}});
      j["builds"] = builds;
      j["building"] = o.building_value;
    }
  }
  auto legal = nlohmann::ordered_json::array();
  for (const Action& a : o.legal.list()) legal.push_back(action_text(rules, a));
  j["legal"] = legal;
  return j;
}

}  // namespace hukum
