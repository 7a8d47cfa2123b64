-- A shop whose account pages share a layout: signed-in only, with a leave guard for a
-- half-filled form. `log` records which guard ran, in order.
log = {}
signed_in = false
unsaved = false

route("/", {title = "Shop"})
route("/login", {title = "Log In"})

layout("/account", function()
  route("/", {title = "Account"})
  route("orders", {title = "Orders"})
  route("orders/:id", {name = "order", params = {id = "int"}, title = "Order", parent = "/account/orders",
    guard = function(info) log[#log + 1] = "order " .. info.params.id end})
  layout("settings", function()
    route("/", {title = "Settings", meta = {tab = "general"}})
  end, {name = "settings", meta = {tab = "settings", help = "/help/settings"}})
end, {
  name = "account", title = "My Account", links = {"/account/orders"},
  meta = {requires_auth = true, tab = "account"},
  guard = function(info)
    log[#log + 1] = "layout " .. info.path
    if not signed_in then return "/login?next=" .. info.path end
  end,
  leave = function(info, to)
    log[#log + 1] = "leave " .. info.path .. " → " .. to.path
    return not unsaved
  end,
})
