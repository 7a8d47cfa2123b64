-- Typed parameters (issue 33): the declarations the typed_spec checks through `switchyard test`.
route("/", {title = "Home", links = {"/album/12", "/album/abc", "/photos/grid"}})
route("/album/:id", {name = "album", params = {id = "int"},
  title = function(info) return "Album #" .. info.params.id end})
route("/album/:slug", {name = "album_by_slug", title = "Album by name"})
route("/photos/:layout", {name = "photos", params = {layout = {"grid", "list"}}, title = "Photos"})
route("/tag/:tag", {params = {tag = {match = "^[a-z-]+$"}}, title = "Tag"})
route("/order/:id", {params = {id = "uuid"}, title = "Order"})
route("/price/:amount/:gift?", {params = {amount = "number", gift = "bool"}, title = "Price"})

-- Meta (issue 33): a group's under each route's own, outer first.
group("/inbox", function()
  route("/", {title = "Inbox", meta = {title_key = "inbox", tags = {"mail", "home"}}})
  route("archive", {title = "Archive"})
end, {meta = {requires_auth = true, title_key = "mail", level = 2}})
