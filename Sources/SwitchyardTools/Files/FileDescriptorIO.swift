#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Whole reads and writes on a file descriptor, retrying short transfers and EINTR: what Foundation's
/// FileHandle did for us, without loading Foundation (it dominated start-up time).
///
///     let code = String(decoding: FileDescriptorIO.readAll(from: STDIN_FILENO), as: UTF8.self)
///     FileDescriptorIO.write(Array("hello\n".utf8), to: STDOUT_FILENO)   // 0, or the errno
enum FileDescriptorIO {
    /// 0 when every byte was written, else the errno that stopped it.
    @discardableResult
    static func write(_ bytes: [UInt8], to descriptor: Int32) -> Int32 {
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { buffer in
                Glibc.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
            }
            if written < 0 && errno == EINTR { continue }
            if written < 0 { return errno }
            if written == 0 { return EIO }
            offset += written
        }
        return 0
    }

    /// Everything until end of file (or the first error); nil once it passes `limit` bytes.
    static func readAll(from descriptor: Int32, limit: Int = .max) -> [UInt8]? {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress!, $0.count) }
            if count < 0 && errno == EINTR { continue }
            if count <= 0 { return bytes }
            bytes += chunk[..<count]
            if bytes.count > limit { return nil }
        }
    }
}
