route("/", {title = "Home", links = {"/album/7"}})
route("/album/:id", {
  title = function(info) return "Album " .. info.missing.field end,   -- info.missing is nil
})
