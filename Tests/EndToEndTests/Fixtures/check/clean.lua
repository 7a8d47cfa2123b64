-- A small app with nothing for `switchyard check` to find.
route("/", {title = "Home", links = {"/album/1", "/about"}})
route("/album/:id", {title = "Album", links = {"/album/:id/tracks", "/"}})
route("/album/:id/tracks", {title = "Tracks", links = {"/album/:id"}})
route("/about", {title = "About", links = {"/"}})
route("/share/:code", {entry = true, title = "Shared"})
