-- Issue 33 items 5 and 6 through the executable: the seed options, a per-tab reset, extra and a
-- case-insensitive table.
route("/home", {title = "Home"}) route("/home/item", {title = "Item"})
route("/library", {title = "Library"}) route("/library/album", {title = "Album"})
route("/filters", {title = "Filters"}) route("/tip", {title = "Tip"})
route("/compose", {title = function(info) return "Compose " .. (info.extra and info.extra.draft.title or "-") end})
tabs{"/home", "/library"}
routes{case_insensitive = true}
route("/docs", {exact = false, title = function(info) return "Docs " .. info.params.rest end})
route("/docs/intro", {title = "Intro"})
