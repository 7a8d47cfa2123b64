-- Error screens (docs/lifecycle.md): /broken's view raises and its own error screen catches it;
-- /uncaught's title raises and nothing catches it; /album/:id's loader raises for album 13.
route("/", {title = "Home", links = {"/broken", "/uncaught", "/album/1", "/album/13"}})
route("/broken", {view = function() error("the view is broken") end,
                  error = {title = "Broken", view = function(info) return info.error.message end}})
route("/uncaught", {title = function() error("no title") end})
route("/album/:id", {
  load = function(info)
    if info.params.id == "13" then error("album 13 is gone") end
    return info.params.id
  end,
  title = function(info) return "Album " .. info.data end,
  error = function(info, err) return {title = "Album unavailable", view = err.where} end,
})
