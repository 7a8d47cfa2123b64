-- A global the REPL tests read after loading with -i.
counter = 41
function bump() counter = counter + 1; return counter end
