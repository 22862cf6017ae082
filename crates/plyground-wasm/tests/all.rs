//! The plyground-wasm crate's integration tests, one binary (linked once, not once per
//! file): each file under tests/ is a module here, named as the area it checks, so
//! `cargo test -p plyground-wasm --test all AREA::` runs one area.

#[path = "api.rs"]
mod api;
mod common;
#[path = "corpus.rs"]
mod corpus;
#[path = "engine.rs"]
mod engine;
#[path = "golden.rs"]
mod golden;
#[path = "../../../tests/fixtures/lessons.rs"]
mod lessons;
#[path = "practice.rs"]
mod practice;
#[path = "solver.rs"]
mod solver;
