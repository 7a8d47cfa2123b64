/// The `typed(code)` function a spec written from a REPL session defines to replay a line typed at
/// the prompt as the REPL ran it: a chunk of its own, compiled as an expression first (`:record` and
/// `:walk` write the same one).
///
///     lines += TypedChunkReplay.definition   // then `typed[[...]]` or `typed("...")` calls
package enum TypedChunkReplay {
    package static let definition = [
        "-- A line typed at the prompt, run as the REPL ran it: a chunk of its own, an expression first.",
        "local function typed(code)",
        "  local chunk = load(\"return \" .. code, \"=stdin\", \"t\") or assert(load(code, \"=stdin\", \"t\"))",
        "  return chunk()",
        "end",
    ]
}
