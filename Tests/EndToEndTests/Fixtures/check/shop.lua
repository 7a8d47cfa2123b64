route("/", {title = "Shop", links = {"/product/1", "/cart", "/sale"}})
route("/product/:id", {title = "Product", links = {"/product/:id/reviews", "/seller/:seller"}})
route("/cart", {title = "Cart", guard = function() return false end})
route("/sale", {redirect = "/offers"})
route("/seller/:name", {title = "Seller"})
route("/help", {title = "Help"})
not_found{title = "Not Found", links = {"/"}}
