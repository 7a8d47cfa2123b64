-- Every route under /admin is guarded by its group: signed out, it redirects to /login.
route("/", {title = "Home", links = {"/admin/users"}})
route("/login", {title = "Log In"})
group("/admin", function()
  route("users", {title = "Users"})
end, {guard = function() return signed_in or "/login" end})
