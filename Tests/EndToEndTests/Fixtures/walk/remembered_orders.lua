-- A fault planted in the onboarding example (load it after examples/onboarding/app.lua) for
-- switchyard walk to find: the order history's guard trusts anyone who has been in the account
-- area this session, instead of asking whether they are signed in now. Signed out from the start,
-- nobody gets in; after a sign-in, a visit to /account and a sign-out, the screen opens (and, opened
-- before the sign-out, revalidation leaves it up).
local function visited_account()
  for _, entry in ipairs(nav.history) do
    if entry.location:find("^/account") then return true end
  end
  return false
end

route("/account/orders", {
  entry = true,   -- a deep link (myapp://account/orders)
  guard = function(info)
    if visited_account() then return true end
    return "/login?next=" .. info.path
  end,
  title = "Orders",
  view = "Your past orders.",
  links = {"/account"},
})
