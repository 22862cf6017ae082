//! The serde `Deserializer` over a plain JavaScript object that feeds the derived option
//! records.
//!
//! Why not serde-wasm-bindgen's deserializer (see also `write.rs`): it reads a struct field
//! by field and never sees any other key, so
//! `deny_unknown_fields` cannot refuse a misspelt option; its errors do not say which field
//! they are about; and serde's default error texts format floats with the standard library
//! (the code `plyground::decimal` exists to keep out of the module). Here the
//! object's own keys are walked, so serde itself refuses unknown ones; every error is
//! prefixed with its option; numbers are printed by [`num_text`].

use super::quoted;
use crate::util::{describe, num_text};
use serde::de::{self, DeserializeOwned, Expected, IntoDeserializer, Unexpected, Visitor};
use std::fmt;
use wasm_bindgen::{JsCast, JsValue};

/// Reads an options record: `undefined` and `null` give the defaults, anything but a plain
/// object is refused, and so is any key that is not one of `T`'s fields.
pub(crate) fn options<T: DeserializeOwned + Default>(v: &JsValue) -> Result<T, String> {
    if v.is_undefined() || v.is_null() {
        return Ok(T::default());
    }
    if !v.is_object() || js_sys::Array::is_array(v) || v.is_function() {
        return Err(format!("options must be a plain object, got {}", describe(v)));
    }
    T::deserialize(Value(v.clone())).map_err(|e| e.msg)
}

/// An error while reading, with its text so far; `keyed` once it names its option.
#[derive(Debug)]
pub(crate) struct ReadError {
    msg: String,
    /// How the option's name joins the text: `"depth must be …"` or `"order: unknown …"`.
    join: &'static str,
    keyed: bool,
}

impl ReadError {
    fn new(msg: String, join: &'static str) -> Self {
        ReadError { msg, join, keyed: false }
    }

    /// The error as the option `key`'s.
    fn at(mut self, key: &str) -> Self {
        if !self.keyed {
            self.msg = format!("{key}{}{}", self.join, self.msg);
            self.keyed = true;
        }
        self
    }
}

impl fmt::Display for ReadError {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str(&self.msg)
    }
}

impl std::error::Error for ReadError {}

/// A value as messages show it (never through serde's own texts, which print floats with the
/// standard library).
fn unexpected(u: Unexpected) -> String {
    match u {
        Unexpected::Float(x) => num_text(x),
        Unexpected::Signed(i) => i.to_string(),
        Unexpected::Unsigned(u) => u.to_string(),
        Unexpected::Bool(b) => b.to_string(),
        Unexpected::Str(s) => describe(&JsValue::from_str(s)),
        Unexpected::Unit => "null".into(),
        Unexpected::Other(s) => s.into(),
        _ => "a value of another kind".into(),
    }
}

/// "a boolean" (serde's word for `bool`) reads "true or false" here.
fn expected(exp: &dyn Expected) -> String {
    let e = exp.to_string();
    if e == "a boolean" {
        "true or false".into()
    } else {
        e
    }
}

impl de::Error for ReadError {
    fn custom<T: fmt::Display>(msg: T) -> Self {
        ReadError::new(msg.to_string(), ": ")
    }
    fn invalid_type(unexp: Unexpected, exp: &dyn Expected) -> Self {
        ReadError::new(format!("must be {}, got {}", expected(exp), unexpected(unexp)), " ")
    }
    fn invalid_value(unexp: Unexpected, exp: &dyn Expected) -> Self {
        ReadError::new(format!("must be {}, got {}", expected(exp), unexpected(unexp)), " ")
    }
    fn invalid_length(len: usize, exp: &dyn Expected) -> Self {
        ReadError::new(format!("must be {}, got {len} items", expected(exp)), " ")
    }
    fn unknown_variant(variant: &str, names: &'static [&'static str]) -> Self {
        ReadError::new(format!("unknown '{variant}' (expected {})", quoted(names)), ": ")
    }
    fn unknown_field(field: &str, names: &'static [&'static str]) -> Self {
        let mut e =
            ReadError::new(format!("unknown option '{field}' (options are {})", names.join(", ")), "");
        e.keyed = true;
        e
    }
}

/// One JavaScript value being read.
struct Value(JsValue);

impl<'de> de::Deserializer<'de> for Value {
    type Error = ReadError;

    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, ReadError> {
        let v = &self.0;
        if v.is_undefined() || v.is_null() {
            visitor.visit_unit()
        } else if let Some(b) = v.as_bool() {
            visitor.visit_bool(b)
        } else if let Some(x) = v.as_f64() {
            visitor.visit_f64(x)
        } else if let Some(s) = v.as_string() {
            visitor.visit_string(s)
        } else {
            Err(de::Error::invalid_type(Unexpected::Other(&describe(v)), &visitor))
        }
    }

    fn deserialize_option<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, ReadError> {
        if self.0.is_undefined() || self.0.is_null() {
            visitor.visit_none()
        } else {
            visitor.visit_some(self)
        }
    }

    fn deserialize_enum<V: Visitor<'de>>(
        self,
        _name: &'static str,
        _variants: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, ReadError> {
        match self.0.as_string() {
            Some(s) => visitor.visit_enum(s.into_deserializer()),
            None => Err(de::Error::invalid_type(Unexpected::Other(&describe(&self.0)), &visitor)),
        }
    }

    fn deserialize_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        _fields: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, ReadError> {
        self.deserialize_map(visitor)
    }

    fn deserialize_map<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, ReadError> {
        let keys = js_sys::Object::keys(self.0.unchecked_ref::<js_sys::Object>());
        visitor.visit_map(Fields { obj: self.0, keys, next: 0, key: String::new() })
    }

    fn deserialize_ignored_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, ReadError> {
        visitor.visit_unit()
    }

    serde::forward_to_deserialize_any! {
        bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string bytes byte_buf
        unit unit_struct newtype_struct seq tuple tuple_struct identifier
    }
}

/// The own enumerable keys of an object, in order, with their values.
struct Fields {
    obj: JsValue,
    keys: js_sys::Array,
    next: u32,
    key: String,
}

impl<'de> de::MapAccess<'de> for Fields {
    type Error = ReadError;

    fn next_key_seed<K: de::DeserializeSeed<'de>>(&mut self, seed: K) -> Result<Option<K::Value>, ReadError> {
        if self.next >= self.keys.length() {
            return Ok(None);
        }
        self.key = self.keys.get(self.next).as_string().unwrap_or_default();
        self.next += 1;
        seed.deserialize(self.key.clone().into_deserializer()).map(Some)
    }

    fn next_value_seed<V: de::DeserializeSeed<'de>>(&mut self, seed: V) -> Result<V::Value, ReadError> {
        let key = &self.key;
        let value = js_sys::Reflect::get(&self.obj, &JsValue::from_str(key)).map_err(|_| {
            let mut e = ReadError::new(format!("option '{key}' cannot be read"), "");
            e.keyed = true;
            e
        })?;
        seed.deserialize(Value(value)).map_err(|e| e.at(key))
    }
}
