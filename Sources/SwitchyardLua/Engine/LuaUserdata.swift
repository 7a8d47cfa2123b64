import CLuaShim

/// A full userdata held from Swift (the runtime's own handles, such as what `nav.on` returns, are
/// userdata boxing Swift objects); Swift holds it and can hand it back to Lua.
///
/// ```swift
/// let results = try runtime.engine.run("return nav.on('push', function() end)", chunkName: "=host")
/// if case .userdata(let handle) = results[0] { try runtime.engine.globals.rawSet("handle", .userdata(handle)) }
/// ```
public final class LuaUserdata: LuaReference {
    /// The Swift object inside, or nil for userdata that is not a Swift box (or was finalized).
    var object: AnyObject? {
        try? withPushed { (L, index) throws(LuaError) -> AnyObject? in
            guard let box = sy_tobox(L, index) else { return nil }
            return Unmanaged<AnyObject>.fromOpaque(box).takeUnretainedValue()
        }
    }
}
