// The `game` and `cards` Lua tables: argument checking, calls into HookContext,
// and the conversion of cards, suits and seats to and from Lua values.
// Rule for every function here: build C++ objects only inside the noexcept
// helpers below (ask/effect), never across a call that may raise a Lua error.
#include "script/bindings.h"

#include <array>
#include <charconv>
#include <cstring>
#include <exception>
#include <utility>

#include <lua.hpp>

#include "engine/combinations.h"
#include "engine/hook_context.h"
#include "engine/meld_action.h"
#include "script/lua_vars.h"
#include "script/lua_watchdog.h"

namespace hukum {
namespace {

// ---------------------------------------------------------------------------
// The C++ boundary
// ---------------------------------------------------------------------------

// A message in a fixed buffer: trivially destructible, so Lua may longjmp over
// it. Only its first byte is set: every binding makes one, most never write it.
struct Message {
  char text[256];
  Message() { text[0] = '\0'; }
  bool empty() const { return text[0] == '\0'; }
  void set(const char* s) noexcept {
    std::strncpy(text, s, sizeof text - 1);
    text[sizeof text - 1] = '\0';
  }
};

// Runs an engine read `f` (returning a trivially destructible value). C++
// exceptions stop here: they become a Lua error once the exception is gone.
template <class F>
auto ask(lua_State* L, F&& f) -> decltype(f()) {
  Message failure;
  try {
    return f();
  } catch (const std::exception& e) {
    failure.set(e.what());
  } catch (...) {
    failure.set("unknown C++ exception");
  }
  luaL_error(L, "engine error: %s", failure.text);
  return {};  // not reached: luaL_error does not return
}

// Runs an engine effect `f` (returning "" or the reason it was refused) and
// raises the refusal as a Lua error, after every C++ string is destroyed.
template <class F>
void effect(lua_State* L, const char* name, F&& f) {
  Message refusal;
  try {
    std::string reason = f();
    if (!reason.empty()) refusal.set(reason.c_str());
  } catch (const std::exception& e) {
    refusal.set(e.what());
  } catch (...) {
    refusal.set("unknown C++ exception");
  }
  if (!refusal.empty()) luaL_error(L, "'%s' refused: %s", name, refusal.text);
}

// ---------------------------------------------------------------------------
// Upvalues and argument checks
// ---------------------------------------------------------------------------

// Upvalues shared by every binding (ORDER UPVALUE): 1 the BindingState, 2 the
// names table (BindingState::names_ref), 3 the hook_params table, 4 the
// options table (the last two for `game` only).
constexpr int kStateUpvalue = 1;
constexpr int kNamesUpvalue = 2;
constexpr int kParamsUpvalue = 3;
constexpr int kOptionsUpvalue = 4;

// Every binding asks for its state, often several times a call: read through
// the extra space (LuaBudget::bindings), which upvalue 1 also holds.
BindingState& state(lua_State* L) {
  return *static_cast<BindingState*>((*static_cast<LuaBudget**>(lua_getextraspace(L)))->bindings);
}

HookContext& context(lua_State* L) {
  HookContext* ctx = state(L).context;
  if (ctx == nullptr) luaL_error(L, "no game in progress: 'game' functions work only inside a hook");
  return *ctx;
}

// luaL_argerror with a formatted message; never returns.
template <class... Args>
int arg_error(lua_State* L, int arg, const char* format, Args... args) {
  lua_pushfstring(L, format, args...);
  return luaL_argerror(L, arg, lua_tostring(L, -1));
}

int check_index(lua_State* L, int arg, int count, const char* what) {
  lua_Integer i = luaL_checkinteger(L, arg);
  if (i < 0 || i >= count) arg_error(L, arg, "%s expected in 0..%d, got %I", what, count - 1, i);
  return int(i);
}

int check_seat(lua_State* L, int arg) { return check_index(L, arg, state(L).seats, "seat"); }
int check_team(lua_State* L, int arg) { return check_index(L, arg, state(L).teams, "team"); }

// The card a Lua string at `arg` names, or kNoCard: a raw read of the names
// table with the interned string as the key.
Card card_of_string(lua_State* L, int arg) {
  lua_pushvalue(L, arg);
  const Card card = lua_rawget(L, lua_upvalueindex(kNamesUpvalue)) == LUA_TNUMBER ? Card(lua_tointeger(L, -1)) : kNoCard;
  lua_pop(L, 1);
  return card;
}

Card parse_card(const BindingState& s, const char* text) noexcept {
  try {
    const auto found = s.card_of_text.find(text);
    return found == s.card_of_text.end() ? kNoCard : found->second;
  } catch (...) {  // the key's allocation (a long string)
    return kNoCard;
  }
}

// Compared in place: hooks name a suit on hot paths (game.hand_count).
int parse_suit(const Deck& deck, const char* letter) noexcept {
  const size_t length = std::strlen(letter);
  for (size_t i = 0; i < deck.suits.size(); ++i) {
    const std::string& suit = deck.suits[i];
    if (suit.size() == length && std::memcmp(suit.data(), letter, length) == 0) return int(i);
  }
  return -1;
}

Card check_card(lua_State* L, int arg) {
  if (lua_type(L, arg) == LUA_TSTRING) {
    const Card c = card_of_string(L, arg);
    if (c != kNoCard) return c;
  }
  // Not a card's text: a number (converted as luaL_checkstring does) or an error.
  const char* text = luaL_checkstring(L, arg);
  Card c = parse_card(state(L), text);
  if (c == kNoCard) arg_error(L, arg, "card expected, got '%s'", text);
  return c;
}

int check_suit(lua_State* L, int arg) {
  const char* letter = luaL_checkstring(L, arg);
  int suit = parse_suit(state(L).deck, letter);
  if (suit < 0) arg_error(L, arg, "suit letter expected, got '%s'", letter);
  return suit;
}

// Entry `index` of the names table (BindingState::names_ref).
void push_name(lua_State* L, int index) { lua_rawgeti(L, lua_upvalueindex(kNamesUpvalue), index); }

// An array of card texts, in deck order, from the names table at `names`.
void push_cards_from(lua_State* L, int names, CardSet cards) {
  lua_createtable(L, cards.size(), 0);
  int i = 0;
  for (Card c : cards) {
    lua_rawgeti(L, names, int(c) + 1);
    lua_rawseti(L, -2, ++i);
  }
}

// A card's text, or nil for kNoCard.
void push_card(lua_State* L, Card c) {
  if (c == kNoCard) lua_pushnil(L);
  else push_name(L, int(c) + 1);
}

void push_cards(lua_State* L, CardSet cards) { push_cards_from(L, lua_upvalueindex(kNamesUpvalue), cards); }

// The array of card texts at `index` as a set (a Lua error names a bad entry);
// entries past the deck's size are not read, so a huge array costs nothing.
CardSet check_card_array(lua_State* L, int index) {
  luaL_checktype(L, index, LUA_TTABLE);
  CardSet cards;
  const lua_Integer len = luaL_len(L, index);
  for (lua_Integer k = 1; k <= len && k <= kMaxCards; ++k) {
    lua_rawgeti(L, index, k);
    cards.add(check_card(L, lua_gettop(L)));
    lua_pop(L, 1);
  }
  return cards;
}

// A suit index as its letter, or nil for -1 (no trump, nothing led).
void push_suit(lua_State* L, int suit) {
  if (suit < 0) {
    lua_pushnil(L);
  } else if (size_t(suit) >= state(L).deck.suits.size()) {
    lua_pushliteral(L, "trump");  // the trumps of a trump order without a suit (play.trump_orders), led
  } else {
    const BindingState& s = state(L);
    push_name(L, s.first_suit_name + suit);
  }
}

// A seat, or nil for kNoSeat.
void push_seat(lua_State* L, int seat) {
  if (seat < 0) {
    lua_pushnil(L);
  } else {
    lua_pushinteger(L, seat);
  }
}

// ---------------------------------------------------------------------------
// game: reading the state
// ---------------------------------------------------------------------------

int game_seats(lua_State* L) {
  lua_pushinteger(L, state(L).seats);
  return 1;
}

int game_seat_to_play(lua_State* L) {
  HookContext& ctx = context(L);
  push_seat(L, ask(L, [&] { return ctx.seat_to_play(); }));
  return 1;
}

int game_dealer(lua_State* L) {
  HookContext& ctx = context(L);
  push_seat(L, ask(L, [&] { return ctx.dealer(); }));
  return 1;
}

// The seat's name as the ruleset writes it ("N"): for keys of game.vars that
// people read (scenarios, logs) rather than 0-based numbers.
int game_seat_name(lua_State* L) {
  int seat = check_seat(L, 1);
  lua_pushstring(L, state(L).seat_names[size_t(seat)].c_str());
  return 1;
}

int game_team(lua_State* L) {
  int seat = check_seat(L, 1);
  lua_pushinteger(L, state(L).team_of[seat]);
  return 1;
}

int game_hand(lua_State* L) {
  int seat = check_seat(L, 1);
  HookContext& ctx = context(L);
  push_cards(L, ask(L, [&] { return ctx.hand(seat); }));
  return 1;
}

int game_hidden(lua_State* L) {
  int seat = check_seat(L, 1);
  HookContext& ctx = context(L);
  push_cards(L, ask(L, [&] { return ctx.hidden(seat); }));
  return 1;
}

// How many face-down cards a seat has: the cheap question, no table built.
int game_hidden_count(lua_State* L) {
  int seat = check_seat(L, 1);
  HookContext& ctx = context(L);
  lua_pushinteger(L, ask(L, [&] { return ctx.hidden(seat).size(); }));
  return 1;
}

// How many cards a seat holds, or how many of one suit (as cards.suit
// names it): the cheap question, no table built.
int game_hand_count(lua_State* L) {
  int seat = check_seat(L, 1);
  const CardSet of = lua_isnoneornil(L, 2) ? state(L).deck.all : state(L).deck.suit_mask[size_t(check_suit(L, 2))];
  HookContext& ctx = context(L);
  lua_pushinteger(L, ask(L, [&] { return (ctx.hand(seat) & of).size(); }));
  return 1;
}

int game_trump(lua_State* L) {
  HookContext& ctx = context(L);
  push_suit(L, ask(L, [&] { return ctx.trump_suit(); }));
  return 1;
}

int game_led_suit(lua_State* L) {
  HookContext& ctx = context(L);
  push_suit(L, ask(L, [&] { return ctx.led_suit(); }));
  return 1;
}

// The trick copied out of the state (no list allocated), so Lua may longjmp while we push it.
struct TrickCopy {
  int size = 0;
  std::array<std::pair<int, Card>, kMaxSeats> plays{};
};

// {{seat = s, card = "10H"}, ...} for the current trick or the last completed one.
// The current trick, the last completed one, or completed trick `number` (> 0).
int push_trick(lua_State* L, bool previous, int number = 0) {
  HookContext& ctx = context(L);
  TrickCopy trick = ask(L, [&] {
    TrickCopy copy;
    copy.size = ctx.trick_plays(number > 0 ? number : previous ? -1 : 0, copy.plays.data());
    return copy;
  });
  const BindingState& s = state(L);
  lua_createtable(L, trick.size, 0);
  for (int i = 0; i < trick.size; ++i) {
    lua_createtable(L, 0, 2);
    push_name(L, s.seat_key_name);  // the keys interned: no look-up in Lua's string cache
    lua_pushinteger(L, trick.plays[i].first);
    lua_rawset(L, -3);
    push_name(L, s.seat_key_name + 1);
    push_card(L, trick.plays[i].second);
    lua_rawset(L, -3);
    lua_rawseti(L, -2, i + 1);
  }
  return 1;
}

int game_trick(lua_State* L) { return push_trick(L, false); }
int game_last_trick(lua_State* L) { return push_trick(L, true); }

// game.past_trick(n): completed trick n of this deal (1 = the first).
int game_past_trick(lua_State* L) {
  const lua_Integer n = luaL_checkinteger(L, 1);
  const int played = ask(L, [&] { return context(L).tricks_played(); });
  if (n < 1 || n > played) arg_error(L, 1, "a completed trick expected in 1..%d, got %I", played, n);
  return push_trick(L, false, int(n));
}

int game_captured(lua_State* L) {
  int seat = check_seat(L, 1);
  HookContext& ctx = context(L);
  push_cards(L, ask(L, [&] { return ctx.captured(seat); }));
  return 1;
}

// game.layout(): the layout's cards in the order they arrived, so a hook can
// tell the card just laid (the last) from those before it. A fixed buffer, no
// heap: a Lua error while pushing must not leak.
int game_layout(lua_State* L) {
  HookContext& ctx = context(L);
  std::array<Card, kMaxCards> order;
  const int n = ask(L, [&] { return ctx.layout_in_order(order.data()); });
  lua_createtable(L, n, 0);
  for (int i = 0; i < n; ++i) {
    push_card(L, order[size_t(i)]);
    lua_rawseti(L, -2, i + 1);
  }
  return 1;
}

// game.builds(): {{cards = {...}, value = 8, owner = seat}, ...}, the builds on
// the layout (fishing.builds). Copied into a fixed buffer first: no heap while
// Lua may longjmp.
int game_builds(lua_State* L) {
  HookContext& ctx = context(L);
  std::array<LayoutBuild, 64> builds;
  const int n = ask(L, [&] { return ctx.layout_builds(builds.data(), int(builds.size())); });
  lua_createtable(L, n, 0);
  for (int i = 0; i < n; ++i) {
    lua_createtable(L, 0, 3);
    push_cards(L, builds[size_t(i)].cards);
    lua_setfield(L, -2, "cards");
    lua_pushinteger(L, builds[size_t(i)].value);
    lua_setfield(L, -2, "value");
    lua_pushinteger(L, builds[size_t(i)].owner);
    lua_setfield(L, -2, "owner");
    lua_rawseti(L, -2, i + 1);
  }
  return 1;
}

int game_sweeps(lua_State* L) {
  int seat = check_seat(L, 1);
  HookContext& ctx = context(L);
  lua_pushinteger(L, ask(L, [&] { return ctx.sweeps(seat); }));
  return 1;
}

// game.combinations(team): the side's points of fishing.combinations on its
// captured cards, and an array of the lines that count, {name = "...",
// points = n}, in the order written. Computed into fixed arrays first: a Lua
// error while pushing must not leak.
int game_combinations(lua_State* L) {
  const int team = check_team(L, 1);
  HookContext& ctx = context(L);
  const FishingRules& f = ctx.ruleset().fishing;
  std::array<int16_t, 64> values{};
  const int total = ask(L, [&] {
    CardSet taken;
    for (int s = 0; s < ctx.ruleset().seats; ++s)
      if (ctx.ruleset().team_of[size_t(s)] == team) taken |= ctx.captured(s);
    std::vector<int> per_line;
    const int points = combination_points(f, taken, &per_line);
    for (size_t i = 0; i < per_line.size() && i < values.size(); ++i) values[i] = int16_t(per_line[i]);
    return points;
  });
  lua_pushinteger(L, total);
  lua_newtable(L);
  int n = 0;
  for (size_t i = 0; i < f.combinations.size() && i < values.size(); ++i) {
    if (values[i] == 0) continue;
    lua_createtable(L, 0, 2);
    lua_pushstring(L, f.combinations[i].name.c_str());
    lua_setfield(L, -2, "name");
    lua_pushinteger(L, values[i]);
    lua_setfield(L, -2, "points");
    lua_rawseti(L, -2, ++n);
  }
  return 2;
}

// game.chosen(seat) is the array; game.chosen(seat, i) its i-th card or nil,
// with no table built (a one-card choice is read once per seat per deal).
int game_chosen(lua_State* L) {
  int seat = check_seat(L, 1);
  const bool one = !lua_isnoneornil(L, 2);
  const lua_Integer i = one ? luaL_checkinteger(L, 2) : 0;
  HookContext& ctx = context(L);
  const CardSet chosen = ask(L, [&] { return ctx.chosen(seat); });
  if (!one) {
    push_cards(L, chosen);
  } else {
    push_card(L, i >= 1 && i <= chosen.size() ? chosen.nth(int(i - 1)) : kNoCard);
  }
  return 1;
}

int game_tricks_won_by(lua_State* L) {
  int seat = check_seat(L, 1);
  HookContext& ctx = context(L);
  lua_pushinteger(L, ask(L, [&] { return ctx.tricks_won_by(seat); }));
  return 1;
}

// A `bids` step's bid of the seat, nil before it has bid.
int game_bid(lua_State* L) {
  int seat = check_seat(L, 1);
  HookContext& ctx = context(L);
  const int bid = ask(L, [&] { return ctx.bid_of(seat); });
  if (bid < 0) lua_pushnil(L);
  else lua_pushinteger(L, bid);
  return 1;
}

int game_legal(lua_State* L) {
  HookContext& ctx = context(L);
  push_cards(L, ask(L, [&] { return ctx.legal_cards(); }));
  return 1;
}

int game_tricks_played(lua_State* L) {
  HookContext& ctx = context(L);
  lua_pushinteger(L, ask(L, [&] { return ctx.tricks_played(); }));
  return 1;
}

int game_tricks_won(lua_State* L) {
  int team = check_team(L, 1);
  HookContext& ctx = context(L);
  lua_pushinteger(L, ask(L, [&] { return ctx.tricks_won(team); }));
  return 1;
}

int game_match_score(lua_State* L) {
  int team = check_team(L, 1);
  HookContext& ctx = context(L);
  lua_pushinteger(L, ask(L, [&] { return ctx.match_score(team); }));
  return 1;
}

int game_points_won(lua_State* L) {
  int team = check_team(L, 1);
  HookContext& ctx = context(L);
  lua_pushinteger(L, ask(L, [&] { return ctx.points_won(team); }));
  return 1;
}

int game_points_won_by(lua_State* L) {
  int seat = check_seat(L, 1);
  HookContext& ctx = context(L);
  lua_pushinteger(L, ask(L, [&] { return ctx.points_won_by(seat); }));
  return 1;
}

int game_card_points(lua_State* L) {
  const Card card = check_card(L, 1);
  HookContext& ctx = context(L);
  lua_pushinteger(L, ask(L, [&] { return ctx.card_points(card); }));
  return 1;
}

int game_turn_up(lua_State* L) {
  HookContext& ctx = context(L);
  const Card c = ask(L, [&] { return ctx.turn_up(); });
  push_card(L, c);
  return 1;
}

int game_meld_points(lua_State* L) {
  int team = check_team(L, 1);
  HookContext& ctx = context(L);
  lua_pushinteger(L, ask(L, [&] { return ctx.meld_points(team); }));
  return 1;
}

// {{seat = 2, kind = "sequence", value = 100, cards = {"KH", ...}}, ...}: the melds declared so far.
// Copied out of the std::vector (like TrickCopy), so Lua may longjmp while we push it.
struct MeldsCopy {
  int size = 0;
  std::array<Meld, 64> melds{};
};

// A declared meld's name as its ruleset gives it (a sequence's, a set's or
// group's, or the name game.meld used).
int game_melds(lua_State* L) {
  HookContext& ctx = context(L);
  const MeldsCopy copy = ask(L, [&] {
    MeldsCopy c;
    for (const Meld& m : ctx.melds())
      if (c.size < int(c.melds.size())) c.melds[size_t(c.size++)] = m;
    return c;
  });
  const auto& melds = copy.melds;
  lua_createtable(L, copy.size, 0);
  for (size_t i = 0; i < size_t(copy.size); ++i) {
    lua_createtable(L, 0, 4);
    lua_pushinteger(L, melds[i].seat);
    lua_setfield(L, -2, "seat");
    lua_pushstring(L, melds[i].kind == Meld::Kind::Sequence ? "sequence"
                      : melds[i].kind == Meld::Kind::Set    ? "set"
                      : melds[i].kind == Meld::Kind::Group  ? "group"
                                                            : "named");
    lua_setfield(L, -2, "kind");
    lua_pushstring(L, meld_name(ctx.ruleset(), melds[i]));
    lua_setfield(L, -2, "name");
    lua_pushinteger(L, melds[i].value);
    lua_setfield(L, -2, "value");
    push_cards(L, melds[i].cards);
    lua_setfield(L, -2, "cards");
    lua_rawseti(L, -2, int(i) + 1);
  }
  return 1;
}

// game.calls(): the calls of this deal's auction of calls (deal step `calls`)
// in order, {{seat = 0, call = "1heart"}, {seat = 1, call = "pass"}, ...}.
// Copied out first (a fixed buffer: the step bounds an auction's length), so
// that Lua may longjmp while they are pushed.
constexpr int kMaxCallsKept = 2500;
struct CallsCopy {
  // Plain fields with no initializers: the buffer is not zeroed on every call.
  struct Call {
    int8_t seat;
    ActionKind kind;
    uint8_t word;
    int16_t value;
  };
  int size = 0;
  Call calls[kMaxCallsKept];
};

int game_calls(lua_State* L) {
  HookContext& ctx = context(L);
  CallsCopy copy;  // 15 KB of stack, no heap: nothing to free if Lua longjmps
  ask(L, [&] {
    if (const auto* said = ctx.calls_said())
      for (const SaidCall& c : *said)
        if (copy.size < kMaxCallsKept) copy.calls[copy.size++] = {c.seat, c.action.kind, c.action.word, c.action.value};
    return 0;
  });
  const Ruleset& rules = ctx.ruleset();
  const BindingState& s = state(L);
  lua_createtable(L, copy.size, 0);
  for (int i = 0; i < copy.size; ++i) {
    const CallsCopy::Call& c = copy.calls[i];
    lua_createtable(L, 0, 2);
    push_name(L, s.seat_key_name);  // the keys and words interned: no look-up in Lua's string cache
    lua_pushinteger(L, c.seat);
    lua_rawset(L, -3);
    push_name(L, s.seat_key_name + 2);
    const bool word = (c.kind == ActionKind::Extra || c.kind == ActionKind::WordNumber) &&
                      c.word < rules.action_words.size();
    if (!word) push_name(L, s.seat_key_name + 3);  // "pass"
    else if (c.kind == ActionKind::WordNumber)
      lua_pushfstring(L, "%s %d", rules.action_words[c.word].c_str(), int(c.value));  // "say 18"
    else if (c.word < s.word_texts.size()) push_name(L, s.first_word_name + c.word);
    else lua_pushstring(L, rules.action_words[c.word].c_str());
    lua_rawset(L, -3);
    lua_rawseti(L, -2, i + 1);
  }
  return 1;
}

// game.contract_call(): the contract's call ("4hearts") and its doubling (0,
// 1 doubled, 2 redoubled), or nil without a contract of calls.
int game_contract_call(lua_State* L) {
  HookContext& ctx = context(L);
  const int word = ask(L, [&] { return ctx.contract_word(); });
  const int doubled = ask(L, [&] { return ctx.contract_doubled(); });
  const Ruleset& rules = ctx.ruleset();
  if (word < 0 || size_t(word) >= rules.action_words.size()) {
    lua_pushnil(L);
    return 1;
  }
  lua_pushstring(L, rules.action_words[size_t(word)].c_str());
  lua_pushinteger(L, doubled);
  return 2;
}

int game_option(lua_State* L) {
  const char* name = luaL_checkstring(L, 1);
  lua_pushvalue(L, 1);
  if (lua_rawget(L, lua_upvalueindex(kOptionsUpvalue)) == LUA_TNIL) {
    arg_error(L, 1, "unknown option '%s'", name);
  }
  return 1;
}

int game_param(lua_State* L) {
  luaL_checkstring(L, 1);
  lua_pushvalue(L, 1);
  lua_rawget(L, lua_upvalueindex(kParamsUpvalue));
  return 1;
}

// ---------------------------------------------------------------------------
// game: effects (each checked by HookContext; a refusal is a Lua error)
// ---------------------------------------------------------------------------

// game.set_trump_order(name): a structure of play.trump_orders for this deal.
int game_set_trump_order(lua_State* L) {
  const char* name = luaL_checkstring(L, 1);
  HookContext& ctx = context(L);
  const auto& orders = ctx.ruleset().play.trump_orders;
  int order = -1;
  std::string names;
  for (size_t i = 0; i < orders.size(); ++i) {
    if (orders[i].name == name) order = int(i);
    names += (i ? ", " : "") + orders[i].name;
  }
  if (order < 0)
    arg_error(L, 1, "trump order expected (%s), got '%s'", names.empty() ? "play.trump_orders is empty" : names.c_str(), name);
  effect(L, "set_trump_order", [&] { return ctx.set_trump_order(order); });
  return 0;
}

// game.trump_order(): the name of the structure chosen this deal, or nil.
int game_trump_order(lua_State* L) {
  HookContext& ctx = context(L);
  const int order = ask(L, [&] { return ctx.trump_order(); });
  if (order < 0) lua_pushnil(L);
  else lua_pushstring(L, ctx.ruleset().play.trump_orders[size_t(order)].name.c_str());
  return 1;
}

int game_set_trump(lua_State* L) {
  int suit = check_suit(L, 1);
  HookContext& ctx = context(L);
  effect(L, "set_trump", [&] { return ctx.set_trump(suit); });
  return 0;
}

int game_set_led_suit(lua_State* L) {
  int suit = check_suit(L, 1);
  HookContext& ctx = context(L);
  effect(L, "set_led_suit", [&] { return ctx.set_led_suit(suit); });
  return 0;
}

int game_reveal_hidden(lua_State* L) {
  int seat = check_seat(L, 1);
  HookContext& ctx = context(L);
  CardSet revealed;
  effect(L, "reveal_hidden", [&] { return ctx.reveal_hidden(seat, &revealed); });
  push_cards(L, revealed);
  return 1;
}

// game.show(seat [, cards]): lays the seat's whole hand, or the listed cards
// of it, face up for every seat until the deal ends.
int game_show(lua_State* L) {
  const int seat = check_seat(L, 1);
  HookContext& ctx = context(L);
  const CardSet cards = lua_isnoneornil(L, 2) ? ctx.hand(seat) : check_card_array(L, 2);
  effect(L, "show", [&] { return ctx.show_cards(seat, cards); });
  return 0;
}

// game.meld(seat, name, cards [, value]): `seat` declares a meld of a kind
// listed in melds.named (value default 0), shown and scored for its side.
int game_meld(lua_State* L) {
  const int seat = check_seat(L, 1);
  const char* name = luaL_checkstring(L, 2);
  const CardSet cards = check_card_array(L, 3);
  const lua_Integer value = luaL_optinteger(L, 4, 0);
  if (value < -1000000 || value > 1000000) arg_error(L, 4, "a meld's value is from -100000 to 100000");
  HookContext& ctx = context(L);
  effect(L, "meld", [&] { return ctx.declare_meld(seat, name, cards, int(value)); });
  return 0;
}

// game.set_controller(seat, by): `by` decides `seat`'s actions to the end of
// the deal (its player is asked; the action is still `seat`'s).
int game_set_controller(lua_State* L) {
  const int seat = check_seat(L, 1);
  const int by = check_seat(L, 2);
  HookContext& ctx = context(L);
  effect(L, "set_controller", [&] { return ctx.set_controller(seat, by); });
  return 0;
}

int game_side(lua_State* L) {
  const int seat = check_seat(L, 1);
  lua_pushinteger(L, context(L).side_of(seat));
  return 1;
}

// game.set_sides({{0}, {1, 2}}): the sides of this deal, each a list of seats.
// Read into plain arrays: no C++ object with a destructor lives while Lua may
// raise; the engine checks the partition.
int game_set_sides(lua_State* L) {
  luaL_checktype(L, 1, LUA_TTABLE);
  const int seats = state(L).seats;
  int side_of[kMaxSeats];
  int count = 0;
  for (int k = 0; k < kMaxSeats; ++k) side_of[k] = -1;
  const lua_Integer n = luaL_len(L, 1);
  if (n < 1 || n > seats) return luaL_error(L, "game.set_sides: give from 1 to %d sides, got %d", seats, int(n));
  for (lua_Integer k = 1; k <= n; ++k) {
    lua_rawgeti(L, 1, k);
    if (!lua_istable(L, -1)) return luaL_error(L, "game.set_sides: side %d is not a list of seats", int(k));
    const lua_Integer m = luaL_len(L, -1);
    for (lua_Integer i = 1; i <= m && i <= seats; ++i) {
      lua_rawgeti(L, -1, i);
      const int seat = check_seat(L, lua_gettop(L));
      if (side_of[seat] >= 0) return luaL_error(L, "game.set_sides: seat %d is on two sides", seat);
      side_of[seat] = int(k - 1);
      lua_pop(L, 1);
    }
    if (m > seats) return luaL_error(L, "game.set_sides: side %d lists more seats than the table has", int(k));
    lua_pop(L, 1);
    ++count;
  }
  // {known_to = {seats}}: secret sides, known to those seats only.
  uint32_t known_to = HookContext::kAllSeatsKnow;
  if (!lua_isnoneornil(L, 2)) {
    luaL_checktype(L, 2, LUA_TTABLE);
    lua_getfield(L, 2, "known_to");
    if (!lua_istable(L, -1)) return luaL_error(L, "game.set_sides: the options take known_to = {seats}");
    known_to = 0;
    const lua_Integer m = luaL_len(L, -1);
    for (lua_Integer i = 1; i <= m && i <= seats; ++i) {
      lua_rawgeti(L, -1, i);
      known_to |= 1u << check_seat(L, lua_gettop(L));
      lua_pop(L, 1);
    }
    lua_pop(L, 1);
  }
  HookContext& ctx = context(L);
  effect(L, "set_sides", [&] {
    std::vector<std::vector<int>> sides(static_cast<size_t>(count));
    for (int s = 0; s < seats; ++s)
      if (side_of[s] >= 0) sides[size_t(side_of[s])].push_back(s);
    return ctx.set_sides(sides, known_to);
  });
  return 0;
}

// game.not_held(seat, card, ...) or (seat, {cards}): public knowledge that
// `seat` cannot hold those cards (sampled worlds respect it).
int game_not_held(lua_State* L) {
  const int seat = check_seat(L, 1);
  CardSet cards;
  const int n = lua_gettop(L);
  for (int i = 2; i <= n; ++i) {
    if (lua_type(L, i) == LUA_TTABLE) cards |= check_card_array(L, i);
    else cards.add(check_card(L, i));
  }
  HookContext& ctx = context(L);
  effect(L, "not_held", [&] { return ctx.not_held(seat, cards); });
  return 0;
}

// game.call_card(seat, card): `seat` calls `card` for this deal; the
// duties of play.called_card follow it. game.called_card(): the card, or nil.
int game_call_card(lua_State* L) {
  const int seat = check_seat(L, 1);
  const Card card = check_card(L, 2);
  HookContext& ctx = context(L);
  effect(L, "call_card", [&] { return ctx.call_card(seat, card); });
  return 0;
}

int game_called_card(lua_State* L) {
  HookContext& ctx = context(L);
  push_card(L, ask(L, [&] { return ctx.called_card(); }));
  return 1;
}

int game_controller(lua_State* L) {
  const int seat = check_seat(L, 1);
  lua_pushinteger(L, context(L).controller(seat));
  return 1;
}

bool is_action_word(const BindingState& s, const char* word) {
  for (const std::string& w : s.action_words) {
    if (std::strcmp(w.c_str(), word) == 0) return true;
  }
  return false;
}

int game_offer(lua_State* L) {
  const char* word = luaL_checkstring(L, 1);
  bool exclusive = false;
  if (!lua_isnoneornil(L, 2)) {
    luaL_checktype(L, 2, LUA_TBOOLEAN);
    exclusive = lua_toboolean(L, 2);
  }
  // An offered action the engine could not run would fail only when chosen.
  if (!is_action_word(state(L), word)) arg_error(L, 1, "no action hook for '%s'", word);
  HookContext& ctx = context(L);
  effect(L, "offer", [&] { return ctx.offer(word, exclusive); });
  return 0;
}

int game_require_trump(lua_State* L) {
  int seat = check_seat(L, 1);
  HookContext& ctx = context(L);
  effect(L, "require_trump", [&] { return ctx.require_trump(seat); });
  return 0;
}

int game_add_score(lua_State* L) {
  int team = check_team(L, 1);
  lua_Integer points = luaL_checkinteger(L, 2);
  if (points < -1000000 || points > 1000000) {
    arg_error(L, 2, "points expected in -1000000..1000000, got %I", points);
  }
  HookContext& ctx = context(L);
  effect(L, "add_score", [&] { return ctx.add_score(team, int(points)); });
  return 0;
}

int game_bidder(lua_State* L) {
  HookContext& ctx = context(L);
  push_seat(L, ask(L, [&] { return ctx.bidder(); }));
  return 1;
}

int game_next_seat(lua_State* L) {
  int seat = check_seat(L, 1);
  HookContext& ctx = context(L);
  lua_pushinteger(L, ask(L, [&] { return ctx.seat_after(seat); }));
  return 1;
}

// The contract's band: win, lose (two numbers), or nothing without a contract.
int game_contract_band(lua_State* L) {
  HookContext& ctx = context(L);
  auto band = ask(L, [&] { return ctx.contract_band(); });
  if (band.first == 0 && band.second == 0) return 0;
  lua_pushinteger(L, band.first);
  lua_pushinteger(L, band.second);
  return 2;
}

int game_contract(lua_State* L) {
  HookContext& ctx = context(L);
  int value = ask(L, [&] { return ctx.contract(); });
  if (value > 0) lua_pushinteger(L, value);
  else lua_pushnil(L);
  return 1;
}

int game_declared(lua_State* L) {
  HookContext& ctx = context(L);
  lua_pushboolean(L, ask(L, [&] { return ctx.declared(); }));
  return 1;
}

int game_deal_number(lua_State* L) {
  HookContext& ctx = context(L);
  lua_pushinteger(L, ask(L, [&] { return ctx.deal_number(); }) + 1);
  return 1;
}

// In deal_scored: {winner = team or nil, name = "...", game_points = {[team] = n}}.
int game_result(lua_State* L) {
  HookContext& ctx = context(L);
  const DealResult* r = ask(L, [&] { return ctx.result_so_far(); });
  if (r == nullptr) luaL_error(L, "game.result() is only known in deal_scored");
  lua_createtable(L, 0, 4);
  if (r->winner_team >= 0) lua_pushinteger(L, r->winner_team);
  else lua_pushnil(L);
  lua_setfield(L, -2, "winner");
  // Every winning team, in order: the one winner, or a side of several teams
  // (game.set_result({side = n})); empty for a draw.
  lua_createtable(L, 4, 0);
  lua_Integer k = 0;
  for (int t = 0; t < 32; ++t)
    if (r->won_by(t)) lua_pushinteger(L, t), lua_rawseti(L, -2, ++k);
  lua_setfield(L, -2, "winners");
  lua_pushstring(L, r->name.c_str());
  lua_setfield(L, -2, "name");
  lua_createtable(L, int(r->game_points.size()), 0);
  for (size_t t = 0; t < r->game_points.size(); ++t) {
    lua_pushinteger(L, r->game_points[t]);
    lua_rawseti(L, -2, lua_Integer(t));
  }
  lua_setfield(L, -2, "game_points");
  return 1;
}

// game.ask(seat, word, word...): between tricks, seat must choose one of the words.
int game_ask(lua_State* L) {
  int seat = check_seat(L, 1);
  int n = lua_gettop(L);
  if (n < 2) luaL_error(L, "bad argument #2 to 'ask' (action word expected, got no value)");
  for (int i = 2; i <= n; ++i) {
    const char* word = luaL_checkstring(L, i);
    if (!is_action_word(state(L), word)) arg_error(L, i, "no action hook for '%s'", word);
  }
  HookContext& ctx = context(L);
  effect(L, "ask", [&] {
    std::vector<std::string> words;
    for (int i = 2; i <= n; ++i) words.emplace_back(lua_tostring(L, i));
    return ctx.ask(seat, words);
  });
  return 0;
}

// game.ask_number(seat, low, high, word, ...): a numbered answer "word n".
// game.ask_number(seat, {n, ...}, word, ...): only the listed numbers.
int game_ask_number(lua_State* L) {
  const int seat = check_seat(L, 1);
  // Plain locals only until the effect: a Lua error jumps over this frame.
  std::array<int, 256> listed{};
  int count = 0;
  lua_Integer low = 0, high = 0;
  const bool list = lua_istable(L, 2);
  if (list) {
    const lua_Integer length = luaL_len(L, 2);
    if (length < 1 || length > lua_Integer(listed.size()))
      arg_error(L, 2, "a list of 1 to 256 numbers expected, got %I entries", length);
    for (lua_Integer i = 1; i <= length; ++i) {
      lua_rawgeti(L, 2, i);
      if (!lua_isinteger(L, -1)) arg_error(L, 2, "entry %I of the list is not a whole number", i);
      const lua_Integer v = lua_tointeger(L, -1);
      lua_pop(L, 1);
      if (v < -999 || v > 999) arg_error(L, 2, "number expected in -999..999, got %I", v);
      listed[size_t(count++)] = int(v);
    }
  } else {
    low = luaL_checkinteger(L, 2);
    high = luaL_checkinteger(L, 3);
    if (low < -999 || low > 999) arg_error(L, 2, "number expected in -999..999, got %I", low);
    if (high < -999 || high > 999) arg_error(L, 3, "number expected in -999..999, got %I", high);
  }
  const int first_word = list ? 3 : 4;
  const int n = lua_gettop(L);
  if (n < first_word) luaL_error(L, "bad argument #%d to 'ask_number' (action word expected, got no value)", first_word);
  for (int i = first_word; i <= n; ++i) {
    const char* word = luaL_checkstring(L, i);
    if (!is_action_word(state(L), word)) arg_error(L, i, "no action hook for '%s'", word);
  }
  HookContext& ctx = context(L);
  effect(L, "ask_number", [&] {
    std::vector<std::string> words;
    for (int i = first_word; i <= n; ++i) words.emplace_back(lua_tostring(L, i));
    if (list) return ctx.ask_number_of(seat, words, std::vector<int>(listed.begin(), listed.begin() + count));
    return ctx.ask_number(seat, words, int(low), int(high));
  });
  return 0;
}

// game.ask_card(seat, word, cards): `seat` must choose one of `cards` (an
// array of card texts from its hand); the word's action hook gets (seat, card).
int game_ask_card(lua_State* L) {
  const int seat = check_seat(L, 1);
  const char* word = luaL_checkstring(L, 2);
  if (!is_action_word(state(L), word)) arg_error(L, 2, "no action hook for '%s'", word);
  HookContext& ctx = context(L);
  // No list: any card of the seat's hand (no table built and read back).
  const CardSet cards = lua_isnoneornil(L, 3) ? ask(L, [&] { return ctx.hand(seat); }) : check_card_array(L, 3);
  const std::string w = word;
  effect(L, "ask_card", [&] { return ctx.ask_card(seat, w, cards); });
  return 0;
}

// game.redeal(reason): in step_done, throw the deal in and deal again.
int game_redeal(lua_State* L) {
  const char* reason = luaL_checkstring(L, 1);
  HookContext& ctx = context(L);
  effect(L, "redeal", [&] { return ctx.redeal(reason); });
  return 0;
}

// game.forbid(card, ...) or game.forbid({card, ...}): inside legal_filter only.
int game_forbid(lua_State* L) {
  CardSet forbidden;
  const int n = lua_gettop(L);
  for (int i = 1; i <= n; ++i) {
    if (lua_type(L, i) == LUA_TTABLE) {
      forbidden |= check_card_array(L, i);
    } else {
      forbidden.add(check_card(L, i));
    }
  }
  HookContext& ctx = context(L);
  effect(L, "forbid", [&] { return ctx.forbid(forbidden); });
  return 0;
}

// game.capture_sets({{card, ...}, ...}): in capture_rule only, the sets of
// layout cards the arriving card may take (one of them); {} for none.
int game_capture_sets(lua_State* L) {
  luaL_checktype(L, 1, LUA_TTABLE);
  // A plain array, not a vector: a bad card raises a Lua error, which jumps
  // over C++ destructors.
  constexpr lua_Integer kMostSets = 64;
  std::array<CardSet, kMostSets> sets{};
  const lua_Integer n = luaL_len(L, 1);
  if (n > kMostSets) arg_error(L, 1, "%d capture sets: at most 64", int(n));
  for (lua_Integer k = 1; k <= n; ++k) {
    lua_rawgeti(L, 1, k);
    if (!lua_istable(L, -1)) arg_error(L, 1, "capture set %d is not an array of cards (write {{\"5H\", \"5D\"}})", int(k));
    sets[size_t(k - 1)] = check_card_array(L, lua_gettop(L));
    lua_pop(L, 1);
  }
  HookContext& ctx = context(L);
  effect(L, "capture_sets",
         [&] { return ctx.capture_sets(std::vector<CardSet>(sets.begin(), sets.begin() + n)); });
  return 0;
}

int game_set_leader(lua_State* L) {
  int seat = check_seat(L, 1);
  HookContext& ctx = context(L);
  effect(L, "set_leader", [&] { return ctx.set_leader(seat); });
  return 0;
}

// game.move(card, zone [, seat]): the card (or an array of cards, moved
// together) leaves the movable zone that holds it for `zone` ("hand",
// "face_down", "won", "layout", "out"; a seat for the first three). The
// engine says why it refuses (engine/zones.cc).
int game_move(lua_State* L) {
  const bool several = lua_type(L, 1) == LUA_TTABLE;
  const CardSet cards = several ? check_card_array(L, 1) : CardSet();
  const Card card = several ? kNoCard : check_card(L, 1);
  const char* name = luaL_checkstring(L, 2);
  Place to;
  if (!parse_zone(name, &to.zone)) {
    // The names as a Lua string: a C++ one would leak when arg_error jumps.
    lua_pushstring(L, movable_zone_names().c_str());
    arg_error(L, 2, "zone expected (%s), got '%s'", lua_tostring(L, -1), name);
  }
  if (zone_info(to.zone).per_seat && lua_isnoneornil(L, 3)) arg_error(L, 3, "the zone '%s' needs a seat", name);
  if (zone_info(to.zone).per_seat) to.seat = check_seat(L, 3);
  else if (!lua_isnoneornil(L, 3)) arg_error(L, 3, "the zone '%s' has no seat", name);
  HookContext& ctx = context(L);
  effect(L, "move", [&] { return several ? ctx.move_cards(cards, to) : ctx.move_card(card, to); });
  return 0;
}

// game.group({card, ...}): layout cards that a capture takes only together
// (fishing; in step_done). The engine says why it refuses (engine/fishing.cc).
int game_group(lua_State* L) {
  const CardSet cards = check_card_array(L, 1);
  HookContext& ctx = context(L);
  effect(L, "group", [&] { return ctx.group_layout(cards); });
  return 0;
}

// game.zone(card): the name of the zone that holds the card, and its seat (nil
// for a shared zone).
int game_zone(lua_State* L) {
  const Card card = check_card(L, 1);
  HookContext& ctx = context(L);
  Place place;
  if (!ask(L, [&] { return ctx.place_of(card, &place); })) return 0;
  const BindingState& s = state(L);
  push_name(L, s.first_zone_name + int(place.zone));
  if (place.seat == kNoSeat) lua_pushnil(L);
  else lua_pushinteger(L, place.seat);
  return 2;
}

// game.cards_in(zone [, seat]): the cards of a zone (a seat's, for a zone per
// seat), in deck order: one call where game.zone card by card walks the deck.
int game_cards_in(lua_State* L) {
  const char* name = luaL_checkstring(L, 1);
  Place place;
  if (!parse_zone(name, &place.zone)) arg_error(L, 1, "zone expected (hand, face_down, won, stock, trick, layout, turn_up, pending, out), got '%s'", name);
  if (zone_info(place.zone).per_seat) place.seat = check_seat(L, 2);
  else if (!lua_isnoneornil(L, 2)) arg_error(L, 2, "the zone '%s' has no seat", name);
  HookContext& ctx = context(L);
  push_cards(L, ask(L, [&] { return ctx.cards_at(place); }));
  return 1;
}

// game.trick_of(card): the completed trick of this deal the card was played
// to (1 = the first) and the seat that played it; nil when it is in none.
int game_trick_of(lua_State* L) {
  const Card card = check_card(L, 1);
  HookContext& ctx = context(L);
  int seat = kNoSeat;
  const int n = ask(L, [&] { return ctx.trick_of(card, &seat); });
  if (n <= 0) {
    lua_pushnil(L);
    return 1;
  }
  lua_pushinteger(L, n);
  lua_pushinteger(L, seat);
  return 2;
}

// game.trick_winner(n): the seat that won completed trick n (1 = the first),
// nil for a trick the deal's record does not hold.
int game_trick_winner(lua_State* L) {
  const lua_Integer n = luaL_checkinteger(L, 1);
  HookContext& ctx = context(L);
  const int played = ask(L, [&] { return ctx.tricks_played(); });
  if (n < 1 || n > played) arg_error(L, 1, "a completed trick expected in 1..%d, got %I", played, n);
  push_seat(L, ask(L, [&] { return ctx.trick_winner(int(n)); }));
  return 1;
}

// game.set_direction("clockwise" | "counterclockwise")
int game_set_direction(lua_State* L) {
  const char* word = luaL_checkstring(L, 1);
  const std::string w = word;
  if (w != "clockwise" && w != "counterclockwise")
    arg_error(L, 1, "'clockwise' or 'counterclockwise' expected, got '%s'", word);
  HookContext& ctx = context(L);
  effect(L, "set_direction", [&] { return ctx.set_direction(w == "clockwise" ? 1 : -1); });
  return 0;
}

// game.set_contract(seat, value)
int game_set_contract(lua_State* L) {
  const int seat = check_seat(L, 1);
  const lua_Integer value = luaL_checkinteger(L, 2);
  if (value < 0 || value > 10000) arg_error(L, 2, "contract expected in 0..10000, got %I", value);
  HookContext& ctx = context(L);
  effect(L, "set_contract", [&] { return ctx.set_contract(seat, int(value)); });
  return 0;
}

int game_end_deal(lua_State* L) {
  HookContext& ctx = context(L);
  effect(L, "end_deal", [&] { return ctx.end_deal(); });
  return 0;
}

// game.end_match(team or nil): in match_over, the match ends after this deal,
// won by that team (nil: the team ahead on the totals).
int game_end_match(lua_State* L) {
  int team = lua_isnoneornil(L, 1) ? -1 : check_team(L, 1);
  HookContext& ctx = context(L);
  effect(L, "end_match", [&] { return ctx.end_match(team); });
  return 0;
}

// game.set_result(team or nil, name), or game.set_result({side = n}, name):
// the deal won by side n of this deal's sides (every team on it).
int game_set_result(lua_State* L) {
  if (lua_istable(L, 1)) {
    lua_getfield(L, 1, "side");
    if (!lua_isinteger(L, -1)) return luaL_error(L, "game.set_result: expected {side = n}");
    const lua_Integer side = lua_tointeger(L, -1);
    lua_pop(L, 1);
    if (side < 0 || side >= state(L).seats) return luaL_error(L, "game.set_result: no side %d", int(side));
    const char* name = luaL_checkstring(L, 2);
    HookContext& ctx = context(L);
    effect(L, "set_result", [&] { return ctx.set_result_side(int(side), name); });
    return 0;
  }
  int team = lua_isnoneornil(L, 1) ? -1 : check_team(L, 1);
  const char* name = luaL_checkstring(L, 2);
  HookContext& ctx = context(L);
  effect(L, "set_result", [&] { return ctx.set_result(team, name); });
  return 0;
}

int game_set_game_points(lua_State* L) {
  int team = check_team(L, 1);
  lua_Integer points = luaL_checkinteger(L, 2);
  if (points < -1000000 || points > 1000000) {
    arg_error(L, 2, "points expected in -1000000..1000000, got %I", points);
  }
  HookContext& ctx = context(L);
  effect(L, "set_game_points", [&] { return ctx.set_game_points(team, int(points)); });
  return 0;
}

// ORDER the Lua API in docs/lua-api.md.
const luaL_Reg kGameFunctions[] = {
    {"bidder", game_bidder},
    {"turn_up", game_turn_up},
    {"melds", game_melds},
    {"meld_points", game_meld_points},
    {"next_seat", game_next_seat},
    {"contract_band", game_contract_band},
    {"contract", game_contract},
    {"contract_call", game_contract_call},
    {"calls", game_calls},
    {"declared", game_declared},
    {"deal_number", game_deal_number},
    {"result", game_result},
    {"ask", game_ask},
    {"ask_number", game_ask_number},
    {"ask_card", game_ask_card},
    {"seat_name", game_seat_name},
    {"redeal", game_redeal},
    {"end_deal", game_end_deal},
    {"end_match", game_end_match},
    {"set_result", game_set_result},
    {"set_game_points", game_set_game_points},
    {"seats", game_seats},
    {"seat_to_play", game_seat_to_play},
    {"dealer", game_dealer},
    {"team", game_team},
    {"hand", game_hand},
    {"hidden", game_hidden},
    {"hidden_count", game_hidden_count},
    {"trump", game_trump},
    {"led_suit", game_led_suit},
    {"trick", game_trick},
    {"tricks_played", game_tricks_played},
    {"tricks_won", game_tricks_won},
    {"points_won_by", game_points_won_by},
    {"card_points", game_card_points},
    {"points_won", game_points_won},
    {"match_score", game_match_score},
    {"bid", game_bid},
    {"option", game_option},
    {"param", game_param},
    {"set_trump", game_set_trump},
    {"set_trump_order", game_set_trump_order},
    {"trump_order", game_trump_order},
    {"reveal_hidden", game_reveal_hidden},
    {"show", game_show},
    {"set_controller", game_set_controller},
    {"controller", game_controller},
    {"side", game_side},
    {"set_sides", game_set_sides},
    {"not_held", game_not_held},
    {"call_card", game_call_card},
    {"called_card", game_called_card},
    {"offer", game_offer},
    {"require_trump", game_require_trump},
    {"add_score", game_add_score},
    {"captured", game_captured},
    {"chosen", game_chosen},
    {"layout", game_layout},
    {"builds", game_builds},
    {"sweeps", game_sweeps},
    {"combinations", game_combinations},
    {"tricks_won_by", game_tricks_won_by},
    {"last_trick", game_last_trick},
    {"past_trick", game_past_trick},
    {"legal", game_legal},
    {"forbid", game_forbid},
    {"capture_sets", game_capture_sets},
    {"meld", game_meld},
    {"set_leader", game_set_leader},
    {"set_led_suit", game_set_led_suit},
    {"move", game_move},
    {"group", game_group},
    {"set_direction", game_set_direction},
    {"set_contract", game_set_contract},
    {"zone", game_zone},
    {"cards_in", game_cards_in},
    {"trick_of", game_trick_of},
    {"trick_winner", game_trick_winner},
    {"hand_count", game_hand_count},
    {nullptr, nullptr},
};

// ---------------------------------------------------------------------------
// game.vars and read-only globals (metamethods)
// ---------------------------------------------------------------------------

// Three registry slots (BindingState::vars_ref, vars_cache_ref,
// match_vars_ref), integer references made when the bindings open and holding
// false when empty: reading or writing one is an array access, and writing an
// existing slot never allocates, so it is safe outside a pcall.
//   vars_ref        the running hook's game.vars table when it is not the
//                   cached one (built afresh, or set by `game.vars = {...}`);
//                   while the hook uses the cached table (vars_in_cache), it
//                   is read from vars_cache_ref and no slot is written, before
//                   or after the call;
//   vars_cache_ref  the table the last successful hook left as game.vars: the
//                   next hook reuses it when the game's vars still carry the
//                   stamp they had then (a copied state keeps it), instead of
//                   building every table again;
//   match_vars_ref  game.match_vars of the running hook, built from the game on
//                   first use in a call and written back when the call succeeds
//                   (no cache: few hooks use it).

// game.match_vars: the match's table for this call (see match_vars_ref).
int push_match_vars(lua_State* L) {
  BindingState& s = state(L);
  HookContext& ctx = context(L);
  const VarValue* value = ctx.match_vars();
  if (value == nullptr) return luaL_error(L, "game.match_vars: this hook runs outside a match");
  if (!s.match_vars_used) {
    push_var(L, *value);
    lua_rawseti(L, LUA_REGISTRYINDEX, s.match_vars_ref);
    s.match_vars_used = true;
  }
  lua_rawgeti(L, LUA_REGISTRYINDEX, s.match_vars_ref);
  return 1;
}

// game.vars: the running hook's table, built from the game on first use.
// Most hooks read game.vars once or more, so the key is told by the address of
// its interned text (BindingState::vars_key), not by comparing characters.
int game_index(lua_State* L) {
  if (lua_type(L, 2) != LUA_TSTRING) return 0;
  BindingState& s = state(L);
  const char* key = lua_tostring(L, 2);
  if (key == s.match_vars_key) return push_match_vars(L);
  if (key != s.vars_key) return 0;
  HookContext& ctx = context(L);
  if (s.vars_used) {
    lua_rawgeti(L, LUA_REGISTRYINDEX, s.vars_in_cache ? s.vars_cache_ref : s.vars_ref);
    return 1;
  }
  s.vars_used = true;
  lua_rawgeti(L, LUA_REGISTRYINDEX, s.vars_cache_ref);
  if (lua_istable(L, -1) && s.cached_vars_stamp == ctx.vars_stamp()) {
    s.vars_in_cache = true;
    return 1;
  }
  lua_pop(L, 1);
  push_var(L, ctx.vars());
  lua_pushvalue(L, -1);
  lua_rawseti(L, LUA_REGISTRYINDEX, s.vars_ref);
  return 1;
}

// `game.vars = {...}` replaces the table; no other field of game can be set.
int game_newindex(lua_State* L) {
  const char* key = lua_type(L, 2) == LUA_TSTRING ? lua_tostring(L, 2) : nullptr;
  if (key != nullptr && key == state(L).vars_key) {
    context(L);
    luaL_checktype(L, 3, LUA_TTABLE);
    lua_pushvalue(L, 3);
    lua_rawseti(L, LUA_REGISTRYINDEX, state(L).vars_ref);
    state(L).vars_used = state(L).vars_replaced = true;
    state(L).vars_in_cache = false;
    return 0;
  }
  if (key != nullptr && key == state(L).match_vars_key) {
    if (context(L).match_vars() == nullptr) return luaL_error(L, "game.match_vars: this hook runs outside a match");
    luaL_checktype(L, 3, LUA_TTABLE);
    lua_pushvalue(L, 3);
    lua_rawseti(L, LUA_REGISTRYINDEX, state(L).match_vars_ref);
    state(L).match_vars_used = true;
    return 0;
  }
  return luaL_error(L, "game is read-only: keep hook state in game.vars (or game.match_vars)");
}

// Globals are the scripts' definitions: a hook that set one would keep state
// outside the game, which a copied game would not copy.
int globals_newindex(lua_State* L) {
  if (state(L).in_hook) {
    const char* name = lua_type(L, 2) == LUA_TSTRING ? lua_tostring(L, 2) : "?";
    return luaL_error(L, "a hook cannot set the global '%s': keep hook state in game.vars", name);
  }
  lua_settop(L, 3);
  lua_rawset(L, 1);
  return 0;
}

// rawset without the back door into the globals during a hook.
int guarded_rawset(lua_State* L) {
  luaL_checktype(L, 1, LUA_TTABLE);
  luaL_checkany(L, 2);
  luaL_checkany(L, 3);
  lua_rawgeti(L, LUA_REGISTRYINDEX, LUA_RIDX_GLOBALS);
  const bool globals = lua_rawequal(L, 1, -1);
  lua_pop(L, 1);
  if (globals && state(L).in_hook) return globals_newindex(L);
  lua_settop(L, 3);
  lua_rawset(L, 1);
  return 1;
}

// ---------------------------------------------------------------------------
// cards
// ---------------------------------------------------------------------------

int cards_suit(lua_State* L) {
  Card c = check_card(L, 1);
  const BindingState& s = state(L);
  if (!s.deck.has_suit(c)) lua_pushnil(L);  // a card of no suit (deck.no_suit)
  else push_name(L, s.first_suit_name + s.deck.cards[c].suit);
  return 1;
}

int cards_rank(lua_State* L) {
  Card c = check_card(L, 1);
  const BindingState& s = state(L);
  push_name(L, s.first_rank_name + s.deck.cards[c].rank);
  return 1;
}

int cards_is_card(lua_State* L) {
  const char* text = lua_tostring(L, 1);  // a number becomes its text in place: cards.is_card(7) asks about "7"
  // The interned look-up first; the text look-up for what it misses (a text
  // with a NUL reads up to it, as before).
  lua_pushboolean(L, lua_type(L, 1) == LUA_TSTRING &&
                         (card_of_string(L, 1) != kNoCard || parse_card(state(L), text) != kNoCard));
  return 1;
}

// cards.deck(): every card of the deck, in deck order.
int cards_deck(lua_State* L) {
  push_cards(L, state(L).deck.all);
  return 1;
}

// cards.captures(card): fishing, the cards that `card`, arriving, can capture
// from the layout by pairing (fishing.capture: values, pair_sum, same_rank),
// in deck order; with capture by sum, every card that may be part of a set.
int cards_captures(lua_State* L) {
  const Card card = check_card(L, 1);
  push_cards(L, state(L).captures[card]);
  return 1;
}

// The deck attribute named by argument `arg`, or a Lua error listing them.
const CardAttribute& check_attribute(lua_State* L, int arg) {
  const char* name = luaL_checkstring(L, arg);
  const Deck& deck = state(L).deck;
  const int index = deck.attribute_index(name);
  if (index < 0) {  // no C++ object with a destructor here: luaL_argerror does not return
    luaL_Buffer b;
    luaL_buffinit(L, &b);
    for (size_t i = 0; i < deck.attributes.size(); ++i) {
      if (i > 0) luaL_addstring(&b, ", ");
      luaL_addstring(&b, deck.attributes[i].name.c_str());
    }
    if (deck.attributes.empty()) luaL_addstring(&b, "none");
    luaL_pushresult(&b);
    luaL_argerror(L, arg, lua_pushfstring(L, "unknown attribute '%s' (deck.attributes: %s)", name, lua_tostring(L, -1)));
  }
  return deck.attributes[size_t(index)];
}

// cards.attribute(card, name): the card's value of a deck attribute
// ("bright"), or nil when the card has none.
int cards_attribute(lua_State* L) {
  const Card c = check_card(L, 1);
  const CardAttribute& attr = check_attribute(L, 2);
  const int v = attr.value_of(c);
  if (v < 0) lua_pushnil(L);
  else lua_pushstring(L, attr.values[size_t(v)].c_str());
  return 1;
}

// cards.with(name, value): the cards with that value of the attribute, in
// deck order (an unknown value has none).
int cards_with(lua_State* L) {
  const CardAttribute& attr = check_attribute(L, 1);
  const char* value = luaL_checkstring(L, 2);
  CardSet out;
  for (size_t v = 0; v < attr.values.size(); ++v)
    if (attr.values[v] == value) out = attr.cards[v];
  push_cards(L, out);
  return 1;
}

const luaL_Reg kCardsFunctions[] = {
    {"attribute", cards_attribute},
    {"with", cards_with},
    {"suit", cards_suit},
    {"rank", cards_rank},
    {"is_card", cards_is_card},
    {"deck", cards_deck},
    {"captures", cards_captures},
    {nullptr, nullptr},
};

// ---------------------------------------------------------------------------
// Opening
// ---------------------------------------------------------------------------

// A hook_params value as the Lua value a hook expects: true/false are booleans,
// integers are numbers, anything else stays a string.
void push_param(lua_State* L, const std::string& text) {
  const char* begin = text.c_str();
  const char* end = begin + text.size();
  long long number = 0;
  auto [ptr, ec] = std::from_chars(begin, end, number);
  if (text == "true" || text == "false") {
    lua_pushboolean(L, text == "true");
  } else if (ec == std::errc() && ptr == end && !text.empty()) {
    lua_pushinteger(L, number);
  } else {
    lua_pushlstring(L, begin, text.size());
  }
}

void push_string_map(lua_State* L, const std::map<std::string, std::string>& map, bool as_params) {
  lua_createtable(L, 0, int(map.size()));
  for (const auto& entry : map) {
    lua_pushlstring(L, entry.first.data(), entry.first.size());
    if (as_params) {
      push_param(L, entry.second);
    } else {
      lua_pushlstring(L, entry.second.data(), entry.second.size());
    }
    lua_rawset(L, -3);
  }
}

}  // namespace

void push_step_params(lua_State* L, const std::vector<std::pair<std::string, std::string>>& params) {
  lua_createtable(L, 0, int(params.size()));
  for (const auto& [name, value] : params) {
    lua_pushlstring(L, name.data(), name.size());
    push_param(L, value);
    lua_rawset(L, -3);
  }
}

void push_hook_card(lua_State* L, const BindingState& s, Card c) {
  if (c == kNoCard) {
    lua_pushnil(L);
    return;
  }
  lua_rawgeti(L, LUA_REGISTRYINDEX, s.names_ref);
  lua_rawgeti(L, -1, int(c) + 1);
  lua_replace(L, -2);
}

void push_hook_cards(lua_State* L, const BindingState& s, CardSet cards) {
  lua_rawgeti(L, LUA_REGISTRYINDEX, s.names_ref);
  push_cards_from(L, lua_gettop(L), cards);
  lua_replace(L, -2);
}

void prepare_bindings(const Ruleset& ruleset, BindingState* state) {
  state->deck = ruleset.deck;
  state->captures = ruleset.fishing.captures;
  state->card_texts.clear();
  state->card_of_text.clear();
  for (size_t c = 0; c < ruleset.deck.cards.size(); ++c) {
    state->card_texts.push_back(ruleset.deck.card_text(Card(c)));
    // Every text parse_card accepts is some card's text; copies share the first.
    state->card_of_text.emplace(state->card_texts.back(), ruleset.deck.parse_card(state->card_texts.back()));
  }
  state->action_words.clear();
  for (const auto& entry : ruleset.action_hooks) state->action_words.push_back(entry.first);
  for (const auto& entry : ruleset.action_effects) state->action_words.push_back(entry.first);
  state->seats = ruleset.seats;
  state->teams = ruleset.teams;
  state->team_of = ruleset.team_of;
  state->seat_names = ruleset.seat_names;
  state->first_suit_name = int(state->card_texts.size()) + 1;
  state->first_rank_name = state->first_suit_name + int(ruleset.deck.suits.size());
  state->first_zone_name = state->first_rank_name + int(ruleset.deck.ranks.size());
  state->seat_key_name = state->first_zone_name + kZoneKinds;
  state->first_word_name = state->seat_key_name + 4;
  state->word_texts = ruleset.action_words;
}

void BindingState::materialize(const HookVars& slot) {
  VarValue value = VarValue::table();
  if (&slot == pending && L != nullptr) {
    pending = nullptr;
    lua_rawgeti(L, LUA_REGISTRYINDEX, vars_cache_ref);
    // Checked when the hook that left it returned, so reading cannot fail.
    if (lua_istable(L, -1) && cached_vars_stamp == slot.stamp() && !read_var(L, -1, &value).empty())
      value = VarValue::table();
    lua_pop(L, 1);
  }
  slot.fill(std::move(value));
}

void BindingState::forget(const HookVars& slot, const HookVars* moved_to) noexcept {
  if (pending == &slot) pending = moved_to;
}

void BindingState::settle_pending() {
  if (pending != nullptr) pending->value();  // calls materialize
}

void begin_hook_call(BindingState* state, HookContext* context) {
  // The cached table may change in this call: the vars of another game that
  // are only there go back to that game first.
  HookVars* lazy = context != nullptr ? context->lazy_vars() : nullptr;
  if (state->pending != nullptr && state->pending != lazy) state->settle_pending();
  state->context = context;
  state->vars_used = state->vars_replaced = state->vars_in_cache = false;
  state->in_hook = true;
}

namespace {

// Drops the cached table (a hook failed, or left vars that cannot be kept).
// A game whose vars were pending there gets what can be read of them: its
// hook failed, so the game stops with that error anyway.
void drop_cached_vars(lua_State* L, BindingState* state) {
  state->settle_pending();
  lua_pushboolean(L, 0);
  lua_rawseti(L, LUA_REGISTRYINDEX, state->vars_cache_ref);  // an existing slot: no allocation
}

// After a hook that used game.vars and succeeded; the table is on the stack
// and is popped. Returns what is wrong with it, or "".
std::string keep_vars(lua_State* L, BindingState* state, HookContext* context) {
  HookVars* lazy = context->lazy_vars();
  std::string error;
  if (lazy != nullptr && (state->vars_replaced || lazy->pending_with(state) ||
                          !var_unchanged(L, -1, lazy->value()))) {
    // Checked now so the hook that broke a rule is the one that fails, but
    // read back only when asked (HookVars).
    if (!var_keepable(L, -1)) error = check_var(L, -1);
    if (error.empty()) {
      state->pending = lazy;
      state->cached_vars_stamp = lazy->set_pending(state);
    }
  } else if (lazy == nullptr && (state->vars_replaced || !var_unchanged(L, -1, context->vars()))) {
    VarValue value;
    error = read_var(L, -1, &value);
    if (error.empty()) context->set_vars(std::move(value));
  }
  // (Otherwise a hook that only read the table writes nothing: a walk, no allocation.)
  if (!error.empty()) {
    lua_pop(L, 1);
    drop_cached_vars(L, state);
    return error;
  }
  // The table now equals (or is) the game's vars.
  if (state->vars_in_cache) lua_pop(L, 1);  // already there
  else lua_rawseti(L, LUA_REGISTRYINDEX, state->vars_cache_ref);  // an existing slot
  if (lazy == nullptr || !lazy->pending_with(state)) state->cached_vars_stamp = context->vars_stamp();
  return {};
}

}  // namespace

// Only API calls that cannot raise: this runs outside a protected call.
std::string end_hook_call(lua_State* L, BindingState* state, bool succeeded) {
  std::string error;
  if (state->vars_used) {
    if (succeeded && state->context != nullptr) {
      lua_rawgeti(L, LUA_REGISTRYINDEX, state->vars_in_cache ? state->vars_cache_ref : state->vars_ref);
      error = keep_vars(L, state, state->context);
    } else {
      drop_cached_vars(L, state);  // a failed hook may have changed the table half-way
    }
    if (!state->vars_in_cache) {  // (otherwise vars_ref was not written)
      lua_pushboolean(L, 0);
      lua_rawseti(L, LUA_REGISTRYINDEX, state->vars_ref);  // an existing slot: no allocation
    }
    state->vars_used = state->vars_replaced = state->vars_in_cache = false;
  }
  if (state->match_vars_used) {
    if (succeeded && state->context != nullptr && error.empty()) {
      lua_rawgeti(L, LUA_REGISTRYINDEX, state->match_vars_ref);
      // As with game.vars, a hook that only read the table writes nothing back.
      const VarValue* kept = state->context->match_vars();
      if (kept == nullptr || !var_unchanged(L, -1, *kept)) {
        VarValue value;
        error = read_var(L, -1, &value, "game.match_vars");
        if (error.empty()) error = state->context->set_match_vars(std::move(value));
      }
      lua_pop(L, 1);
    }
    lua_pushboolean(L, 0);
    lua_rawseti(L, LUA_REGISTRYINDEX, state->match_vars_ref);  // an existing slot
    state->match_vars_used = false;
  }
  state->context = nullptr;
  state->in_hook = false;
  return error;
}

namespace {

// The names table of BindingState::names_ref, from the lists prepare_bindings made.
void open_names(lua_State* L, BindingState* s) {
  const auto push_text = [L](const std::string& text) { lua_pushlstring(L, text.data(), text.size()); };
  lua_createtable(L, s->first_word_name + int(s->word_texts.size()), int(s->card_of_text.size()));
  for (size_t c = 0; c < s->card_texts.size(); ++c) {
    push_text(s->card_texts[c]);
    lua_rawseti(L, -2, lua_Integer(c) + 1);
  }
  for (size_t i = 0; i < s->deck.suits.size(); ++i) {
    push_text(s->deck.suits[i]);
    lua_rawseti(L, -2, s->first_suit_name + lua_Integer(i));
  }
  for (size_t i = 0; i < s->deck.ranks.size(); ++i) {
    push_text(s->deck.ranks[i]);
    lua_rawseti(L, -2, s->first_rank_name + lua_Integer(i));
  }
  for (int z = 0; z < kZoneKinds; ++z) {
    lua_pushstring(L, zone_info(Zone(z)).name);
    lua_rawseti(L, -2, s->first_zone_name + z);
  }
  lua_pushliteral(L, "seat");
  lua_rawseti(L, -2, s->seat_key_name);
  lua_pushliteral(L, "card");
  lua_rawseti(L, -2, s->seat_key_name + 1);
  lua_pushliteral(L, "call");
  lua_rawseti(L, -2, s->seat_key_name + 2);
  lua_pushliteral(L, "pass");
  lua_rawseti(L, -2, s->seat_key_name + 3);
  for (size_t w = 0; w < s->word_texts.size(); ++w) {
    push_text(s->word_texts[w]);
    lua_rawseti(L, -2, s->first_word_name + lua_Integer(w));
  }
  for (const auto& [text, card] : s->card_of_text) {
    push_text(text);
    lua_pushinteger(L, card);
    lua_rawset(L, -3);
  }
  s->names_ref = luaL_ref(L, LUA_REGISTRYINDEX);
}

}  // namespace

int open_bindings(lua_State* L) {
  auto* binding_state = static_cast<BindingState*>(lua_touserdata(L, 1));
  const auto* ruleset = static_cast<const Ruleset*>(lua_touserdata(L, 2));
  binding_state->L = L;
  LuaBudget* budget = *static_cast<LuaBudget**>(lua_getextraspace(L));
  if (budget == nullptr) return luaL_error(L, "internal: the Lua state has no budget");
  budget->bindings = binding_state;
  open_names(L, binding_state);

  for (int* slot : {&binding_state->vars_ref, &binding_state->vars_cache_ref, &binding_state->match_vars_ref}) {
    lua_pushboolean(L, 0);
    *slot = luaL_ref(L, LUA_REGISTRYINDEX);  // the slots exist from now on
  }
  lua_pushlightuserdata(L, binding_state);            // ORDER UPVALUE
  lua_rawgeti(L, LUA_REGISTRYINDEX, binding_state->names_ref);
  push_string_map(L, ruleset->hook_params, true);
  push_string_map(L, ruleset->chosen_options, false);
  luaL_newlibtable(L, kGameFunctions);
  lua_insert(L, -5);
  luaL_setfuncs(L, kGameFunctions, 4);
  lua_createtable(L, 0, 3);  // game's metatable: vars, read-only, protected
  // The keys "vars" and "match_vars", interned (short strings): every Lua
  // string of that text is this very object, so its address names the key.
  // The metamethods' upvalues keep them alive.
  const auto push_keys = [L, binding_state] {
    binding_state->vars_key = lua_pushliteral(L, "vars");
    binding_state->match_vars_key = lua_pushliteral(L, "match_vars");
  };
  lua_pushlightuserdata(L, binding_state);
  push_keys();
  lua_pushcclosure(L, game_index, 3);
  lua_setfield(L, -2, "__index");
  lua_pushlightuserdata(L, binding_state);
  push_keys();
  lua_pushcclosure(L, game_newindex, 3);
  lua_setfield(L, -2, "__newindex");
  lua_pushboolean(L, 0);
  lua_setfield(L, -2, "__metatable");
  lua_setmetatable(L, -2);
  lua_setglobal(L, "game");

  lua_pushglobaltable(L);  // the globals' metatable: read-only during hooks
  lua_createtable(L, 0, 2);
  lua_pushlightuserdata(L, binding_state);
  lua_pushcclosure(L, globals_newindex, 1);
  lua_setfield(L, -2, "__newindex");
  lua_pushboolean(L, 0);
  lua_setfield(L, -2, "__metatable");
  lua_setmetatable(L, -2);
  lua_pop(L, 1);
  lua_pushlightuserdata(L, binding_state);
  lua_pushcclosure(L, guarded_rawset, 1);
  lua_setglobal(L, "rawset");

  luaL_newlibtable(L, kCardsFunctions);
  lua_pushlightuserdata(L, binding_state);  // ORDER UPVALUE
  lua_rawgeti(L, LUA_REGISTRYINDEX, binding_state->names_ref);
  luaL_setfuncs(L, kCardsFunctions, 2);
  lua_setglobal(L, "cards");
  return 0;
}

}  // namespace hukum
