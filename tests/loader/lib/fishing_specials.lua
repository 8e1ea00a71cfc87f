-- Stand-in for rulesets/lib/fishing_specials.lua in loader tests: the loader only
-- checks that a library module file exists; it never runs it.
return {}
