-- SwiftfulRouting's conveniences: onDismiss, pushScreenStack, confirmation dialogs, basic
-- alerts, resizable sheets and their drag indicator, Safari, modal transitions, animations,
-- alignments and bounds.
require("app")

describe("SwiftfulRouting conveniences", function()
  before_each(function() app.reset_session() end)

  it("push_stack pushes the settings tree as one Back entry", function()
    app.open_your_data()
    assert.equal("/settings/privacy/data", nav.path)
    assert.equal(4, #nav.stack)
    nav.back()
    assert.equal("/", nav.path)
  end)

  it("a tip's on_dismiss runs once, when the tip goes", function()
    app.show_tip()
    assert.equal("move-top", nav.modals[1].transition)
    assert.equal("blur", nav.modals[1].background)
    assert.same({"spring", "top", false},
                {nav.modals[1].animation, nav.modals[1].alignment, nav.modals[1].use_device_bounds})
    assert.is_nil(app.session.tips_seen)
    nav.dismiss_modal()
    assert.equal(1, app.session.tips_seen)
    nav.push("/settings")
    app.open_tip_link()   -- a deep link with ?presentation=modal
    assert.same({"/", "/modal/tip", 1}, {nav.path, nav.modals[1].path, #nav.modals})
  end)

  it("the share options are a confirmation dialog", function()
    app.share_options()
    assert.equal("confirmation", nav.state.alert.style)
    nav.choose("Copy link")
    assert.equal("link", app.session.shared)
  end)

  it("a basic alert has one OK button", function()
    nav.alert("Saved")
    assert.same({"OK"}, nav.state.alert.buttons)
  end)

  it("display options are a resizable sheet with a drag indicator", function()
    app.show_display_options()
    assert.equal("medium", nav.state.environments[2].detent)
    assert.is_true(nav.state.environments[2].drag_indicator)
    nav.set_detent("large")
    assert.equal("large", nav.state.environments[2].detent)
    assert.has_error(function() nav.set_detent("full") end)
  end)

  it("help opens in the browser over everything", function()
    app.open_help()
    assert.equal("browser", nav.state.environments[2].kind)
    assert.equal("https://example.com/onboarding/help", nav.path)
    assert.has_error(function() nav.push("/settings") end)
    nav.dismiss()
    assert.equal("/", nav.path)
  end)
end)
