// The HTTP side of `hukum serve`: the routes of the JSON API and the static
// page on a cpp-httplib server (docs/web-table.md lists them), the limits on
// bodies, connections and request rates, and the JSON error for every 4xx.
#pragma once

#include <string>

#include "serve/tables.h"

namespace httplib {
class Server;
}

namespace hukum::serve {

// Installs the routes and limits on `server`; `tables` must outlive it.
void install_api(httplib::Server& server, Tables& tables);

}  // namespace hukum::serve
