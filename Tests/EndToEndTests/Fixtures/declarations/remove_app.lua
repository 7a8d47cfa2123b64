-- A shop whose beta pages are declared for everyone and removed when the beta is off.
route("/", {title = "Shop", links = {"/beta/checkout", "/orders"}})
route("/orders", {title = "Orders"})
route("/beta/checkout", {name = "beta_checkout", title = "New checkout"})
route("/beta/:page", {name = "beta_page", title = "Beta"})
route("/:section", {name = "section", title = function(info) return "Section " .. info.params.section end})
