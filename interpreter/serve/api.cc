#include "serve/api.h"

#include <httplib.h>

#include <sys/socket.h>

#include <algorithm>
#include <atomic>
#include <cstdlib>
#include <memory>

#include "ruleset/describe.h"
#include "serve/page.h"
#include "serve/rate_limit.h"

namespace hukum::serve {

namespace {

void send(httplib::Response& res, const Reply& reply) {
  res.status = reply.status;
  res.set_content(reply.body.dump(), "application/json");
}

void send_error(httplib::Response& res, int status, const std::string& why) { send(res, error_reply(status, why)); }

// The body as a JSON object, or false after answering 400.
bool json_body(const httplib::Request& req, httplib::Response& res, nlohmann::json* out) {
  *out = nlohmann::json::parse(req.body, nullptr, /*allow_exceptions=*/false);
  if (out->is_discarded() || !out->is_object()) {
    send_error(res, 400, "the request body must be a JSON object");
    return false;
  }
  return true;
}

// A request about one table from one of its seats: the table (locked by the
// caller) and the seat, or false after answering 404 or 403. The secret names
// a seat of this table only, so no request can act on another table.
struct SeatRequest {
  std::shared_ptr<Table> table;
  int seat = -1;
};
bool find_seat(Tables& tables, const std::string& id, const std::string& secret, httplib::Response& res,
               SeatRequest* out) {
  out->table = tables.find(id);
  if (!out->table) {
    send_error(res, 404, "no table " + id + " (it may have ended)");
    return false;
  }
  out->seat = out->table->seat_of(secret);  // secrets never change: no lock needed
  if (out->seat < 0) {
    send_error(res, 403, "this secret is not a seat of table " + id);
    return false;
  }
  return true;
}

std::string string_field(const nlohmann::json& body, const char* key) {
  auto it = body.find(key);
  return it != body.end() && it->is_string() ? it->get<std::string>() : std::string();
}

}  // namespace

void install_api(httplib::Server& server, Tables& tables) {
  const Limits& limits = tables.config().limits;
  server.set_payload_max_length(limits.max_body);
  server.set_read_timeout(limits.read_timeout_seconds, 0);
  server.set_write_timeout(limits.read_timeout_seconds, 0);
  server.set_keep_alive_timeout(limits.read_timeout_seconds);
  server.set_keep_alive_max_count(100);
  // A reply's header and body are two writes: without this, Nagle's algorithm
  // holds the second until the client's delayed ACK, 40 ms a request.
  server.set_tcp_nodelay(true);
  // SO_REUSEADDR only: httplib's default adds SO_REUSEPORT, with which a second
  // server on a port in use starts without a word and shares its connections.
  server.set_socket_options([](socket_t sock) {
    int yes = 1;
    setsockopt(sock, SOL_SOCKET, SO_REUSEADDR, &yes, sizeof yes);
  });
  const int threads = limits.threads;
  server.new_task_queue = [threads] { return new httplib::ThreadPool(size_t(threads)); };
  // Our own scripts only, nothing from elsewhere; no caching of seat views.
  server.set_default_headers({{"Content-Security-Policy", "default-src 'self'; img-src 'self' data:; frame-ancestors 'none'"},
                              {"X-Content-Type-Options", "nosniff"},
                              {"Referrer-Policy", "no-referrer"},
                              {"Cache-Control", "no-store"}});

  auto rate = std::make_shared<RateLimit>(limits.requests_per_second, limits.burst);
  server.set_pre_routing_handler([rate](const httplib::Request& req, httplib::Response& res) {
    if (rate->allow(req.remote_addr)) return httplib::Server::HandlerResponse::Unhandled;
    res.set_header("Retry-After", "1");
    send_error(res, 429, "too many requests from this address; slow down");
    return httplib::Server::HandlerResponse::Handled;
  });
  // Every error has a JSON reason, also those httplib answers itself (413, 404).
  server.set_error_handler([](const httplib::Request&, httplib::Response& res) {
    if (!res.body.empty()) return;
    std::string why = res.status == 413 ? "the request body is too large"
                      : res.status == 404 ? "no such page or API route"
                                          : "bad request (" + std::to_string(res.status) + ")";
    send_error(res, res.status, why);
  });
  server.set_exception_handler([](const httplib::Request&, httplib::Response& res, std::exception_ptr) {
    send_error(res, 500, "internal error");
  });

  for (const PageAsset& a : page_assets()) {
    server.Get(std::string(a.path), [a](const httplib::Request&, httplib::Response& res) {
      res.set_content(a.body.data(), a.body.size(), std::string(a.content_type).c_str());
    });
  }

  server.Get("/api/rulesets", [&tables](const httplib::Request&, httplib::Response& res) {
    nlohmann::ordered_json kinds = nlohmann::ordered_json::array({kPersonKind});
    for (const std::string& k : web_bot_kinds()) kinds.push_back(k);
    send(res, {200, {{"games", tables.catalogue()}, {"seat_kinds", kinds}}});
  });

  // The seats and rules of a ruleset with options, before a table is made.
  server.Post("/api/preview", [&tables](const httplib::Request& req, httplib::Response& res) {
    nlohmann::json body;
    if (!json_body(req, res, &body)) return;
    LoadedRuleset loaded = load_request(tables.config(), body);
    if (!loaded.rules) return send(res, loaded.problem);
    const Ruleset& r = *loaded.rules;
    nlohmann::ordered_json seats = nlohmann::ordered_json::array();
    for (int s = 0; s < r.seats; ++s)
      seats.push_back({{"seat", r.seat_names[size_t(s)]}, {"team", r.team_names[size_t(r.team_of[size_t(s)])]}});
    send(res, {200, {{"name", r.name}, {"seats", seats}, {"rules", describe_ruleset(r)}}});
  });

  server.Post("/api/tables", [&tables](const httplib::Request& req, httplib::Response& res) {
    nlohmann::json body;
    if (!json_body(req, res, &body)) return;
    send(res, tables.create(body));
  });

  // Long polls held at once: bounded, so that waiting pages never take every
  // worker thread from the requests that make moves.
  auto waiting = std::make_shared<std::atomic<int>>(0);
  const int max_waiting = std::max(1, limits.threads / 2), max_wait_ms = limits.max_wait_ms;
  server.Get(R"(/api/tables/([0-9a-f]{1,32}))", [&tables, waiting, max_waiting, max_wait_ms](const httplib::Request& req, httplib::Response& res) {
    SeatRequest sr;
    if (!find_seat(tables, req.matches[1], req.get_param_value("secret"), res, &sr)) return;
    std::unique_lock<std::mutex> lock(sr.table->mutex());
    // A page that already has this version is told so in a few bytes; with
    // `wait=MS` the answer waits for the next change, up to MS (and the
    // server's limit). `held` says whether it waited, so a page whose wait
    // was refused (too many waiting) asks again after a pause, not at once.
    if (req.has_param("after") && req.get_param_value("after") == std::to_string(sr.table->version())) {
      sr.table->touch();
      bool held = false;
      const int wait_ms = req.has_param("wait") ? std::clamp(std::atoi(req.get_param_value("wait").c_str()), 0, max_wait_ms) : 0;
      if (wait_ms > 0 && waiting->fetch_add(1) < max_waiting) {
        held = true;
        sr.table->wait_for_change(lock, sr.table->version(), std::chrono::milliseconds(wait_ms));
      } else if (wait_ms > 0) {
        waiting->fetch_sub(1);
      }
      if (held) waiting->fetch_sub(1);
      if (req.get_param_value("after") == std::to_string(sr.table->version()))
        return send(res, {200, {{"version", sr.table->version()}, {"unchanged", true}, {"held", held}}});
    }
    send(res, {200, sr.table->view(sr.seat)});
  });

  server.Get(R"(/api/tables/([0-9a-f]{1,32})/rules)", [&tables](const httplib::Request& req, httplib::Response& res) {
    SeatRequest sr;
    if (!find_seat(tables, req.matches[1], req.get_param_value("secret"), res, &sr)) return;
    std::lock_guard<std::mutex> lock(sr.table->mutex());
    const std::string& doc = sr.table->rules_doc();
    send(res, {200, {{"name", sr.table->rules().name},
                     {"text", sr.table->rules_text()},
                     {"doc", doc.empty() ? nlohmann::ordered_json() : nlohmann::ordered_json(doc)},
                     {"deck", sr.table->deck_json()}}});
  });

  const int bot_delay_ms = limits.bot_delay_ms;
  server.Post(R"(/api/tables/([0-9a-f]{1,32})/action)", [&tables, bot_delay_ms](const httplib::Request& req, httplib::Response& res) {
    nlohmann::json body;
    if (!json_body(req, res, &body)) return;
    SeatRequest sr;
    if (!find_seat(tables, req.matches[1], string_field(body, "secret"), res, &sr)) return;
    if (!body.contains("action") || !body["action"].is_string())
      return send_error(res, 400, "\"action\" must be a string: one of the legal actions in canonical text");
    std::lock_guard<std::mutex> lock(sr.table->mutex());
    MoveResult r = sr.table->act(sr.seat, body["action"].get<std::string>());
    if (r.status != 200)
      return send(res, {r.status, {{"error", r.error}, {"legal", r.legal}}});
    sr.table->set_bot_due(Clock::now() + std::chrono::milliseconds(bot_delay_ms));
    send(res, {200, {{"ok", true}, {"version", sr.table->version()}}});
  });

  server.Post(R"(/api/tables/([0-9a-f]{1,32})/next)", [&tables, bot_delay_ms](const httplib::Request& req, httplib::Response& res) {
    nlohmann::json body;
    if (!json_body(req, res, &body)) return;
    SeatRequest sr;
    if (!find_seat(tables, req.matches[1], string_field(body, "secret"), res, &sr)) return;
    std::lock_guard<std::mutex> lock(sr.table->mutex());
    if (std::string why = sr.table->next_deal(sr.seat); !why.empty()) return send_error(res, 409, why);
    sr.table->set_bot_due(Clock::now() + std::chrono::milliseconds(bot_delay_ms));
    send(res, {200, {{"ok", true}, {"version", sr.table->version()}}});
  });
}

}  // namespace hukum::serve
