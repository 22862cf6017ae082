//! `plyground convert`: a tree's text from one form to another (the core's
//! `plyground::games::tree::Form`: grammar, sexp, json, outline; docs/tree-forms.md).

use crate::args::{self, Args};
use clap::Command;
use plyground::games::tree::{Form, Tree};

/// The command's options.
pub fn command() -> Command {
    args::command("convert", "A tree's text in another form (docs/tree-forms.md)").args([
        args::tree_input(),
        args::opt(
            "from",
            "FORM",
            "the input's form: auto (detected from the first characters), grammar, sexp, json or outline",
        )
        .default_value("auto"),
        args::opt(
            "to",
            "FORM",
            "required: grammar ([[3,12,8],…]), sexp ((max (min 3 12 8) …)), json ({\"kind\": \"max\", \
             \"children\": […]}) or outline (an indented outline, one node per line)",
        ),
    ])
}

/// Runs `plyground convert`.
pub fn convert(a: &Args) -> Result<(), String> {
    let to = match a.get("to") {
        Some(name) => Form::try_from_name(name).map_err(|e| format!("--to: {e}"))?,
        None => return Err("missing --to (grammar, sexp, json, outline)".into()),
    };
    let text = a.tree_text()?;
    let from = match a.get("from").unwrap_or_default() {
        "auto" => Form::detect(&text),
        name => Form::try_from_name(name).map_err(|e| format!("--from: {e}"))?,
    };
    let tree = Tree::try_parse_as(&text, from)
        .map_err(|e| format!("tree ({}) {}:{}: {}", from.name(), e.line, e.column, e.message))?;
    let mut out = tree.try_to_text_as(to)?;
    if !out.ends_with('\n') {
        out.push('\n');
    }
    print!("{out}");
    Ok(())
}
