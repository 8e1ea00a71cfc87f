// A deal-step kind as one registered row: its word in `deal:`, the schema of
// its parameters, how they are compiled and described, and how the engine runs
// it (begin, the legal answers, applying one, what it does as the deal ends).
// A kind written this way lives in one file of engine/steps/ and is registered
// by one line of engine/steps/registered.def; the loader, the reference docs,
// `describe`, the plan runner, observations and bots reach it only through its
// row ("Adding a deal-step kind" in docs/architecture.md).
//
// The kinds older than this table (deal, raise, choose, ...) are still the
// fixed rows of engine/step_table.cc with their parameters in DealStep; they
// move here one by one.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "diag/diagnostic.h"
#include "ruleset/doc.h"
#include "ruleset/schema.h"

namespace hukum {

class GameState;
struct Action;
struct LegalActions;
struct DealStep;
struct Ruleset;
enum class SeatRef : uint8_t;

// Steps of registered kinds one deal plan may hold: each has its own state
// slot in the GameState (a few words, copied with it, cleared every deal).
constexpr int kMaxStepSlots = 4;

// What beginning a step did: finished at once, left a seat to answer, or failed
// (the state's error() says why).
enum class StepStart : uint8_t { Done, Waits, Failed };

// How the engine runs one kind of step. A kind that never asks anything has
// no `legal` and no `apply`.
struct StepRow {
  // Runs the step's automatic part (dealing, turning a card, choosing who speaks first).
  StepStart (*begin)(GameState& game, const DealStep& step);
  // The answers of the seat to move while the step waits.
  void (*legal)(GameState& game, const DealStep& step, LegalActions* out);
  // Applies one legal answer; the step decides whether it waits for more or is done.
  bool (*apply)(GameState& game, const DealStep& step, const Action& action);
  // Optional: runs once as the deal ends, before it is scored (cards laid
  // away that count for their owner's side join its won cards, say).
  void (*deal_end)(GameState& game, const DealStep& step) = nullptr;
  // What its question is called (Question::tag) while it waits: a fixed row's
  // own word ("bids"); a registered kind's is its name, so it leaves this null.
  const char* tag = nullptr;
  // Optional: what the table tells the seat to move, from its answers
  // (Question::prompt); a registered kind's is StepKindRow::prompt.
  std::string (*prompt)(const Ruleset& rules, const LegalActions& legal) = nullptr;
  // Optional: the form of its answers for "you may type ..." ("'raise <n>'"),
  // and whether they include the engine's "pass"; a registered kind's are
  // StepKindRow::input_form and offers_pass.
  const char* input_form = nullptr;
  bool offers_pass = false;
};

// What a player may type to answer `step` (its row's input_form, or null) and
// whether "pass" is among its answers: the table lists them without knowing
// the kinds (engine/step_table.cc).
const char* step_input_form(const DealStep& step, bool* offers_pass);

// A registered kind's compiled parameters: each kind derives its own struct
// and reads it back with DealStep::params_as<T>(). Shared, never changed after
// loading, so copying a ruleset or a state copies a pointer.
struct StepParams {
  virtual ~StepParams() = default;
};

// What a kind's compile function is given: the step's parameters as written
// (a map, empty for a bare word), where they are, and the steps before it.
struct StepCompile {
  const DocNode& params;
  std::string path;     // "deal[2].kitty"
  const Ruleset& rules; // rules.deal holds the steps before this one
  Diagnostics& diags;

  // An error at `at` (a parameter's node, or the step's) with the step's path.
  void error(const DocNode& at, const std::string& key, std::string message, std::string expected = {}) const;
  // A parameter's value, or `fallback` when absent (validation checked its type and bounds).
  int integer(const char* key, int fallback) const;
  bool flag(const char* key, bool fallback) const;
  // A seat parameter (its schema is seat_word()): checked like every seat
  // word of the format (no dealer_partner without partnerships; bidder only
  // after a step that can make one).
  SeatRef seat(const char* key, SeatRef fallback) const;
  // Whether a step of the plan before this one deals cards.
  bool dealt_before() const;
};

// A word answered with a number, and the numbers it may carry (ascending).
struct NumberedAnswers {
  std::string word;
  std::vector<int> values;
  bool engine_bids = false;  // the engine's own "bid <n>" (ActionKind::Bid), not an action word
};

struct StepKindRow {
  const char* name;      // the word in `deal:` ("kitty")
  const char* summary;   // one line for the reference and error messages
  const char* example;   // its parameters as YAML, for the reference ("{seat: bidder}")
  // The step's parameters (a `fields` schema); every key optional lets the
  // kind be written as a bare word too.
  std::vector<SchemaField> (*parameters)();
  std::shared_ptr<const StepParams> (*compile)(const StepCompile& at);
  // The sentence of `hukum describe` for this step (ends with ".").
  std::string (*describe)(const Ruleset& rules, const DealStep& step);
  StepRow run;
  // Optional: what the table tells the seat to move, from its legal answers
  // ("Discard a card face down (discard <card>)"); null prints none.
  std::string (*prompt)(const LegalActions& legal) = nullptr;
  // Optional: checks that need the whole ruleset (hooks, play, hand sizes),
  // run once everything is compiled; errors go through `at`.
  void (*check)(const StepCompile& at, const DealStep& step) = nullptr;
  // Optional: the form of its answers for "you may type ..." ("'hide <card>'").
  const char* input_form = nullptr;
  // Optional: the words its answers use ("1club", "double"): they join the
  // ruleset's action words (Action::word indexes them, sorted), checked like a
  // hook's words; the kind finds their indices with action_word_index().
  std::vector<std::string> (*words)(const DealStep& step) = nullptr;
  // Its answers include the engine's "pass" (a hook may then not take the word).
  bool offers_pass = false;
  // It names the bidder (the contract's holder), so `bidder` may be used after it.
  bool names_bidder = false;
  // Optional: what a simple player answers (the greedy bot), from the seat's
  // own cards and what is public; null: the greedy bot's general rules.
  Action (*simple_answer)(const GameState& game, const DealStep& step, const LegalActions& legal) = nullptr;
  // Optional: its answers that carry a number ("say 18"), each word with every
  // number it may carry, so that a program numbering every action of a
  // ruleset (session/observation/action_ids.h) can give each of them an id.
  std::vector<NumberedAnswers> (*numbered)(const DealStep& step) = nullptr;
};

// Why `word` cannot be an action word by its form (not a lowercase word, an
// engine word, a card's name once the deck is known), or "". `expected` gets
// what would do. Words are read before cards, so a word may not read as one.
std::string action_word_form_problem(const Ruleset& rules, bool deck_known, const std::string& word,
                                    std::string* expected);
// Whether `step`'s answers are the engine's bids ("bid 16": the numeric
// auction, a calls step with the word bid), with their lowest and highest.
bool engine_bid_range(const DealStep& step, int* low = nullptr, int* high = nullptr);
// The same for the first such step of the deal plan.
bool engine_bid_range(const Ruleset& rules, int* low = nullptr, int* high = nullptr);
// The index of `word` among the ruleset's action words (Action::word), or -1.
int action_word_index(const Ruleset& rules, const std::string& word);

// The registered kinds (engine/steps/registered.def), in registration order.
const std::vector<const StepKindRow*>& registered_step_kinds();
// The registered kind named `name`, or null.
const StepKindRow* find_step_kind(const std::string& name);

// Schema parts a kind's `parameters` may use (the format's own builders).
Schema step_integer(int min, int max);
Schema step_flag();
Schema step_words(std::vector<std::string> allowed);
Schema seat_word();
SchemaField step_optional(std::string name, Schema schema, std::string default_text, std::string doc,
                          std::string example);

}  // namespace hukum
