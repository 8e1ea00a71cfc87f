#include "serve/tables.h"

#include <stdlib.h>

#include <filesystem>
#include <fstream>
#include <random>

#include "ruleset/loader.h"

namespace hukum::serve {

Reply error_reply(int status, const std::string& why) { return {status, {{"error", why}}}; }

namespace {

// Option values may come as JSON strings, numbers or booleans; the loader takes text.
bool option_text(const nlohmann::json& v, std::string* out) {
  if (v.is_string()) *out = v.get<std::string>();
  else if (v.is_boolean()) *out = v.get<bool>() ? "true" : "false";
  else if (v.is_number_integer()) *out = std::to_string(v.get<int64_t>());
  else return false;
  return true;
}

// A game's rules text, docs/rules/GAME.md, when the folder has one: read
// once per table, bounded (the folder is ours, but a file is still a file).
std::string read_rules_doc(const std::string& dir, const std::string& game) {
  constexpr std::streamsize kMaxDoc = 512 * 1024;
  if (dir.empty() || game.empty() || game.find_first_of("/\\.") != std::string::npos) return {};
  std::ifstream in(std::filesystem::path(dir) / (game + ".md"), std::ios::binary);
  if (!in) return {};
  std::string text(size_t(kMaxDoc), '\0');
  in.read(text.data(), kMaxDoc);
  text.resize(size_t(in.gcount()));
  return text;
}

std::string new_id() {
  std::random_device dev;
  char buf[17];
  snprintf(buf, sizeof buf, "%08x%08x", unsigned(dev()), unsigned(dev()));
  return buf;
}

}  // namespace

Tables::Tables(ServeConfig config) : config_(std::move(config)) {
  catalogue_ = nlohmann::ordered_json::array();
  for (const LibraryGame& g : config_.library) {
    Diagnostics diags;
    auto options = nlohmann::ordered_json::array();
    for (const OptionDef& o : declared_options(g.path, diags, config_.search_path))
      options.push_back({{"name", o.name}, {"description", o.description}, {"values", o.values}, {"default", o.default_value}});
    catalogue_.push_back({{"name", g.name}, {"options", options}});
  }
  bots_ = std::thread([this] { bot_loop(); });
}

Tables::~Tables() {
  stop_ = true;
  wake_.notify_all();
  if (bots_.joinable()) bots_.join();
}

std::shared_ptr<Table> Tables::find(const std::string& id) {
  std::lock_guard<std::mutex> lock(mutex_);
  auto it = tables_.find(id);
  return it == tables_.end() ? nullptr : it->second;
}

size_t Tables::count() {
  std::lock_guard<std::mutex> lock(mutex_);
  return tables_.size();
}

void Tables::sweep_idle() {
  const auto limit = std::chrono::seconds(config_.limits.idle_seconds);
  std::vector<std::shared_ptr<Table>> ended;  // destroyed outside the lock
  {
    std::lock_guard<std::mutex> lock(mutex_);
    for (auto it = tables_.begin(); it != tables_.end();) {
      bool idle;
      {
        std::lock_guard<std::mutex> table_lock(it->second->mutex());
        idle = Clock::now() - it->second->last_seen() > limit;
      }
      if (idle) {
        ended.push_back(it->second);
        it = tables_.erase(it);
      } else {
        ++it;
      }
    }
  }
}

LoadedRuleset load_request(const ServeConfig& config, const nlohmann::json& request) {
  LoadedRuleset out;
  auto fail = [&](int status, const std::string& why) {
    out.problem = error_reply(status, why);
    return std::move(out);
  };
  if (!request.is_object()) return fail(400, "the request body must be a JSON object");
  const bool by_name = request.contains("ruleset"), by_text = request.contains("text");
  if (by_name == by_text) return fail(400, "give either \"ruleset\" (a game's name) or \"text\" (a ruleset in YAML)");
  LoadRequest load;
  load.search_path = config.search_path;
  if (by_name) {
    if (!request["ruleset"].is_string()) return fail(400, "\"ruleset\" must be a string");
    const std::string name = request["ruleset"].get<std::string>();
    for (const LibraryGame& g : config.library)
      if (g.name == name) load.path = g.path;
    if (load.path.empty()) return fail(404, "no game named '" + name + "' in the library (GET /api/rulesets lists them)");
    out.rules_doc = read_rules_doc(config.rules_docs_dir, name.substr(0, name.find('/')));
  } else {
    if (!request["text"].is_string()) return fail(400, "\"text\" must be a string");
    // The loader reads files (it follows `extends` beside them): the text goes
    // into a folder of its own, removed with the table.
    std::string tmpl = (std::filesystem::temp_directory_path() / "hukum-serve-XXXXXX").string();
    if (!mkdtemp(tmpl.data())) return fail(500, "cannot make a folder for the uploaded ruleset");
    out.upload_dir = tmpl;
    load.path = tmpl + "/upload.yaml";
    std::ofstream file(load.path, std::ios::binary);
    file << request["text"].get<std::string>();
    if (!file.flush()) return fail(500, "cannot write the uploaded ruleset");
  }
  if (request.contains("options")) {
    const nlohmann::json& options = request["options"];
    if (!options.is_object()) return fail(400, "\"options\" must be an object of option names and values");
    for (auto it = options.begin(); it != options.end(); ++it) {
      std::string value;
      if (!option_text(it.value(), &value)) return fail(400, "option '" + it.key() + "': the value must be a string, number or boolean");
      load.options[it.key()] = value;
    }
  }
  LoadResult loaded = load_ruleset(load);
  if (!loaded.ok()) {
    std::string text = loaded.diagnostics.to_string();
    // An upload's folder name means nothing to its author.
    if (!out.upload_dir.empty())
      for (size_t at; (at = text.find(out.upload_dir + "/")) != std::string::npos;) text.erase(at, out.upload_dir.size() + 1);
    return fail(422, text);
  }
  out.rules = std::make_unique<Ruleset>(std::move(*loaded.ruleset));
  return out;
}

LoadedRuleset::~LoadedRuleset() {
  if (!upload_dir.empty()) {
    std::error_code ec;
    std::filesystem::remove_all(upload_dir, ec);
  }
}

Reply Tables::create(const nlohmann::json& request) {
  if (count() >= size_t(config_.limits.max_tables)) sweep_idle();
  if (count() >= size_t(config_.limits.max_tables))
    return error_reply(503, "this server holds " + std::to_string(config_.limits.max_tables) +
                                " tables already; try again when one has ended");
  LoadedRuleset loaded = load_request(config_, request);
  if (!loaded.rules) return loaded.problem;
  const Ruleset& rules = *loaded.rules;
  TableSpec spec;
  // Seats: one kind per seat; by default the first is a person and the rest random bots.
  if (request.contains("seats")) {
    const nlohmann::json& seats = request["seats"];
    if (!seats.is_array() || int(seats.size()) != rules.seats)
      return error_reply(400, "\"seats\" must list " + std::to_string(rules.seats) + " seat kinds, one per seat of " + rules.name);
    for (const auto& k : seats) {
      if (!k.is_string()) return error_reply(400, "each seat kind must be a string");
      if (std::string why = check_web_kind(k.get<std::string>()); !why.empty()) return error_reply(400, why);
      spec.kinds.push_back(k.get<std::string>());
    }
  } else {
    spec.kinds.assign(size_t(rules.seats), "random");
    spec.kinds[0] = kPersonKind;
  }
  if (std::find(spec.kinds.begin(), spec.kinds.end(), kPersonKind) == spec.kinds.end())
    return error_reply(400, "a table needs at least one person's seat");
  if (request.contains("seed")) {
    if (!request["seed"].is_number_unsigned()) return error_reply(400, "\"seed\" must be a whole number of 0 or more");
    spec.seed = request["seed"].get<uint64_t>();
  } else {
    std::random_device dev;
    spec.seed = (uint64_t(dev()) << 32) | dev();
  }
  if (request.contains("deals")) {
    if (!request["deals"].is_number_unsigned() || request["deals"].get<uint64_t>() > 10000)
      return error_reply(400, "\"deals\" must be a whole number from 0 (the ruleset's match) to 10000");
    spec.deals = int(request["deals"].get<uint64_t>());
  }
  spec.rules = std::move(loaded.rules);
  spec.upload_dir = loaded.upload_dir;
  spec.rules_doc = std::move(loaded.rules_doc);
  loaded.upload_dir.clear();  // the table owns the folder now
  const std::string id = new_id();
  std::string error;
  std::shared_ptr<Table> table = Table::create(std::move(spec), id, &error);
  if (!table) return error_reply(422, "the match cannot start: " + error);
  Reply reply;
  reply.body["table"] = id;
  reply.body["ruleset"] = table->rules().name;
  auto seats = nlohmann::ordered_json::array();
  for (int s = 0; s < table->seats(); ++s) {
    nlohmann::ordered_json seat{{"seat", table->rules().seat_names[size_t(s)]}, {"kind", table->is_person(s) ? kPersonKind : ""}};
    if (!table->is_person(s)) seat["kind"] = request.contains("seats") ? request["seats"][size_t(s)] : nlohmann::json("random");
    else {
      seat["secret"] = table->secret(s);
      seat["link"] = "/#table=" + id + "&secret=" + table->secret(s);
    }
    seats.push_back(seat);
  }
  reply.body["seats"] = seats;
  table->set_bot_due(Clock::now() + std::chrono::milliseconds(config_.limits.bot_delay_ms));
  {
    std::lock_guard<std::mutex> lock(mutex_);
    // Checked again: requests made at once may all have passed the first check.
    if (tables_.size() >= size_t(config_.limits.max_tables))
      return error_reply(503, "this server holds " + std::to_string(config_.limits.max_tables) + " tables already");
    tables_[id] = table;
  }
  wake_.notify_all();
  return reply;
}

void Tables::bot_loop() {
  auto last_sweep = Clock::now();
  const auto delay = std::chrono::milliseconds(config_.limits.bot_delay_ms);
  while (!stop_) {
    std::vector<std::shared_ptr<Table>> all;
    {
      std::unique_lock<std::mutex> lock(mutex_);
      wake_.wait_for(lock, std::chrono::milliseconds(20), [&] { return stop_.load(); });
      for (auto& [id, t] : tables_) all.push_back(t);
    }
    for (auto& t : all) {
      if (stop_) break;
      std::lock_guard<std::mutex> lock(t->mutex());
      if (!t->bot_to_move() || Clock::now() < t->bot_due()) continue;
      t->play_bot_move();
      t->set_bot_due(Clock::now() + delay);
    }
    all.clear();
    if (Clock::now() - last_sweep > std::chrono::seconds(1)) {
      sweep_idle();
      last_sweep = Clock::now();
    }
  }
}

}  // namespace hukum::serve
