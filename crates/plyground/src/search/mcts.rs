//! Monte Carlo tree search with UCB1 (placeholder; filled in by the MCTS work).
