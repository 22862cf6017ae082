//! The boundary: reading what JavaScript passes in and turning Rust values into what it
//! gets back.
//!
//! Option records are read key by key by `read.rs` into plain Rust structs (`options.rs`);
//! numbers stay `f64` at the boundary and are range-checked in one place after reading:
//! wasm-bindgen would otherwise coerce `-1` to 4294967295 and `NaN`
//! to 0 on the way into a `u32`. Result records are derived `Serialize` structs written by
//! `write.rs` ([`to_js`]): plain objects, `null` for `None`, numbers as JavaScript numbers
//! (infinities included).
//!
//! No `RefCell` of this crate is borrowed across a call into JavaScript: a JavaScript
//! exception (a `RangeError` when the stack is nearly exhausted) unwinds through wasm
//! frames without running destructors, and a borrow left behind would break every later
//! call.

use serde::Serialize;
use wasm_bindgen::{JsError, JsValue};

/// A JavaScript `Error` with this message.
pub(crate) fn js_err(msg: impl AsRef<str>) -> JsError {
    JsError::new(msg.as_ref())
}

/// Prefixes an error message with the call that refused it (`"Stepper.seek: …"`).
pub(crate) fn at(place: &str) -> impl Fn(String) -> JsError + '_ {
    move |e| js_err(format!("{place}: {e}"))
}

/// A number as JavaScript would print it (`1000000000000`, `NaN`, `Infinity`, `1.5`).
pub(crate) fn num_text(x: f64) -> String {
    if x.is_nan() {
        "NaN".into()
    } else if x.is_infinite() {
        if x > 0.0 { "Infinity" } else { "-Infinity" }.into()
    } else if x.fract() == 0.0 && x.abs() < 1e18 {
        format!("{}", x as i64)
    } else {
        plyground::decimal::display(x)
    }
}

/// 1234567 → "1,234,567" (for limits in messages).
pub(crate) fn group(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// An integer in `min..=max`, or an error naming `what`, the number and the range.
pub(crate) fn int_in(what: &str, x: f64, min: u64, max: u64) -> Result<u64, String> {
    if !x.is_finite() || x.fract() != 0.0 {
        return Err(format!("{what} must be an integer, got {}", num_text(x)));
    }
    if x < min as f64 || x > max as f64 {
        return Err(format!("{what} {} is out of range ({} to {})", num_text(x), group(min), group(max)));
    }
    Ok(x as u64)
}

/// An optional integer field: None stays None, a number is checked by [`int_in`].
pub(crate) fn opt_int_in(what: &str, x: Option<f64>, min: u64, max: u64) -> Result<Option<u64>, String> {
    x.map(|x| int_in(what, x, min, max)).transpose()
}

/// A short description of any JavaScript value, for messages: `'abc'`, `3`, `true`, `an object`.
pub(crate) fn describe(v: &JsValue) -> String {
    if let Some(s) = v.as_string() {
        let short: String = s.chars().take(40).collect();
        let more = if s.chars().count() > 40 { "…" } else { "" };
        format!("'{short}{more}'")
    } else if let Some(x) = v.as_f64() {
        num_text(x)
    } else if let Some(b) = v.as_bool() {
        b.to_string()
    } else if v.is_null() {
        "null".into()
    } else if v.is_undefined() {
        "undefined".into()
    } else if js_sys::Array::is_array(v) {
        "an array".into()
    } else if v.is_function() {
        "a function".into()
    } else if v.is_object() {
        "an object".into()
    } else {
        v.js_typeof().as_string().map_or_else(|| "a value".into(), |t| format!("a {t}"))
    }
}

/// A result record as a JavaScript value (see `write.rs`).
pub(crate) fn to_js<T: Serialize + ?Sized>(v: &T) -> Result<JsValue, JsError> {
    crate::write::to_js(v).map_err(not_written)
}

/// The error of a record that could not be written: out of line, one copy for every record.
#[inline(never)]
fn not_written(e: crate::write::WriteError) -> JsError {
    js_err(format!("internal error: a result could not be written: {e}"))
}

/// A `Float64Array` holding `v` (for the `preserve` fields of result records).
pub(crate) fn f64_array(v: &[f64]) -> crate::write::Preserve {
    js_sys::Float64Array::from(v).into()
}

/// An `Int32Array` holding `v`.
#[cfg(feature = "games")]
pub(crate) fn i32_array(v: &[i32]) -> crate::write::Preserve {
    js_sys::Int32Array::from(v).into()
}

/// An object's own enumerable entries, read once (no borrow is held across the calls into
/// JS: a getter that throws gives an error naming the option).
#[cfg(feature = "lab")]
pub(crate) fn entries(obj: &JsValue) -> Result<Vec<(String, JsValue)>, String> {
    let o: &js_sys::Object = wasm_bindgen::JsCast::unchecked_ref(obj);
    let mut out = Vec::new();
    for key in js_sys::Object::keys(o).iter() {
        let name = key.as_string().unwrap_or_default();
        let value = js_sys::Reflect::get(obj, &key).map_err(|_| format!("option '{name}' cannot be read"))?;
        out.push((name, value));
    }
    Ok(out)
}

/// A number argument (no coercion: `'4'`, `true` or `null` are refused).
pub(crate) fn number_arg(what: &str, v: &JsValue) -> Result<f64, String> {
    v.as_f64().ok_or_else(|| format!("{what} must be a number, got {}", describe(v)))
}

/// An optional number argument: `undefined` and `null` give None.
pub(crate) fn opt_number_arg(what: &str, v: Option<JsValue>) -> Result<Option<f64>, String> {
    match v {
        Some(v) if !(v.is_undefined() || v.is_null()) => number_arg(what, &v).map(Some),
        _ => Ok(None),
    }
}

/// A string argument.
pub(crate) fn string_arg(what: &str, v: &JsValue) -> Result<String, String> {
    v.as_string().ok_or_else(|| format!("{what} must be a string, got {}", describe(v)))
}
