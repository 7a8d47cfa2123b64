route("/", {title = "Home", links = {"/album/1"}})
route("/album/:id", {title = "Album", links = {"/artist/:artist"}})   -- no :artist here
route("/artist/:artist", {entry = true, title = "Artist"})
