route("/", {title = "Home", links = {"/admin"}})
route("/admin", {entry = true, title = "Admin", guard = function() return false end})
