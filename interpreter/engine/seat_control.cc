// What hooks change about seats themselves rather than cards: a hand laid face
// up for the table (game.show), a seat whose actions another seat decides
// (game.set_controller: a dummy played by declarer), and the hooks' state that
// lasts for the whole match (game.match_vars). Each is per-deal or per-match
// state of the GameState, so a copied state (a bot's world) carries it.
#include "engine/state.h"

namespace hukum {

std::string GameState::show_cards(int seat, CardSet cards) {
  if (seat < 0 || seat >= rules_.seats) return "no such seat";
  if (!(cards & ~hand_[size_t(seat)]).empty())
    return "only cards of the seat's hand can be shown (" + rules_.deck.card_text(*(cards & ~hand_[size_t(seat)]).begin()) +
           " is not in " + rules_.seat_names[size_t(seat)] + "'s hand)";
  const CardSet fresh = cards & ~revealed_;
  if (fresh.empty()) return {};  // already face up: nothing new to tell
  revealed_ |= fresh;  // determinization keeps revealed cards where they are
  if (sink_) sink_->cards_shown(seat, fresh);
  return {};
}

std::string GameState::set_controller(int seat, int by) {
  if (seat < 0 || seat >= rules_.seats || by < 0 || by >= rules_.seats) return "no such seat";
  if (controller_[size_t(seat)] == by) return {};
  controller_[size_t(seat)] = int8_t(by);
  if (sink_) sink_->controller_set(seat, by);
  return {};
}

// play.dummy: the hand laid face up for everyone and played from now on by
// another seat. Nothing when the seats are named from a bidder the deal has
// not got (a deal played without a contract).
void GameState::lay_down_dummy() {
  const TrickRules::Dummy& d = rules_.play.dummy;
  if ((is_bidder_ref(d.seat) || is_bidder_ref(d.played_by)) && bidder_ < 0) return;
  const int seat = seat_ref(d.seat), by = seat_ref(d.played_by);
  if (seat == by) return;
  show_cards(seat, hand_[size_t(seat)]);
  set_controller(seat, by);
}

std::string GameState::set_match_vars(VarValue value) {
  match_vars_ = std::move(value);
  return {};
}

}  // namespace hukum
