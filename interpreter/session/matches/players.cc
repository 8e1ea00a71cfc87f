// The players: a seeded random bot, and the person at the terminal, who sees
// the table (table_view.cc) of its own seat, types moves, gets a reason for
// every refused one (refusal.cc), and can ask for help or the rules.
#include "session/matches/players.h"

#include <chrono>
#include <iostream>
#include <thread>

#include "diag/diagnostic.h"
#include "ruleset/describe.h"
#include "session/bots/agent.h"
#include "session/bots/bot_kinds.h"
#include "session/observation/observation.h"
#include "session/table/refusal.h"
#include "session/matches/seat_kinds.h"
#include "session/table/table_view.h"

namespace hukum {

namespace {

std::string trimmed_lower(const std::string& line) {
  size_t b = line.find_first_not_of(" \t\r");
  if (b == std::string::npos) return "";
  size_t e = line.find_last_not_of(" \t\r");
  std::string out = line.substr(b, e - b + 1);
  for (auto& ch : out) ch = char(std::tolower(static_cast<unsigned char>(ch)));
  return out;
}

// One typed line, at most kMaxInputLine bytes kept (the rest is read and dropped,
// so a huge line cannot fill memory or be echoed back). False at the end of input.
constexpr size_t kMaxInputLine = 1000;
bool read_line(std::istream& in, std::string* line, bool* too_long) {
  line->clear();
  *too_long = false;
  for (int c; (c = in.get()) != std::char_traits<char>::eof();) {
    if (c == '\n') return true;
    if (line->size() < kMaxInputLine) line->push_back(char(c));
    else *too_long = true;
  }
  return !line->empty() || *too_long;
}

class TerminalPlayer final : public Player {
 public:
  TerminalPlayer(std::istream& in, std::ostream& out, const std::vector<int>* scores, const TerminalOptions& options)
      : in_(in), out_(out), scores_(scores), options_(options) {}

  bool choose(const SeatView& view, const LegalActions& legal, Action* chosen) override {
    const Ruleset& rules = view.rules();
    const TableStyle& style = options_.style;
    static const std::vector<int> none;
    const Observation o = view.observe(scores_ ? *scores_ : none);
    const std::string name = rules.seat_names[size_t(view.seat())];
    out_ << "\n" << table_text(rules, o, style);
    if (legal.count() == 1 && options_.auto_play) {
      *chosen = legal.at(0);
      out_ << "Only one move is legal: " << shown(rules, *chosen) << ". Playing it for you..." << std::flush;
      std::this_thread::sleep_for(std::chrono::milliseconds(options_.auto_play_ms));
      out_ << "\n";
      return true;
    }
    out_ << "Your move: " << what_to_do(rules, o, style) << ". Legal: " << legal_list(rules, legal) << "\n";
    for (;;) {
      out_ << name << "> " << std::flush;
      std::string line;
      bool too_long = false;
      if (!read_line(in_, &line, &too_long)) return false;
      if (too_long) {
        out_ << "That line is longer than " << kMaxInputLine << " characters. Legal now: " << legal_list(rules, legal)
             << "\n";
        continue;
      }
      const std::string command = trimmed_lower(line);
      if (command == "quit" || command == "exit") return false;
      if (command == "help" || command == "?") {
        out_ << help_text(rules, o);
        continue;
      }
      if (command == "rules") {
        out_ << describe_ruleset(rules);
        continue;
      }
      if (command.empty() || command == "table") {
        out_ << table_text(rules, o, style) << "Your move: " << what_to_do(rules, o, style)
             << ". Legal: " << legal_list(rules, legal) << "\n";
        continue;
      }
      Action a;
      std::string why;
      if (!parse_action(rules, suit_symbols_to_letters(line), legal, &a, &why)) {
        // The line is echoed escaped: typed escape sequences must not drive the terminal.
        out_ << "'" << printable_text(line, 200) << "' is not a move of this game. Type " << input_forms(rules)
             << "; 'help' explains. Legal now: " << legal_list(rules, legal) << "\n";
        continue;
      }
      if (!legal.contains(a)) {
        out_ << "Refused: " << refusal_reason(rules, o, a, style) << "\n";
        continue;
      }
      *chosen = a;
      return true;
    }
  }

 private:
  std::string shown(const Ruleset& rules, const Action& a) const {
    if (a.kind == ActionKind::Play) return options_.style.card(rules, a.card);
    if (a.kind == ActionKind::SetAside) return "hide " + options_.style.card(rules, a.card);
    if (a.kind == ActionKind::Take) return "take " + options_.style.card(rules, a.card);
    if (a.kind == ActionKind::Build && a.card != kNoCard) return "build " + options_.style.card(rules, a.card);
    if (a.kind == ActionKind::Choose) return "choose " + options_.style.card(rules, a.card);
    return action_text(rules, a);
  }
  std::string legal_list(const Ruleset& rules, const LegalActions& legal) const {
    std::string out;
    for (const Action& a : legal.list()) out += (out.empty() ? "" : ", ") + shown(rules, a);
    return out;
  }
  std::string help_text(const Ruleset& rules, const Observation& o) const {
    const std::string name = rules.seat_names[size_t(o.seat)];
    std::string out;
    out += "The prompt '" + name + "> ' waits for your move as seat " + name + ".\n";
    out += "Now: " + what_to_do(rules, o, options_.style) + ".\n";
    out += "Moves in " + rules.name + ": " + input_forms(rules) + ".\n";
    out += "Cards are typed rank then suit (AS, 10H, kd); the suit symbols shown work too.\n";
    out += "Commands: 'help' this text, 'rules' the rules of this game, 'table' (or Enter) the table again, 'quit' to stop.\n";
    out += "A move that is not legal is refused with the reason; when only one move is legal it is played for you.\n";
    if (!rules.description.empty()) out += rules.name + ": " + rules.description + "\n";
    return out;
  }

  std::istream& in_;
  std::ostream& out_;
  const std::vector<int>* scores_;
  TerminalOptions options_;
};

}  // namespace

std::unique_ptr<Player> make_terminal_player(std::istream& in, std::ostream& out, const std::vector<int>* scores,
                                             const TerminalOptions& terminal) {
  return std::make_unique<TerminalPlayer>(in, out, scores, terminal);
}

bool is_player_kind(const std::string& kind) { return seat_kind_problem(kind).empty(); }

bool is_person_kind(const std::string& kind) {
  std::string arg;
  bool has_arg = false;
  const SeatKind* k = find_seat_kind(kind, &arg, &has_arg);
  return k && k->person;
}

std::vector<std::string> parse_seat_kinds(const std::string& list, int seats, std::string* error) {
  std::vector<std::string> kinds;
  size_t from = 0;
  for (;;) {
    const size_t comma = list.find(',', from);
    kinds.push_back(list.substr(from, comma == std::string::npos ? std::string::npos : comma - from));
    if (comma == std::string::npos) break;
    from = comma + 1;
  }
  // A shorter list repeats around the table: "ismcts,random" is A,B,A,B.
  if (int(kinds.size()) < seats && seats % int(kinds.size()) == 0)
    for (size_t k = 0; int(kinds.size()) < seats; ++k) kinds.push_back(kinds[k]);
  if (int(kinds.size()) != seats) {
    *error = "--seats lists " + std::to_string(kinds.size()) + " kinds, the game has " + std::to_string(seats) + " seats";
    return {};
  }
  for (const auto& k : kinds) {
    if (std::string why = seat_kind_problem(k); !why.empty()) {
      *error = why;
      return {};
    }
  }
  return kinds;
}

std::unique_ptr<Player> make_player(const std::string& kind, uint64_t seed, std::istream& in,
                                    std::ostream& out, const std::vector<int>* scores,
                                    const TerminalOptions& terminal) {
  SeatSetup setup;
  setup.seed = seed;
  setup.in = &in;
  setup.out = &out;
  setup.scores = scores;
  setup.terminal = terminal;
  return make_seat_player(kind, setup);
}

}  // namespace hukum
