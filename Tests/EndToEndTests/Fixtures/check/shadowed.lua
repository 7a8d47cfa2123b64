route("/", {title = "Home", links = {"/user", "/user/ada"}})
route("/user", {title = "Users"})
route("/user/:id", {title = "User"})
-- Never wins: /user takes the path without an id, /user/:id every path with one.
route("/user/:name?", {entry = true, title = "Profile"})
