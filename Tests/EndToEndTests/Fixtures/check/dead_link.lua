route("/", {title = "Home", links = {"/album/1"}})
route("/album/:id", {title = "Album", links = {"/artsit/:id"}})   -- a typo: no such route
not_found{title = "Not Found", links = {"/"}}
