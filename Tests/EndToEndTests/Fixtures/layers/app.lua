-- An app with a guarded account screen, a modal with links of its own, and alerts: what the
-- REPL shows and does must be the top-most layer, and every redirect must be said.
route("/", {title = "Home", links = {"/a", "/account"}})
route("/a", {title = "A", links = {"/account"}})
route("/b", {title = "B"})
route("/login", {title = "Log In"})
signed_in = false
route("/account", {title = "Account", guard = function(info)
  if not signed_in then return "/login?next=%2Faccount" end
end})
route("/tip", {title = "Tip", links = {"/b"}})
route("/old", {redirect = "/b"})
cancelled = 0
function ask_delete()
  nav.alert{title = "Delete?", buttons = {"Delete", {"Cancel", function() cancelled = cancelled + 1 end}}}
end
route("/item/:id", {validate = function(info) return tonumber(info.params.id, 10) end})
route("/item/:slug", {title = "Item by name"})
