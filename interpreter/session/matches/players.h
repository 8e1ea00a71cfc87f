// Who chooses actions: bots and the terminal human. A Player is handed a
// SeatView, which gives its own seat's observation and nothing else, so no
// player can look at cards its seat may not see.
#pragma once

#include <iosfwd>
#include <memory>
#include <string>
#include <vector>

#include "core/random_card.h"
#include "core/rng.h"
#include "engine/action.h"
#include "engine/state.h"
#include "session/observation/observation.h"
#include "session/table/table_style.h"

namespace hukum {

// One seat's window on the game while it chooses.
class SeatView {
 public:
  SeatView(const GameState& state, int seat) : state_(state), seat_(seat) {}
  int seat() const { return seat_; }
  const Ruleset& rules() const { return state_.ruleset(); }
  // What this seat may see: its cards, the public table, its legal actions.
  Observation observe(const std::vector<int>& match_scores) const { return hukum::observe(state_, seat_, match_scores); }
  // A world a searching bot may play on: a full, independent copy of the game
  // in which every card this seat cannot see (other hands, face-down cards,
  // the stock, cards set aside) and the deal's future random draws have been
  // redealt with `rng` (GameState::redeal_unseen). Whatever the bot reads from
  // it, it cannot learn a hidden card: two games that differ only in such
  // cards give the same worlds for the same `rng` (tests/unit/bots_test.cc).
  GameState sample_world(Rng& rng) const {
    GameState world(state_);
    world.set_sink(nullptr);
    world.redeal_unseen(seat_, rng);
    return world;
  }
  // The ruleset's hook runner: what a fresh game of the same ruleset needs
  // (a bot measuring the ruleset's usual deal, deal_value.h). It reveals no card.
  HookRunner* hook_runner() const { return state_.hook_runner(); }

 private:
  const GameState& state_;
  int seat_;
};

// The course of the match around a player's decisions. Bots need none of it;
// an outside agent forwards it to its program (docs/agent-protocol.md), which
// may keep state across deals and learn from each deal's result.
enum class PlayEventKind { DealBegins, DealEnds, MatchEnds };
struct PlayEvent {
  PlayEventKind kind;
  int seat;                              // the seat this player holds
  const GameState& state;                // DealEnds: the finished deal (its result)
  const std::vector<int>& match_scores;  // the match totals, with the deal for DealEnds
  int match_deal;                        // 1-based deal number within the match
  int match_winner = -1;                 // MatchEnds: the leading team, -1 for a tie
};

class Player {
 public:
  virtual ~Player() = default;
  // Returns false when the player gives up (end of input).
  virtual bool choose(const SeatView& view, const LegalActions& legal, Action* out) = 0;
  // Told by the runner at each deal's start and end and at the match's end,
  // when listens(): the runner asks once a match, so that bots pay nothing.
  virtual bool listens() const { return false; }
  virtual void told(const PlayEvent& /*event*/) {}
  // A player that picks uniformly among the legal actions from a stream of
  // its own returns it: the runner then plays its cards to tricks without
  // asking (GameState::play_random_cards), the same draws and the same cards.
  virtual Rng* random_stream() { return nullptr; }
};

// Uniform over the legal actions, from its own seeded generator.
class RandomPlayer final : public Player {
 public:
  explicit RandomPlayer(uint64_t seed) : rng_(seed) {}
  bool choose(const SeatView&, const LegalActions& legal, Action* out) override {
    *out = pick(legal);
    return true;
  }
  // legal.at(below(legal.count())), the same draw and the same action; cards
  // alone (trick play) are drawn by random_card, as the engine's own random
  // card play draws them (GameState::play_random_cards).
  HUKUM_INLINE Action pick(const LegalActions& legal) {
    if (legal.cards_only) [[likely]] {
      const Card card = random_card(legal.cards, rng_);
      if (card != kNoCard) [[likely]]  // (no action at all: as pick_any has it)
        return Action{legal.card_kind, card, 0, 0};
    }
    return pick_any(legal);
  }
  // The same choice for a caller that counted the actions already (the
  // simulation counts them for its report: counting twice cost 6% of a deal).
  Action pick(const LegalActions& legal, int count) { return legal.at(int(rng_.below(uint32_t(count)))); }
  // The runner plays this seat's cards itself from this stream.
  Rng* random_stream() override { return &rng_; }

 private:
  // Out of line: the card pick above then needs fewer registers saved.
  [[gnu::noinline]] Action pick_any(const LegalActions& legal) { return pick(legal, legal.count()); }

  Rng rng_;
};

// How the terminal player looks and behaves.
struct TerminalOptions {
  TableStyle style;          // suit symbols and colour (a terminal) or plain text
  bool auto_play = true;     // a lone legal move is played for the human...
  int auto_play_ms = 700;    // ...after this notice
};

// The names accepted by --seats: the rows of session/matches/seat_kinds.h.
bool is_player_kind(const std::string& kind);
// A kind played by a person at the terminal (human).
bool is_person_kind(const std::string& kind);
// "human,ismcts,ismcts,ismcts", or a shorter list repeated around the table
// ("ismcts" fills every seat, "ismcts,random" alternates). Returns the kinds
// per seat, or an empty list and the reason in `error`.
std::vector<std::string> parse_seat_kinds(const std::string& list, int seats, std::string* error);
// The player of a seat kind (session/matches/seat_kinds.h); a person reads `in` and
// writes `out`, and is shown the match scores `scores` points at (may be null).
// The person at the terminal (the "human" seat kind).
std::unique_ptr<Player> make_terminal_player(std::istream& in, std::ostream& out, const std::vector<int>* scores,
                                             const TerminalOptions& terminal);
std::unique_ptr<Player> make_player(const std::string& kind, uint64_t seed, std::istream& in,
                                    std::ostream& out, const std::vector<int>* scores = nullptr,
                                    const TerminalOptions& terminal = {});

}  // namespace hukum
