route("/", {title = "Shop", links = {"/checkout", "/album/1"}})
route("/checkout", {title = "Checkout", guard = function() return nav.pending("payment") end, links = {"/receipt"}})
route("/album/:id", {
  title = "Album",
  load = function(info) return nav.pending("album " .. info.params.id) end,
  view = function(info) return "Produced by " .. info.data.producer end,
})
