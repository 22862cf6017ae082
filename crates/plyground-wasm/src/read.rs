//! Reading option records from JavaScript, key by key: the search options, which every module
//! reads ([`search_options`]), and the smaller records of the games module ([`record`]: a
//! player's configuration, the solver's options). A derived serde reader and the
//! `Deserializer` it needs cost more code than these loops, and serde's own error texts print
//! floats with the standard library (the code `plyground::decimal` keeps out of the module).

#[cfg(feature = "trees")]
use crate::options::SingularOptions;
use crate::options::{SearchOptions, ALGOS, EXPANSIONS, ORDERS, SEARCH_KEYS, TIES};
use crate::util::describe;
use wasm_bindgen::{JsCast, JsValue};

/// The own enumerable keys of a plain object with their values (none for `undefined` or
/// `null`); anything but a plain object is refused as `what`.
fn entries(v: &JsValue, what: &str) -> Result<Vec<(String, JsValue)>, String> {
    if v.is_undefined() || v.is_null() {
        return Ok(Vec::new());
    }
    if !v.is_object() || js_sys::Array::is_array(v) || v.is_function() {
        return Err(format!("{what} must be a plain object, got {}", describe(v)));
    }
    let keys = js_sys::Object::keys(v.unchecked_ref::<js_sys::Object>());
    let mut out = Vec::with_capacity(keys.length() as usize);
    for key in keys.iter() {
        let key = key.as_string().unwrap_or_default();
        let value = js_sys::Reflect::get(v, &JsValue::from_str(&key))
            .map_err(|_| format!("option '{key}' cannot be read"))?;
        out.push((key, value));
    }
    Ok(out)
}

/// Reads a record whose keys are `names`: `undefined` and `null` give no keys, anything but a
/// plain object is refused, and so is a key that is not one of `names` (before its value is
/// read). `field` reads each key's value, in the object's order.
#[cfg(feature = "games")]
pub(crate) fn record(
    v: &JsValue,
    names: &[&str],
    mut field: impl FnMut(&str, &JsValue) -> Result<(), String>,
) -> Result<(), String> {
    if v.is_undefined() || v.is_null() {
        return Ok(());
    }
    if !v.is_object() || js_sys::Array::is_array(v) || v.is_function() {
        return Err(format!("options must be a plain object, got {}", describe(v)));
    }
    for key in js_sys::Object::keys(v.unchecked_ref::<js_sys::Object>()).iter() {
        let key = key.as_string().unwrap_or_default();
        if !names.contains(&key.as_str()) {
            return Err(format!("unknown option '{key}' (options are {})", names.join(", ")));
        }
        let value = js_sys::Reflect::get(v, &JsValue::from_str(&key))
            .map_err(|_| format!("option '{key}' cannot be read"))?;
        field(&key, &value)?;
    }
    Ok(())
}

/// A text option, `None` when not given; anything else is refused.
#[cfg(feature = "games")]
pub(crate) fn text(key: &str, v: &JsValue) -> Result<Option<String>, String> {
    if v.is_undefined() || v.is_null() {
        return Ok(None);
    }
    v.as_string().map(Some).ok_or_else(|| format!("{key} must be a string, got {}", describe(v)))
}

/// A number option (its range is checked later), `None` when not given; a string or a
/// boolean is refused, never coerced.
pub(crate) fn number(key: &str, v: &JsValue) -> Result<Option<f64>, String> {
    if v.is_undefined() || v.is_null() {
        return Ok(None);
    }
    v.as_f64().map(Some).ok_or_else(|| format!("{key} must be a number, got {}", describe(v)))
}

pub(crate) fn boolean(key: &str, v: &JsValue) -> Result<Option<bool>, String> {
    if v.is_undefined() || v.is_null() {
        return Ok(None);
    }
    v.as_bool().map(Some).ok_or_else(|| format!("{key} must be true or false, got {}", describe(v)))
}

/// `'a', 'b'`: the names a message lists.
fn quoted(names: &[&str]) -> String {
    names.iter().map(|n| format!("'{n}'")).collect::<Vec<_>>().join(", ")
}

/// One of `names`' values, by its name.
fn named<T: Copy>(key: &str, v: &JsValue, names: &[(&str, T)]) -> Result<Option<T>, String> {
    if v.is_undefined() || v.is_null() {
        return Ok(None);
    }
    let Some(s) = v.as_string() else {
        return Err(format!("{key} must be a string, got {}", describe(v)));
    };
    match names.iter().find(|(name, _)| *name == s) {
        Some((_, x)) => Ok(Some(*x)),
        None => Err(format!(
            "{key}: unknown '{s}' (expected {})",
            quoted(&names.iter().map(|(n, _)| *n).collect::<Vec<_>>())
        )),
    }
}

/// The search options (`SearchOptions`): `undefined` and `null` give the defaults; any key
/// that is not one of [`SEARCH_KEYS`] is refused, and so is a value of the wrong kind.
pub(crate) fn search_options(v: &JsValue) -> Result<SearchOptions, String> {
    let mut o = SearchOptions::default();
    for (key, value) in entries(v, "options")? {
        let (k, v) = (key.as_str(), &value);
        match k {
            "algo" => o.algo = named(k, v, ALGOS)?,
            "tie" => o.tie = named(k, v, TIES)?,
            "order" => o.order = named(k, v, ORDERS)?,
            "seed" => o.seed = number(k, v)?,
            "depth" => o.depth = number(k, v)?,
            "eval" => o.eval = boolean(k, v)?,
            "tt" => o.tt = boolean(k, v)?,
            "quiescence" => o.quiescence = boolean(k, v)?,
            "iterative" => o.iterative = boolean(k, v)?,
            "budget" => o.budget = number(k, v)?,
            "iterations" => o.iterations = number(k, v)?,
            "c" => o.c = number(k, v)?,
            "expansion" => o.expansion = named(k, v, EXPANSIONS)?,
            "scores" => o.scores = boolean(k, v)?,
            "solver" => o.solver = boolean(k, v)?,
            "fastWins" => o.fast_wins = boolean(k, v)?,
            #[cfg(feature = "trees")]
            "beam" => o.beam = number(k, v)?,
            #[cfg(feature = "trees")]
            "singular" => o.singular = singular(v)?,
            #[cfg(not(feature = "trees"))]
            "singular" | "beam" => {
                return Err(format!("option '{k}' runs on explicit trees: the games module leaves it out"))
            }
            _ => return Err(format!("unknown option '{k}' (options are {})", SEARCH_KEYS.join(", "))),
        }
    }
    Ok(o)
}

/// `singular: {margin, extra}`; `null` or absent: no singular extensions.
#[cfg(feature = "trees")]
fn singular(v: &JsValue) -> Result<Option<SingularOptions>, String> {
    if v.is_undefined() || v.is_null() {
        return Ok(None);
    }
    let mut o = SingularOptions::default();
    for (key, value) in entries(v, "singular")? {
        match key.as_str() {
            "margin" => o.margin = number("singular.margin", &value)?,
            "extra" => o.extra = number("singular.extra", &value)?,
            k => return Err(format!("unknown option 'singular.{k}' (singular's options are margin, extra)")),
        }
    }
    Ok(Some(o))
}
