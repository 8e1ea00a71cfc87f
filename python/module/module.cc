// The `hukum._hukum` extension (pybind11): games, states, the batch of states
// and the built-in bots, over the engine's own classes. The Python package
// (python/hukum/) adds name lookup, the environment class and documentation.
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <nlohmann/json.hpp>

#include "batch.h"
#include "game.h"
#include "session/bots/bot_kinds.h"
#include "session/observation/observation.h"
#include "state.h"

namespace py = pybind11;
using namespace hukum;
using hukum::python::Batch;
using hukum::python::Game;
using hukum::python::State;

namespace {

using GamePtr = std::shared_ptr<Game>;  // pybind11 holds no pointer to const

void check_seat(const Game& g, int seat) {
  if (seat < 0 || seat >= g.rules->seats)
    throw py::index_error("no seat " + std::to_string(seat) + " (seats are 0.." + std::to_string(g.rules->seats - 1) +
                          ")");
}

// A seat's observation as the agents and the web table get it, as Python objects.
py::object observation_dict(const State& s, int seat) {
  check_seat(s.game(), seat);
  const Observation o = observe(s.deal(), seat, s.match().scores());
  // Imported at each call (a dictionary lookup once loaded): a static Python
  // object would outlive the interpreter and crash Python's exit.
  return py::module_::import("json").attr("loads")(observation_json(*s.game().rules, o).dump());
}

py::array_t<float> observation_tensor(const State& s, int seat) {
  check_seat(s.game(), seat);
  const ObservationTensor& t = *s.game().tensor;
  py::array_t<float> out(t.size());
  t.encode(observe(s.deal(), seat, s.match().scores()), out.mutable_data());
  return out;
}

py::array_t<bool> legal_mask(const State& s) {
  py::array_t<bool> out(s.game().ids->size());
  bool* m = out.mutable_data();
  std::fill(m, m + s.game().ids->size(), false);
  for (int id : s.legal_ids()) m[id] = true;
  return out;
}

// A built-in bot (greedy, pimc, ismcts, random) choosing for a state's deciding seat.
class Bot {
 public:
  Bot(const std::string& kind, uint64_t seed) : kind_(kind) {
    if (kind == "random") {
      player_ = std::make_unique<RandomPlayer>(seed);
      return;
    }
    std::string why;
    if (!is_bot_kind(kind, &why))
      throw std::invalid_argument("'" + kind + "' is not a bot" + (why.empty() ? "" : ": " + why) +
                                  " (random, greedy, pimc[:N], ismcts[:N] or ismcts:Tms)");
    player_ = make_bot(kind, seed);
  }
  Action choose(const State& s) {
    if (s.terminal()) throw std::invalid_argument("the match is over: nothing to choose");
    Action a;
    if (!player_->choose(SeatView(s.deal(), s.current_seat()), s.legal(), &a))
      throw std::runtime_error("the bot gave no action");
    return a;
  }
  const std::string& kind() const { return kind_; }

 private:
  std::string kind_;
  std::unique_ptr<Player> player_;
};

std::vector<std::pair<std::string, std::pair<int, int>>> layout(const Game& g) {
  std::vector<std::pair<std::string, std::pair<int, int>>> out;
  for (const TensorSection& s : g.tensor->sections()) out.push_back({s.name, {s.offset, s.size}});
  return out;
}

}  // namespace

PYBIND11_MODULE(_hukum, m) {
  m.doc() = "hukum's engine: card games written as data (the hukum package wraps this module)";

  py::class_<Game, GamePtr>(m, "Game")
      .def_property_readonly("name", [](const Game& g) { return g.rules->name; })
      .def_property_readonly("path", [](const Game& g) { return g.path; })
      .def_property_readonly("options", [](const Game& g) { return g.rules->chosen_options; })
      .def_property_readonly("num_seats", [](const Game& g) { return g.rules->seats; })
      .def_property_readonly("seat_names", [](const Game& g) { return g.rules->seat_names; })
      .def_property_readonly("team_names", [](const Game& g) { return g.rules->team_names; })
      .def_property_readonly("team_of", [](const Game& g) {
        return std::vector<int>(g.rules->team_of.begin(), g.rules->team_of.begin() + g.rules->seats);
      })
      .def_property_readonly("deals", [](const Game& g) { return g.deals; })
      .def_property_readonly("lowest_wins", [](const Game& g) { return g.rules->match.lowest_wins; })
      .def_property_readonly("num_distinct_actions", [](const Game& g) { return g.ids->size(); })
      .def_property_readonly("observation_size", [](const Game& g) { return g.tensor->size(); })
      .def_property_readonly("observation_layout", &layout)
      .def_property_readonly("cards", [](const Game& g) {
        std::vector<std::string> out;
        for (size_t c = 0; c < g.rules->deck.cards.size(); ++c) out.push_back(g.rules->deck.card_text(Card(c)));
        return out;
      })
      .def("action_meaning", [](const Game& g, int id) {
        std::string d = g.ids->describe(id);
        if (d.empty()) throw py::index_error("no action id " + std::to_string(id));
        return d;
      });

  py::class_<State>(m, "State")
      .def(py::init([](GamePtr g, uint64_t seed, bool log) { return std::make_unique<State>(std::move(g), seed, log); }),
           py::arg("game"), py::arg("seed") = 0, py::arg("log") = false)
      .def("current_seat", &State::current_seat)
      .def("to_move", &State::to_move)
      .def("is_terminal", &State::terminal)
      .def("legal_actions", &State::legal_ids)
      .def("legal_action_words", &State::legal_words)
      .def("legal_actions_mask", &legal_mask)
      .def("apply_action", [](State& s, int id) { s.apply_id(id); })
      .def("apply_action", [](State& s, const std::string& text) { s.apply_text(text); })
      .def("action_to_string",
           [](const State& s, int id) {
             Action a;
             if (!s.terminal() && s.game().ids->action(id, s.legal(), &a)) return s.text(a);
             std::string d = s.game().ids->describe(id);
             if (d.empty()) throw py::index_error("no action id " + std::to_string(id));
             return d;
           })
      .def("string_to_action",
           [](const State& s, const std::string& text) {
             Action a;
             std::string why;
             if (s.terminal() || !parse_action(*s.game().rules, text, s.legal(), &a, &why))
               throw py::value_error(s.terminal() ? "the match is over" : why);
             const int id = s.game().ids->id(a, s.legal());
             if (id < 0) throw py::value_error("'" + text + "' has no action id");
             return id;
           })
      .def("returns", &State::returns)
      .def("scores", &State::scores)
      .def("deal_returns", &State::deal_returns)
      .def("deal_points", &State::deal_points)
      .def_property_readonly("deals_played", &State::deals_played)
      .def_property_readonly("deal_number", [](const State& s) { return s.match().deals_played() + (s.terminal() ? 0 : 1); })
      .def("history",
           [](const State& s) {
             std::vector<std::pair<int, std::string>> out;
             for (const auto& [seat, a] : s.history()) out.emplace_back(seat, s.text(a));
             return out;
           })
      .def("log_lines", &State::log_lines)
      .def("observation", &observation_dict, py::arg("seat"))
      .def("observation_tensor", &observation_tensor, py::arg("seat"))
      .def("clone", [](const State& s) { return std::make_unique<State>(s); })
      .def("resample", &State::resample, py::arg("seat"), py::arg("seed"))
      .def("__str__", [](const State& s) {
        if (s.terminal()) return std::string("match over");
        const Ruleset& r = *s.game().rules;
        return r.seat_names[size_t(s.to_move())] + " to move; legal: " + legal_text(r, s.legal());
      });

  py::class_<Bot>(m, "Bot")
      .def(py::init<const std::string&, uint64_t>(), py::arg("kind"), py::arg("seed") = 0)
      .def_property_readonly("kind", &Bot::kind)
      .def("step",
           [](Bot& b, const State& s) {
             const Action a = b.choose(s);
             const int id = s.game().ids->id(a, s.legal());
             if (id < 0) throw std::runtime_error("the bot's action has no id");
             return id;
           })
      .def("step_word", [](Bot& b, const State& s) { return s.text(b.choose(s)); });

  py::class_<Batch>(m, "Batch")
      .def(py::init([](GamePtr g, int size, uint64_t seed) { return std::make_unique<Batch>(std::move(g), size, seed); }),
           py::arg("game"), py::arg("size"), py::arg("seed") = 0)
      .def_property_readonly("size", &Batch::size)
      .def_property_readonly("matches_finished", &Batch::matches_finished)
      .def_property_readonly("deals_finished", &Batch::deals_finished)
      .def("current_seats",
           [](const Batch& b) {
             py::array_t<int32_t> out(b.size());
             b.current_seats(out.mutable_data());
             return out;
           })
      .def("legal_mask",
           [](const Batch& b) {
             py::array_t<bool> out({b.size(), b.game().ids->size()});
             b.legal_mask(reinterpret_cast<uint8_t*>(out.mutable_data()));
             return out;
           })
      .def("observations",
           [](const Batch& b) {
             py::array_t<float> out({b.size(), b.game().tensor->size()});
             b.observations(out.mutable_data());
             return out;
           })
      .def("step",
           [](Batch& b, py::array_t<int32_t, py::array::c_style | py::array::forcecast> actions) {
             if (actions.ndim() != 1 || actions.shape(0) != b.size())
               throw py::value_error("step needs one action id per state (" + std::to_string(b.size()) + ")");
             py::array_t<bool> done(b.size());
             py::array_t<double> returns({b.size(), b.game().rules->seats});
             b.step(actions.data(), reinterpret_cast<uint8_t*>(done.mutable_data()), returns.mutable_data());
             return py::make_tuple(done, returns);
           })
      .def("step_random", [](Batch& b) {
        py::array_t<bool> done(b.size());
        py::array_t<double> returns({b.size(), b.game().rules->seats});
        b.step_random(reinterpret_cast<uint8_t*>(done.mutable_data()), returns.mutable_data());
        return py::make_tuple(done, returns);
      });

  m.def(
      "load_file",
      [](const std::string& path, const std::map<std::string, std::string>& options,
         const std::vector<std::string>& search_path, int deals, std::pair<int, int> hook_numbers) {
        return hukum::python::load_game(path, options, search_path, deals, {hook_numbers.first, hook_numbers.second});
      },
      py::arg("path"), py::arg("options"), py::arg("search_path"), py::arg("deals"), py::arg("hook_numbers"));
}
