-- Fails on line 3 with a runtime error.
local album = nil
print(album.title)
