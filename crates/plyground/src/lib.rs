//! # plyground — adversarial search you can watch
//!
//! The core of plyground: the lessons' game formalism ([`game::Game`]), three games
//! ([`games`]), and every search the lessons teach ([`search`]), each generic over the game
//! and over an [`event::Observer`] that receives one closed enum of search events. The code
//! that plays is the code that is visualised: [`trace::Recorder`] records the real search.
//!
//! Deliberately absent: I/O, clocks, threads, OS randomness ([`rng::Rng`] is seeded), and any
//! knowledge of wasm or the browser. Budgets are counted in nodes or iterations.

#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod action_index;
pub mod caption;
pub mod decimal;
pub mod event;
pub mod export;
pub mod game;
pub mod games;
pub mod limits;
pub mod math;
pub mod play;
pub mod practice;
pub mod rng;
pub mod search;
pub mod trace;
pub mod workload;

pub use event::{Event, NoObserver, NodeKind, Observer};
pub use game::{Evaluator, Game, IllegalAction, Player, ToMove};
pub use search::{MoveOrder, SearchResult, Stats, TieRule};

/// Whether this build has singular extensions and beam search (the `extensions` feature).
/// Without it α-β reads those options as off, and the trace neither records nor narrates
/// their events, so their code compiles away (the wasm games module's size).
pub const EXTENSIONS: bool = cfg!(feature = "extensions");
/// Are game searches placed alone ([`export::plan::Plan::of_search`]: the `search-figures`
/// feature)? Without it a figure never has several roots, boards or texts beside the stems,
/// and that code compiles away.
pub const SEARCH_FIGURES: bool = cfg!(feature = "search-figures");
