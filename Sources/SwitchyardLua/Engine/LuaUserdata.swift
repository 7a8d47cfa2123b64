import CLuaShim

/// A full userdata held from Swift; when it boxes a Swift object, `object` returns it.
///
/// ```swift
/// let metatable = try engine.makeUserdataMetatable()
/// let handle = try engine.makeUserdata(Handle(), metatable: metatable)
/// (handle.object as? Handle)?.off()
/// ```
public final class LuaUserdata: LuaReference {
    /// The Swift object inside, or nil for userdata that is not a Swift box (or was finalized).
    public var object: AnyObject? {
        try? withPushed { (L, index) throws(LuaError) -> AnyObject? in
            guard let box = sy_tobox(L, index) else { return nil }
            return Unmanaged<AnyObject>.fromOpaque(box).takeUnretainedValue()
        }
    }
}
