//! Assertions that wait for another branch's fix of issue 16.
//!
//! Each switch turns on the assertions that the fix establishes (they fail on a tree without
//! it). Until then the seeds and cases that touch the defect still run every property that
//! already holds. When a fix lands, set its switch to `true` in the same merge; the list, with
//! the exact assertion each one turns on, is in `docs/fuzzing.md`. The wasm API's switches
//! are the `PENDING` object of `tests/js/fuzz-api.test.mjs`.
//!
//! To try a fix before flipping its switch: `PLYGROUND_FUZZ_ENABLE=16.5 cargo test -p
//! plyground-fuzz` (a comma-separated list; `to-text` for [`TO_TEXT_WITHIN_LIMIT`]).

/// Whether the assertions of `item` (`"16.2"`, `"to-text"`, …) are on: its switch, or
/// `PLYGROUND_FUZZ_ENABLE`.
pub fn enabled(item: &str, switch: bool) -> bool {
    static ENV: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    switch
        || ENV
            .get_or_init(|| std::env::var("PLYGROUND_FUZZ_ENABLE").unwrap_or_default())
            .split(',')
            .any(|x| x.trim().trim_start_matches('#') == item)
}

/// #16.2 — searches and recordings linear in a node's number of children: the tree seeds
/// with 100,000 children (`generate: root-children 100000`, `chance-children 99999`) are
/// searched in full by minimax/expectiminimax and α-β and recorded by `trace::Recorder` with
/// a 100,000-node cap (today that is quadratic: seconds per seed).
pub const ISSUE_16_2_LINEAR_SEARCH: bool = true;

/// #16.5 — `plyground solve` reads past an invalid UTF-8 line: every line is answered or
/// named on stderr (`line N: …`), control characters in messages are escaped, and the exit
/// code is 2. Today the command stops at the first invalid UTF-8 line.
pub const ISSUE_16_5_SOLVE_BAD_UTF8: bool = true;

/// #16.6 — results that say more than they know: iterative deepening whose node budget runs
/// out *between* iterations returns the shallower iteration's value (EVAL = 0 at its cutoff)
/// with `complete: true` (`[-3,[[12]]]` with a budget of 3: value 0, complete; minimax 12).
/// Turns on: a complete iterative result has minimax's value, whatever the budget. Until
/// then only a result that did not use up its budget is held to it.
pub const ISSUE_16_6_ITERATIVE_COMPLETE: bool = true;

/// Found by this fuzzer (not in issue 16; fixed): `Tree::to_text` wrote a text longer than
/// the parser's 1 MiB limit for a tree parsed from a shorter one — a chance node with 99,999
/// children written as `1/99999: 3` came back as `1.000010000100001e-5: 3` (about 2.4 MB).
/// The writer now writes every number in its shortest exact form (`1/99999`), compactly when
/// over the limit, and `Tree::try_to_text` refuses, with the size, the few trees whose text
/// still would not fit (probabilities such as `.1/.3` with no short exact fraction). Turns on:
/// `try_to_text`'s text parses back into an equal tree for every accepted tree, and a refusal
/// happens only over the limit, naming it.
pub const TO_TEXT_WITHIN_LIMIT: bool = true;
