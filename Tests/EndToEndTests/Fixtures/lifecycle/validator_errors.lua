-- Validators that raise (docs/lifecycle.md, "Error screens"): /item/:id's raises for "boom" and
-- its error screen catches it; /plain/:n's always raises and nothing catches it.
route("/", {title = "Home", links = {"/item/1", "/item/boom", "/plain/7"}})
route("/item/:id", {title = "Item",
  validate = function(info)
    if info.params.id == "boom" then error("the catalogue is down") end
    return tonumber(info.params.id)
  end,
  error = {title = "Item unavailable", view = function(info) return info.error.message .. " at " .. info.error.where end}})
route("/plain/:n", {validate = function() error("no screen catches me") end})
