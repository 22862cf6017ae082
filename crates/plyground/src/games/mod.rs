//! The games: tic-tac-toe, Connect-4, and explicit game trees parsed from text.

pub mod connect4;
pub mod tictactoe;
pub mod tree;
