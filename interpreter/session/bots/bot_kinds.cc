// Parsing the bot kinds of --seats into players (see bot_kinds.h).
#include "session/bots/bot_kinds.h"

#include <charconv>

#include "session/bots/greedy.h"
#include "session/bots/ismcts.h"
#include "session/bots/pimc.h"

namespace hukum {

namespace {

struct Parsed {
  std::string name;  // greedy, pimc, ismcts
  int count = 0;     // 0: the default budget
  int millis = 0;
};

// Up to a million iterations or worlds, up to a minute per decision.
bool parse(const std::string& kind, Parsed* out, std::string* why) {
  const size_t colon = kind.find(':');
  out->name = kind.substr(0, colon);
  if (out->name != "greedy" && out->name != "pimc" && out->name != "ismcts") return false;
  if (colon == std::string::npos) return true;
  auto fail = [&](const std::string& message) {
    if (why) *why = "seat kind '" + kind + "': " + message;
    return false;
  };
  if (out->name == "greedy") return fail("greedy takes no budget");
  std::string budget = kind.substr(colon + 1);
  const bool ms = budget.size() > 2 && budget.compare(budget.size() - 2, 2, "ms") == 0;
  if (ms) budget.resize(budget.size() - 2);
  if (ms && out->name != "ismcts") return fail("only ismcts takes a time budget");
  int value = 0;
  auto [end, ec] = std::from_chars(budget.data(), budget.data() + budget.size(), value);
  if (ec != std::errc() || end != budget.data() + budget.size() || value <= 0)
    return fail("the budget must be a positive whole number" + std::string(ms ? " of milliseconds" : ""));
  if (value > (ms ? 60000 : 1000000)) return fail(ms ? "at most 60000ms" : "at most 1000000");
  (ms ? out->millis : out->count) = value;
  return true;
}

}  // namespace

bool is_bot_kind(const std::string& kind, std::string* why) {
  Parsed p;
  return parse(kind, &p, why);
}

std::unique_ptr<Player> make_bot(const std::string& kind, uint64_t seed) {
  Parsed p;
  if (!parse(kind, &p, nullptr)) return nullptr;
  if (p.name == "greedy") return std::make_unique<GreedyPlayer>(seed);
  if (p.name == "pimc") return std::make_unique<PimcPlayer>(seed, p.count > 0 ? p.count : PimcPlayer::kDefaultWorlds);
  IsmctsBudget budget;
  budget.millis = p.millis;
  budget.iterations = p.millis > 0 ? 0 : p.count > 0 ? p.count : IsmctsPlayer::kDefaultIterations;
  return std::make_unique<IsmctsPlayer>(seed, budget);
}

}  // namespace hukum
