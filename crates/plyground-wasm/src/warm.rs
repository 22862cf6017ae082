//! Fills serde-wasm-bindgen's cache of field-name strings once, at start.
//!
//! serde-wasm-bindgen turns each `&'static str` field name into a JavaScript string once and
//! caches it in a thread-local `RefCell`, creating the string (a call into JavaScript) while
//! the cell is borrowed. A JavaScript exception raised there — a `RangeError` when a caller
//! has nearly exhausted the stack — unwinds through the wasm frames, leaves the cell
//! borrowed, and every later call that reads or writes a record would fail. So every record
//! the API reads or writes goes through the cache once when the module starts (on a shallow
//! stack), with every optional field present; afterwards the cache is only looked up.

use crate::game::{search_game, GameHandle};
use crate::mcts::{ucb1_js, MctsStepper};
use crate::options::{SearchOptions, SolveOptions};
use crate::stepper::Stepper;
use crate::tree::{search_tree, GameTree};
use wasm_bindgen::JsValue;

/// Reads and writes one of every record (errors ignored: nothing here can fail, and if it
/// did the only loss would be a colder cache).
pub(crate) fn up() {
    let _ = crate::limits();
    let empty = js_sys::Object::new().into();
    let _ = crate::read::options::<SearchOptions>(&empty);
    let _ = crate::read::options::<SolveOptions>(&empty);
    let _ = ucb1_js(1.0.into(), 2.0.into(), 3.0.into(), 1.0.into());
    let opts = |algo: &str| -> JsValue {
        let o = js_sys::Object::new();
        let _ = js_sys::Reflect::set(&o, &"algo".into(), &algo.into());
        o.into()
    };
    // Numbers, chance and tuples: every field of TreeNodeOut, SearchTreeOut and MoveScore.
    if let Ok(t) = GameTree::parse("[[3,12,8],[2,4,6],[14,5,2]]".into()) {
        let _ = t.nodes();
        let _ = search_tree(&t, JsValue::UNDEFINED);
        let _ = search_tree(&t, opts("mcts"));
        if let Ok(mut st) = Stepper::for_tree(&t, JsValue::UNDEFINED, None) {
            let _ = st.seek((st.length() / 2).into());
            let _ = (st.nodes(), st.state(), st.result(), st.pseudocode(), st.pruned());
        }
        if let Ok(mut m) = MctsStepper::for_tree(&t, JsValue::UNDEFINED) {
            let _ = m.run(8.0.into());
            for _ in 0..4 {
                let _ = m.step_phase();
                let _ = m.last_events();
            }
            let _ = (m.nodes(), m.ucb(0.0.into()), m.root_shares());
        }
    }
    if let Ok(t) = GameTree::parse("[chance[0.5: (1,2,3), 0.5: (3,2,1)], [(0,0,1)]]".into()) {
        let _ = t.nodes();
        let _ = search_tree(&t, JsValue::UNDEFINED);
    }
    if let Ok(g) = GameHandle::create("ttt".into(), Some("4,0,8".into())) {
        let _ = search_game(&g, JsValue::UNDEFINED);
    }
}
