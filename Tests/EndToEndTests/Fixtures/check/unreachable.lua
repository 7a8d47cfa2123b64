route("/", {title = "Home", links = {"/about"}})
route("/about", {title = "About", links = {"/"}})
route("/secret", {title = "Secret"})   -- nothing links here
