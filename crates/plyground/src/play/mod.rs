//! Playing: the playground's players and the stepped engines that move for them. Built on
//! `search/` (the algorithms as the lessons write them), which knows nothing of players,
//! budgets per move or fallbacks.

pub mod engine;
pub mod players;
