-- A guard bypass for switchyard walk to find: /account is guarded, but Settings links
-- straight to /account/billing, which nobody guarded.
session = {user = nil}

local function signed_in(info)
  if session.user then return true end
  return "/login?next=" .. info.path
end

route("/", {title = "Home", links = {"/account", "/settings", "/news", "/login"}})
route("/login", {title = "Log In", links = {"/"}})
route("/news", {title = "News", links = {"/news/1", "/news/2", "/"}})
route("/news/:id", {title = "Story", links = {"/news"}})
route("/account", {guard = signed_in, title = "Account", links = {"/account/billing", "/settings"}})
route("/account/billing", {title = "Billing", links = {"/account"}})
route("/settings", {title = "Settings", links = {"/settings/about", "/account/billing"}})
route("/settings/about", {title = "About", links = {"/settings"}})

-- Invariants
invariant("signed out never sees /account/*", function()
  if session.user or not nav.path:find("^/account") then return true end
  return false, "signed out, yet at " .. nav.path
end)
