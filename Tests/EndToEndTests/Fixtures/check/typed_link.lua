-- A link whose value cannot satisfy its route's type (issue 33): check says which value and why.
route("/", {title = "Home", links = {"/album/12", "/album/abc"}})
route("/album/:id", {title = "Album", params = {id = "int"}, links = {"/"}})
