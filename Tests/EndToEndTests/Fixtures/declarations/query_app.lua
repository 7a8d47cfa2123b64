-- Query schemas (issue 33): the declarations query_spec.lua checks through `switchyard test`.
route("/", {title = "Home", links = {"/albums?page=2", "/album/7?tab=tracks"}})
route("/albums", {name = "albums", query = {page = {type = "int", default = 1}, sort = {"name", "year"}},
  title = function(info) return "Albums, page " .. info.query.page end})
route("/album/:id", {name = "album", params = {id = "int"},
  query = {tab = {type = {"info", "tracks"}, default = "info"}}, query_mismatch = "error",
  title = function(info) return "Album #" .. info.params.id .. " (" .. info.query.tab .. ")" end})
route("/search", {name = "search", query = {q = {required = true}, exact = "bool"},
  title = function(info) return "Search " .. info.query.q end})
route("/search", {name = "search_form", title = "Search form"})   -- a search without its q lands here
