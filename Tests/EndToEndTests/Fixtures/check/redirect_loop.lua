route("/", {title = "Home", links = {"/old"}})
route("/old", {redirect = "/older"})
route("/older", {redirect = "/old"})
