#include "serve/table.h"

#include <filesystem>
#include <random>

#include "engine/action.h"
#include "engine/zones.h"
#include "ruleset/describe.h"
#include "session/table/refusal.h"
#include "session/matches/seat_kinds.h"

namespace hukum::serve {

std::vector<std::string> web_bot_kinds() {
  // A kind that needs something after ':' (an outside program, a budget) is
  // not offered: a page must not start programs or choose unbounded searches.
  std::vector<std::string> out;
  for (const SeatKind& k : seat_kinds())
    if (!k.person && k.check("", false).empty()) out.emplace_back(k.name);
  return out;
}

std::string check_web_kind(const std::string& kind) {
  if (kind == kPersonKind) return {};
  for (const std::string& k : web_bot_kinds())
    if (k == kind) return {};
  std::string forms = kPersonKind;
  for (const std::string& k : web_bot_kinds()) forms += ", " + k;
  return "unknown seat kind '" + kind + "' (expected " + forms + ")";
}

// 128 bits from the system's random source, as hex: a seat's secret.
static std::string new_secret() {
  std::random_device dev;
  static const char* hex = "0123456789abcdef";
  std::string out;
  for (int i = 0; i < 4; ++i) {
    uint32_t v = dev();
    for (int k = 0; k < 8; ++k, v >>= 4) out += hex[v & 15];
  }
  return out;
}

std::unique_ptr<Table> Table::create(TableSpec spec, const std::string& id, std::string* error) {
  std::unique_ptr<Table> t(new Table());
  t->id_ = id;
  t->rules_ = std::move(spec.rules);
  t->kinds_ = spec.kinds;
  t->upload_dir_ = spec.upload_dir;
  t->rules_doc_ = std::move(spec.rules_doc);
  for (size_t c = 0; c < t->rules_->deck.cards.size(); ++c)
    if (t->rules_->plain_points[c] != 0 || t->rules_->trump_points[c] != 0) {
      t->card_points_ = std::make_unique<CardPoints>(*t->rules_);
      break;
    }
  t->match_ = std::make_unique<Match>(*t->rules_, spec.seed, spec.deals);
  if (!t->match_->ok()) {
    *error = t->match_->load_problems().to_string();
    return nullptr;
  }
  std::vector<EventSink*> sinks;
  for (int s = 0; s < t->seats(); ++s) {
    t->secrets_.push_back(t->is_person(s) ? new_secret() : std::string());
    if (t->is_person(s)) {
      t->bots_.emplace_back();
      t->narration_.push_back(std::make_unique<SeatNarration>(*t->rules_, s));
      sinks.push_back(t->narration_.back()->sink());
    } else {
      std::string arg;
      bool has_arg = false;
      const SeatKind* kind = find_seat_kind(t->kinds_[size_t(s)], &arg, &has_arg);
      SeatSetup setup;
      setup.seed = Rng::derive(spec.seed, 0xB07 + uint64_t(s));  // as `hukum play` seeds its bots
      t->bots_.push_back(kind->make(arg, setup));
      t->narration_.emplace_back();
    }
  }
  t->present_.assign(size_t(t->seats()), false);
  t->sink_ = std::make_unique<TeeSink>(sinks);
  t->match_->state().set_sink(t->sink_.get());
  if (std::string err = t->match_->start_deal(); !err.empty()) {
    *error = err;
    return nullptr;
  }
  t->after_move();
  return t;
}

Table::~Table() {
  if (match_) match_->state().set_sink(nullptr);
  if (!upload_dir_.empty()) {
    std::error_code ec;
    std::filesystem::remove_all(upload_dir_, ec);
  }
}

int Table::seat_of(const std::string& secret) const {
  int found = -1;
  for (int s = 0; s < seats(); ++s) {
    const std::string& mine = secrets_[size_t(s)];
    if (mine.empty() || mine.size() != secret.size()) continue;
    unsigned diff = 0;
    for (size_t i = 0; i < mine.size(); ++i) diff |= unsigned(mine[i] ^ secret[i]);
    if (diff == 0) found = s;
  }
  return found;
}

std::string Table::status() const {
  if (!error_.empty()) return "stopped";
  if (!match_->state().deal_over()) return "playing";
  return match_->over() ? "match_over" : "deal_over";
}

void Table::fail(const std::string& why) {
  error_ = why;
  bump_version();
}

void Table::after_move() {
  GameState& state = match_->state();
  if (state.deal_over() && last_result_.is_null()) {
    const DealResult& r = state.result();
    nlohmann::ordered_json j;
    j["winner"] = r.winner_team < 0 ? nlohmann::ordered_json() : nlohmann::ordered_json(rules_->team_names[size_t(r.winner_team)]);
    if (r.winner_teams != 0) {  // a side of several teams won
      auto winners = nlohmann::ordered_json::array();
      for (int t = 0; t < rules_->teams; ++t)
        if (r.won_by(t)) winners.push_back(rules_->team_names[size_t(t)]);
      j["winners"] = winners;
    }
    j["name"] = r.name;
    auto per_team = [&](const std::vector<int>& v) {
      nlohmann::ordered_json o = nlohmann::ordered_json::object();
      for (size_t t = 0; t < v.size() && t < rules_->team_names.size(); ++t) o[rules_->team_names[t]] = v[t];
      return o;
    };
    j["points"] = per_team(r.points);
    j["tricks"] = per_team(r.tricks);
    j["game_points"] = per_team(r.game_points);
    last_result_ = j;
    if (std::string err = match_->finish_deal(); !err.empty()) error_ = err;
  }
  for (auto& n : narration_)
    if (n) n->drain();
  bump_version();
}

bool Table::bot_to_move() const {
  const GameState& state = match_->state();
  return error_.empty() && !state.deal_over() && !is_person(state.decider());
}

void Table::play_bot_move() {
  if (!bot_to_move()) return;
  GameState& state = match_->state();
  const int seat = state.decider();
  Action a;
  if (!bots_[size_t(seat)]->choose(SeatView(state, seat), state.legal(), &a)) return fail("a bot gave up");
  if (!state.try_apply(a)) return fail(state.error());
  after_move();
}

static nlohmann::json legal_list(const Ruleset& rules, const Observation& o) {
  nlohmann::json out = nlohmann::json::array();
  for (const Action& a : o.legal.list()) out.push_back(action_text(rules, a));
  return out;
}

MoveResult Table::act(int seat, const std::string& text) {
  touch();
  GameState& state = match_->state();
  const Observation o = observe(state, seat, match_->scores());
  if (!error_.empty()) return {409, "the match has stopped: " + error_, nlohmann::json::array()};
  if (state.deal_over()) return {409, "the deal is over", nlohmann::json::array()};
  if (state.decider() != seat)
    return {409, "it is " + rules_->seat_names[size_t(state.decider())] + "'s turn, not yours", nlohmann::json::array()};
  Action a;
  std::string why;
  if (!parse_action(*rules_, text, &a, &why)) return {400, why, legal_list(*rules_, o)};
  if (!state.legal().contains(a)) return {409, refusal_reason(*rules_, o, a, TableStyle{}), legal_list(*rules_, o)};
  if (!state.try_apply(a)) {
    fail(state.error());
    return {409, "the match has stopped: " + error_, nlohmann::json::array()};
  }
  after_move();
  return {};
}

std::string Table::next_deal(int /*seat*/) {
  touch();
  if (!error_.empty()) return "the match has stopped: " + error_;
  if (!match_->state().deal_over()) return "the deal is still being played";
  if (match_->over()) return "the match is over";
  last_result_ = nullptr;
  if (std::string err = match_->start_deal(); !err.empty()) {
    fail(err);
    return "the match has stopped: " + err;
  }
  after_move();
  return {};
}

std::string Table::rules_text() const { return describe_ruleset(*rules_); }

nlohmann::ordered_json Table::deck_json() const {
  auto cards = nlohmann::ordered_json::array();
  for (size_t c = 0; c < rules_->deck.cards.size(); ++c) cards.push_back(rules_->deck.card_text(Card(c)));
  return {{"suits", rules_->deck.suits}, {"cards", cards}};
}

// The card points each team has won so far in this deal, from the cards this
// seat saw go into the won piles (a card played face down and never shown
// does not count, as the seat could not count it); null when the ruleset
// counts no card points.
nlohmann::ordered_json Table::running_points(const Observation& o) const {
  if (!card_points_) return nullptr;
  std::vector<CardSet> won(size_t(rules_->teams));
  for (const Observation::ZoneSeen& z : o.zones)
    if (z.place.zone == Zone::Won && z.place.seat >= 0) won[rules_->team_of[size_t(z.place.seat)]] |= z.cards;
  nlohmann::ordered_json out = nlohmann::ordered_json::object();
  for (int t = 0; t < rules_->teams; ++t)
    out[rules_->team_names[size_t(t)]] = card_points_->of(won[size_t(t)], o.trump_suit);
  return out;
}

nlohmann::ordered_json Table::view(int seat) {
  touch();
  present_[size_t(seat)] = true;
  const GameState& state = match_->state();
  const Observation o = observe(state, seat, match_->scores());
  nlohmann::ordered_json j;
  j["table"] = id_;
  j["version"] = version_;
  j["ruleset"] = rules_->name;
  j["seat"] = rules_->seat_names[size_t(seat)];
  j["status"] = status();
  if (!error_.empty()) j["error"] = error_;
  auto seats = nlohmann::ordered_json::array();
  for (int s = 0; s < this->seats(); ++s)
    seats.push_back({{"seat", rules_->seat_names[size_t(s)]},
                     {"kind", kinds_[size_t(s)]},
                     {"team", rules_->team_names[size_t(rules_->team_of[size_t(s)])]},
                     {"present", is_person(s) ? bool(present_[size_t(s)]) : true}});
  j["seats"] = seats;
  j["observation"] = observation_json(*rules_, o);
  j["your_turn"] = !o.legal.empty();
  j["prompt"] = o.legal.empty() ? std::string() : what_to_do(*rules_, o, TableStyle{});
  j["match_scores"] = j["observation"]["match_scores"];
  j["points"] = running_points(o);
  j["deals_played"] = match_->deals_played();
  j["result"] = last_result_;
  const SeatNarration& n = *narration_[size_t(seat)];
  j["log"] = n.lines();
  j["log_total"] = n.total_lines();
  j["review"] = n.review();
  return j;
}

}  // namespace hukum::serve
