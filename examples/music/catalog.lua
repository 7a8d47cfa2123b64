-- The music app's data: what a real app would fetch from its server.
-- Screens read it through validators, so an unknown id is simply "no match".

local catalog = {}

catalog.albums = {
  ["123"] = {
    title = "Blue Train",
    artist = "John Coltrane",
    year = 1957,
    tracks = {"Blue Train", "Moment's Notice", "Locomotion", "I'm Old Fashioned", "Lazy Bird"},
  },
  featured = {
    title = "Kind of Blue",
    artist = "Miles Davis",
    year = 1959,
    tracks = {"So What", "Freddie Freeloader", "Blue in Green", "All Blues", "Flamenco Sketches"},
  },
  ["42"] = {
    title = "Mingus Ah Um",
    artist = "Charles Mingus",
    year = 1959,
    tracks = {"Better Git It in Your Soul", "Goodbye Pork Pie Hat", "Boogie Stop Shuffle"},
  },
}

catalog.playlists = {
  ["1"] = {title = "Late Night", albums = {"featured", "42"}},
  ["2"] = {title = "Sunday Morning", albums = {"123"}},
}

-- What the album screen's loader fetches beside the album: the liner-note credits.
catalog.credits = {
  ["123"] = {producer = "Alfred Lion", label = "Blue Note"},
  featured = {producer = "Teo Macero", label = "Columbia"},
  ["42"] = {producer = "Teo Macero", label = "Columbia"},
}

-- Greetings per `lang` query parameter (`myapp://album/featured?lang=en`).
catalog.greetings = {en = "Now showing", fr = "À l'affiche", de = "Jetzt zu sehen"}

--- The albums of an artist, sorted by title.
-- catalog.albums_by("Miles Davis")  --> { {id = "featured", ...} }
function catalog.albums_by(artist)
  local found = {}
  for id, album in pairs(catalog.albums) do
    if album.artist == artist then
      found[#found + 1] = {id = id, title = album.title}
    end
  end
  table.sort(found, function(a, b) return a.title < b.title end)
  return found
end

--- Album ids whose title or artist contains `text` (case-insensitive, plain text).
-- catalog.search("blue")  --> {"123", "featured"}
function catalog.search(text)
  local needle = text:lower()
  local ids = {}
  for id, album in pairs(catalog.albums) do
    local haystack = (album.title .. " " .. album.artist):lower()
    if haystack:find(needle, 1, true) then ids[#ids + 1] = id end
  end
  table.sort(ids)
  return ids
end

return catalog
