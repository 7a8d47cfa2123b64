-- Callbacks that read `nav` see the crawl's navigator: where the crawl is, not the session.
route("/", {title = "Home", links = {"/a"}})
route("/a", {title = "A", links = {"/b"}})
route("/b", {guard = function()
  if nav.path ~= "/a" then error("the guard saw " .. nav.path) end
end})
