-- Global hooks (docs/lifecycle.md): a sign-in hook, an observer of committed changes, one hook
-- that blocks, and off().
local signed_in = false
route("/login", {title = "Log In"})
route("/account", {title = "Account", guard = function() print("route guard asked") end})
route("/vault", {title = "Vault"})
local told = {}
local sign_in = nav.before(function(to, from)
  print("before " .. from.path .. " -> " .. to.path)
  if signed_in or to.path == "/login" then return nil end
  return "/login?next=" .. to.path
end)
nav.after(function(to, from, action) told[#told + 1] = action .. " " .. from.path .. " -> " .. to.path end)
nav.push("/account")
print("at " .. nav.path)
print(nav.last_action.chain[1].text)
signed_in = true
nav.push("/account")
print("at " .. nav.path)
nav.before(function(to) if to.path == "/vault" then return false end end)
print(select(2, pcall(nav.push, "/vault")))
sign_in:off()
print(tostring(sign_in), sign_in:active())
nav.pop()
print(table.concat(told, "; "))
