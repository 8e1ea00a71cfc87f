#include "session/players.h"

#include <iostream>

#include "session/observation.h"

namespace hukum {

namespace {

// A person at the terminal: sees its own observation, types one action.
class TerminalPlayer final : public Player {
 public:
  TerminalPlayer(std::istream& in, std::ostream& out, const std::vector<int>* scores)
      : in_(in), out_(out), scores_(scores) {}
  bool choose(const SeatView& view, const LegalActions& legal, Action* chosen) override {
    const Ruleset& rules = view.rules();
    const int seat = view.seat();
    static const std::vector<int> none;
    out_ << "\n" << observation_text(rules, view.observe(scores_ ? *scores_ : none)) << std::flush;
    for (;;) {
      out_ << rules.seat_names[size_t(seat)] << "> " << std::flush;
      std::string line;
      if (!std::getline(in_, line)) return false;
      if (line == "quit" || line == "exit") return false;
      if (line.empty() || line == "help" || line == "?") {
        out_ << "Type one of: " << legal_text(rules, legal) << " (or quit)\n";
        continue;
      }
      Action a;
      std::string why;
      if (!parse_action(rules, line, &a, &why)) {
        out_ << why << "\nLegal: " << legal_text(rules, legal) << "\n";
        continue;
      }
      if (!legal.contains(a)) {
        out_ << "'" << action_text(rules, a) << "' is not legal now. Legal: " << legal_text(rules, legal) << "\n";
        continue;
      }
      *chosen = a;
      return true;
    }
  }

 private:
  std::istream& in_;
  std::ostream& out_;
  const std::vector<int>* scores_;
};

}  // namespace

bool is_player_kind(const std::string& kind) { return kind == "random" || kind == "human"; }

std::unique_ptr<Player> make_player(const std::string& kind, uint64_t seed, std::istream& in,
                                    std::ostream& out, const std::vector<int>* scores) {
  if (kind == "human") return std::make_unique<TerminalPlayer>(in, out, scores);
  return std::make_unique<RandomPlayer>(seed);
}

}  // namespace hukum
