// The `game` and `cards` tables Lua hooks call (documented in docs/lua-api.md).
// Every binding is a thin C shim over HookContext: arguments checked with
// luaL_check*/luaL_argerror, C++ exceptions stopped here, and no C++ object with
// a destructor alive when Lua may longjmp (liblua5.4 is built as C).
#pragma once

#include <array>
#include <string>
#include <unordered_map>
#include <vector>

#include "engine/hook_vars.h"
#include "ruleset/ruleset.h"

struct lua_State;

namespace hukum {

class HookContext;

// What the bindings read. Owned by LuaHost at a stable address; the Lua side
// holds it as a light userdata upvalue, so switching games is one pointer write.
// It is also the keeper of pending game.vars (engine/hook_vars.h): the table
// the last hook left stays cached in the registry, and the one game whose vars
// it is reads it back only when asked.
struct BindingState final : VarsKeeper {
  lua_State* L = nullptr;                // set by open_bindings
  HookContext* context = nullptr;        // set only while a hook runs
  Deck deck;                             // a copy: cards.* work at load time too
  std::array<CardSet, kMaxCards> captures{};  // fishing: per card, the cards it captures (cards.captures)
  std::vector<std::string> card_texts;   // by Card, so pushing a card allocates nothing in C++
  // Card text to card, with Deck::parse_card's answers: one hash look-up where
  // parsing tried every suit and rank (cards.suit("10H") and every card argument).
  std::unordered_map<std::string, Card> card_of_text;
  // The names hooks see, interned once in a registry table (a reference,
  // names_ref): card texts at Card + 1, then the suit letters, the rank texts,
  // the zone names, the keys "seat" and "card" of a trick's plays, "call" and
  // "pass" of game.calls() and the action words, from the indexes below; and
  // every card text as a key to its Card. Pushing a name is one raw array read (no strlen, no look-up in
  // Lua's string cache) and reading a card argument one raw table read of the
  // interned string (no C++ string, no hashing of the text).
  int names_ref = -2;  // LUA_NOREF until open_bindings
  // Registry slots of game.vars, its cached table and game.match_vars (see
  // bindings.cc), made by open_bindings.
  int vars_ref = -2;
  int vars_cache_ref = -2;
  int match_vars_ref = -2;
  int first_suit_name = 0;
  int first_rank_name = 0;
  int first_zone_name = 0;
  int seat_key_name = 0;  // "seat", then "card", "call" and "pass"
  int first_word_name = 0;  // the ruleset's action words (Ruleset::action_words), in order
  // The interned texts of the keys "vars" and "match_vars" (open_bindings):
  // game's metamethods compare a key's address with them.
  const char* vars_key = nullptr;
  const char* match_vars_key = nullptr;
  std::vector<std::string> word_texts;
  std::vector<std::string> action_words; // words with an action hook; game.offer checks them
  int seats = 0;
  int teams = 0;
  std::array<uint8_t, kMaxSeats> team_of{};
  std::vector<std::string> seat_names;   // game.seat_name
  // game.vars of the running hook: a Lua table built from context->vars() on
  // first use in a call (kept in a registry slot), written back when the call
  // succeeds.
  bool vars_used = false;
  bool vars_replaced = false;  // `game.vars = {...}` in this call: read it back without comparing
  // The running hook's game.vars is the cached table (vars_cache_ref), not vars_ref.
  bool vars_in_cache = false;
  // The stamp (HookContext::vars_stamp) of the vars the cached table equals.
  uint64_t cached_vars_stamp = 0;
  // game.match_vars of the running hook: built on first use in a call (a
  // registry slot), written back when the call succeeds.
  bool match_vars_used = false;
  bool in_hook = false;  // a hook is running: globals are read-only
  // The game vars whose only copy is the cached table, or nullptr.
  const HookVars* pending = nullptr;

  void materialize(const HookVars& slot) override;
  void forget(const HookVars& slot, const HookVars* moved_to) noexcept override;
  // Hands the pending vars (if any) back to their game: before another game's
  // hook may change the cached table, and before the Lua state closes.
  void settle_pending();
};

// Fills `state` from the ruleset (plain C++, call before any Lua runs).
void prepare_bindings(const Ruleset& ruleset, BindingState* state);
// A hook argument: a card's text (nil for kNoCard), or an array of card texts
// in deck order, from the interned names. Allocate (the array): call inside a
// protected call.
void push_hook_card(lua_State* L, const BindingState& state, Card card);
void push_hook_cards(lua_State* L, const BindingState& state, CardSet cards);
// A Lua step's parameters as a table, typed as hook_params are (true/false,
// whole numbers, text). Allocates: call it inside a protected call.
void push_step_params(lua_State* L, const std::vector<std::pair<std::string, std::string>>& params);

// Around every hook call: begin_hook_call before lua_pcall; end_hook_call
// after it, which on success checks game.vars and leaves them with the game,
// pending or written back (its error, e.g. a function kept in game.vars, fails
// the hook), and always drops the running hook's reference to the table.
void begin_hook_call(BindingState* state, HookContext* context);
std::string end_hook_call(lua_State* L, BindingState* state, bool succeeded);

// lua_CFunction: creates the globals `game` and `cards`. Expects as arguments a
// light userdata BindingState* and a light userdata const Ruleset* (its options
// and hook_params are copied into Lua tables here). Run it under lua_pcall.
int open_bindings(lua_State* L);

}  // namespace hukum
