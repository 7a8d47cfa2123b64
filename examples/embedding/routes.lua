-- Loaded by the Swift host (Sources/EmbeddingHost/main.swift) after it declared its own routes.
-- The rules that read best as code live here: validators, a guard, and the sign-up flow.

-- Albums are numbered: the validator turns the id into a number, and anything else is no
-- match, so /album/new falls through to the route declared after it.
route("/album/:id", {
  name = "album",
  validate = function(info) return tonumber(info.params.id, 10) end,
  title = function(info) return "Album #" .. info.value end,
  view = "Tracks and credits.",
  links = {"/"},
})

route("/album/:name", {
  title = function(info) return "Album “" .. info.params.name .. "”" end,
  view = "An album found by name.",
  links = {"/"},
})

-- A sign-up flow over a cover: the Swift host only ever calls next/nextOrDismiss.
flow("signup", {
  {"/welcome", as = "cover"},
  "/welcome/name",
  "/welcome/done",
})
