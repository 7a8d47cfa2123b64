/// One line on each function and constant of Lua 5.4's standard library, in our words from the facts
/// of the reference manual (§6), for `help(print)`, `help(string.gsub)`, `?table.sort` and `:help
/// math.floor`. Libraries the sandbox leaves out (io, package, debug, most of os) are here too: a
/// person reading a script written for plain `lua` may ask about them.
///
///     LuaStandardLibraryHelp.entry(named: "string.gsub")?.signature   // "string.gsub(s, pattern, repl [, n])"
enum LuaStandardLibraryHelp {
    struct Entry: Equatable {
        /// As a script reaches it: "print", "string.gsub", "math.pi".
        let name: String
        let signature: String
        let summary: String
        /// Where the manual describes it: "§6.4".
        let section: String
    }

    static func entry(named name: String) -> Entry? { byName[name] }

    static var names: [String] { entries.map(\.name) }

    private static let byName: [String: Entry] = Dictionary(entries.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })

    static let entries: [Entry] = base + coroutine + package + string + utf8 + table + math + io + os + debug

    private static func library(_ section: String, _ prefix: String,
                                _ items: [(String, String, String)]) -> [Entry] {
        items.map { name, parameters, summary in
            let full = prefix.isEmpty ? name : prefix + "." + name
            return Entry(name: full, signature: parameters.isEmpty ? full : full + parameters, summary: summary,
                         section: section)
        }
    }

    private static let base = library("§6.1", "", [
        ("assert", "(v [, message, ...])", "raises `message` (default \"assertion failed!\") when v is false or nil; otherwise returns all its arguments"),
        ("collectgarbage", "([opt [, arg]])", "drives the garbage collector: \"collect\" (default) runs a full cycle, \"count\" gives the memory in use in KB, \"step\", \"incremental\", \"generational\", \"isrunning\" ..."),
        ("dofile", "([filename])", "runs the file (stdin without one) as a chunk and returns what it returns; errors propagate"),
        ("error", "(message [, level])", "raises message; level 1 (default) prefixes the position of the function that called error, 2 its caller's, 0 none"),
        ("getmetatable", "(object)", "the object's metatable, or its __metatable field when that is set, or nil"),
        ("ipairs", "(t)", "iterates i, t[i] for i = 1, 2, ... until the first nil value"),
        ("load", "(chunk [, chunkname [, mode [, env]]])", "compiles a string (or the pieces a function returns) into a function without running it; on a syntax error returns nil and the message"),
        ("loadfile", "([filename [, mode [, env]]])", "as load, reading the chunk from a file (stdin without one)"),
        ("next", "(table [, index])", "the key after index and its value (the first pair without index); nil at the end. The order is unspecified"),
        ("pairs", "(t)", "iterates every key and value of t (through __pairs when the metatable has one); the order is unspecified"),
        ("pcall", "(f [, arg1, ...])", "calls f in protected mode: true and f's results, or false and the error, never raising"),
        ("print", "(...)", "writes each argument through tostring to stdout, separated by tabs, then a newline"),
        ("rawequal", "(v1, v2)", "whether v1 and v2 are the same value, without calling __eq"),
        ("rawget", "(table, index)", "table[index] without calling __index"),
        ("rawlen", "(v)", "the length of a table or string, without calling __len"),
        ("rawset", "(table, index, value)", "sets table[index] = value without calling __newindex; returns table"),
        ("require", "(modname)", "loads a module once (package.loaded remembers it) and returns its value and where it was found"),
        ("select", "(index, ...)", "the arguments after position index (negative counts from the end); select(\"#\", ...) counts them"),
        ("setmetatable", "(table, metatable)", "gives table that metatable (nil removes it) and returns table; an error when the old one has __metatable"),
        ("tonumber", "(e [, base])", "converts a string (or number) to a number, nil when it cannot; with base 2 to 36, an integer numeral in that base"),
        ("tostring", "(v)", "v as a human-readable string (through __tostring or __name when the metatable has them)"),
        ("type", "(v)", "the name of v's type: \"nil\", \"number\", \"string\", \"boolean\", \"table\", \"function\", \"thread\" or \"userdata\""),
        ("xpcall", "(f, msgh [, arg1, ...])", "as pcall, but an error first goes through the message handler msgh (to add a traceback, say)"),
        ("warn", "(msg1, ...)", "emits a warning made of its string arguments joined; \"@on\" and \"@off\" switch warnings on and off"),
        ("_G", "", "the global environment table (_G._G == _G)"),
        ("_VERSION", "", "the running Lua version as a string, \"Lua 5.4\""),
    ])

    private static let coroutine = library("§6.2", "coroutine", [
        ("close", "(co)", "closes a suspended or dead coroutine, closing its pending to-be-closed variables; true, or false and the error"),
        ("create", "(f)", "a new coroutine whose body is f, suspended until the first resume"),
        ("isyieldable", "([co])", "whether co (default: the running coroutine) may yield"),
        ("resume", "(co [, val1, ...])", "starts or continues co; true and what it yielded or returned, or false and its error"),
        ("running", "()", "the running coroutine and whether it is the main one"),
        ("status", "(co)", "\"running\", \"suspended\", \"normal\" or \"dead\""),
        ("wrap", "(f)", "a function that resumes a new coroutine with body f at each call, raising its errors"),
        ("yield", "(...)", "suspends the running coroutine; its arguments are what resume returns"),
    ])

    private static let package = library("§6.3", "package", [
        ("config", "", "the compile-time settings of require: directory separator, path separator, substitution mark ..."),
        ("cpath", "", "the path require searches for C libraries"),
        ("loaded", "", "the modules already loaded, by name: what require returns without loading again"),
        ("loadlib", "(libname, funcname)", "links a C library into the program and returns its function funcname"),
        ("path", "", "the path require searches for Lua modules (templates separated by ';', '?' the module name)"),
        ("preload", "", "loaders for particular modules, by name, consulted first by require"),
        ("searchers", "", "the functions require asks in turn to find a module's loader"),
        ("searchpath", "(name, path [, sep [, rep]])", "the first file the path's templates give for name that can be read, or nil and the files tried"),
    ])

    private static let string = library("§6.4", "string", [
        ("byte", "(s [, i [, j]])", "the numeric codes of the characters s[i] to s[j] (default: the first)"),
        ("char", "(...)", "a string made of the characters with these numeric codes"),
        ("dump", "(function [, strip])", "the binary chunk of a Lua function, which load can turn back into a copy"),
        ("find", "(s, pattern [, init [, plain]])", "the start and end of the first match of pattern in s (and its captures), or nil; plain turns pattern matching off"),
        ("format", "(formatstring, ...)", "its arguments formatted by a printf-like string (%d, %s, %q for a Lua literal, %5.2f ...)"),
        ("gmatch", "(s, pattern [, init])", "an iterator over the matches of pattern in s, giving each one's captures (or the whole match)"),
        ("gsub", "(s, pattern, repl [, n])", "a copy of s with (the first n) matches of pattern replaced by repl, a string, table or function; and how many were replaced"),
        ("len", "(s)", "the length of s in bytes"),
        ("lower", "(s)", "s with upper-case letters made lower-case"),
        ("match", "(s, pattern [, init])", "the captures of the first match of pattern in s (the whole match when there are none), or nil"),
        ("pack", "(fmt, v1, v2, ...)", "the values serialised into a binary string, as the format fmt lays them out"),
        ("packsize", "(fmt)", "how long a string string.pack makes with the format fmt (no variable-length parts allowed)"),
        ("rep", "(s, n [, sep])", "n copies of s joined, with sep between them"),
        ("reverse", "(s)", "s with its bytes in reverse order"),
        ("sub", "(s, i [, j])", "the substring from i to j (default: the end); negative positions count from the end"),
        ("unpack", "(fmt, s [, pos])", "the values string.pack packed into s with the format fmt, then the position after them"),
        ("upper", "(s)", "s with lower-case letters made upper-case"),
    ])

    private static let utf8 = library("§6.5", "utf8", [
        ("char", "(...)", "the UTF-8 encoding of each code point given, concatenated"),
        ("charpattern", "", "the pattern that matches exactly one UTF-8 byte sequence"),
        ("codes", "(s [, lax])", "an iterator over the positions and code points of s; an error on an invalid byte sequence"),
        ("codepoint", "(s [, i [, j [, lax]]])", "the code points of the characters that start between bytes i and j"),
        ("len", "(s [, i [, j [, lax]]])", "how many UTF-8 characters start between bytes i and j; nil and the position of the first invalid byte"),
        ("offset", "(s, n [, i])", "the byte position where the n-th character (counted from i) starts"),
    ])

    private static let table = library("§6.6", "table", [
        ("concat", "(list [, sep [, i [, j]]])", "the strings or numbers list[i] to list[j] joined with sep between them"),
        ("insert", "(list, [pos,] value)", "inserts value at pos (default: the end), moving the elements after it up"),
        ("move", "(a1, f, e, t [, a2])", "copies a1[f] to a1[e] into a2 (default a1) starting at t; returns a2"),
        ("pack", "(...)", "a new table holding the arguments at 1, 2, ... and their count in field n"),
        ("remove", "(list [, pos])", "removes and returns list[pos] (default: the last element), moving the ones after it down"),
        ("sort", "(list [, comp])", "sorts the list in place with < or comp(a, b) (true when a goes first); not stable"),
        ("unpack", "(list [, i [, j]])", "returns list[i] to list[j] (default: all of the sequence) as separate values"),
    ])

    private static let math = library("§6.7", "math", [
        ("abs", "(x)", "the absolute value of x"),
        ("acos", "(x)", "the arc cosine of x, in radians"),
        ("asin", "(x)", "the arc sine of x, in radians"),
        ("atan", "(y [, x])", "the arc tangent of y/x in radians, using both signs for the quadrant (x defaults to 1)"),
        ("ceil", "(x)", "the smallest integer not below x"),
        ("cos", "(x)", "the cosine of x (in radians)"),
        ("deg", "(x)", "the angle x converted from radians to degrees"),
        ("exp", "(x)", "e raised to the power x"),
        ("floor", "(x)", "the largest integer not above x"),
        ("fmod", "(x, y)", "the remainder of x / y, rounding the quotient towards zero"),
        ("huge", "", "a float larger than any other number (infinity)"),
        ("log", "(x [, base])", "the logarithm of x in base (default: e)"),
        ("max", "(x, ...)", "the largest of its arguments"),
        ("maxinteger", "", "the largest integer Lua can hold"),
        ("min", "(x, ...)", "the smallest of its arguments"),
        ("mininteger", "", "the smallest integer Lua can hold"),
        ("modf", "(x)", "the integral and the fractional parts of x"),
        ("pi", "", "the number π"),
        ("rad", "(x)", "the angle x converted from degrees to radians"),
        ("random", "([m [, n]])", "a pseudo-random float in [0, 1), or integer in [1, m] or [m, n]"),
        ("randomseed", "([x [, y]])", "seeds the pseudo-random generator (with x and y, or something random); returns the seed"),
        ("sin", "(x)", "the sine of x (in radians)"),
        ("sqrt", "(x)", "the square root of x"),
        ("tan", "(x)", "the tangent of x (in radians)"),
        ("tointeger", "(x)", "x as an integer when it has an exact integer value, otherwise nil"),
        ("type", "(x)", "\"integer\" or \"float\" for a number, nil for anything else"),
        ("ult", "(m, n)", "whether the integer m is below n when both are read as unsigned"),
        // Lua 5.3's, kept by builds with LUA_COMPAT_MATHLIB (Debian's among them)
        ("atan2", "(y, x)", "deprecated since Lua 5.3: math.atan(y, x) does the same"),
        ("cosh", "(x)", "deprecated since Lua 5.3: the hyperbolic cosine of x"),
        ("frexp", "(x)", "deprecated since Lua 5.3: m and e such that x = m * 2^e, with m in [0.5, 1)"),
        ("ldexp", "(m, e)", "deprecated since Lua 5.3: m * 2^e"),
        ("log10", "(x)", "deprecated since Lua 5.3: the base-10 logarithm of x (math.log(x, 10))"),
        ("pow", "(x, y)", "deprecated since Lua 5.3: x raised to the power y (x ^ y)"),
        ("sinh", "(x)", "deprecated since Lua 5.3: the hyperbolic sine of x"),
        ("tanh", "(x)", "deprecated since Lua 5.3: the hyperbolic tangent of x"),
    ])

    private static let io = library("§6.8", "io", [
        ("close", "([file])", "closes file (default: the output file)"),
        ("flush", "()", "writes out what is buffered for the default output file"),
        ("input", "([file])", "the default input file; given a name or a file, makes it the default"),
        ("lines", "([filename, ...])", "an iterator over the lines of the file (or the default input), closing a named file at its end"),
        ("open", "(filename [, mode])", "opens a file in mode \"r\" (default), \"w\", \"a\", \"r+\" ... (\"b\" for binary); a file, or nil and the error"),
        ("output", "([file])", "the default output file; given a name or a file, makes it the default"),
        ("popen", "(prog [, mode])", "runs prog in a shell and returns a file to read its output (or, with \"w\", write its input)"),
        ("read", "(...)", "reads from the default input in the formats given (\"l\" a line, \"n\" a number, \"a\" everything, a count of bytes)"),
        ("stderr", "", "the standard error file"),
        ("stdin", "", "the standard input file"),
        ("stdout", "", "the standard output file"),
        ("tmpfile", "()", "a new temporary file, opened for update and removed when the program ends"),
        ("type", "(obj)", "\"file\", \"closed file\", or nil when obj is no file"),
        ("write", "(...)", "writes strings and numbers to the default output file"),
    ])

    private static let os = library("§6.9", "os", [
        ("clock", "()", "the CPU time the program has used, in seconds"),
        ("date", "([format [, time]])", "the date and time formatted as strftime does (\"*t\" gives a table; a leading \"!\" means UTC)"),
        ("difftime", "(t2, t1)", "the seconds from time t1 to time t2"),
        ("execute", "([command])", "runs a shell command; true or fail, then how it ended and its status"),
        ("exit", "([code [, close]])", "ends the program with code (true is success, the default)"),
        ("getenv", "(varname)", "the value of an environment variable, or nil"),
        ("remove", "(filename)", "deletes a file (or an empty directory)"),
        ("rename", "(oldname, newname)", "renames a file or directory"),
        ("setlocale", "(locale [, category])", "sets the program's locale, or queries it with nil"),
        ("time", "([table])", "the current time as a number, or the time a table of year, month, day ... stands for"),
        ("tmpname", "()", "a file name fit for a temporary file"),
    ])

    private static let debug = library("§6.10", "debug", [
        ("debug", "()", "an interactive prompt reading lines to run, until one says cont"),
        ("gethook", "([thread])", "the thread's hook function, mask and count"),
        ("getinfo", "([thread,] f [, what])", "a table about a function, or the function at stack level f: source, lines, name, parameters ..."),
        ("getlocal", "([thread,] f, local)", "the name and value of a local variable of the function at stack level f"),
        ("getmetatable", "(value)", "value's metatable, ignoring __metatable"),
        ("getregistry", "()", "the registry table"),
        ("getupvalue", "(f, up)", "the name and value of upvalue number up of f"),
        ("getuservalue", "(u, n)", "user value number n of the userdata u"),
        ("sethook", "([thread,] hook, mask [, count])", "sets a function called on calls (\"c\"), returns (\"r\"), new lines (\"l\") or every count instructions"),
        ("setcstacklimit", "(limit)", "deprecated in Lua 5.4.3 and after: does nothing and returns 0 (the C stack limit was fixed)"),
        ("setlocal", "([thread,] level, local, value)", "sets a local variable of the function at stack level level"),
        ("setmetatable", "(value, table)", "sets value's metatable, whatever its type"),
        ("setupvalue", "(f, up, value)", "sets upvalue number up of f"),
        ("setuservalue", "(udata, value, n)", "sets user value number n of udata"),
        ("traceback", "([thread,] [message [, level]])", "message followed by a traceback of the call stack"),
        ("upvalueid", "(f, n)", "a unique identifier of upvalue n of f, to tell whether closures share it"),
        ("upvaluejoin", "(f1, n1, f2, n2)", "makes upvalue n1 of f1 refer to upvalue n2 of f2"),
    ])
}
