-- Links whose query cannot satisfy their route's schema (issue 33): check names the value.
route("/", {title = "Home", entry = true,
  links = {"/albums?page=2", "/albums?page=two", "/album/7?tab=tracks", "/album/7?tab=lyrics"}})
route("/albums", {title = "Albums", query = {page = {type = "int", default = 1}}})
route("/album/:id", {title = "Album", query = {tab = {"info", "tracks"}}, query_mismatch = "error"})
