//! The plyground-cli crate's integration tests, one binary (linked once, not once per
//! file): each file under tests/ is a module here, named as the area it checks, so
//! `cargo test -p plyground-cli --test all AREA::` runs one area.

#[path = "budget.rs"]
mod budget;
#[path = "cli.rs"]
mod cli;
mod common;
#[path = "convert.rs"]
mod convert;
#[path = "export.rs"]
mod export;
#[path = "generate.rs"]
mod generate;
#[path = "grade.rs"]
mod grade;
#[path = "help.rs"]
mod help;
#[path = "../../../tests/fixtures/lessons.rs"]
mod lessons;
#[path = "mcts_solver.rs"]
mod mcts_solver;
#[path = "output_errors.rs"]
mod output_errors;
#[path = "records.rs"]
mod records;
#[path = "solve.rs"]
mod solve;
