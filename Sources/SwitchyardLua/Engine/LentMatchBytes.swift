import Switchyard

// The bytes Lua's info tables are built from, with no `String` made. They live here, not in the core,
// because what `body` returns is a C status of the shim (`LUA_OK` or a raise code); the core lends its
// bytes through `withBytes` (`ParameterBytes`).

extension RouteMatchView {
    /// One parameter of a lent match, as `withUTF8Parts` gives it.
    struct UTF8Parameter {
        let name: UnsafeBufferPointer<UInt8>
        /// Nil for an optional parameter that is absent.
        let value: UnsafeBufferPointer<UInt8>?
    }

    /// The UTF-8 of the pattern and of every parameter of the pattern, in pattern order, absent ones
    /// included (the shim keeps what it made of a route's names by position), valid inside `body`. A
    /// value without '%' is its span of the caller's bytes as it is; one with '%' is decoded (into a
    /// buffer made for the call). `body` returns a C status. Nil for a resolved match (not a plain path,
    /// or a validator ran): read `info` instead.
    func withUTF8Parts(_ body: (_ pattern: UnsafeBufferPointer<UInt8>,
                                _ parameters: UnsafeBufferPointer<UTF8Parameter>) -> Int32) -> Int32? {
        var status: Int32 = 0
        let lent = withBytes { pattern, bytes in
            status = withUnsafeTemporaryAllocation(of: UTF8Parameter.self, capacity: bytes.count) { parameters in
                var escaped = false
                for index in 0..<bytes.count {
                    let value = bytes.value(index)
                    escaped = escaped || value?.contains(UInt8(ascii: "%")) == true
                    parameters.initializeElement(at: index, to: UTF8Parameter(name: bytes.name(index), value: value))
                }
                if escaped { return Self.decoding(parameters, bytes) { body(pattern, $0) } }
                return body(pattern, UnsafeBufferPointer(parameters))
            }
        }
        return lent ? status : nil
    }

    /// `body` with the parameters whose values hold '%' pointing at their decoded bytes instead.
    private static func decoding(_ parameters: UnsafeMutableBufferPointer<UTF8Parameter>, _ bytes: ParameterBytes,
                                 _ body: (UnsafeBufferPointer<UTF8Parameter>) -> Int32) -> Int32 {
        var decoded: [UInt8] = []
        var ranges: [(index: Int, range: Range<Int>)] = []
        for (index, parameter) in parameters.enumerated() {
            guard let value = parameter.value, value.contains(UInt8(ascii: "%")),
                  let text = bytes.decodedValue(index) else { continue }
            let start = decoded.count
            decoded += text.utf8
            ranges.append((index, start..<decoded.count))
        }
        return decoded.withUnsafeBufferPointer { decoded in
            for (index, range) in ranges {
                parameters[index] = UTF8Parameter(name: parameters[index].name,
                                                  value: UnsafeBufferPointer(rebasing: decoded[range]))
            }
            return body(UnsafeBufferPointer(parameters))
        }
    }
}

extension Parameters {
    /// The UTF-8 of one present parameter, valid inside `withUTF8Pairs`.
    struct UTF8Pair {
        let name: UnsafeBufferPointer<UInt8>
        let value: UnsafeBufferPointer<UInt8>
    }

    /// The UTF-8 of each present name and value, in pattern order, with no `String` made; `body` returns
    /// a C status. Nil, and `body` not called, when a value holds an escape to decode (read those through
    /// the subscript).
    func withUTF8Pairs(_ body: (UnsafeBufferPointer<UTF8Pair>) -> Int32) -> Int32? {
        var status: Int32?
        withBytes { bytes in
            status = withUnsafeTemporaryAllocation(of: UTF8Pair.self, capacity: bytes.count) { pairs -> Int32? in
                var filled = 0
                for index in 0..<bytes.count {
                    guard let value = bytes.value(index) else { continue }
                    if bytes.escaped && value.contains(UInt8(ascii: "%")) { return nil }
                    pairs.initializeElement(at: filled, to: UTF8Pair(name: bytes.name(index), value: value))
                    filled += 1
                }
                return body(UnsafeBufferPointer(rebasing: pairs[0..<filled]))
            }
        }
        return status
    }
}
