// `hukum serve [--host H] [--port N] ...`: the web table (docs/web-table.md).
// The work is in interpreter/serve/; this file reads the flags, finds the
// library's games by name (cli/ruleset_name.h) and runs the HTTP server until
// Ctrl-C or SIGTERM.
#include <httplib.h>

#include <atomic>
#include <chrono>
#include <iostream>
#include <thread>

#include "cli/common.h"
#include "cli/library_path.h"
#include "cli/ruleset_name.h"
#include "core/interrupt.h"
#include "serve/api.h"
#include "serve/tables.h"

namespace hukum::cli {

Runner add_serve(CLI::App& app) {
  auto* cmd = app.add_subcommand("serve", "Serve the web table: any ruleset in the browser, people and bots at one table");
  struct Args {
    std::string host = "127.0.0.1";
    int port = 8080;
    serve::Limits limits;
  };
  auto a = std::make_shared<Args>();
  cmd->add_option("--host", a->host, "Address to listen on (127.0.0.1: this machine only)")->capture_default_str();
  cmd->add_option("--port", a->port, "Port to listen on (0: any free port, printed)")
      ->check(CLI::Range(0, 65535))
      ->capture_default_str();
  cmd->add_option("--max-tables", a->limits.max_tables, "Tables at once")->check(CLI::Range(1, 10000))->capture_default_str();
  cmd->add_option("--idle-seconds", a->limits.idle_seconds, "A table no page has asked about for this long ends")
      ->check(CLI::Range(1, 7 * 24 * 3600))
      ->capture_default_str();
  cmd->add_option("--bot-delay", a->limits.bot_delay_ms, "Milliseconds between two bot moves")
      ->check(CLI::Range(0, 10000))
      ->capture_default_str();
  cmd->add_option("--rate", a->limits.requests_per_second, "Requests per second per client address (twice that at once)")
      ->check(CLI::Range(1.0, 100000.0))
      ->capture_default_str();
  cmd->add_option("--max-body", a->limits.max_body, "Largest request body in bytes (an uploaded ruleset)")
      ->check(CLI::Range(size_t(1024), size_t(16) << 20))
      ->capture_default_str();
  cmd->add_option("--read-timeout", a->limits.read_timeout_seconds, "Seconds a connection may stay silent before it is closed")
      ->check(CLI::Range(1, 600))
      ->capture_default_str();
  cmd->add_option("--threads", a->limits.threads, "HTTP worker threads")->check(CLI::Range(2, 256))->capture_default_str();
  cmd->add_option("--max-wait", a->limits.max_wait_ms,
                  "Milliseconds a page's request may wait for the next move (a long poll; 0: pages poll)")
      ->check(CLI::Range(0, 30000))
      ->capture_default_str();
  add_lib_path_flag(cmd);
  return [a] {
    serve::ServeConfig config;
    config.search_path = search_path();
    config.rules_docs_dir = installed_rules_docs_dir();
    for (const LibraryRuleset& r : library_rulesets(config.search_path)) config.library.push_back({r.name, r.path});
    config.limits = a->limits;
    config.limits.burst = 2 * config.limits.requests_per_second;
    serve::Tables tables(config);
    httplib::Server server;
    serve::install_api(server, tables);
    int port = a->port;
    if (port == 0) port = server.bind_to_any_port(a->host);
    else if (!server.bind_to_port(a->host, port)) port = -1;
    if (port <= 0) {
      std::cerr << "hukum: cannot listen on " << a->host << ":" << a->port << "\n";
      return kExitFailed;
    }
    std::cout << "hukum serve: " << config.library.size() << " game(s); open http://"
              << (a->host.find(':') != std::string::npos ? "[" + a->host + "]" : a->host) << ":" << port
              << "/ (Ctrl-C stops)" << std::endl;
    // Ctrl-C or SIGTERM sets a flag (deferred, as in play); the watcher stops the server.
    defer_interrupts(true);
    std::atomic<bool> done{false};
    std::thread watcher([&server, &done] {
      while (!done) {
        if (interrupt_signal() != 0) server.stop();  // repeated: the server may not be listening yet
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
      }
    });
    server.listen_after_bind();
    done = true;
    watcher.join();
    std::cout << "hukum serve: stopped" << std::endl;
    return kExitOk;
  };
}

}  // namespace hukum::cli
