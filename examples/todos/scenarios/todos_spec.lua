-- /todos/:id with a parameter resolver that turns the id into a number.
-- The app is one folder up, where require looks after this file's own folder.
local app = require("app")

describe("todo screens", function()
  it("the resolver's number becomes info.value", function()
    nav.push("/todos/2")
    assert.equal("2", nav.params.id)      -- the raw parameter stays text
    assert.equal(2, nav.info.value)       -- the resolved value is a number
    assert.equal("Todo #2", nav.stack[#nav.stack].title)
    -- A table handed over with the push reaches the view as info.extra.
    app.open_todo(3, {note = "from the reminder"})
    assert.equal("from the reminder", nav.screen.extra.note)
    assert.matches("Note: from the reminder", nav.screen.view)
  end)

  it("ids that are not numbers, or not todos, are not a match", function()
    assert.not_nil(match("/todos/3"))
    assert.is_nil(match("/todos/abc"))
    assert.is_nil(match("/todos/4"))
    assert.is_nil(match("/todos/1.5"))
  end)

  it("an id the resolver rejects shows the not-found route", function()
    nav.push("/todos/abc")
    assert.equal("/todos/abc", nav.path)
    assert.equal("Not Found", nav.stack[#nav.stack].title)
  end)

  it("a todo added at run time is reachable at once", function()
    assert.is_nil(match("/todos/4"))
    app.todos[4] = {title = "Ship it", done = false}
    assert.equal(4, match("/todos/4").value)
    app.todos[4] = nil
  end)

  it("Route(\"setting\") without a slash is the path /setting", function()
    assert.equal("/setting", match("/setting").pattern)
    assert.equal("/todos/3", url("todo", {id = "3"}))
  end)

  it("pop_to_root goes back to the list", function()
    nav.push("/todos/1")
    nav.push("/help")
    nav.pop_to_root()
    assert.equal("/todos", nav.path)
    assert.equal(1, #nav.stack)
  end)
end)

describe("mismatch", function()
  it("explain says why a todo id is no match", function()
    assert.is_nil(match("/todos/abc"))
    assert.truthy(explain("/todos/abc"):find("the id is not a number", 1, true))
    assert.truthy(explain("/todos/9"):find("no todo has the id 9", 1, true))
  end)
end)
