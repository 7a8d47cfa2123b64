-- The coverage fixture's app: coverage_spec.lua lands some of these routes and not others, on
-- purpose, and TestCommandOutputTests asserts the totals exactly. Moving a line moves the sites
-- those tests expect.
route("/", {links = {"/album/:id", "/settings"}})
route("/album/:id", {
  validate = function(info) return tonumber(info.params.id) end,
  links = {"/album/:id/tracks"},
})
route("/album/:id/tracks", {})
route("/admin", {guard = function(info)
  if info.query.role == "admin" then return true end
  if info.query.role == "guest" then return "/" end
  return false
end})
route("/settings", {})
route("/signup", {})
route("/signup/name", {})
route("/signup/done", {})
flow("signup", {"/signup", "/signup/name", "/signup/done"})
not_found({title = "Not found"})
