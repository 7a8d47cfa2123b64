/// A Lua string literal for generated Lua source: double-quoted, with `\\`, `\"` and control bytes
/// escaped as Lua reads them (`\n`, `\ddd`); other bytes, UTF-8 included, as they are.
///
///     LuaStringLiteral.quote("say \"hi\"\n")   // "say \"hi\"\n" as Lua source
package enum LuaStringLiteral {
    package static func quote(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": out += "\\\\"
            case "\"": out += "\\\""
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F:
                // Three digits, so a digit after it is not read as part of the escape.
                let digits = String(scalar.value)
                out += "\\" + String(repeating: "0", count: 3 - digits.count) + digits
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}
