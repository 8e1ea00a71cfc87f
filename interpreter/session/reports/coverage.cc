// Rule coverage: the catalogue of a ruleset's rules, the counting during play
// (a hook runner that forwards to the real one), the JSON and the text.
#include "session/reports/coverage.h"

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <stdexcept>

#include "engine/hook_context.h"
#include "ruleset/loader.h"

namespace hukum {

namespace {

// One row per kind of rule: its name in reports and the unit its counts are over.
struct KindRow {
  CoverageRule::Kind kind;
  const char* name;
  const char* unit;
};
constexpr KindRow kKinds[] = {
    {CoverageRule::Kind::Play, "play", "card decisions"},
    {CoverageRule::Kind::Hook, "hook", "calls"},
    {CoverageRule::Kind::Scoring, "scoring", "deals"},
};

const KindRow& row_of(CoverageRule::Kind k) {
  for (const KindRow& r : kKinds)
    if (r.kind == k) return r;
  return kKinds[0];
}

// The unit of a kind written by name (a rule read back from a result file).
const char* unit_of(const std::string& kind) {
  for (const KindRow& r : kKinds)
    if (kind == r.name) return r.unit;
  return row_of(CoverageRule::Kind::Scoring).unit;
}

}  // namespace

const char* to_string(CoverageRule::Kind k) { return row_of(k).name; }

const char* coverage_unit(CoverageRule::Kind k) { return row_of(k).unit; }

namespace {

std::string plural(int n, const char* one, const char* many) {
  return std::to_string(n) + " " + (n == 1 || n == -1 ? one : many);
}

// Whether some Lua file of the ruleset mentions `word` (a hook that may call
// that effect of the game table).
bool lua_mentions(const Ruleset& rules, const std::string& word) {
  std::vector<std::string> files = rules.lua_scripts;
  for (const auto& lib : rules.lua_libraries) {
    std::string path = lib;
    std::replace(path.begin(), path.end(), '.', '/');
    files.push_back(rules.lua_library_dir + "/" + path + ".lua");
  }
  for (const auto& file : files) {
    std::ifstream in(file, std::ios::binary);
    if (!in) continue;
    std::ostringstream text;
    text << in.rdbuf();
    if (text.str().find(word) != std::string::npos) return true;
  }
  return false;
}

// A set of cards in a rule's name: whole suits by their letters ("the H
// suit"), a few cards by name, else their number; then any other cards.
std::string cards_text(const Deck& deck, CardSet cards) {
  std::vector<std::string> parts;
  std::string suits;
  for (size_t s = 0; s < deck.suits.size(); ++s) {
    const CardSet suit = deck.suit_mask[s];
    if (!suit.empty() && (cards & suit) == suit) {
      suits += (suits.empty() ? "" : " ") + deck.suits[s];
      cards = cards & ~suit;
    }
  }
  if (!suits.empty()) parts.push_back("the " + suits + (suits.size() > 1 ? " suits" : " suit"));
  if (!cards.empty()) {
    if (cards.size() <= 4) {
      std::string list;
      for (Card c : cards) list += (list.empty() ? "" : " ") + deck.card_text(c);
      parts.push_back(list);
    } else {
      parts.push_back(std::to_string(cards.size()) + " cards");
    }
  }
  std::string out;
  for (size_t i = 0; i < parts.size(); ++i) out += (i ? " and " : "") + parts[i];
  return out;
}

CoverageRule play_rule(std::string name, PlayRuleOff::Kind kind, size_t index = 0) {
  CoverageRule r;
  r.kind = CoverageRule::Kind::Play;
  r.name = std::move(name);
  r.play.kind = kind;
  r.play.index = index;
  return r;
}

CoverageRule hook_rule(std::string name, CoverageRule::HookSite site, HookPoint point, std::string word) {
  CoverageRule r;
  r.kind = CoverageRule::Kind::Hook;
  r.name = std::move(name);
  r.site = site;
  r.point = point;
  r.word = std::move(word);
  return r;
}

CoverageRule scoring_rule(std::string name, CoverageRule::Line line, int index = 0, std::string result = {}) {
  CoverageRule r;
  r.kind = CoverageRule::Kind::Scoring;
  r.name = std::move(name);
  r.line = line;
  r.index = index;
  r.result = std::move(result);
  return r;
}

std::string game_points_of(const Ruleset& rules, const std::string& name) {
  auto it = rules.result.game_points.find(name);
  return plural(it == rules.result.game_points.end() ? 1 : it->second, "game point", "game points");
}

}  // namespace

std::vector<CoverageRule> coverage_rules(const Ruleset& rules) {
  std::vector<CoverageRule> out;
  using Kind = PlayRuleOff::Kind;
  using Line = CoverageRule::Line;
  const TrickRules& play = rules.play;
  // Play.
  if (rules.family == Family::TrickTaking) {
    for (size_t i = 0; i < play.obligations.size(); ++i)
      out.push_back(play_rule(std::string("obligation ") + to_string(play.obligations[i]), Kind::Obligation, i));
    if (play.follow_exempt == TrickRules::FollowExempt::HighestTrump)
      out.push_back(play_rule("follow_exempt highest_trump", Kind::FollowExempt));
    if (play.follow_exempt == TrickRules::FollowExempt::TopTrumps)
      out.push_back(play_rule("follow_exempt top_trumps " + std::to_string(play.follow_exempt_top), Kind::FollowExempt));
    if (play.called_card) out.push_back(play_rule("called_card", Kind::CalledCard));
    if (rules.has_hooks() && lua_mentions(rules, "require_trump"))
      out.push_back(play_rule("obligation require_trump (a hook's)", Kind::HookTrump));
    for (size_t i = 0; i < play.lead_restrictions.size(); ++i) {
      const LeadRestriction& r = play.lead_restrictions[i];
      std::string what;
      switch (r.kind) {
        case LeadRestriction::Kind::Cards:
          what = "not " + cards_text(rules.deck, r.cards) + " until a card of " + cards_text(rules.deck, r.until) +
                 " is played";
          break;
        case LeadRestriction::Kind::Trump: what = "no trump until a trump is played"; break;
        case LeadRestriction::Kind::Hidden: what = "not the suit of one's own face-down card"; break;
      }
      out.push_back(play_rule("lead restriction " + std::to_string(i + 1) + ": " + what, Kind::LeadRestriction, i));
    }
    if (!play.not_on_first_trick.empty())
      out.push_back(play_rule("not on the first trick: " + cards_text(rules.deck, play.not_on_first_trick),
                              Kind::NotOnFirstTrick));
    if (play.first_lead_card_led && !play.first_lead_cards.empty())
      out.push_back(play_rule("first lead: the first_lead card led", Kind::FirstLeadCard));
  } else if (rules.fishing.compulsory) {
    CoverageRule r;
    r.kind = CoverageRule::Kind::Play;
    r.name = "capture compulsory";
    r.fishing_compulsory = true;
    out.push_back(r);
  }
  // Hooks: every Lua function bound.
  for (size_t p = 0; p < rules.hooks.size(); ++p) {
    const HookBinding& b = rules.hooks[p];
    if (b.function.empty()) continue;
    out.push_back(hook_rule(std::string("hooks.") + to_string(HookPoint(p)) + " " + b.function,
                            CoverageRule::HookSite::Point, HookPoint(p), {}));
  }
  for (const auto& [word, function] : rules.action_hooks)
    out.push_back(hook_rule("hooks.actions." + word + " " + function, CoverageRule::HookSite::Action,
                            HookPoint::Count, word));
  for (const auto& [kind, function] : rules.step_hooks)
    out.push_back(hook_rule("hooks.steps." + kind + " " + function, CoverageRule::HookSite::Step, HookPoint::Count,
                            kind));
  // Scoring.
  if (rules.family == Family::TrickTaking) {
    bool any_points = false;
    for (size_t c = 0; c < rules.deck.cards.size(); ++c)
      any_points = any_points || rules.plain_points[c] != 0 || rules.trump_points[c] != 0;
    if (any_points) out.push_back(scoring_rule("card points", Line::CardPoints));
    if (play.last_trick_bonus != 0)
      out.push_back(scoring_rule("last trick bonus (" + std::to_string(play.last_trick_bonus) + ")", Line::LastTrick));
    const MeldRules& m = rules.melds;
    if (!m.sequence_values.empty()) out.push_back(scoring_rule("meld sequence", Line::Sequences));
    for (size_t i = 0; i < m.sets.size(); ++i)
      out.push_back(scoring_rule("meld " + m.sets[i].name + " (" + std::to_string(m.sets[i].value) + ")", Line::Sets,
                                 int(i)));
    for (size_t i = 0; i < m.groups.size(); ++i)
      out.push_back(scoring_rule("meld " + m.groups[i].name + " (" + std::to_string(m.groups[i].value) + ")",
                                 Line::Groups, int(i)));
    const ResultRules& res = rules.result;
    for (size_t i = 0; i < res.contract.size(); ++i) {
      const ContractBand& b = res.contract[i];
      out.push_back(scoring_rule("contract band " + std::to_string(b.low) + "-" + std::to_string(b.high) + " (win " +
                                     std::to_string(b.win) + ", lose " + std::to_string(b.lose) + ")",
                                 Line::ContractBand, int(i)));
    }
    std::vector<std::string> names;
    if (!res.contract.empty()) names = {res.contract_made, res.contract_failed};
    bool declare_step = false;
    for (const DealStep& step : rules.deal) declare_step = declare_step || step.kind == DealStep::Kind::Declare;
    if (!rules.declaration.word.empty() && declare_step) {
      names.push_back(rules.declaration.word + "_made");
      names.push_back(rules.declaration.word + "_failed");
    }
    for (const auto& n : names) out.push_back(scoring_rule("result " + n, Line::Result, 0, n));
    if (res.contract.empty()) {
      for (const NamedResult& n : res.named)
        out.push_back(scoring_rule("result " + n.name + " (" + game_points_of(rules, n.name) + ")", Line::Result, 0,
                                   n.name));
      out.push_back(scoring_rule("result " + res.default_name + " (" + game_points_of(rules, res.default_name) + ")",
                                 Line::Result, 0, res.default_name));
    }
  } else {
    const FishingRules& f = rules.fishing;
    for (size_t i = 0; i < f.scoring.size(); ++i) {
      const FishingScoreLine& l = f.scoring[i];
      if (!l.applies) continue;
      out.push_back(scoring_rule("scoring " + l.name + (l.face ? " (face value)" : " (" + std::to_string(l.points) + ")"),
                                 Line::FishingLine, int(i)));
    }
    if (f.sweeps) out.push_back(scoring_rule("sweeps (" + std::to_string(f.sweep_points) + " each)", Line::Sweeps));
    for (size_t i = 0; i < f.majorities.size(); ++i)
      out.push_back(scoring_rule("majority " + f.majorities[i].name + " (" + std::to_string(f.majorities[i].points) +
                                     ")",
                                 Line::Majority, int(i)));
    if (f.threshold > 0)
      out.push_back(scoring_rule("threshold (" + std::to_string(f.threshold) + " points)", Line::Threshold));
  }
  return out;
}

namespace {

// Counts from result files are bounded (coverage_from_json) but many shards
// could still pass 2^63 together: a sum stops at the largest count.
void add_to(int64_t* total, int64_t n) {
  if (__builtin_add_overflow(*total, n, total)) *total = INT64_MAX;
}

}  // namespace

void CoverageTally::merge(const CoverageTally& o) {
  add_to(&deals, o.deals);
  add_to(&card_decisions, o.card_decisions);
  for (size_t i = 0; i < o.rows.size(); ++i) {
    const Row& r = o.rows[i];
    Row* mine = nullptr;
    if (i < rows.size() && rows[i].kind == r.kind && rows[i].rule == r.rule) mine = &rows[i];
    for (size_t k = 0; !mine && k < rows.size(); ++k)
      if (rows[k].kind == r.kind && rows[k].rule == r.rule) mine = &rows[k];
    if (!mine) {
      rows.push_back(r);
      continue;
    }
    add_to(&mine->fired, r.fired);
    add_to(&mine->over, r.over);
  }
}

CoverageTally coverage_tally(const std::vector<CoverageRule>& rules) {
  CoverageTally t;
  for (const auto& r : rules) t.rows.push_back({to_string(r.kind), r.name, 0, 0});
  return t;
}

// The context a counted hook runs against: every call goes to the game's
// state; an effect the state accepts marks the call as having changed something.
// It overrides every virtual function of HookContext (a test reads both files
// and fails when one is missing: a default left in place would answer instead
// of the game).
namespace {

class RecordingContext final : public HookContext {
 public:
  explicit RecordingContext(HookContext* inner) : inner_(inner) {}
  bool changed() const { return changed_; }

  const Ruleset& ruleset() const override { return inner_->ruleset(); }
  int seat_to_play() const override { return inner_->seat_to_play(); }
  int dealer() const override { return inner_->dealer(); }
  CardSet hand(int seat) const override { return inner_->hand(seat); }
  CardSet hidden(int seat) const override { return inner_->hidden(seat); }
  int trump_suit() const override { return inner_->trump_suit(); }
  int led_suit() const override { return inner_->led_suit(); }
  std::vector<std::pair<int, Card>> trick() const override { return inner_->trick(); }
  int tricks_played() const override { return inner_->tricks_played(); }
  int tricks_won(int team) const override { return inner_->tricks_won(team); }
  int points_won(int team) const override { return inner_->points_won(team); }
  int points_won_by(int seat) const override { return inner_->points_won_by(seat); }
  int card_points(Card card) const override { return inner_->card_points(card); }
  int bidder() const override { return inner_->bidder(); }
  int contract() const override { return inner_->contract(); }
  bool declared() const override { return inner_->declared(); }
  int deal_number() const override { return inner_->deal_number(); }
  int seat_after(int seat) const override { return inner_->seat_after(seat); }
  std::pair<int, int> contract_band() const override { return inner_->contract_band(); }
  const DealResult* result_so_far() const override { return inner_->result_so_far(); }
  CardSet captured(int seat) const override { return inner_->captured(seat); }
  CardSet chosen(int seat) const override { return inner_->chosen(seat); }
  int tricks_won_by(int seat) const override { return inner_->tricks_won_by(seat); }
  std::vector<std::pair<int, Card>> previous_trick() const override { return inner_->previous_trick(); }
  std::vector<std::pair<int, Card>> past_trick(int number) const override { return inner_->past_trick(number); }
  int trick_plays(int number, std::pair<int, Card>* out) const override { return inner_->trick_plays(number, out); }
  CardSet legal_cards() const override { return inner_->legal_cards(); }
  int match_score(int team) const override { return inner_->match_score(team); }
  int bid_of(int seat) const override { return inner_->bid_of(seat); }
  Card turn_up() const override { return inner_->turn_up(); }
  const std::vector<Meld>& melds() const override { return inner_->melds(); }
  int meld_points(int team) const override { return inner_->meld_points(team); }
  int controller(int seat) const override { return inner_->controller(seat); }
  int side_of(int seat) const override { return inner_->side_of(seat); }
  const std::vector<SaidCall>* calls_said() const override { return inner_->calls_said(); }
  int contract_word() const override { return inner_->contract_word(); }
  int contract_doubled() const override { return inner_->contract_doubled(); }
  CardSet layout() const override { return inner_->layout(); }
  int layout_in_order(Card* out) const override { return inner_->layout_in_order(out); }
  int layout_builds(LayoutBuild* out, int capacity) const override { return inner_->layout_builds(out, capacity); }
  int sweeps(int seat) const override { return inner_->sweeps(seat); }
  const VarValue& vars() const override { return inner_->vars(); }
  uint64_t vars_stamp() const override { return inner_->vars_stamp(); }
  void set_vars(VarValue value) override { return inner_->set_vars(std::move(value)); }
  HookVars* lazy_vars() override { return inner_->lazy_vars(); }
  const VarValue* match_vars() const override { return inner_->match_vars(); }
  std::string set_match_vars(VarValue value) override { return inner_->set_match_vars(std::move(value)); }
  std::string set_trump(int suit) override { return note(inner_->set_trump(suit)); }
  std::string set_trump_order(int order) override { return note(inner_->set_trump_order(order)); }
  int trump_order() const override { return inner_->trump_order(); }
  std::string reveal_hidden(int seat, CardSet* revealed) override { return note(inner_->reveal_hidden(seat, revealed)); }
  std::string offer(const std::string& action, bool exclusive) override { return note(inner_->offer(action, exclusive)); }
  std::string require_trump(int seat) override { return note(inner_->require_trump(seat)); }
  std::string add_score(int team, int points) override { return note(inner_->add_score(team, points)); }
  std::string ask(int seat, const std::vector<std::string>& words) override { return note(inner_->ask(seat, words)); }
  std::string ask_card(int seat, const std::string& word, CardSet cards) override { return note(inner_->ask_card(seat, word, cards)); }
  std::string ask_number(int seat, const std::vector<std::string>& words, int low, int high) override { return note(inner_->ask_number(seat, words, low, high)); }
  std::string ask_number_of(int seat, const std::vector<std::string>& words, const std::vector<int>& values) override { return note(inner_->ask_number_of(seat, words, values)); }
  std::string redeal(const std::string& reason) override { return note(inner_->redeal(reason)); }
  std::string end_deal() override { return note(inner_->end_deal()); }
  std::string end_match(int winner_team) override { return note(inner_->end_match(winner_team)); }
  std::string set_result(int winner_team, const std::string& name) override { return note(inner_->set_result(winner_team, name)); }
  std::string set_game_points(int team, int points) override { return note(inner_->set_game_points(team, points)); }
  std::string forbid(CardSet cards) override { return note(inner_->forbid(cards)); }
  std::string set_leader(int seat) override { return note(inner_->set_leader(seat)); }
  std::string set_led_suit(int suit) override { return note(inner_->set_led_suit(suit)); }
  std::string set_direction(int step) override { return note(inner_->set_direction(step)); }
  std::string set_contract(int seat, int value) override { return note(inner_->set_contract(seat, value)); }
  bool place_of(Card card, Place* out) const override { return inner_->place_of(card, out); }
  CardSet cards_at(Place place) const override { return inner_->cards_at(place); }
  int trick_of(Card card, int* seat) const override { return inner_->trick_of(card, seat); }
  int trick_winner(int number) const override { return inner_->trick_winner(number); }
  std::string move_card(Card card, Place to) override { return note(inner_->move_card(card, to)); }
  std::string move_cards(CardSet cards, Place to) override { return note(inner_->move_cards(cards, to)); }
  std::string show_cards(int seat, CardSet cards) override { return note(inner_->show_cards(seat, cards)); }
  std::string declare_meld(int seat, const std::string& name, CardSet cards, int value) override {
    return note(inner_->declare_meld(seat, name, cards, value));
  }
  std::string set_controller(int seat, int by) override { return note(inner_->set_controller(seat, by)); }
  std::string set_sides(const std::vector<std::vector<int>>& sides, uint32_t known_to) override {
    return note(inner_->set_sides(sides, known_to));
  }
  std::string not_held(int seat, CardSet cards) override { return note(inner_->not_held(seat, cards)); }
  std::string call_card(int seat, Card card) override { return note(inner_->call_card(seat, card)); }
  Card called_card() const override { return inner_->called_card(); }
  bool play_over() const override { return inner_->play_over(); }
  std::string set_result_side(int side, const std::string& name) override { return note(inner_->set_result_side(side, name)); }
  std::string group_layout(CardSet cards) override { return note(inner_->group_layout(cards)); }
  std::string capture_sets(const std::vector<CardSet>& sets) override { return note(inner_->capture_sets(sets)); }

 private:
  std::string note(std::string result) {
    if (result.empty()) changed_ = true;
    return result;
  }
  HookContext* inner_;
  bool changed_ = false;
};

}  // namespace

// Counts the calls the real game makes (a bot's copy shares the runner and is
// only forwarded to), each through a RecordingContext.
class CoverageCounter::Hooks final : public HookRunner {
 public:
  Hooks(CoverageCounter* counter, HookRunner* inner, const HookContext* real) : counter_(counter), inner_(inner), real_(real) {
    const auto& cat = counter->catalogue_;
    point_rule_.fill(SIZE_MAX);
    for (size_t i = 0; i < cat.size(); ++i) {
      if (cat[i].kind != CoverageRule::Kind::Hook) continue;
      if (cat[i].site == CoverageRule::HookSite::Point) point_rule_[size_t(cat[i].point)] = i;
      else if (cat[i].site == CoverageRule::HookSite::Action) action_rule_[cat[i].word] = i;
      else step_rule_[cat[i].word] = i;
    }
  }
  HookRunner* inner() const { return inner_; }

  std::string call_hook(HookPoint point, HookContext& context, const HookArgs& args) override {
    const size_t rule = point_rule_[size_t(point)];
    if (&context != real_ || rule == SIZE_MAX ||
        !hook_condition_holds(context.ruleset().hooks[size_t(point)].when, context))
      return inner_->call_hook(point, context, args);
    RecordingContext recording(&context);
    std::string result = inner_->call_hook(point, recording, args);
    counter_->hook_called(rule, recording.changed());
    return result;
  }
  std::string call_action(const std::string& word, HookContext& context, int seat) override {
    return counted(action_rule_, word, context, [&](HookContext& c) { return inner_->call_action(word, c, seat); });
  }
  std::string call_card_action(const std::string& word, HookContext& context, int seat, Card card) override {
    return counted(action_rule_, word, context,
                   [&](HookContext& c) { return inner_->call_card_action(word, c, seat, card); });
  }
  std::string call_numbered_action(const std::string& word, HookContext& context, int seat, int number) override {
    return counted(action_rule_, word, context,
                   [&](HookContext& c) { return inner_->call_numbered_action(word, c, seat, number); });
  }
  std::string call_step(const std::string& kind, HookContext& context,
                        const std::vector<std::pair<std::string, std::string>>& params) override {
    return counted(step_rule_, kind, context, [&](HookContext& c) { return inner_->call_step(kind, c, params); });
  }

 private:
  template <class Call>
  std::string counted(const std::map<std::string, size_t>& rules, const std::string& word, HookContext& context,
                      const Call& call) {
    auto it = rules.find(word);
    if (&context != real_ || it == rules.end()) return call(context);
    RecordingContext recording(&context);
    std::string result = call(recording);
    counter_->hook_called(it->second, recording.changed());
    return result;
  }
  CoverageCounter* counter_;
  HookRunner* inner_;
  const HookContext* real_;
  std::array<size_t, size_t(HookPoint::Count)> point_rule_{};
  std::map<std::string, size_t> action_rule_, step_rule_;
};

CoverageCounter::CoverageCounter(const Ruleset& rules, const std::vector<CoverageRule>* catalogue, GameState* state)
    : rules_(rules), catalogue_(*catalogue), state_(state), tally_(coverage_tally(*catalogue)) {
  if (HookRunner* inner = state->hook_runner()) {
    hooks_ = std::make_unique<Hooks>(this, inner, state);
    state->set_hook_runner(hooks_.get());
  }
}

CoverageCounter::~CoverageCounter() {
  if (hooks_ && state_->hook_runner() == hooks_.get()) state_->set_hook_runner(hooks_->inner());
}

void CoverageCounter::hook_called(size_t rule, bool changed) {
  ++tally_.rows[rule].over;
  if (changed) ++tally_.rows[rule].fired;
}

void CoverageCounter::decision(const Action& chosen) {
  const GameState& st = *state_;
  if (st.phase() != Phase::Play || st.legal().card_kind != ActionKind::Play || st.legal().cards.empty()) return;
  if (rules_.family == Family::TrickTaking) {
    ++tally_.card_decisions;
    const CardSet all = st.legal_cards_without(PlayRuleOff{});
    for (size_t i = 0; i < catalogue_.size(); ++i) {
      const CoverageRule& r = catalogue_[i];
      if (r.kind != CoverageRule::Kind::Play) continue;
      ++tally_.rows[i].over;
      if (st.legal_cards_without(r.play) != all) ++tally_.rows[i].fired;
    }
    return;
  }
  if (chosen.kind != ActionKind::Play) return;
  ++tally_.card_decisions;
  for (size_t i = 0; i < catalogue_.size(); ++i) {
    const CoverageRule& r = catalogue_[i];
    if (r.kind != CoverageRule::Kind::Play || !r.fishing_compulsory) continue;
    ++tally_.rows[i].over;
    // Played on a copy (which reports to no sink and whose hooks are not counted):
    // the card captured, or its player must now choose what to take and may not lay it.
    GameState copy(st);
    const int seat = st.to_move();
    if (!copy.apply(chosen).empty()) continue;
    const bool captured = copy.captured(seat).contains(chosen.card);
    const bool must_take = copy.phase() == Phase::ChooseCapture && !copy.legal().can_pass;
    if (captured || must_take) ++tally_.rows[i].fired;
  }
}

void CoverageCounter::deal_done() {
  const GameState& st = *state_;
  const DealResult& res = st.result();
  ++tally_.deals;
  using Line = CoverageRule::Line;
  for (size_t i = 0; i < catalogue_.size(); ++i) {
    const CoverageRule& r = catalogue_[i];
    if (r.kind != CoverageRule::Kind::Scoring) continue;
    ++tally_.rows[i].over;
    bool fired = false;
    switch (r.line) {
      case Line::CardPoints:
        for (int s = 0; s < rules_.seats && !fired; ++s)
          for (Card c : st.captured(s))
            if (rules_.points_of(c, st.trump_suit()) != 0) {
              fired = true;
              break;
            }
        break;
      case Line::LastTrick: fired = st.last_trick_winner() >= 0; break;
      case Line::Sequences:
      case Line::Sets:
      case Line::Groups: {
        const Meld::Kind kind = r.line == Line::Sequences ? Meld::Kind::Sequence
                                : r.line == Line::Sets    ? Meld::Kind::Set
                                                          : Meld::Kind::Group;
        for (const Meld& m : st.melds())
          if (m.kind == kind && (kind == Meld::Kind::Sequence || m.rule == r.index) && m.value != 0) fired = true;
        break;
      }
      case Line::Result: fired = res.name == r.result; break;
      case Line::ContractBand: {
        const ContractBand& b = rules_.result.contract[size_t(r.index)];
        fired = res.bidder >= 0 && res.contract >= b.low && res.contract <= b.high;
        break;
      }
      case Line::FishingLine: {
        const FishingScoreLine& l = rules_.fishing.scoring[size_t(r.index)];
        for (int s = 0; s < rules_.seats && !fired; ++s)
          for (Card c : st.captured(s) & l.cards) {
            const int v = l.face ? rules_.fishing.rank_value[size_t(rules_.deck.cards[c].rank)] : l.points;
            if (v != 0) {
              fired = true;
              break;
            }
          }
        break;
      }
      case Line::Sweeps:
        for (int n : res.sweeps) fired = fired || n != 0;
        break;
      case Line::Majority:
        fired = size_t(r.index) < res.majority_winner.size() && res.majority_winner[size_t(r.index)] >= 0;
        break;
      case Line::Threshold:
        for (bool met : res.threshold_met) fired = fired || met;
        break;
    }
    if (fired) ++tally_.rows[i].fired;
  }
}


std::vector<CoverageOption> coverage_options(const Ruleset& rules, const std::vector<std::string>& search_path) {
  auto names_of = [](const Ruleset& r) {
    std::set<std::string> names;
    for (const auto& rule : coverage_rules(r)) names.insert(std::string(to_string(rule.kind)) + " " + rule.name);
    return names;
  };
  const std::set<std::string> mine = names_of(rules);
  std::vector<CoverageOption> out;
  for (const OptionDef& option : rules.options) {
    auto chosen = rules.chosen_options.find(option.name);
    CoverageOption row{option.name, chosen == rules.chosen_options.end() ? option.default_value : chosen->second, {}};
    std::set<std::string> own;
    for (const auto& value : option.values) {
      if (value == row.value) continue;
      LoadRequest request{rules.file, rules.chosen_options, {}, search_path};
      request.options[option.name] = value;
      LoadResult other = load_ruleset(request);
      if (!other.ok()) continue;  // a value that does not load with the others chosen: nothing to compare
      const std::set<std::string> theirs = names_of(*other.ruleset);
      for (const auto& name : mine)
        if (!theirs.count(name)) own.insert(name);
    }
    // In the catalogue's order.
    for (const auto& rule : coverage_rules(rules)) {
      const std::string name = std::string(to_string(rule.kind)) + " " + rule.name;
      if (own.count(name)) row.rules.push_back(name);
    }
    out.push_back(std::move(row));
  }
  return out;
}

nlohmann::ordered_json coverage_json(const CoverageTally& t, const std::vector<CoverageOption>& options) {
  nlohmann::ordered_json j;
  j["deals"] = t.deals;
  j["card_decisions"] = t.card_decisions;
  auto rows = nlohmann::ordered_json::array();
  auto never = nlohmann::ordered_json::array();
  for (const auto& r : t.rows) {
    nlohmann::ordered_json row;
    row["kind"] = r.kind;
    row["rule"] = r.rule;
    row["fired"] = r.fired;
    row["over"] = r.over;
    row["unit"] = unit_of(r.kind);
    rows.push_back(row);
    if (r.fired == 0) never.push_back(r.kind + " " + r.rule);
  }
  j["rules"] = rows;
  j["never_fired"] = never;
  auto opts = nlohmann::ordered_json::array();
  for (const auto& o : options) {
    nlohmann::ordered_json row;
    row["option"] = o.option;
    row["value"] = o.value;
    row["rules"] = o.rules;
    // The branch in play decided something when one of its rules fired;
    // null when the value brings no rule of its own (not judged).
    if (o.rules.empty()) {
      row["fired"] = nullptr;
    } else {
      bool fired = false;
      for (const auto& r : t.rows)
        if (r.fired > 0 && std::find(o.rules.begin(), o.rules.end(), r.kind + " " + r.rule) != o.rules.end())
          fired = true;
      row["fired"] = fired;
    }
    opts.push_back(row);
  }
  j["options"] = opts;
  return j;
}

namespace {

int64_t count_at(const nlohmann::json& j, const char* key, const std::string& path) {
  auto it = j.find(key);
  // 2^53: exact in any JSON reader, and far past what a run counts.
  if (it == j.end() || !it->is_number_integer() || it->get<int64_t>() < 0 || it->get<int64_t>() > (int64_t(1) << 53))
    throw std::runtime_error(path + "." + key + ": expected a count (a whole number from 0 to 2^53)");
  return it->get<int64_t>();
}

std::string text_at(const nlohmann::json& j, const char* key, const std::string& path) {
  auto it = j.find(key);
  if (it == j.end() || !it->is_string() || it->get_ref<const std::string&>().size() > 1000)
    throw std::runtime_error(path + "." + key + ": expected a string (of at most 1000 characters)");
  return it->get<std::string>();
}

}  // namespace

CoverageTally coverage_from_json(const nlohmann::json& j, std::vector<CoverageOption>* options) {
  const std::string path = "coverage";
  if (!j.is_object()) throw std::runtime_error(path + ": expected an object");
  CoverageTally t;
  t.deals = count_at(j, "deals", path);
  t.card_decisions = count_at(j, "card_decisions", path);
  auto rows = j.find("rules");
  if (rows == j.end() || !rows->is_array() || rows->size() > 10000)
    throw std::runtime_error(path + ".rules: expected a list (of at most 10000 rules)");
  for (size_t i = 0; i < rows->size(); ++i) {
    const auto& r = (*rows)[i];
    const std::string at = path + ".rules[" + std::to_string(i) + "]";
    if (!r.is_object()) throw std::runtime_error(at + ": expected an object");
    CoverageTally::Row row{text_at(r, "kind", at), text_at(r, "rule", at), count_at(r, "fired", at),
                           count_at(r, "over", at)};
    if (row.kind != "play" && row.kind != "hook" && row.kind != "scoring")
      throw std::runtime_error(at + ".kind: expected play, hook or scoring");
    if (row.fired > row.over) throw std::runtime_error(at + ": fired more often than it was counted (over)");
    t.rows.push_back(row);
  }
  if (options) {
    options->clear();
    auto opts = j.find("options");
    if (opts != j.end()) {
      if (!opts->is_array() || opts->size() > 1000) throw std::runtime_error(path + ".options: expected a list");
      for (size_t i = 0; i < opts->size(); ++i) {
        const auto& o = (*opts)[i];
        const std::string at = path + ".options[" + std::to_string(i) + "]";
        if (!o.is_object()) throw std::runtime_error(at + ": expected an object");
        CoverageOption option{text_at(o, "option", at), text_at(o, "value", at), {}};
        auto list = o.find("rules");
        if (list == o.end() || !list->is_array() || list->size() > 10000)
          throw std::runtime_error(at + ".rules: expected a list");
        for (const auto& name : *list) {
          if (!name.is_string()) throw std::runtime_error(at + ".rules: expected strings");
          option.rules.push_back(name.get<std::string>());
        }
        options->push_back(std::move(option));
      }
    }
  }
  return t;
}

std::string coverage_text(const CoverageTally& t, const std::vector<CoverageOption>& options) {
  std::ostringstream out;
  out << "Rule coverage: how often each rule decided something (docs/simulation-report.md, section Rule coverage)\n";
  size_t width = 0;
  for (const auto& r : t.rows) width = std::max(width, r.rule.size());
  width = std::min<size_t>(width, 48);
  char buffer[64];
  for (const auto& r : t.rows) {
    std::string rule = r.rule;
    if (rule.size() < width) rule.resize(width, ' ');
    out << "  " << r.kind << std::string(8 - std::min<size_t>(8, r.kind.size()), ' ') << rule << "  fired "
        << r.fired << " of " << r.over << " " << unit_of(r.kind);
    if (r.over > 0) {
      std::snprintf(buffer, sizeof buffer, " (%.1f%%)", 100.0 * double(r.fired) / double(r.over));
      out << buffer;
    }
    out << "\n";
  }
  for (const auto& o : options) {
    out << "  option  " << o.option << "=" << o.value << ": ";
    if (o.rules.empty()) {
      out << "brings no rule of its own (not judged)\n";
      continue;
    }
    bool fired = false;
    for (const auto& r : t.rows)
      if (r.fired > 0 && std::find(o.rules.begin(), o.rules.end(), r.kind + " " + r.rule) != o.rules.end())
        fired = true;
    out << (fired ? "fired" : "never fired") << " (its rules: ";
    for (size_t i = 0; i < o.rules.size(); ++i) out << (i ? "; " : "") << o.rules[i];
    out << ")\n";
  }
  std::vector<std::string> never;
  for (const auto& r : t.rows)
    if (r.fired == 0)
      never.push_back(r.kind + " " + r.rule +
                      (r.kind == "hook" && r.over > 0 ? " (" + plural(int(std::min<int64_t>(r.over, INT32_MAX)), "call", "calls") + ", no effect)" : ""));
  out << "  never fired: ";
  if (never.empty()) out << "none";
  for (size_t i = 0; i < never.size(); ++i) out << (i ? "; " : "") << never[i];
  out << "\n";
  return out.str();
}

}  // namespace hukum
