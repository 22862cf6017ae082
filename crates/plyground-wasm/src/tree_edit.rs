//! The tree editor's calls on a `GameTree` (the tree lab's editor): the core's checked edits
//! (`plyground::games::tree`'s `edit` module) behind thin methods. Each edit changes the tree
//! in place and returns `{focus, said}` (the node to show next, the sentence for the live
//! region), or throws an `Error` naming the node and the reason, the tree unchanged.

use crate::tree::GameTree;
use crate::util::{at, describe, int_in, js_err, number_arg, string_arg, to_js};
use plyground::games::tree::{EditError, Edited, Kind, MAX_NODES};
use serde::Serialize;
use wasm_bindgen::prelude::*;

/// What an edit of a GameTree did (setValue, setKind, …).
#[derive(Serialize, tsify_next::Tsify)]
#[tsify(missing_as_null)]
struct TreeEdit {
    /// The node to show next: the edited node, a new child, or a removed node's parent.
    focus: u32,
    /// The sentence that says what changed ("'b2' now has utility 13.").
    said: String,
}

/// A node as the tree editor shows it (GameTree.editFields).
#[derive(Serialize, tsify_next::Tsify)]
#[tsify(missing_as_null)]
#[serde(rename_all = "camelCase")]
struct TreeEditFields {
    #[tsify(type = "'max' | 'min' | 'chance' | 'terminal' | 'p0' | 'p1' | 'p2' | 'p3'")]
    kind: String,
    /// The kinds setKind accepts in this tree.
    kinds: Vec<String>,
    label: String,
    /// false: the label is generated (AIMA style).
    label_given: bool,
    /// A leaf's utility as the tree text writes it ('3', '(1, 2, 6)'); null for others.
    value: Option<String>,
    /// A chance node's children's probabilities as written ('1/3'); null for others.
    probabilities: Option<Vec<String>>,
    child_labels: Vec<String>,
}

/// 'max', 'min', 'chance', 'terminal', 'p0'…'p3' (the names `setKind` takes).
fn kind_name(k: Kind) -> String {
    match k {
        Kind::Max => "max".into(),
        Kind::Min => "min".into(),
        Kind::Chance => "chance".into(),
        Kind::Terminal => "terminal".into(),
        Kind::Player(p) => format!("p{p}"),
    }
}

fn kind_of(name: &str) -> Option<Kind> {
    match name {
        "max" => Some(Kind::Max),
        "min" => Some(Kind::Min),
        "chance" => Some(Kind::Chance),
        "terminal" => Some(Kind::Terminal),
        "p0" => Some(Kind::Player(0)),
        "p1" => Some(Kind::Player(1)),
        "p2" => Some(Kind::Player(2)),
        "p3" => Some(Kind::Player(3)),
        _ => None,
    }
}

/// A node id argument (an integer; the core names a missing node).
fn id_arg(v: &JsValue) -> Result<u32, String> {
    int_in("id", number_arg("id", v)?, 0, MAX_NODES as u64).map(|x| x as u32)
}

/// An array argument's entries.
fn array_arg(what: &str, v: &JsValue) -> Result<Vec<JsValue>, String> {
    if !js_sys::Array::is_array(v) {
        return Err(format!("{what} must be an array, got {}", describe(v)));
    }
    Ok(js_sys::Array::from(v).iter().collect())
}

fn done(place: &str, r: Result<Edited, EditError>) -> Result<JsValue, JsError> {
    let e = r.map_err(|e| js_err(format!("{place}: {}", e.message)))?;
    to_js(&TreeEdit { focus: e.focus, said: e.said })
}

/// Reads the arguments with `read`, then edits; argument errors and refusals both throw,
/// prefixed with the call's name.
fn edit<A>(
    t: &mut GameTree,
    place: &str,
    read: impl FnOnce() -> Result<A, String>,
    f: impl FnOnce(&mut plyground::games::tree::Tree, A) -> Result<Edited, EditError>,
) -> Result<JsValue, JsError> {
    let a = read().map_err(at(place))?;
    done(place, f(&mut t.tree, a))
}

#[wasm_bindgen]
impl GameTree {
    /// A copy of the tree, a handle of its own (the editor's undo steps, and the tree it hands
    /// to a search while it keeps editing this one).
    pub fn copy(&self) -> GameTree {
        GameTree { tree: self.tree.clone() }
    }

    /// Node `id` as the editor's panel shows it: `{kind ('max'|'min'|'chance'|'terminal'|
    /// 'p0'…), kinds (those setKind accepts in this tree), label, labelGiven, value (a leaf's
    /// utility as the text writes it, '3' or '(1, 2, 6)'; else null), probabilities (a chance
    /// node's children's, as written: ['1/3', …]; else null), childLabels}`.
    #[wasm_bindgen(js_name = editFields, unchecked_return_type = "TreeEditFields")]
    pub fn edit_fields(&self, id: JsValue) -> Result<JsValue, JsError> {
        let place = at("GameTree.editFields");
        let id = id_arg(&id).map_err(&place)?;
        let f = self.tree.edit_fields(id).ok_or_else(|| {
            place(format!("there is no node {id} (the tree has {} nodes)", self.tree.node_count()))
        })?;
        to_js(&TreeEditFields {
            kind: kind_name(f.kind),
            kinds: f.kinds.into_iter().map(kind_name).collect(),
            label: f.label,
            label_given: f.label_given,
            value: f.value,
            probabilities: f.probabilities,
            child_labels: f.child_labels,
        })
    }

    /// Sets a leaf's utility: a number, or a text as the tree grammar writes it ('3', '−2.5',
    /// '(1, 2, 6)' in an n-player tree), or an array of numbers (one per player). Returns
    /// `{focus, said}`.
    #[wasm_bindgen(js_name = setValue, unchecked_return_type = "TreeEdit")]
    pub fn set_value(&mut self, id: JsValue, value: JsValue) -> Result<JsValue, JsError> {
        enum V {
            Text(String),
            Numbers(Vec<f64>),
        }
        let read = || -> Result<(u32, V), String> {
            let id = id_arg(&id)?;
            if let Some(s) = value.as_string() {
                return Ok((id, V::Text(s)));
            }
            if let Some(x) = value.as_f64() {
                return Ok((id, V::Numbers(vec![x])));
            }
            let entries = array_arg("value", &value).map_err(|_| {
                format!("value must be a number, a text or an array of numbers, got {}", describe(&value))
            })?;
            let nums = entries
                .iter()
                .enumerate()
                .map(|(i, v)| number_arg(&format!("value[{i}]"), v))
                .collect::<Result<Vec<f64>, String>>()?;
            Ok((id, V::Numbers(nums)))
        };
        edit(self, "GameTree.setValue", read, |t, (id, v)| match v {
            V::Text(s) => t.set_value_text(id, &s),
            V::Numbers(n) if n.len() == 1 && !t.has_tuples() => t.set_value(id, n[0]),
            V::Numbers(n) => t.set_utilities(id, &n),
        })
    }

    /// Makes node `id` 'max', 'min', 'chance', 'terminal' (a leaf) or 'p0'…'p3'.
    #[wasm_bindgen(js_name = setKind, unchecked_return_type = "TreeEdit")]
    pub fn set_kind(
        &mut self,
        id: JsValue,
        #[wasm_bindgen(unchecked_param_type = "string")] kind: JsValue,
    ) -> Result<JsValue, JsError> {
        let read = || -> Result<(u32, Kind), String> {
            let id = id_arg(&id)?;
            let name = string_arg("kind", &kind)?;
            let k = kind_of(&name).ok_or_else(|| {
                format!("kind must be 'max', 'min', 'chance', 'terminal' or 'p0'…'p3', got '{name}'")
            })?;
            Ok((id, k))
        };
        edit(self, "GameTree.setKind", read, |t, (id, k)| t.set_kind(id, k))
    }

    /// Gives node `id` a label ('' takes it away: the generated one comes back).
    #[wasm_bindgen(js_name = setLabel, unchecked_return_type = "TreeEdit")]
    pub fn set_label(
        &mut self,
        id: JsValue,
        #[wasm_bindgen(unchecked_param_type = "string")] label: JsValue,
    ) -> Result<JsValue, JsError> {
        let read = || Ok((id_arg(&id)?, string_arg("label", &label)?));
        edit(self, "GameTree.setLabel", read, |t, (id, l)| t.set_label(id, &l))
    }

    /// Sets the probabilities of chance node `id`'s children: an array of numbers, or of texts
    /// as the grammar writes them ('1/3', '0.25').
    #[wasm_bindgen(js_name = setProbabilities, unchecked_return_type = "TreeEdit")]
    pub fn set_probabilities(
        &mut self,
        id: JsValue,
        #[wasm_bindgen(unchecked_param_type = "(number|string)[]")] probs: JsValue,
    ) -> Result<JsValue, JsError> {
        let read = || Ok((id_arg(&id)?, prob_texts(&probs)?));
        edit(self, "GameTree.setProbabilities", read, |t, (id, p)| t.set_probability_texts(id, &p))
    }

    /// What `setProbabilities(id, probs)` would refuse, without changing anything: the
    /// message, or null when they would be accepted (the panel shows it beside the fields).
    #[wasm_bindgen(js_name = checkProbabilities)]
    pub fn check_probabilities(
        &self,
        id: JsValue,
        #[wasm_bindgen(unchecked_param_type = "(number|string)[]")] probs: JsValue,
    ) -> Option<String> {
        let read = || Ok::<_, String>((id_arg(&id)?, prob_texts(&probs)?));
        match read() {
            Err(e) => Some(e),
            Ok((id, p)) => self.tree.check_probability_texts(id, &p).err().map(|e| e.message),
        }
    }

    /// Appends a leaf of utility 0 to node `id`; `focus` is the new leaf.
    #[wasm_bindgen(js_name = addChild, unchecked_return_type = "TreeEdit")]
    pub fn add_child(&mut self, id: JsValue) -> Result<JsValue, JsError> {
        edit(self, "GameTree.addChild", || id_arg(&id), |t, id| t.add_child(id))
    }

    /// Removes node `id` and its subtree; `focus` is its parent.
    #[wasm_bindgen(js_name = removeNode, unchecked_return_type = "TreeEdit")]
    pub fn remove_node(&mut self, id: JsValue) -> Result<JsValue, JsError> {
        edit(self, "GameTree.removeNode", || id_arg(&id), |t, id| t.remove_node(id))
    }

    /// Moves node `id` to position `to` (0-based) among its siblings; `focus` is the node.
    #[wasm_bindgen(js_name = moveNode, unchecked_return_type = "TreeEdit")]
    pub fn move_node(&mut self, id: JsValue, to: JsValue) -> Result<JsValue, JsError> {
        let read = || Ok((id_arg(&id)?, int_in("to", number_arg("to", &to)?, 0, MAX_NODES as u64)? as u32));
        edit(self, "GameTree.moveNode", read, |t, (id, to)| t.move_node(id, to))
    }
}

/// Probabilities as texts (numbers are written as JavaScript prints them, which the grammar
/// reads back exactly).
fn prob_texts(v: &JsValue) -> Result<Vec<String>, String> {
    array_arg("probs", v)?
        .iter()
        .enumerate()
        .map(|(i, p)| match (p.as_string(), p.as_f64()) {
            (Some(s), _) => Ok(s),
            (None, Some(x)) => Ok(crate::util::num_text(x)),
            _ => Err(format!("probs[{i}] must be a number or a text, got {}", describe(p))),
        })
        .collect()
}
