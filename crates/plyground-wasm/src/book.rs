//! The Connect-4 opening book in the module: `loadConnect4Book(bytes)` reads a book file
//! (`www/book/connect4.book`, the format of `plyground::search::book`) once; from then on
//! the module's solver (`solveConnect4`, `analyzeConnect4`, `solveGame`, `Stepper.forSolve`)
//! and every perfect player's `Engine` use it. The module never fetches anything: the worker
//! (or a page) fetches the file when `connect4BookWanted` or `Engine.wantsBook` says a
//! position would use it, and hands the bytes over.

use crate::util::{at, js_err, string_arg, to_js};
use plyground::games::connect4::Connect4;
use plyground::search::book::{self, Book};
use serde::Serialize;
use std::cell::RefCell;
use std::sync::Arc;
use wasm_bindgen::prelude::*;

thread_local! {
    /// The book loaded, if any. Borrowed only to clone the `Arc` (never across a call into
    /// JavaScript).
    static BOOK: RefCell<Option<Arc<Book>>> = const { RefCell::new(None) };
}

/// The book loaded into the module, if any.
pub(crate) fn current() -> Option<Arc<Book>> {
    BOOK.with(|b| b.borrow().clone())
}

/// The depth a book would have: the loaded one's, else the shipped book's.
pub(crate) fn depth() -> u8 {
    current().map_or(book::SHIPPED_DEPTH, |b| b.depth())
}

/// `loadConnect4Book(bytes)`: reads an opening book (a `Uint8Array` of a book file) and uses
/// it from the next search on (a second call replaces the first book). Returns `{depth,
/// positions}`. Throws, keeping the book it had, when `bytes` is not a `Uint8Array` or is not
/// a valid book (the reason named: not a book, unknown kind, too deep, wrong count, damaged).
#[wasm_bindgen(js_name = loadConnect4Book, unchecked_return_type = "BookInfo")]
pub fn load_connect4_book(
    #[wasm_bindgen(unchecked_param_type = "Uint8Array")] bytes: JsValue,
) -> Result<JsValue, JsError> {
    let place = at("loadConnect4Book");
    let Some(arr) = bytes.dyn_ref::<js_sys::Uint8Array>() else {
        return Err(place(format!("bytes must be a Uint8Array, got {}", crate::util::describe(&bytes))));
    };
    let b = Book::from_bytes(&arr.to_vec()).map_err(|e| js_err(format!("loadConnect4Book: {e}")))?;
    /// What loadConnect4Book read.
    #[derive(Serialize, tsify_next::Tsify)]
    #[tsify(missing_as_null)]
    struct BookInfo {
        /// The number of stones of every position in the book (9 for book/connect4.book).
        depth: f64,
        /// Its positions, a position and its mirror image once.
        positions: f64,
    }
    let out = BookInfo { depth: b.depth().into(), positions: b.len() as f64 };
    BOOK.with(|slot| *slot.borrow_mut() = Some(Arc::new(b)));
    to_js(&out)
}

/// `connect4BookWanted(moves)`: true when no book is loaded yet and solving or analysing the
/// position after `moves` (1-based columns) would use one (it has at most the book's depth in
/// stones: 9 for the shipped book) — the cue to fetch `book/connect4.book` and
/// `loadConnect4Book` it. Throws on a bad move string.
#[wasm_bindgen(js_name = connect4BookWanted)]
pub fn connect4_book_wanted(
    #[wasm_bindgen(unchecked_param_type = "string")] moves: JsValue,
) -> Result<bool, JsError> {
    let place = at("connect4BookWanted");
    let text = string_arg("moves", &moves).map_err(&place)?;
    let s = Connect4
        .try_parse_moves(&text)
        .map_err(|e| place(format!("bad move string '{text}': {}", e.message)))?;
    Ok(current().is_none() && !s.is_over() && book::helps(s.moves().into(), depth(), false))
}
