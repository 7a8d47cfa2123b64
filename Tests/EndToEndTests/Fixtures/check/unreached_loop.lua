-- Two routes that send each other round, which no link reaches yet: check reports the loop.
route("/", {title = "Home"})
route("/loop1", {redirect = "/loop2"})
route("/loop2", {guard = function() return "/loop1" end})
