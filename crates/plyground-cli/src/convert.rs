//! `plyground convert`: a tree's text from one form to another (the core's
//! `plyground::games::tree::Form`: grammar, sexp, json, outline; docs/tree-forms.md).

use crate::args::Args;
use plyground::games::tree::{Form, Tree};
use std::io::Read;

/// `plyground convert [--from auto|grammar|sexp|json|outline] --to grammar|sexp|json|outline TREE|-`
pub fn convert(raw: &[String]) -> Result<(), String> {
    let a = Args::parse(raw, &[], &["from", "to"])?;
    let to = match a.get("to") {
        Some(name) => Form::try_from_name(name).map_err(|e| format!("--to: {e}"))?,
        None => return Err("missing --to (grammar, sexp, json, outline)".into()),
    };
    let text = match a.positional.as_slice() {
        [t] if t == "-" => {
            let mut s = String::new();
            std::io::stdin().read_to_string(&mut s).map_err(|e| format!("reading stdin: {e}"))?;
            s
        }
        [t] => t.clone(),
        [] => return Err("missing TREE (tree text, or - to read it from stdin)".into()),
        _ => return Err("give exactly one TREE (quote it for the shell)".into()),
    };
    let (tree, from) = match a.get("from").unwrap_or("auto") {
        "auto" => {
            let form = Form::detect(&text);
            (Tree::try_parse_as(&text, form), form)
        }
        name => {
            let form = Form::try_from_name(name).map_err(|e| format!("--from: {e}"))?;
            (Tree::try_parse_as(&text, form), form)
        }
    };
    let tree = tree.map_err(|e| format!("tree ({}) {}:{}: {}", from.name(), e.line, e.column, e.message))?;
    let mut out = tree.try_to_text_as(to)?;
    if !out.ends_with('\n') {
        out.push('\n');
    }
    print!("{out}");
    Ok(())
}
