-- SwiftfulRouting's sample app, rebuilt on Switchyard: an onboarding flow over a
-- full-screen cover, alerts with button actions, stacked modals, pop-to, and a guard
-- that sends a logged-out user to /login.
--
--   switchyard -i examples/onboarding/app.lua        explore it in the REPL
--   switchyard test examples/onboarding/scenarios    run its scenarios
--
-- SwiftfulRouting's calls and theirs here:
--   router.enterScreenFlow([...])                 nav.start_flow("onboarding")
--   router.showNextScreen()                       nav.next()
--   router.showNextScreenOrDismissEnvironment()   nav.next_or_dismiss()
--   router.dismissEnvironment()                   nav.dismiss_environment()
--   router.showAlert(.alert, title:) { Button }   nav.alert{title =, buttons = {...}}
--   router.showModal(transition:) { ... }         nav.modal(path, {transition = "move-top"})
--   router.dismissScreenStack()                   nav.pop_to_root()
--   router.pushScreenStack([...])                 nav.push_stack{...}
--   router.showScreen(.push, onDismiss:)          nav.push(path, {on_dismiss = fn})
--   router.showAlert(.confirmationDialog, ...)    nav.alert{style = "confirmation", ...}
--   router.showBasicAlert(text:)                  nav.alert("text")
--   router.showResizableSheet(sheetDetents:)      nav.sheet(path, {detents = {"medium", "large"}})
--   router.showSafari { url }                     nav.browser(url)
--
-- The global `app` holds the session and the alerts, for the REPL and the scenarios:
--
--   > app.confirm_log_out()          shows the alert;  > nav.choose("Log out")
--   > app.log_in("Ada")              then :push /account gets past the guard
--   > app.enter_password(true)       settles the held push to /settings/privacy/data/delete

app = {}

--- Who is using the app. Scenarios reset it with app.reset_session().
app.session = {}

function app.reset_session()
  app.session.user = nil
  app.session.admin = false
  app.session.notifications = nil
  app.session.shared = nil
  app.session.tips_seen, app.session.unsaved = nil, nil
end

function app.log_in(name, admin)
  app.session.user = name
  app.session.admin = admin == true
end

function app.log_out()
  app.session.user = nil
  app.session.admin = false
end

app.reset_session()

--- SwiftfulRouting's showAlert with two buttons; "Log out" acts, "Cancel" only closes.
-- app.confirm_log_out(); nav.choose("Log out")
function app.confirm_log_out()
  nav.alert{
    title = "Log out?",
    message = "You will need your password to come back.",
    buttons = {"Cancel", {"Log out", app.log_out}},
  }
end

--- SwiftfulRouting's confirmation dialog: a choice among actions, rising from the bottom.
function app.share_options()
  nav.alert{
    title = "Share the app",
    style = "confirmation",
    buttons = {{"Copy link", function() app.session.shared = "link" end}, "Cancel"},
  }
end

--- Settings › Privacy › Your Data in one step, one Back entry (pushScreenStack).
function app.open_your_data()
  nav.push_stack{"/settings", "/settings/privacy", "/settings/privacy/data"}
end

--- A tip over the screen that counts, when it goes, how many tips were seen (onDismiss).
function app.show_tip()
  nav.modal("/modal/tip", {
    transition = "move-top", background = "blur", animation = "spring", alignment = "top", use_device_bounds = false,
    on_dismiss = function() app.session.tips_seen = (app.session.tips_seen or 0) + 1 end,
  })
end

--- The help page in the in-app browser (showSafari); nav.dismiss() closes it.
function app.open_help()
  nav.browser("https://example.com/onboarding/help")
end

--- Asks whether to allow notifications; the answer is kept in the session.
function app.ask_notifications()
  nav.alert{
    title = "Allow notifications?",
    buttons = {
      {"Allow", function() app.session.notifications = true end},
      {"Not now", function() app.session.notifications = false end},
    },
  }
end

-- A guard: nil/true lets the user in, a path sends them there instead, false refuses.
local function signed_in(info)
  if app.session.user then return true end
  return "/login?next=" .. info.path
end

local function admin_only()
  return app.session.admin
end

route("/", {
  title = "Home",
  view = function()
    if app.session.user then return "Welcome back, " .. app.session.user .. "." end
    return "Welcome! Start the onboarding or log in."
  end,
  links = {"/welcome", "/account", "/settings", "/login"},
})

route("/login", {
  title = "Log In",
  view = function(info)
    local next_path = info.query.next
    if next_path then return "Log in to continue to " .. next_path .. "." end
    return "Log in with your name."
  end,
  links = {"/"},
})

-- The onboarding screens. Each screen only ever says "next": the flow decides where.
route("/welcome", {
  presentation = "cover",
  title = "Welcome",
  view = "Three quick steps and you are in.",
  links = {"/onboarding/name"},
})

group("/onboarding", function()
  route("name", {title = "Your Name", view = "What should we call you?", links = {"/onboarding/notifications"}})
  route("notifications", {
    title = "Notifications",
    view = "Allow notifications? (app.ask_notifications())",
    links = {"/onboarding/done"},
  })
  route("done", {title = "All Set", view = "You are ready. next_or_dismiss closes the cover.", links = {"/"}})
end)

flow("onboarding", {
  {"/welcome", as = "cover"},
  "/onboarding/name",
  "/onboarding/notifications",
  "/onboarding/done",
})

-- A global sign-in hook (nav.before: Vue's beforeEach, go_router's top-level redirect), asked before
-- every landing's own guards: a signed-in user has no business on /login, and goes where its `next`
-- said, else to /account. It returns a handle; `app.sign_in_hook:off()` removes it.
app.sign_in_hook = nav.before(function(to)
  if to.path == "/login" and app.session.user then return to.query.next or "/account" end
end)

-- Screens behind the guard.
route("/account", {
  guard = signed_in,
  title = "Account",
  view = function() return "Signed in as " .. app.session.user .. "." end,
  links = {"/account/admin", "/settings"},
})

route("/account/admin", {
  entry = true,   -- a deep link once signed in (myapp://account/admin); the crawl cannot sign in
  guard = admin_only,
  title = "Admin",
  view = "Only administrators see this.",
  links = {"/account"},
})

-- A settings tree, deep enough for pop_to.
route("/settings", {title = "Settings", view = "Privacy, about, your profile.",
  links = {"/settings/privacy", "/settings/about", "/settings/profile"}})
-- A leave guard that waits for a dialog (react-router's useBlocker, Angular's canDeactivate): with
-- unsaved changes, leaving the profile holds the navigation until the "Discard changes?" answer:
--   > app.edit_profile("Ada L.")   > :back          pending (nav.pending_navigation.kind == "leave")
--   > app.discard_changes(true)    the held Back goes ahead; false keeps you editing, timeline intact
route("/settings/profile", {
  title = "Your Profile",
  view = function() return app.session.unsaved and "Unsaved: " .. app.session.unsaved or "Your name and photo." end,
  links = {"/settings"},
  leave = function() if app.session.unsaved then return nav.pending("discard-changes") end end,
})

--- Typing in the profile form: the change is unsaved until app.save_profile().
function app.edit_profile(text) app.session.unsaved = text end
function app.save_profile() app.session.unsaved = nil end

--- The "Discard changes?" dialog's answer: yes lets the held navigation go on, no drops it.
function app.discard_changes(yes)
  if yes then app.session.unsaved = nil end
  return nav.settle("discard-changes", yes == true)
end

--- Signing out deep in the account: the guards of every screen shown are asked again
-- (nav.revalidate, go_router's refreshListenable), and the first that now redirects acts:
-- the account screens give way to /login, as one Back entry.
function app.sign_out()
  app.log_out()
  return nav.revalidate()
end
-- A resizable sheet of display options: nav.sheet("/settings/display", {detents = {"medium", "large"}}),
-- from code, not a link (hence `entry`).
route("/settings/display", {entry = true, title = "Display", view = "Text size and theme.", links = {"/settings"}})
route("/settings/privacy", {title = "Privacy", view = "Your data.", links = {"/settings/privacy/data"}})
route("/settings/privacy/data", {title = "Your Data", view = "Download or delete your data.",
  links = {"/settings", "/settings/privacy/data/delete"}})
-- A guard that waits (go_router's and Vue Router's asynchronous guards): deleting your data asks for
-- the password again, and the navigation is held, changing nothing, until the answer comes:
--   > :push /settings/privacy/data/delete     pending (nav.pending_navigation)
--   > app.enter_password(true)                 settles it: now at the delete screen
route("/settings/privacy/data/delete", {
  guard = function() return nav.pending("password") end,
  title = "Delete Your Data",
  view = "This cannot be undone.",
  links = {"/settings"},
})

--- The password prompt's answer: a right password lets the held navigation go on, a wrong one drops it.
function app.enter_password(correct)
  return nav.settle("password", correct == true)
end
route("/settings/about", {title = "About", view = "Switchyard onboarding sample.", links = {"/settings"}})

-- Modals sit over the current screen and stack (SwiftfulRouting's showModal). Shown by code
-- (nav.modal), not by a link: `entry` tells `switchyard check` they are reached from outside the map.
route("/modal/tip", {entry = true, title = "Tip", view = "Swipe left to archive.", links = {"/modal/rating"}})
route("/modal/rating", {title = "Rate Us", view = "Enjoying the app?", links = {"/modal/tip"}})

not_found{title = "Not Found", view = function(info) return "No screen at " .. info.path end, links = {"/"}}

-- The rest of SwiftfulRouting's showModal and showResizableSheet (app.show_tip above passes them too):
--   router.showModal(animation:, alignment:, useDeviceBounds:)
--                      nav.modal(path, {animation = "spring", alignment = "top", use_device_bounds = false})
--   router.showResizableSheet(sheetDetents:, showDragIndicator: true)
--                      nav.sheet(path, {detents = {"medium", "large"}, drag_indicator = true})

--- The tip reached by a link (a push notification, say): the modal over the root screen.
function app.open_tip_link()
  nav.open("onboarding://modal/tip?presentation=modal")
end

--- The display options as a resizable sheet with its drag indicator (showResizableSheet).
function app.show_display_options()
  nav.sheet("/settings/display", {detents = {"medium", "large"}, drag_indicator = true})
end

-- Invariants: rules every reachable state keeps (switchyard walk checks them after
-- each random step; the REPL warns after each navigation that breaks one).
invariant("signed out never sees the account", function()
  if app.session.user then return true end
  for _, screen in ipairs(nav.stack) do
    if screen.path:find("^/account") then return false, "signed out, yet " .. screen.path .. " is on the stack" end
  end
  return true
end)

invariant("only administrators see /account/admin", function()
  return app.session.admin or nav.path ~= "/account/admin"
end)

-- A session flag: whether someone is signed in, which the guards above read. `switchyard walk`
-- signs in and out as a move (set_flag: the change, then nav.revalidate()), so it meets the screens
-- a sign-out leaves up; each walk run starts signed out, the first value.
flag("signed_in", {false, true}, function(on)
  if on then app.log_in("Ada") else app.log_out() end
end)

return app
