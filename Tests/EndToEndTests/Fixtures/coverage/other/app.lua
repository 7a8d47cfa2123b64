-- A second app in the same run: its "/" is not coverage/app.lua's "/".
route("/", {})
route("/unused", {})
