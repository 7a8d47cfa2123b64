-- A layout with a loader and a route with its own: :state shows what each gave, :trace lists both.
layout("/shop", function()
  route("/item/:id", {title = "Item", load = function() return {stock = 3} end})
end, {name = "shop", load = function() return {basket = 2} end})
route("/", {title = "Home", links = {"/shop/item/1"}})
