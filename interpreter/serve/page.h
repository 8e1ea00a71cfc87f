// The web table's static page (interpreter/serve/page/: HTML, CSS and our own
// JavaScript), compiled into hukum so that an installed hukum serves the same
// page as the build it came from and needs no data folder or network.
// embed_page.cmake writes the generated page_assets.cc at build time.
#pragma once

#include <string_view>
#include <vector>

namespace hukum::serve {

struct PageAsset {
  std::string_view path;          // "/app.js"; "/" is index.html
  std::string_view content_type;
  std::string_view body;
};

const std::vector<PageAsset>& page_assets();

}  // namespace hukum::serve
