//! matchit's side of issue 37's side-by-side count: reads a route set that `switchyard-bench --dump-set`
//! wrote, declares it in a `matchit::Router`, holds matchit to what Switchyard's `match` found for every
//! query, and runs the loops case 11 counts for Switchyard (`InstructionCounts.swift`), so callgrind can
//! count both sides the same way. Built by `run.sh` (beside this file) in a temporary cargo project
//! against a matchit source directory; not part of the Swift packages.
//!
//!     matchit-peer check DIR              holds matchit to DIR/expected.txt, says what it translated
//!     matchit-peer count DIR              the counted loops (under callgrind, see run.sh)
//!     matchit-peer count DIR beforehand   the same with each query cut or lower-cased before the loops
//!
//! Translation: `:p` is `{p}`, `*p` is `{*p}`; a pattern with optional segments (`:x?/:y?`, trailing
//! only) stands for one route per number of them present, each inserted with the pattern's index.
//! matchit reads a path, not a URL, and has no case-insensitive mode: a query with `?` or `#` is cut
//! there first (as a server hands matchit `uri.path()`), and in a case-insensitive set the query is
//! lower-cased first (every pattern is lower case). Both happen inside the counted loop unless
//! `beforehand` is given.

use matchit::Router;
use std::hint::black_box;
use std::path::Path;
use std::process::exit;
use std::{env, fs};

/// One query's expected outcome: the pattern's index (none: a miss) and its decoded parameters.
struct Expected {
    route: Option<usize>,
    params: Vec<(String, String)>,
}

struct RouteSet {
    name: String,
    case_insensitive: bool,
    patterns: Vec<String>,
    queries: Vec<String>,
    expected: Vec<Expected>,
}

fn lines(dir: &Path, file: &str) -> Result<Vec<String>, String> {
    let path = dir.join(file);
    let text = fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()))?;
    Ok(text.lines().map(str::to_owned).collect())
}

fn read_set(dir: &Path) -> Result<RouteSet, String> {
    let mut name = String::new();
    let mut case_insensitive = false;
    for line in lines(dir, "set.txt")? {
        match line.split_once(' ') {
            Some(("name", value)) => name = value.to_owned(),
            Some(("case-insensitive", value)) => case_insensitive = value == "yes",
            _ => {}
        }
    }
    let patterns = lines(dir, "patterns.txt")?;
    let queries = lines(dir, "queries.txt")?;
    let mut expected = Vec::new();
    for (number, line) in lines(dir, "expected.txt")?.iter().enumerate() {
        let mut fields = line.split('\t');
        let route: i64 = fields
            .next()
            .and_then(|field| field.parse().ok())
            .ok_or(format!("expected.txt:{}: no route index", number + 1))?;
        let rest: Vec<&str> = fields.collect();
        if rest.len() % 2 != 0 {
            return Err(format!("expected.txt:{}: a parameter name without a value", number + 1));
        }
        let params = rest.chunks(2).map(|pair| (pair[0].to_owned(), pair[1].to_owned())).collect();
        expected.push(Expected { route: usize::try_from(route).ok(), params });
    }
    if expected.len() != queries.len() {
        return Err(format!("{}: {} queries but {} expected lines", dir.display(), queries.len(), expected.len()));
    }
    Ok(RouteSet { name, case_insensitive, patterns, queries, expected })
}

/// The matchit routes one Switchyard pattern stands for.
fn translate(pattern: &str) -> Result<Vec<String>, String> {
    let mut fixed = String::new();
    let mut optional: Vec<String> = Vec::new();
    for segment in pattern.split('/').skip(1) {
        let written = if let Some(name) = segment.strip_prefix(':') {
            match name.strip_suffix('?') {
                Some(name) => {
                    optional.push(format!("/{{{name}}}"));
                    continue;
                }
                None => format!("/{{{name}}}"),
            }
        } else if let Some(name) = segment.strip_prefix('*') {
            if name.is_empty() {
                return Err(format!("{pattern}: a bare `*` has no name for matchit"));
            }
            format!("/{{*{name}}}")
        } else {
            // matchit reads `{` and `}` in static text as doubled.
            format!("/{}", segment.replace('{', "{{").replace('}', "}}"))
        };
        if !optional.is_empty() {
            return Err(format!("{pattern}: only trailing optional segments are translated"));
        }
        fixed.push_str(&written);
    }
    let mut routes = Vec::new();
    for present in 0..=optional.len() {
        let route = fixed.clone() + &optional[..present].concat();
        routes.push(if route.is_empty() { "/".to_owned() } else { route });
    }
    Ok(routes)
}

fn router(set: &RouteSet) -> Result<(Router<usize>, usize), String> {
    let mut router = Router::new();
    let mut inserted = 0;
    for (index, pattern) in set.patterns.iter().enumerate() {
        for route in translate(pattern)? {
            router.insert(route.as_str(), index).map_err(|e| format!("{pattern} as {route}: {e}"))?;
            inserted += 1;
        }
    }
    Ok((router, inserted))
}

/// What matchit is given for `query`: the path before any `?` or `#`, lower-cased for a
/// case-insensitive set, written into `buffer` when it has to change.
#[inline(always)]
fn prepared<'q>(query: &'q str, lower: bool, buffer: &'q mut String) -> &'q str {
    let end = query.bytes().position(|b| b == b'?' || b == b'#').unwrap_or(query.len());
    if !lower {
        return &query[..end];
    }
    buffer.clear();
    buffer.push_str(&query[..end]);
    buffer.make_ascii_lowercase();
    buffer
}

fn percent_decoded(text: &str) -> String {
    fn hex(byte: u8) -> Option<u8> {
        (byte as char).to_digit(16).map(|digit| digit as u8)
    }
    let bytes = text.as_bytes();
    let mut decoded = Vec::with_capacity(bytes.len());
    let mut index = 0;
    while index < bytes.len() {
        if bytes[index] == b'%' && index + 2 < bytes.len() {
            if let (Some(high), Some(low)) = (hex(bytes[index + 1]), hex(bytes[index + 2])) {
                decoded.push(high * 16 + low);
                index += 3;
                continue;
            }
        }
        decoded.push(bytes[index]);
        index += 1;
    }
    String::from_utf8_lossy(&decoded).into_owned()
}

/// Every query reaches the route Switchyard's `match` found, with the same decoded parameters.
fn check(set: &RouteSet, router: &Router<usize>) -> Result<(), String> {
    let mut buffer = String::new();
    for (query, expected) in set.queries.iter().zip(&set.expected) {
        let path = prepared(query, set.case_insensitive, &mut buffer);
        let found = router.at(path).ok();
        let route = found.as_ref().map(|m| *m.value);
        if route != expected.route {
            let name = |route: Option<usize>| route.map_or("nothing".to_owned(), |r| set.patterns[r].clone());
            return Err(format!("{}: {query} reaches {} in Switchyard, {} in matchit",
                               set.name, name(expected.route), name(route)));
        }
        let Some(found) = found else { continue };
        let mut params: Vec<(String, String)> =
            found.params.iter().map(|(name, value)| (name.to_owned(), percent_decoded(value))).collect();
        let mut wanted = expected.params.clone();
        params.sort();
        wanted.sort();
        if params != wanted {
            return Err(format!("{}: {query}: Switchyard's parameters {wanted:?}, matchit's {params:?}", set.name));
        }
    }
    Ok(())
}

/// The loop case 11 counts: `count` operations over the ring of queries, each result added to a checksum.
/// Callgrind zeroes its counters as it is entered (`--zero-before='*counted_loop*'`).
#[inline(never)]
fn counted_loop<F: FnMut(&str) -> usize>(queries: &[String], count: usize, body: &mut F) -> usize {
    let mut checksum = 0usize;
    let mut input = 0;
    for _ in 0..count {
        checksum = checksum.wrapping_add(body(&queries[input]));
        input += 1;
        if input == queries.len() {
            input = 0;
        }
    }
    checksum
}

/// Where callgrind writes its counters out (`--dump-before='*loop_ended*'`).
#[inline(never)]
fn loop_ended() {
    black_box(());
}

/// As `InstructionCounts.runLoops`: a warm-up ring, then one ring and eleven, each followed by the marker.
fn rings<F: FnMut(&str) -> usize>(queries: &[String], body: &mut F) {
    black_box(counted_loop(queries, queries.len(), body));
    for rings in [1, 11] {
        black_box(counted_loop(queries, rings * queries.len(), body));
        loop_ended();
    }
}

/// matchit's result as the Swift loops make theirs: the route plus its parameter count, or -1.
#[inline(always)]
fn lookup(router: &Router<usize>, path: &str) -> usize {
    match router.at(path) {
        Ok(found) => found.value.wrapping_add(found.params.len()),
        Err(_) => usize::MAX,
    }
}

fn run() -> Result<(), String> {
    let arguments: Vec<String> = env::args().skip(1).collect();
    let (command, dir, beforehand) = match arguments.as_slice() {
        [command, dir] => (command.as_str(), dir, false),
        [command, dir, flag] if flag == "beforehand" => (command.as_str(), dir, true),
        _ => return Err("usage: matchit-peer check|count DIR [beforehand]".to_owned()),
    };
    let set = read_set(Path::new(dir))?;
    let (router, inserted) = router(&set)?;
    check(&set, &router)?;
    let lower = set.case_insensitive;
    match command {
        "check" => {
            println!(
                "{} {}: matchit agrees with Switchyard on all {} queries ({} patterns inserted as {} routes{})",
                set.name,
                set.patterns.len(),
                set.queries.len(),
                set.patterns.len(),
                inserted,
                if lower { "; queries lower-cased" } else { "" }
            );
            Ok(())
        }
        "count" => {
            let mut buffer = String::new();
            if beforehand {
                let queries: Vec<String> =
                    set.queries.iter().map(|query| prepared(query, lower, &mut buffer).to_owned()).collect();
                rings(&queries, &mut |path: &str| lookup(&router, path));
            } else if lower || set.queries.iter().any(|query| query.contains(['?', '#'])) {
                rings(&set.queries, &mut |query: &str| lookup(&router, prepared(query, lower, &mut buffer)));
            } else {
                rings(&set.queries, &mut |path: &str| lookup(&router, path));
            }
            rings(&set.queries, &mut |path: &str| path.len());
            Ok(())
        }
        _ => Err(format!("unknown command {command}: check or count")),
    }
}

fn main() {
    if let Err(message) = run() {
        eprintln!("matchit-peer: {message}");
        exit(1);
    }
}
