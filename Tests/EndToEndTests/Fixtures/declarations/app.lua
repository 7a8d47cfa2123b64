-- Typed parameters (issue 33): the declarations the typed_spec checks through `switchyard test`.
route("/", {title = "Home", links = {"/album/12", "/album/abc", "/photos/grid"}})
route("/album/:id", {name = "album", params = {id = "int"},
  title = function(info) return "Album #" .. info.params.id end})
route("/album/:slug", {name = "album_by_slug", title = "Album by name"})
route("/photos/:layout", {name = "photos", params = {layout = {"grid", "list"}}, title = "Photos"})
route("/tag/:tag", {params = {tag = {match = "^[a-z-]+$"}}, title = "Tag"})
route("/order/:id", {params = {id = "uuid"}, title = "Order"})
route("/price/:amount/:gift?", {params = {amount = "number", gift = "bool"}, title = "Price"})
