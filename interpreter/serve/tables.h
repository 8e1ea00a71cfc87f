// Every table of one `hukum serve`: creating them from a request (a library
// game by name or an uploaded ruleset, options, seat kinds), finding them by
// id, ending idle ones, and the one thread that plays the bots' moves. Tables
// are shared_ptr so a request that found a table keeps it alive while the
// sweeper ends it.
#pragma once

#include <atomic>
#include <condition_variable>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include <nlohmann/json.hpp>

#include "serve/limits.h"
#include "serve/table.h"

namespace hukum::serve {

// A game of the library search path, found by the command line (cli/ruleset_name.h).
struct LibraryGame {
  std::string name;  // a game of the library, or game/house_rule
  std::string path;  // its file
};

struct ServeConfig {
  std::vector<LibraryGame> library;
  std::vector<std::string> search_path;  // for `extends` and Lua libraries
  // The folder of the games' rules texts (docs/rules/GAME.md), shown on the
  // rules screen of a library game's table; "" when there is none.
  std::string rules_docs_dir;
  Limits limits;
};

// The answer to a request: an HTTP status and a JSON body.
struct Reply {
  int status = 200;
  nlohmann::ordered_json body;
};
Reply error_reply(int status, const std::string& why);

// A ruleset a request names or uploads, loaded with its options. `problem` is
// set when it could not be; an upload's folder is removed unless handed on.
struct LoadedRuleset {
  std::unique_ptr<Ruleset> rules;
  std::string upload_dir;
  std::string rules_doc;  // a library game's rules text (Markdown), or ""
  Reply problem;
  LoadedRuleset() = default;
  LoadedRuleset(LoadedRuleset&&) = default;
  ~LoadedRuleset();
};
LoadedRuleset load_request(const ServeConfig& config, const nlohmann::json& request);

class Tables {
 public:
  explicit Tables(ServeConfig config);
  ~Tables();  // stops the bot thread

  const ServeConfig& config() const { return config_; }
  // The library's games with their options and house rules, as JSON (built once).
  const nlohmann::ordered_json& catalogue() const { return catalogue_; }
  // POST /api/tables: {"ruleset": NAME} or {"text": YAML}, "options", "seats", "seed", "deals".
  Reply create(const nlohmann::json& request);
  std::shared_ptr<Table> find(const std::string& id);
  size_t count();
  // Ends tables nobody has looked at for limits.idle_seconds.
  void sweep_idle();

 private:
  void bot_loop();

  ServeConfig config_;
  nlohmann::ordered_json catalogue_;
  std::mutex mutex_;
  std::map<std::string, std::shared_ptr<Table>> tables_;
  std::condition_variable wake_;
  std::atomic<bool> stop_{false};
  std::thread bots_;
};

}  // namespace hukum::serve
