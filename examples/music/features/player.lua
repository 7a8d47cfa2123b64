-- Feature module: the player. "Now playing" opens as a sheet by default (a deep link
-- to it presents a sheet), and the sheet has its own stack: the queue is pushed inside
-- it, the way SwiftUI Routes' `routeSheet(stacked: true)` wraps a sheet in its own
-- NavigationStack.

route("/now-playing", {
  name = "now-playing",
  presentation = "sheet",
  title = "Now Playing",
  view = "So What — Miles Davis\n  1:12 / 9:22",
  links = {"/now-playing/queue", "/now-playing/lyrics"},
})

route("/now-playing/queue", {
  title = "Up Next",
  view = "  1. Freddie Freeloader\n  2. Blue in Green\n  3. All Blues",
  links = {"/album/featured"},
})

route("/now-playing/lyrics", {
  presentation = "cover",
  title = "Lyrics",
  view = "(instrumental)",
  links = {"/now-playing"},
})
