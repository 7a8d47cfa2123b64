-- Navigations held for an answer, for switchyard walk to settle: paying waits for the payment
-- guard's answer, an album waits for its loader's data, a draft's leave guard waits for "Discard?".
route("/", {title = "Home", links = {"/pay", "/album", "/draft"}})
route("/pay", {title = "Paid", guard = function() return nav.pending("payment") end, links = {"/"}})
route("/album", {
  title = "Album",
  load = function() return nav.pending("credits") end,
  view = function(info) return info.data and info.data.producer or "no credits" end,
  links = {"/"},
})
route("/draft", {title = "Draft", leave = function() return nav.pending("discard") end, links = {"/"}})

invariant("nobody has paid", function() return nav.path ~= "/pay" end)
invariant("an album shows its credits", function()
  return nav.path ~= "/album" or nav.screen.data ~= nil, "the album landed without its credits"
end)
