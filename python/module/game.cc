#include "game.h"

#include <stdexcept>

#include "ruleset/loader.h"
#include "session/matches/match.h"

namespace hukum::python {

std::shared_ptr<Game> load_game(const std::string& path, const std::map<std::string, std::string>& options,
                                      const std::vector<std::string>& search_path, int deals,
                                      ActionIds::Window hook_numbers) {
  if (deals < 0) throw std::invalid_argument("deals must be 0 (the ruleset's match) or more");
  LoadRequest request;
  request.path = path;
  request.options = options;
  request.search_path = search_path;
  LoadResult loaded = load_ruleset(request);
  if (!loaded.ok()) throw std::invalid_argument(loaded.diagnostics.to_string());
  auto game = std::make_shared<Game>();
  game->path = path;
  game->options = options;
  game->deals = deals;
  game->rules = std::make_unique<const Ruleset>(std::move(*loaded.ruleset));
  Diagnostics problems;
  game->hooks = Match::load_hooks(*game->rules, problems);
  if (!problems.empty()) throw std::invalid_argument(problems.to_string());
  game->ids = std::make_unique<ActionIds>(*game->rules, hook_numbers);
  game->tensor = std::make_unique<ObservationTensor>(*game->rules);
  return game;
}

}  // namespace hukum::python
