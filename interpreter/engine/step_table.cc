// The rows of the deal-step table (engine/step_table.h), in the order of
// DealStep::Kind. Each row only routes to the kind's own file (auction.cc: raise, declare;
// bids.cc, choose.cc, turn_up.cc, take_turn_up.cc, melds.cc, fishing.cc, deal.cc,
// script_step.cc). A new kind is not added here: it is a StepKindRow of its own
// file in engine/steps/ and one line of engine/steps/registered.def, and runs
// through the Registered row below.
#include <array>

#include "engine/state.h"
#include "engine/step_table.h"

namespace hukum {

namespace {
StepStart waits(bool asks) { return asks ? StepStart::Waits : StepStart::Done; }
}  // namespace

// A member function, so that the rows' lambdas reach the state's private parts.
const StepRow& GameState::step_row(DealStep::Kind kind) {
  using K = DealStep::Kind;
  // A card taken from the hand of the seat to move, as `kind` ("hide 5D").
  static constexpr auto hand_cards = [](GameState& g, ActionKind kind, LegalActions* out) {
    out->card_kind = kind;
    out->cards = g.hand_[size_t(g.to_move_)];
  };
  static const std::array<StepRow, size_t(K::Count)> rows = {{
      // Deal
      {[](GameState& g, const DealStep& s) { g.deal_packets(s); return StepStart::Done; }, nullptr, nullptr},
      // RandomTrump
      {[](GameState& g, const DealStep&) { g.show_random_trump(); return StepStart::Done; }, nullptr, nullptr},
      // Raise
      {[](GameState& g, const DealStep&) { g.begin_raise(); return StepStart::Waits; },
       [](GameState& g, const DealStep&, LegalActions* out) { g.legal_raise(out); },
       [](GameState& g, const DealStep&, const Action& a) { return g.apply_raise(a); },
       nullptr, "raise", nullptr, "'raise <n>'", true},
      // Declare
      {[](GameState& g, const DealStep&) { g.begin_declare(); return StepStart::Waits; },
       [](GameState& g, const DealStep&, LegalActions* out) { g.legal_declare(out); },
       [](GameState& g, const DealStep&, const Action& a) { return g.apply_declare(a); },
       nullptr, "declare",
       [](const Ruleset& r, const LegalActions&) {
         return "Declaration: '" + r.declaration.word + "'" +
                (r.declaration.partner_sits_out ? " (your partner sets his cards aside and plays no card this deal)"
                                                : "") +
                ", or pass";
       }, nullptr, true},
      // Layout
      {[](GameState& g, const DealStep& s) { g.deal_layout(s); return StepStart::Done; }, nullptr, nullptr},
      // Choose
      {[](GameState& g, const DealStep& s) { return waits(g.begin_choose(s)); },
       [](GameState& g, const DealStep&, LegalActions* out) { hand_cards(g, ActionKind::Choose, out); },
       [](GameState& g, const DealStep&, const Action& a) { return g.apply_choose(a.card); },
       nullptr, "choose", nullptr, "'choose <card>'", false},
      // Bids
      {[](GameState& g, const DealStep&) { g.begin_bids(); return StepStart::Waits; },
       [](GameState& g, const DealStep&, LegalActions* out) { g.legal_bids(out); },
       [](GameState& g, const DealStep&, const Action& a) { return g.apply_bid(a.value); },
       nullptr, "bids", nullptr, "'bid <n>'", false},
      // TurnUp
      {[](GameState& g, const DealStep&) { g.turn_up_card(); return StepStart::Done; }, nullptr, nullptr},
      // TrumpAuction
      {[](GameState& g, const DealStep&) { g.begin_trump_auction(); return StepStart::Waits; },
       [](GameState& g, const DealStep&, LegalActions* out) { g.legal_trump_calls(out); },
       [](GameState& g, const DealStep&, const Action& a) { return g.apply_trump_call(a); },
       nullptr, "trump_auction", nullptr, "'accept', 'name <suit>'", true},
      // Exchange
      {[](GameState& g, const DealStep& s) { return waits(g.begin_exchange(s)); },
       [](GameState& g, const DealStep&, LegalActions* out) { g.legal_exchange(out); },
       [](GameState& g, const DealStep&, const Action& a) { return g.apply_exchange(a); },
       nullptr, "exchange",
       [](const Ruleset& r, const LegalActions& legal) {
         return legal.cards.empty() ? std::string("Exchange with the turn-up: you have nothing to exchange (pass)")
                                    : "Exchange with the turn-up: exchange " + r.deck.card_text(legal.cards.first()) +
                                          " for it, or pass";
       }, "'exchange <card>'", true},
      // DealRest
      {[](GameState& g, const DealStep& s) { return g.deal_rest(s) ? StepStart::Done : StepStart::Failed; }, nullptr,
       nullptr},
      // Melds
      {[](GameState& g, const DealStep&) {
         g.meld_turn_ = 0;
         return waits(g.next_meld_seat());
       },
       [](GameState& g, const DealStep&, LegalActions* out) { g.legal_melds(out); },
       [](GameState& g, const DealStep&, const Action& a) { return g.apply_meld(a); },
       nullptr, "melds",
       [](const Ruleset& r, const LegalActions& legal) {
         return legal.can_declare ? std::string("Declarations: declare all your melds (declare)") +
                                        (r.melds.repeats ? "" : ", one of them (declare <its cards>)") + ", or pass"
                                  : std::string("Declarations: you hold no meld to declare (pass)");
       }},
      // TakeTurnUp
      {[](GameState& g, const DealStep& s) { return waits(g.begin_take_turn_up(s)); },
       [](GameState& g, const DealStep&, LegalActions* out) { hand_cards(g, ActionKind::Discard, out); },
       [](GameState& g, const DealStep&, const Action& a) { return g.apply_discard(a.card); },
       nullptr, "discard",
       [](const Ruleset&, const LegalActions&) {
         return std::string("You took the turn-up: discard a card face down (discard <card>)");
       }, "'discard <card>'", false},
      // Script
      {[](GameState& g, const DealStep& s) { return g.begin_script_step(s); },
       [](GameState& g, const DealStep&, LegalActions* out) { g.legal_script_answers(out); },
       [](GameState& g, const DealStep&, const Action& a) { return g.apply_script_answer(a); },
       nullptr, "question"},
      // Registered: the kind's own row (engine/steps/)
      {[](GameState& g, const DealStep& s) { return s.registered->run.begin(g, s); },
       [](GameState& g, const DealStep& s, LegalActions* out) { s.registered->run.legal(g, s, out); },
       [](GameState& g, const DealStep& s, const Action& a) { return s.registered->run.apply(g, s, a); }},
  }};
  return rows[size_t(kind)];
}

Question GameState::question() const {
  Question q;
  q.seat = phase_ == Phase::DealOver ? -1 : to_move_;
  switch (phase_) {
    case Phase::Play:  // a hook may have asked the seat between cards (game.ask, ask_card)
      q.tag = asked_seat_ >= 0 || !ask_cards_.empty() ? "question" : "play";
      break;
    case Phase::ChooseCapture:
      q.tag = "choose_capture";
      break;
    case Phase::DealOver:
      q.tag = "deal_over";
      break;
    case Phase::Question: {
      const DealStep& step = current_step();
      q.tag = step.kind == DealStep::Kind::Registered ? step.registered->name : step_row(step.kind).tag;
      q.step = step_name(step);
      q.together = step.kind == DealStep::Kind::Choose && !step.one_seat;
      if (step.kind == DealStep::Kind::Registered) {
        if (step.registered->prompt) q.prompt = step.registered->prompt(legal_);
      } else if (const auto prompt = step_row(step.kind).prompt) {
        q.prompt = prompt(rules_, legal_);
      }
      break;
    }
  }
  q.answer_hidden = q.seat >= 0 && laid_face_down(legal_.card_kind) && !legal_.cards.empty();
  return q;
}

const char* GameState::input_form_of(const DealStep& step, bool* offers_pass) {
  if (step.kind == DealStep::Kind::Registered) {
    *offers_pass = step.registered->offers_pass;
    return step.registered->input_form;
  }
  const StepRow& row = step_row(step.kind);
  *offers_pass = row.offers_pass;
  return row.input_form;
}

const char* step_input_form(const DealStep& step, bool* offers_pass) {
  return GameState::input_form_of(step, offers_pass);
}

// The registered kinds: one line each in engine/steps/registered.def.
#define HUKUM_STEP_KIND(row) extern const StepKindRow row;
#include "engine/steps/registered.def"
#undef HUKUM_STEP_KIND

const std::vector<const StepKindRow*>& registered_step_kinds() {
  static const std::vector<const StepKindRow*> kinds = {
#define HUKUM_STEP_KIND(row) &row,
#include "engine/steps/registered.def"
#undef HUKUM_STEP_KIND
  };
  return kinds;
}

const StepKindRow* find_step_kind(const std::string& name) {
  for (const StepKindRow* k : registered_step_kinds())
    if (name == k->name) return k;
  return nullptr;
}

}  // namespace hukum
