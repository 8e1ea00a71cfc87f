// The deal step `calls`: an auction of calls as data. The ruleset lists its
// calls from lowest to highest ("1club" ... "7nt", or "petite" ...
// "garde_contre"), each with the contract's value and, when the contract
// chooses it, the trump (a suit, `none`, or a named trump order); or numbered
// calls, a word and its numbers ("say 18", "say 20", ...), the word being
// the engine's own `bid` for the numeric auction ("bid 16", ActionKind::Bid,
// `{word: bid, from: 14, to: 28}`). Seats speak in turn
// from the opener (order: round), or two at a time (order: duel: the caller
// calls, the listener holds or passes, the one who passes leaves). Each call
// must be higher than the standing one (or the next one, without jumps), and
// overcalling one's own partner may need a higher floor; "pass" always, but
// for the first call when the opener must bid; "double" an opponent's
// standing call and "redouble" a doubled one of one's own side when the
// ruleset allows. A round ends after enough passes in a row, when every seat
// has spoken once (speak_once) or when every other seat is out (no re-entry). The holder of the last call, or the first
// of its side to have named the same trump, holds the contract; if nobody
// called, the deal is thrown in or played without a contract.
//
// General: any auction: a plain range of numbers (a point auction), levels
// with strains and doubling, named contracts ranked against each other, game
// values said in duels, a table of bids. Every call is public and kept in the
// deal's record (game.calls()).
#include <algorithm>
#include <array>

#include "engine/state.h"
#include "ruleset/describe_text.h"

namespace hukum {

namespace {

// What a call names as trump.
enum class CallTrump : uint8_t { Unchanged, None, Suit, Order };

struct Call {
  std::string word;
  int value = 0;
  bool value_written = false;  // given in the ruleset, not the call's place
  std::string trump_text;  // as written ("H", "none", a trump order's name), "" when absent
  CallTrump trump = CallTrump::Unchanged;
  int trump_index = -1;  // the suit or the trump order
};

struct CallsParams final : StepParams {
  // Lowest first; each call's trump is resolved by check(), once the trump
  // orders are compiled (hence mutable: before any deal, never after).
  mutable std::vector<Call> calls;
  SeatRef opener = SeatRef::DealerNext;
  bool doubling = false;
  int passes_to_end = 0;  // 0: every other seat still in the auction
  bool speak_once = false;
  bool reentry = true;
  bool all_pass_plays = false;
  bool dealer_stuck = false;  // all_pass: dealer_stuck, the dealer holds the lowest call
  bool first_to_name_trump = false;
  bool jumps = true;  // false: only the next call above the standing one
  bool duel = false;  // order: duel (two seats at a time, the earlier holds)
  bool opener_must_bid = false;  // the auction's first call may not be a pass
  int partner_overcall_min = 0;  // a call over one's own partner's needs at least this value
  // Numbered calls ({word: say, values: [18, 20, ...]}): every call is "say <value>".
  std::string number_word;
  // The word is the engine's `bid`: the calls are "bid <n>" (ActionKind::Bid),
  // every number of from..to, offered as the legal actions' plain numbers.
  bool engine_bids = false;
  // Resolved once the ruleset's action words are known (check): the action
  // word of each call, and the call of each action word (-1: not a call).
  mutable std::vector<uint8_t> word_of_call;
  mutable std::vector<int16_t> call_of_word;
  mutable int double_word = -1, redouble_word = -1, hold_word = -1, number_word_index = -1;
  // The call of a numbered call's value (binary search: values ascend).
  int call_of_value(int value) const {
    auto it = std::lower_bound(calls.begin(), calls.end(), value, [](const Call& c, int v) { return c.value < v; });
    return it != calls.end() && it->value == value ? int(it - calls.begin()) : -1;
  }
};

// Per deal, in the step's slot.
struct CallsState {
  int16_t high;       // index in calls of the standing call, -1: none yet
  int8_t high_seat;   // who made it
  int8_t doubled;     // 0, 1 doubled, 2 redoubled
  int8_t passes;      // passes in a row since the last call, double or redouble
  uint16_t spoken;    // seats that have spoken
  uint16_t passed;    // seats that have passed
  // order: duel. The caller calls to the listener, who holds or passes; the
  // loser leaves and the next seat calls to the one left.
  int8_t listener, caller;
  int8_t drawn;       // seats taken into the duels so far
  int8_t turn;        // 0: the caller's, 1: the listener's (hold or pass), 2: the listener alone
};

uint16_t bit(int seat) { return uint16_t(1u << seat); }

constexpr size_t kMaxCalls = 100;
// The engine's bids span the numeric auction's whole range (its schema: 0 to 10000).
constexpr size_t kMaxBids = 10001;

Schema call_schema() {
  Schema word;
  word.type = SchemaType::String;
  Schema map;
  map.type = SchemaType::Fields;
  map.fields = {
      {"call", word, true, "", "The call's word, as players type it", "4hearts"},
      step_optional("value", step_integer(0, 10000), "its place in the list (1 for the lowest)",
                    "The contract's value when this call wins (game.contract(), result.contract's bands)", "4"),
      {"trump", word, false, "unchanged",
       "The trump this contract plays with: a suit letter, none (no trump), or a name of play.trump_orders", "H"},
  };
  Schema either;
  either.type = SchemaType::OneOf;
  either.items = {word, map};
  Schema list;
  list.type = SchemaType::List;
  list.items = {either};
  Schema values;
  values.type = SchemaType::List;
  values.items = {step_integer(0, 10000)};
  Schema numbered;
  numbered.type = SchemaType::Fields;
  numbered.fields = {
      {"word", word, true, "", "The word said before each number", "say"},
      {"values", values, false, "", "The numbers that may be called, ascending (each call's value); or from, to, step",
       "[18, 20, 22, 23]"},
      step_optional("from", step_integer(0, 10000), "", "The lowest number (with to and step, instead of values)", "100"),
      step_optional("to", step_integer(0, 10000), "", "The highest number", "250"),
      step_optional("step", step_integer(1, 10000), "1", "The step from one number to the next", "10"),
  };
  Schema any;
  any.type = SchemaType::OneOf;
  any.items = {list, numbered};
  return any;
}

// The engine's own number word: "bid 16" is ActionKind::Bid, not an action word.
constexpr const char* kBidWord = "bid";

// Whether some seat has a partner (a floor for overcalling one's partner means nothing without).
bool has_partners(const Ruleset& rules) {
  for (int a = 0; a < rules.seats; ++a)
    for (int b = a + 1; b < rules.seats; ++b)
      if (rules.team_of[size_t(a)] == rules.team_of[size_t(b)]) return true;
  return false;
}

std::vector<SchemaField> parameters() {
  return {
      {"calls", call_schema(), true, "",
       "The calls from lowest to highest: a word each, or {call, value, trump}; or numbered calls, {word: say, "
       "values: [18, 20, ...]}, each typed 'say 18'; the word may be the engine's bid, with from and to (every "
       "number between). A call must be higher than the standing one",
       "[{call: petite, value: 1}, {call: garde, value: 2}]"},
      step_optional("order", step_words({"round", "duel"}), "round",
                    "round: each seat in turn; duel: the opener's next calls to the opener, who answers 'hold' "
                    "(keeps the call at the same value) or pass, the one who passes leaves and the next seat calls "
                    "to the one left; the last one left alone may still call or pass",
                    "duel"),
      step_optional("jumps", step_flag(), "true",
                    "A call may skip calls of the list; false: only the next call above the standing one", "false"),
      step_optional("opener", seat_word(), "dealer_next", "Who speaks first; then each seat in turn", "dealer"),
      step_optional("double", step_flag(), "false",
                    "'double' an opponent's standing call (not yet doubled) and 'redouble' one's own side's doubled "
                    "call; a new call cancels them",
                    "true"),
      step_optional("passes_to_end", step_integer(1, kMaxSeats), "every other seat still in the auction",
                    "Passes in a row after a call (or a double) that end the auction", "3"),
      step_optional("speak_once", step_flag(), "false",
                    "Each seat speaks once: the auction ends when every seat has spoken", "true"),
      step_optional("reentry", step_flag(), "true", "A seat that passed may call again later", "false"),
      step_optional("opener_must_bid", step_flag(), "false",
                    "The first call of the auction may not be a pass (the opener must call)", "true"),
      step_optional("partner_overcall_min", step_integer(0, 10000), "0 (no floor)",
                    "Overcalling one's own partner's standing call needs a call of at least this value", "20"),
      step_optional("all_pass", step_words({"throw_in", "play", "dealer_stuck"}), "throw_in",
                    "When nobody calls: throw_in (the deal is thrown in unplayed, result all_passed), play "
                    "(the deal is played without a contract; hooks see no bidder), or dealer_stuck (the dealer "
                    "holds the lowest call, undoubled)",
                    "dealer_stuck"),
      step_optional("declarer", step_words({"last_caller", "first_to_name_trump"}), "last_caller",
                    "Who holds the contract: the seat of the last call, or the first seat of its side to have "
                    "called the same trump",
                    "first_to_name_trump"),
  };
}

std::shared_ptr<const StepParams> compile(const StepCompile& at) {
  auto p = std::make_shared<CallsParams>();
  // The bidder is what the auction decides: one error for it, not also the
  // seat words' "no bidder before this step".
  if (const DocNode* opener = at.params.find("opener"); opener && opener->scalar.rfind("bidder", 0) == 0)
    at.error(*opener, "opener", "the bidder is not known before the auction");
  else
    p->opener = at.seat("opener", SeatRef::DealerNext);
  p->doubling = at.flag("double", false);
  p->passes_to_end = at.integer("passes_to_end", 0);
  // As many passes as seats would need the caller to pass over its own call.
  if (p->passes_to_end >= at.rules.seats && at.rules.seats > 0)
    at.error(*at.params.find("passes_to_end"), "passes_to_end",
             "must be below the number of seats (" + std::to_string(at.rules.seats) + ")",
             "a number from 1 to " + std::to_string(at.rules.seats - 1));
  p->speak_once = at.flag("speak_once", false);
  p->reentry = at.flag("reentry", true);
  const DocNode* all_pass = at.params.find("all_pass");
  p->all_pass_plays = all_pass && all_pass->scalar == "play";
  p->dealer_stuck = all_pass && all_pass->scalar == "dealer_stuck";
  const DocNode* declarer = at.params.find("declarer");
  p->first_to_name_trump = declarer && declarer->scalar == "first_to_name_trump";
  p->jumps = at.flag("jumps", true);
  p->opener_must_bid = at.flag("opener_must_bid", false);
  p->partner_overcall_min = at.integer("partner_overcall_min", 0);
  if (p->partner_overcall_min > 0 && !has_partners(at.rules))
    at.error(*at.params.find("partner_overcall_min"), "partner_overcall_min",
             "needs partnerships, but every seat plays alone", "teams of two or more seats, or no partner_overcall_min");
  const DocNode* order = at.params.find("order");
  p->duel = order && order->scalar == "duel";
  const DocNode* list = at.params.find("calls");
  if (list && list->is_map()) {
    // Numbered calls: "say 18", "say 20", ...
    p->number_word = list->find("word") ? list->find("word")->scalar : "";
    p->engine_bids = p->number_word == kBidWord;
    std::string expected = "a lowercase word (letters, digits, _) that is no card's name, such as say";
    if (p->engine_bids) {
      // The engine's bids are offered as one range of numbers: every number from..to.
      if (list->find("values") || (list->find("step") && list->find("step")->scalar != "1"))
        at.error(*list->find("word"), "calls.word", "the engine's bid takes every number from..to",
                 "{word: bid, from: 14, to: 28}, or a word of its own for values or a step");
    } else if (std::string problem = action_word_form_problem(at.rules, true, p->number_word, &expected);
               !problem.empty()) {
      at.error(*list->find("word"), "calls.word", "the word '" + p->number_word + "'" + problem, expected);
    }
    const DocNode* values = list->find("values");
    const DocNode* from = list->find("from");
    const DocNode* to = list->find("to");
    if (!values == !(from && to))
      at.error(*list, "calls", "numbered calls need either values or from and to", "{word: say, from: 100, to: 250, step: 10}");
    if (from && to) {
      const int low = std::stoi(from->scalar), high = std::stoi(to->scalar);
      const int step = list->find("step") ? std::stoi(list->find("step")->scalar) : 1;
      if (high < low) at.error(*to, "calls.to", "to is below from", "a number from " + from->scalar + " up");
      const size_t most = p->engine_bids ? kMaxBids : kMaxCalls;
      for (long v = low; v <= high && p->calls.size() <= most; v += step) {
        Call c;
        c.value = int(v);
        c.value_written = true;
        c.word = p->number_word + " " + std::to_string(v);
        p->calls.push_back(std::move(c));
      }
    }
    for (size_t i = 0; values && !(from && to) && i < values->seq.size(); ++i) {
      Call c;
      c.value = std::stoi(values->seq[i]->scalar);
      c.value_written = true;
      c.word = p->number_word + " " + values->seq[i]->scalar;
      if (!p->calls.empty() && c.value <= p->calls.back().value)
        at.error(*values->seq[i], index_path("calls.values", i), "the values must ascend", "a number above the one before");
      p->calls.push_back(std::move(c));
    }
  }
  if (p->duel && p->doubling) at.error(at.params, "double", "double and redouble are not part of a duel", "order: round");
  if (!list) return p;  // validation reported it
  for (size_t i = 0; p->number_word.empty() && i < list->seq.size(); ++i) {
    const DocNode& n = *list->seq[i];
    Call c;
    c.value = int(i) + 1;
    if (n.is_scalar()) {
      c.word = n.scalar;
    } else {
      c.word = n.find("call") ? n.find("call")->scalar : "";
      if (const DocNode* v = n.find("value")) c.value = std::stoi(v->scalar), c.value_written = true;
      if (const DocNode* t = n.find("trump")) c.trump_text = t->scalar;
    }
    const bool twice = std::any_of(p->calls.begin(), p->calls.end(), [&](const Call& o) { return o.word == c.word; });
    if (twice) at.error(n, index_path("calls", i), "the call '" + c.word + "' is listed twice", "each call once");
    std::string expected = "a lowercase word (letters, digits, _) that is no card's name, such as 1nt or garde";
    if (c.word == "pass" || c.word == "double" || c.word == "redouble")
      at.error(n, index_path("calls", i), "'" + c.word + "' is a call of the auction itself", "a word of its own");
    else if (std::string problem = action_word_form_problem(at.rules, true, c.word, &expected); !problem.empty())
      at.error(n, index_path("calls", i), "the call '" + c.word + "'" + problem, expected);
    p->calls.push_back(std::move(c));
  }
  if (p->calls.empty() && (list->is_seq() || list->find("values"))) at.error(*list, "calls", "no calls", "at least one call");
  // At most kMaxCalls: an auction then lasts at most kMaxCalls x (a call, a double, a
  // redouble, each followed by passes) turns, which bounds the deal's record (game.calls()).
  if (p->calls.size() > kMaxCalls && !p->engine_bids)
    at.error(*list, "calls", "more than " + std::to_string(kMaxCalls) + " calls", "at most " + std::to_string(kMaxCalls));
  return p;
}

std::vector<std::string> words(const DealStep& step) {
  const auto& p = step.params_as<CallsParams>();
  std::vector<std::string> out;
  if (p.engine_bids) {  // the engine's word, no action word
  } else if (!p.number_word.empty()) out.push_back(p.number_word);
  else
    for (const Call& c : p.calls) out.push_back(c.word);
  if (p.doubling) out.insert(out.end(), {"double", "redouble"});
  if (p.duel) out.push_back("hold");
  return out;
}

// Once everything is compiled: each call's trump (suits and trump orders are
// known now) and the action words' indices.
void check(const StepCompile& at, const DealStep& step) {
  const auto& p = step.params_as<CallsParams>();
  const Ruleset& rules = at.rules;
  auto& calls = p.calls;
  bool names_trump = false;
  const DocNode* list = at.params.find("calls");
  auto node_of = [&](size_t i) -> const DocNode& {
    return list && i < list->seq.size() ? *list->seq[i] : at.params;
  };
  for (size_t i = 0; i < calls.size(); ++i) {
    Call& c = calls[i];
    if (c.trump_text.empty()) continue;
    names_trump = true;
    if (c.trump_text == "none") {
      c.trump = CallTrump::None;
    } else if (int suit = rules.deck.suit_index(c.trump_text); suit >= 0) {
      c.trump = CallTrump::Suit, c.trump_index = suit;
    } else {
      const auto& orders = rules.play.trump_orders;
      auto it = std::find_if(orders.begin(), orders.end(), [&](const TrumpOrder& o) { return o.name == c.trump_text; });
      if (it == orders.end())
        at.error(node_of(i), index_path("calls", i) + ".trump", "'" + c.trump_text + "' is no suit and no trump order",
                 "a suit letter, none, or a name of play.trump_orders");
      else
        c.trump = CallTrump::Order, c.trump_index = int(it - orders.begin());
    }
  }
  if (names_trump && rules.play.trump_method != TrumpMethod::None)
    at.error(at.params, "calls", "a call names the trump, but play.trump sets it otherwise",
             "play: {trump: {method: none}}");
  // With result.contract, every call's value needs a band (else a contract made scores nothing).
  const auto& bands = rules.result.contract;
  for (size_t i = 0; i < calls.size() && !bands.empty(); ++i)
    if (std::none_of(bands.begin(), bands.end(),
                     [&](const ContractBand& b) { return calls[i].value >= b.low && calls[i].value <= b.high; }))
      at.error(node_of(i), index_path("calls", i),
               "the call '" + calls[i].word + "' has value " + std::to_string(calls[i].value) +
                   ", in no band of result.contract",
               "a value within a band's bids");
  p.word_of_call.clear();
  p.call_of_word.assign(rules.action_words.size(), -1);
  p.hold_word = action_word_index(rules, "hold");
  p.number_word_index = p.number_word.empty() || p.engine_bids ? -1 : action_word_index(rules, p.number_word);
  for (size_t i = 0; p.number_word.empty() && i < p.calls.size(); ++i) {
    const int w = action_word_index(rules, p.calls[i].word);
    p.word_of_call.push_back(uint8_t(std::max(w, 0)));
    if (w >= 0) p.call_of_word[size_t(w)] = int16_t(i);
  }
  if (p.doubling) {
    p.double_word = action_word_index(rules, "double");
    p.redouble_word = action_word_index(rules, "redouble");
  }
}

std::string describe(const Ruleset& rules, const DealStep& step) {
  const auto& p = step.params_as<CallsParams>();
  std::vector<std::string> names;
  for (const Call& c : p.calls) {
    std::string s = c.word;
    std::vector<std::string> facts;
    if (c.value_written && p.number_word.empty()) facts.push_back("value " + std::to_string(c.value));
    if (c.trump == CallTrump::None) facts.push_back("no trump");
    if (c.trump == CallTrump::Suit) facts.push_back(rules.deck.suits[size_t(c.trump_index)] + " trump");
    if (c.trump == CallTrump::Order) facts.push_back("trump order " + c.trump_text);
    if (!facts.empty()) s += " (" + join(facts) + ")";
    names.push_back(s);
  }
  if (p.calls.empty()) return "An auction of calls.";
  std::string s = p.engine_bids ? "An auction of bids from " + std::to_string(p.calls.front().value) + " to " +
                                     std::to_string(p.calls.back().value) + " ('bid 16'). "
                                : "An auction of calls, lowest first: " + join(names) + ". ";
  const std::string higher = p.jumps ? "a call higher than the standing one" : "the next call above the standing one";
  if (p.duel) {
    s += "In duels, counting from " + seat_ref_text(p.opener) + " in turn: the second player calls to the first (" +
         higher + ", or pass), who answers hold (keeping the call at the same value) or pass; the one who passes "
         "leaves and the third player calls to the one left, and so on. The one left alone holds the contract at "
         "the standing call, or, if nobody called, may still call or pass";
  } else {
    s += capitalized(seat_ref_text(p.opener)) + " speaks first" + (p.opener_must_bid ? " and may not pass" : "") +
         ", then each player in turn: " + higher + ", or pass";
    if (p.partner_overcall_min > 0)
      s += "; overcalling one's own partner needs at least " + std::to_string(p.partner_overcall_min);
    if (p.doubling) s += "; double an opponent's standing call, redouble one's own side's doubled call";
    if (!p.reentry) s += "; a player who passed is out of the auction";
    s += ". It ends ";
    if (p.speak_once) s += "when every player has spoken once";
    else if (p.passes_to_end) s += "after " + std::to_string(p.passes_to_end) + " passes in a row following a call";
    else s += "when every other player has passed after a call";
    s += p.first_to_name_trump
             ? "; the contract is the last call, held by the first player of its side to have called its trump"
             : "; the contract is the last call, held by its caller";
  }
  s += p.all_pass_plays  ? ". If nobody calls, the deal is played without a contract."
       : p.dealer_stuck ? ". If nobody calls, the dealer is stuck: he holds the lowest call."
                        : ". If nobody calls, the deal is thrown in.";
  return s;
}

// The seats that still take part: they play, and have not left the auction.
bool may_speak(const GameState& game, const CallsParams& p, const CallsState& st, int seat) {
  if (game.sits_out(seat)) return false;
  if (p.speak_once && (st.spoken & bit(seat))) return false;
  if (!p.reentry && (st.passed & bit(seat)) && seat != st.high_seat) return false;
  return true;
}

int active_seats(const GameState& game) {
  int n = 0;
  for (int s = 0; s < game.ruleset().seats; ++s) n += !game.sits_out(s);
  return n;
}

StepStart begin(GameState& game, const DealStep& step) {
  const auto& p = step.params_as<CallsParams>();
  auto& st = game.step_state<CallsState>(step);
  st.high = -1;
  st.high_seat = -1;
  int seat = game.seat_named(p.opener);
  if (game.sits_out(seat)) seat = game.next_seat(seat);
  if (p.duel) {
    st.listener = int8_t(seat);
    st.drawn = 1;
    if (active_seats(game) > 1) {
      st.caller = int8_t(game.next_seat(seat));
      st.drawn = 2;
      st.turn = 0;
      seat = st.caller;
    } else {
      st.turn = 2;  // one seat only: it calls or passes alone
    }
  }
  game.wait_for(seat);
  return StepStart::Waits;
}

// The calls `seat` may make: every call above the standing one, or only the
// next one without jumps; over its own partner's call, none below the
// partner floor.
void legal_calls(const GameState& game, const CallsParams& p, const CallsState& st, int seat, LegalActions* out) {
  size_t first = size_t(st.high + 1);
  if (p.partner_overcall_min > 0 && st.high >= 0 && st.high_seat != seat &&
      game.same_side_seen_by(seat, seat, st.high_seat))
    while (first < p.calls.size() && p.calls[first].value < p.partner_overcall_min) ++first;
  const size_t end = p.jumps ? p.calls.size() : std::min(p.calls.size(), first + 1);
  if (p.engine_bids) {  // every number from..to: one range of the engine's bids
    if (first >= end) return;
    out->number_kind = ActionKind::Bid;
    out->low = int16_t(p.calls[first].value);
    out->high = int16_t(p.calls[end - 1].value);
    return;
  }
  if (!p.number_word.empty()) {
    if (first >= end) return;
    out->number_words.push_back(uint8_t(p.number_word_index));
    for (size_t i = first; i < end; ++i) out->word_values.push_back(int16_t(p.calls[i].value));
    return;
  }
  for (size_t i = first; i < end; ++i) out->words.push_back(p.word_of_call[i]);
}

void legal(GameState& game, const DealStep& step, LegalActions* out) {
  const auto& p = step.params_as<CallsParams>();
  const auto& st = game.step_state<CallsState>(step);
  const int seat = game.to_move();
  out->can_pass = !(p.opener_must_bid && st.spoken == 0);
  if (p.duel && st.turn == 1) {
    out->words.push_back(uint8_t(p.hold_word));
    return;
  }
  legal_calls(game, p, st, seat, out);
  if (p.doubling && st.high >= 0) {
    const bool ours = game.same_side_seen_by(seat, seat, st.high_seat);  // as the seat knows the sides
    if (st.doubled == 0 && !ours) out->words.push_back(uint8_t(p.double_word));
    if (st.doubled == 1 && ours) out->words.push_back(uint8_t(p.redouble_word));
  }
}

// The call an action makes, or -1 for pass, double, redouble and hold.
int call_of(const CallsParams& p, const Action& action) {
  if (action.kind == ActionKind::WordNumber || action.kind == ActionKind::Bid) return p.call_of_value(action.value);
  if (action.kind == ActionKind::Extra) return p.call_of_word[action.word];
  return -1;
}

// The seat that holds the contract of the standing call.
int declarer_of(const GameState& game, const CallsParams& p, const CallsState& st) {
  const Call& won = p.calls[size_t(st.high)];
  if (!p.first_to_name_trump || won.trump == CallTrump::Unchanged) return st.high_seat;
  for (const SaidCall& said : *game.calls_said()) {
    if (!game.same_side(said.seat, st.high_seat)) continue;
    const int i = call_of(p, said.action);
    if (i >= 0 && p.calls[size_t(i)].trump == won.trump && p.calls[size_t(i)].trump_index == won.trump_index)
      return said.seat;
  }
  return st.high_seat;
}

bool finish(GameState& game, const DealStep& step, const CallsState& st) {
  const auto& p = step.params_as<CallsParams>();
  if (st.high < 0 && !p.dealer_stuck) return p.all_pass_plays ? game.step_finished() : game.throw_in_deal();
  // Nobody called and the dealer is stuck: the lowest call is his.
  const int high = st.high >= 0 ? st.high : 0;
  const Call& won = p.calls[size_t(high)];
  const int word = p.number_word.empty() ? p.word_of_call[size_t(high)] : -1;
  game.decide_contract(st.high >= 0 ? declarer_of(game, p, st) : game.seat_named(SeatRef::Dealer), won.value, word,
                       st.high >= 0 ? st.doubled : 0);
  if (won.trump == CallTrump::Suit) game.set_trump(won.trump_index);
  if (won.trump == CallTrump::Order) game.set_trump_order(won.trump_index);
  return game.step_finished();
}

// order: duel. The caller calls or passes; the listener holds or passes; the
// one who passes leaves, and the next seat not yet drawn calls to the one left.
bool apply_duel(GameState& game, const DealStep& step, const Action& action, CallsState& st) {
  const int active = active_seats(game);
  // The next seat drawn into the duels after the last one drawn, or -1.
  auto draw = [&]() -> int {
    if (st.drawn >= active) return -1;
    int seat = game.seat_named(step.params_as<CallsParams>().opener);
    if (game.sits_out(seat)) seat = game.next_seat(seat);
    for (int k = 0; k < st.drawn; ++k) seat = game.next_seat(seat);
    ++st.drawn;
    return seat;
  };
  const bool pass = action.kind == ActionKind::Pass;
  switch (st.turn) {
    case 2:  // the listener alone: its call ends the auction
      return finish(game, step, st);
    case 1:  // the listener holds, or passes and leaves
      if (!pass) {
        st.high_seat = st.listener;
        st.turn = 0;
        game.wait_for(st.caller);
        return true;
      }
      st.listener = st.caller;
      break;
    default:  // the caller calls, or passes and leaves
      if (!pass) {
        st.turn = 1;
        game.wait_for(st.listener);
        return true;
      }
      break;
  }
  // Someone left: the next seat calls to the listener, or the listener is alone.
  const int next = draw();
  if (next >= 0) {
    st.caller = int8_t(next);
    st.turn = 0;
    game.wait_for(next);
    return true;
  }
  if (st.high >= 0) return finish(game, step, st);
  st.turn = 2;  // nobody called: the one left may still call, or pass
  game.wait_for(st.listener);
  return true;
}

bool apply(GameState& game, const DealStep& step, const Action& action) {
  const auto& p = step.params_as<CallsParams>();
  auto& st = game.step_state<CallsState>(step);
  const int seat = game.to_move();
  game.record_call(seat, action);
  st.spoken |= bit(seat);
  if (action.kind == ActionKind::Pass) {
    ++st.passes;
    st.passed |= bit(seat);
  } else if (action.kind == ActionKind::Extra &&
             (int(action.word) == p.double_word || int(action.word) == p.redouble_word)) {
    st.doubled = int8_t(int(action.word) == p.double_word ? 1 : 2);
    st.passes = 0;
  } else if (const int call = call_of(p, action); call >= 0) {
    st.high = int16_t(call);
    st.high_seat = int8_t(seat);
    st.doubled = 0;
    st.passes = 0;
    if (p.engine_bids) game.set_standing_bid(seat, p.calls[size_t(call)].value);
  }
  if (p.duel) return apply_duel(game, step, action, st);
  // Who still takes part, and who speaks next.
  const int seats = game.ruleset().seats;
  int in = 0, others_in = 0;
  for (int s = 0; s < seats; ++s)
    if (may_speak(game, p, st, s)) ++in, others_in += s != st.high_seat;
  const int active = active_seats(game);
  bool over;
  if (st.high < 0) {
    over = st.passes >= active || in == 0;  // nobody called
  } else {
    const int needed = p.passes_to_end ? p.passes_to_end : active - 1;
    over = st.passes >= needed || others_in == 0;
  }
  int next = seat;
  bool found = false;
  for (int k = 0; k < seats && !over && !found; ++k) {
    next = game.next_seat(next);
    found = may_speak(game, p, st, next);
  }
  if (over || !found) return finish(game, step, st);
  game.wait_for(next);
  return true;
}

// A simple player's answer: pass with an average hand; with a stronger one,
// the lowest call it may reach (the stronger the hand, the further up the
// list) whose trump is its longest suit, or a call without trump when the
// hand has no long suit; in a duel, hold while the standing call is within
// reach. Never doubles. From the seat's own cards only.
Action simple_answer(const GameState& game, const DealStep& step, const LegalActions& legal) {
  const auto& p = step.params_as<CallsParams>();
  const auto& st = game.step_state<CallsState>(step);
  const Ruleset& rules = game.ruleset();
  Action pass;
  pass.kind = ActionKind::Pass;
  if (!legal.can_pass) return legal.at(0);
  // High cards count 4, 3, 2, 1 for the four highest ranks (an honour count).
  const int ranks = int(rules.deck.ranks.size());
  auto weight = [&](Card c) { return std::max(0, int(rules.plain_strength[c]) - (ranks - 5)); };
  const CardSet hand = game.hand(game.to_move());
  const int deck = int(rules.deck.cards.size());
  int mine = 0, all = 0;
  std::array<int, kMaxSuits> length{};
  for (Card c : hand) mine += weight(c), ++length[rules.deck.cards[c].suit % kMaxSuits];
  for (int c = 0; c < deck; ++c) all += weight(Card(c));
  const int held = hand.size();
  if (all == 0 || held == 0) return pass;
  const double strength = double(mine) * deck / (double(all) * held);  // 1.0: an average hand
  if (strength < 1.2) return pass;
  const int longest = int(std::max_element(length.begin(), length.end()) - length.begin());
  const bool balanced = length[size_t(longest)] * int(rules.deck.suits.size()) <= held + 2 * int(rules.deck.suits.size());
  const double reach = strength - 1.0;  // the share of the list such a hand may reach
  const int n = int(p.calls.size());
  if (p.duel && st.turn == 1) return double(st.high) / n <= reach ? Action{ActionKind::Extra, kNoCard, uint8_t(p.hold_word), 0} : pass;
  // The lowest legal call within reach (without jumps, or over a partner's
  // call, some calls above the standing one are not legal).
  for (int i = st.high + 1; i < n && double(i) / n <= reach; ++i) {
    const Call& c = p.calls[size_t(i)];
    const bool fits = c.trump == CallTrump::Unchanged || (c.trump == CallTrump::Suit && c.trump_index == longest) ||
                      (c.trump == CallTrump::None && balanced) || c.trump == CallTrump::Order;
    if (!fits) continue;
    const Action call = p.engine_bids ? Action{ActionKind::Bid, kNoCard, 0, int16_t(c.value)}
                        : !p.number_word.empty()
                            ? Action{ActionKind::WordNumber, kNoCard, uint8_t(p.number_word_index), int16_t(c.value)}
                            : Action{ActionKind::Extra, kNoCard, p.word_of_call[size_t(i)], 0};
    if (legal.contains(call)) return call;
  }
  return pass;
}

std::string prompt(const LegalActions&) { return "The auction: make a call higher than the standing one, or pass"; }

// Numbered calls ("say 18"): the word and every value of the list.
std::vector<NumberedAnswers> numbered(const DealStep& step) {
  const auto& p = step.params_as<CallsParams>();
  if (p.number_word.empty()) return {};
  NumberedAnswers out{p.number_word, {}, p.engine_bids};
  for (const Call& call : p.calls) out.values.push_back(call.value);
  return {out};
}

}  // namespace

extern const StepKindRow kCallsStep;
const StepKindRow kCallsStep{
    "calls",
    "An auction of calls, named or numbered, lowest to highest, with pass and optionally double and redouble",
    "{calls: [{call: petite, value: 1}, {call: garde, value: 2}], speak_once: true}",
    parameters,
    compile,
    describe,
    {begin, legal, apply, nullptr},
    prompt,
    check,
    nullptr,
    words,
    true,  // offers pass
    true,  // names the bidder
    simple_answer,
    numbered,
};

}  // namespace hukum
