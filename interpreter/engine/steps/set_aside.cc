// The deal step `set_aside`: a seat lays cards of its hand face down, out of
// the hand, one decision each ("hide 5D"), seen by itself only. They are not
// discards: a hook brings them back (hooks.cannot_play, checked below), as
// a trump card hidden until it is needed does.
#include "engine/state.h"
#include "ruleset/describe_text.h"

namespace hukum {

namespace {

struct SetAsideParams final : StepParams {
  SeatRef seat = SeatRef::DealerNext;
  int count = 1;
};

struct SetAsideState {
  int8_t left;  // cards still to lay aside
};

std::vector<SchemaField> parameters() {
  SchemaField seat = step_optional("seat", seat_word(), "", "Who lays the cards aside", "dealer_next");
  seat.required = true;
  return {seat, step_optional("count", step_integer(1, kMaxCards), "1", "How many cards", "1")};
}

std::shared_ptr<const StepParams> compile(const StepCompile& at) {
  auto p = std::make_shared<SetAsideParams>();
  p->seat = at.seat("seat", SeatRef::DealerNext);
  p->count = at.integer("count", 1);
  if (!at.dealt_before()) at.error(at.params, "", "set_aside comes before any card is dealt");
  return p;
}

// Once the whole ruleset is known: the cards can come back only through
// hooks.cannot_play, bound and able to run while they are face down; and a
// hand holds enough cards to lay aside.
void check(const StepCompile& at, const DealStep& step) {
  const auto& p = step.params_as<SetAsideParams>();
  const Ruleset& r = at.rules;
  const DocNode* count = at.params.find("count");
  if (p.count > r.hand_size)
    at.error(count ? *count : at.params, "count", "sets aside " + std::to_string(p.count) + " cards from a hand of " +
                                     std::to_string(r.hand_size));
  const HookBinding& back = r.hooks[size_t(HookPoint::CannotPlay)];
  const bool trump_before_play =
      r.play.trump_method == TrumpMethod::Fixed || r.play.trump_method == TrumpMethod::RandomCard;
  if (!back.bound())
    at.error(at.params, "", "cards laid aside can come back only through hooks.cannot_play, which is not bound",
             "hooks.cannot_play, e.g. {offer: reveal, exclusive: true} with a reveal action");
  else if (back.when == HookWhen::TrumpSet)
    at.error(at.params, "", "hooks.cannot_play runs only once trump is set, which a face-down card may be needed for",
             "hooks.cannot_play with when: hidden_card or always");
  else if (back.when == HookWhen::TrumpUnset && trump_before_play)
    at.error(at.params, "",
             "hooks.cannot_play runs only while no trump is set, but play.trump.method " +
                 std::string(to_string(r.play.trump_method)) + " sets trump before play: the laid-aside cards could never come back",
             "a trump method of none or first_discard, or hooks.cannot_play with when: hidden_card");
}

std::string describe(const Ruleset&, const DealStep& step) {
  const auto& p = step.params_as<SetAsideParams>();
  return capitalized(seat_ref_text(p.seat)) + " lays " + std::to_string(p.count) + (p.count == 1 ? " card" : " cards") +
         " face down, out of the hand, known only to them.";
}

StepStart begin(GameState& game, const DealStep& step) {
  const auto& p = step.params_as<SetAsideParams>();
  game.step_state<SetAsideState>(step).left = int8_t(p.count);
  game.wait_for(game.seat_named(p.seat));
  return StepStart::Waits;
}

void legal(GameState& game, const DealStep&, LegalActions* out) {
  out->card_kind = ActionKind::SetAside;
  out->cards = game.hand_of(game.to_move());
}

bool apply(GameState& game, const DealStep& step, const Action& action) {
  game.lay_face_down(game.to_move(), CardSet::of(action.card));
  if (--game.step_state<SetAsideState>(step).left > 0) {
    game.ask_again();
    return true;
  }
  return game.step_finished();
}

std::string prompt(const LegalActions&) { return "Lay a card face down, out of your hand (hide <card>)"; }

}  // namespace

extern const StepKindRow kSetAsideStep;
const StepKindRow kSetAsideStep{
    "set_aside",
    "A seat lays cards from its hand face down, out of play",
    "{seat: dealer_next, count: 1}",
    parameters,
    compile,
    describe,
    {begin, legal, apply, nullptr},
    prompt,
    check,
    "'hide <card>'",
};

}  // namespace hukum
