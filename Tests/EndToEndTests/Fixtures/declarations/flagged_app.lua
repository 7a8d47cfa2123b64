-- The new checkout is behind a flag: declared with the rest, removed while the flag is off.
new_checkout = false

route("/", {title = "Shop", links = {"/orders"}})
route("/orders", {title = "Orders", links = {"/"}})
route("/checkout/new", {name = "new_checkout", title = "New checkout", params = {}, meta = {beta = true}})
if not new_checkout then remove_route("new_checkout") end
