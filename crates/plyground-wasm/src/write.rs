//! Writing result records for JavaScript: the records are derived `Serialize` structs; this
//! is the small serde `Serializer` that turns them into plain JavaScript values — objects for
//! structs, `null` for `None`, numbers as JavaScript numbers (infinities included), arrays
//! for sequences, and typed arrays kept as they are ([`Preserve`]).
//!
//! Why not serde-wasm-bindgen's serializer: it turns each field name into a JavaScript string
//! through a cache held in a thread-local `RefCell`, borrowed while it calls into JavaScript
//! and into the externref table. A `RangeError` thrown there (a caller near the end of its
//! stack) unwinds through the wasm frames without running destructors; the cell stays
//! borrowed and every later result fails ("RefCell already borrowed", then `unreachable`) —
//! `tests/js/stack.test.mjs` provokes exactly that. The cache here is taken out of its cell
//! and put back: an interrupted call loses the cache, never the module.

use serde::ser::{self, Impossible, Serialize};
use std::cell::Cell;
use std::fmt;
use wasm_bindgen::JsValue;

/// A record as a JavaScript value.
pub(crate) fn to_js<T: Serialize + ?Sized>(v: &T) -> Result<JsValue, WriteError> {
    v.serialize(Writer)
}

/// Only for shapes the records never have (maps, enums with data, …): a bug if ever seen.
#[derive(Debug)]
pub(crate) struct WriteError(String);

impl fmt::Display for WriteError {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for WriteError {}

impl ser::Error for WriteError {
    fn custom<T: fmt::Display>(msg: T) -> Self {
        WriteError(msg.to_string())
    }
}

fn unsupported(what: &str) -> WriteError {
    WriteError(format!("a result record holds {what}, which has no JavaScript form here"))
}

thread_local! {
    /// Field names already turned into JavaScript strings, by the address of the `&'static
    /// str` (a struct's field names are always the same strings).
    static KEYS: Cell<Vec<(usize, JsValue)>> = const { Cell::new(Vec::new()) };
    /// The value a [`Preserve`] hands to the writer.
    static PRESERVED: Cell<Option<JsValue>> = const { Cell::new(None) };
}

/// The JavaScript string of a field name (taken from the cache, which is out of its cell
/// only while it is searched or grown).
fn key(name: &'static str) -> JsValue {
    let addr = name.as_ptr() as usize;
    let mut keys = KEYS.take();
    let k = match keys.iter().find(|(a, _)| *a == addr) {
        Some((_, k)) => k.clone(),
        None => {
            let k = JsValue::from_str(name);
            keys.push((addr, k.clone()));
            k
        }
    };
    KEYS.set(keys);
    k
}

/// A JavaScript value written into a record as it is (a typed array).
pub(crate) struct Preserve(pub JsValue);

/// The newtype name by which [`Preserve`] tells the writer to take its value.
const PRESERVE: &str = "plyground::Preserve";

impl Serialize for Preserve {
    fn serialize<S: ser::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        PRESERVED.set(Some(self.0.clone()));
        s.serialize_newtype_struct(PRESERVE, &())
    }
}

impl From<js_sys::Int32Array> for Preserve {
    fn from(a: js_sys::Int32Array) -> Self {
        Preserve(a.into())
    }
}

impl From<js_sys::Float64Array> for Preserve {
    fn from(a: js_sys::Float64Array) -> Self {
        Preserve(a.into())
    }
}

struct Writer;

impl ser::Serializer for Writer {
    type Ok = JsValue;
    type Error = WriteError;
    type SerializeSeq = Seq;
    type SerializeTuple = Seq;
    type SerializeTupleStruct = Impossible<JsValue, WriteError>;
    type SerializeTupleVariant = Impossible<JsValue, WriteError>;
    type SerializeMap = Impossible<JsValue, WriteError>;
    type SerializeStruct = Record;
    type SerializeStructVariant = Impossible<JsValue, WriteError>;

    fn serialize_bool(self, v: bool) -> Result<JsValue, WriteError> {
        Ok(JsValue::from_bool(v))
    }
    fn serialize_i8(self, v: i8) -> Result<JsValue, WriteError> {
        Ok(JsValue::from_f64(v.into()))
    }
    fn serialize_i16(self, v: i16) -> Result<JsValue, WriteError> {
        Ok(JsValue::from_f64(v.into()))
    }
    fn serialize_i32(self, v: i32) -> Result<JsValue, WriteError> {
        Ok(JsValue::from_f64(v.into()))
    }
    fn serialize_i64(self, v: i64) -> Result<JsValue, WriteError> {
        Ok(JsValue::from_f64(v as f64))
    }
    fn serialize_u8(self, v: u8) -> Result<JsValue, WriteError> {
        Ok(JsValue::from_f64(v.into()))
    }
    fn serialize_u16(self, v: u16) -> Result<JsValue, WriteError> {
        Ok(JsValue::from_f64(v.into()))
    }
    fn serialize_u32(self, v: u32) -> Result<JsValue, WriteError> {
        Ok(JsValue::from_f64(v.into()))
    }
    fn serialize_u64(self, v: u64) -> Result<JsValue, WriteError> {
        Ok(JsValue::from_f64(v as f64))
    }
    fn serialize_f32(self, v: f32) -> Result<JsValue, WriteError> {
        Ok(JsValue::from_f64(v.into()))
    }
    fn serialize_f64(self, v: f64) -> Result<JsValue, WriteError> {
        Ok(JsValue::from_f64(v))
    }
    fn serialize_char(self, v: char) -> Result<JsValue, WriteError> {
        Ok(JsValue::from_str(v.encode_utf8(&mut [0; 4])))
    }
    fn serialize_str(self, v: &str) -> Result<JsValue, WriteError> {
        Ok(JsValue::from_str(v))
    }
    fn serialize_bytes(self, _: &[u8]) -> Result<JsValue, WriteError> {
        Err(unsupported("bytes"))
    }
    fn serialize_none(self) -> Result<JsValue, WriteError> {
        Ok(JsValue::NULL)
    }
    fn serialize_some<T: Serialize + ?Sized>(self, v: &T) -> Result<JsValue, WriteError> {
        v.serialize(self)
    }
    fn serialize_unit(self) -> Result<JsValue, WriteError> {
        Ok(JsValue::NULL)
    }
    fn serialize_unit_struct(self, _: &'static str) -> Result<JsValue, WriteError> {
        Ok(JsValue::NULL)
    }
    fn serialize_unit_variant(
        self,
        _: &'static str,
        _: u32,
        variant: &'static str,
    ) -> Result<JsValue, WriteError> {
        Ok(key(variant))
    }
    fn serialize_newtype_struct<T: Serialize + ?Sized>(
        self,
        name: &'static str,
        v: &T,
    ) -> Result<JsValue, WriteError> {
        if name == PRESERVE {
            return PRESERVED.take().ok_or_else(|| unsupported("an empty preserved value"));
        }
        v.serialize(self)
    }
    fn serialize_newtype_variant<T: Serialize + ?Sized>(
        self,
        _: &'static str,
        _: u32,
        _: &'static str,
        _: &T,
    ) -> Result<JsValue, WriteError> {
        Err(unsupported("an enum variant with data"))
    }
    fn serialize_seq(self, len: Option<usize>) -> Result<Seq, WriteError> {
        Ok(Seq(js_sys::Array::new_with_length(len.unwrap_or(0) as u32), 0, len.is_none()))
    }
    fn serialize_tuple(self, len: usize) -> Result<Seq, WriteError> {
        self.serialize_seq(Some(len))
    }
    fn serialize_tuple_struct(
        self,
        _: &'static str,
        _: usize,
    ) -> Result<Self::SerializeTupleStruct, WriteError> {
        Err(unsupported("a tuple struct"))
    }
    fn serialize_tuple_variant(
        self,
        _: &'static str,
        _: u32,
        _: &'static str,
        _: usize,
    ) -> Result<Self::SerializeTupleVariant, WriteError> {
        Err(unsupported("an enum variant with data"))
    }
    fn serialize_map(self, _: Option<usize>) -> Result<Self::SerializeMap, WriteError> {
        Err(unsupported("a map"))
    }
    fn serialize_struct(self, _: &'static str, _: usize) -> Result<Record, WriteError> {
        Ok(Record(js_sys::Object::new()))
    }
    fn serialize_struct_variant(
        self,
        _: &'static str,
        _: u32,
        _: &'static str,
        _: usize,
    ) -> Result<Self::SerializeStructVariant, WriteError> {
        Err(unsupported("an enum variant with data"))
    }
}

/// An array being filled: its next index, and whether it grows by pushing.
struct Seq(js_sys::Array, u32, bool);

impl ser::SerializeSeq for Seq {
    type Ok = JsValue;
    type Error = WriteError;
    fn serialize_element<T: Serialize + ?Sized>(&mut self, v: &T) -> Result<(), WriteError> {
        let v = v.serialize(Writer)?;
        if self.2 {
            self.0.push(&v);
        } else {
            self.0.set(self.1, v);
        }
        self.1 += 1;
        Ok(())
    }
    fn end(self) -> Result<JsValue, WriteError> {
        Ok(self.0.into())
    }
}

impl ser::SerializeTuple for Seq {
    type Ok = JsValue;
    type Error = WriteError;
    fn serialize_element<T: Serialize + ?Sized>(&mut self, v: &T) -> Result<(), WriteError> {
        ser::SerializeSeq::serialize_element(self, v)
    }
    fn end(self) -> Result<JsValue, WriteError> {
        Ok(self.0.into())
    }
}

/// Sets one field of a record to its written value (or passes on the error that writing it
/// met): out of line, so that the many fields of the records share one copy of it (inlined,
/// each field carried its own error paths: kilobytes of the module).
#[inline(never)]
fn set_field(
    o: &js_sys::Object,
    name: &'static str,
    v: Result<JsValue, WriteError>,
) -> Result<(), WriteError> {
    // Setting a property of a fresh plain object throws only a RangeError (stack).
    js_sys::Reflect::set(o, &key(name), &v?)
        .map_err(|_| WriteError(format!("field '{name}' could not be set")))?;
    Ok(())
}

/// A plain object being filled, its keys in the struct's order.
struct Record(js_sys::Object);

impl ser::SerializeStruct for Record {
    type Ok = JsValue;
    type Error = WriteError;
    fn serialize_field<T: Serialize + ?Sized>(
        &mut self,
        name: &'static str,
        v: &T,
    ) -> Result<(), WriteError> {
        set_field(&self.0, name, v.serialize(Writer))
    }
    fn end(self) -> Result<JsValue, WriteError> {
        Ok(self.0.into())
    }
}
