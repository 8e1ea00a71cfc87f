// Catch2 v2 provides main(); every test file just includes catch2/catch.hpp.
#define CATCH_CONFIG_MAIN
#include <catch2/catch.hpp>
