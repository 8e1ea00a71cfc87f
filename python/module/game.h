// The Python module's game: a ruleset loaded once with its options, its Lua
// hooks loaded once (every state of the game shares them, as a bot's copies
// of a deal do), and the fixed numbering of its actions and observations.
#pragma once

#include <map>
#include <memory>
#include <string>

#include "script/lua_host.h"
#include "session/observation/action_ids.h"
#include "session/observation/observation_tensor.h"

namespace hukum::python {

struct Game {
  std::string path;
  std::map<std::string, std::string> options;
  int deals = 1;  // deals per state (a match of that many deals); 0: the ruleset's match
  std::unique_ptr<const Ruleset> rules;
  std::shared_ptr<LuaHost> hooks;
  std::unique_ptr<ActionIds> ids;
  std::unique_ptr<ObservationTensor> tensor;
};

// Loads `path` (a ruleset file) with `options`; throws std::invalid_argument
// with the loader's diagnostics (file, line, column, key) when it cannot.
std::shared_ptr<Game> load_game(const std::string& path, const std::map<std::string, std::string>& options,
                                      const std::vector<std::string>& search_path, int deals,
                                      ActionIds::Window hook_numbers);

}  // namespace hukum::python
