//! The plyground crate's integration tests, one binary (linked once, not once per
//! file): each file under tests/ is a module here, named as the area it checks, so
//! `cargo test -p plyground --test all AREA::` runs one area.

#[path = "alphabeta_budget.rs"]
mod alphabeta_budget;
#[path = "analyze_nodes.rs"]
mod analyze_nodes;
#[path = "beam_singular.rs"]
mod beam_singular;
#[path = "book.rs"]
mod book;
#[path = "bounds.rs"]
mod bounds;
#[path = "captions.rs"]
mod captions;
mod common;
#[path = "compare.rs"]
mod compare;
#[path = "conformance.rs"]
mod conformance;
#[path = "connect4.rs"]
mod connect4;
#[path = "corpus.rs"]
mod corpus;
mod data;
#[path = "engine_exactness.rs"]
mod engine_exactness;
#[path = "engine_proven.rs"]
mod engine_proven;
#[path = "fast_wins.rs"]
mod fast_wins;
#[path = "game_figure.rs"]
mod game_figure;
#[path = "golden_digests.rs"]
mod golden_digests;
#[path = "../../../tests/fixtures/lessons.rs"]
mod lessons;
#[path = "maxn_value.rs"]
mod maxn_value;
#[path = "mcts.rs"]
mod mcts;
#[path = "mcts_reference.rs"]
mod mcts_reference;
#[path = "mcts_solver.rs"]
mod mcts_solver;
#[path = "oracle_tictactoe.rs"]
mod oracle_tictactoe;
#[path = "ordering.rs"]
mod ordering;
#[path = "perfect_never_loses.rs"]
mod perfect_never_loses;
#[path = "perfect_past_book.rs"]
mod perfect_past_book;
#[path = "practice.rs"]
mod practice;
#[path = "practice_figure.rs"]
mod practice_figure;
#[path = "practice_generate.rs"]
mod practice_generate;
#[path = "practice_misconceptions.rs"]
mod practice_misconceptions;
#[path = "predict.rs"]
mod predict;
#[path = "properties_trees.rs"]
mod properties_trees;
#[path = "seek.rs"]
mod seek;
#[path = "solver.rs"]
mod solver;
#[path = "trace.rs"]
mod trace;
#[path = "tree_forms.rs"]
mod tree_forms;
#[path = "wide_trace.rs"]
mod wide_trace;
#[path = "workload.rs"]
mod workload;
