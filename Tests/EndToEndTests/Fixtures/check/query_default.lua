-- A query default outside its own enumeration (issue 33): an error at the declaration, which check reports.
route("/", {title = "Home", links = {"/album"}})
route("/album", {title = "Album", query = {tab = {type = {"info", "tracks"}, default = "lyrics"}}})
