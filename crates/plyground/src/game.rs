//! The game formalism of the lessons: ⟨S0, PLAYER, ACTIONS, RESULT, TERMINAL-TEST, UTILITY⟩,
//! plus chance nodes and n-player utility vectors.
//!
//! Point of view: every search value in plyground is a utility *to a named player*. In the
//! two-player searches that player is [`Player::MAX`] (player 0, the one who moves first);
//! MIN is player 1, and a two-player zero-sum game must satisfy
//! `utility(s, MIN) == -utility(s, MAX)`. Values therefore never flip sign between plies:
//! MIN nodes minimise the same number MAX nodes maximise, exactly as in the lessons.

use std::fmt;

/// A player, by index. Two-player games use [`Player::MAX`] and [`Player::MIN`].
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub struct Player(pub u8);

impl Player {
    /// The player who maximises the (single) utility; moves first.
    pub const MAX: Player = Player(0);
    /// The player who minimises MAX's utility.
    pub const MIN: Player = Player(1);

    /// The other player of a two-player game.
    #[inline]
    pub fn opponent(self) -> Player {
        Player(1 - self.0.min(1))
    }

    /// Index into utility vectors.
    #[inline]
    pub fn index(self) -> usize {
        self.0 as usize
    }

    /// "MAX", "MIN" for two-player games, "A", "B", "C"… otherwise.
    pub fn name(self, num_players: usize) -> String {
        if num_players <= 2 {
            if self == Player::MAX { "MAX" } else { "MIN" }.to_string()
        } else {
            char::from(b'A' + self.0).to_string()
        }
    }
}

/// PLAYER(s): who acts in a state. `Chance` marks a chance node (dice, card draws).
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum ToMove {
    /// A player chooses the action.
    Player(Player),
    /// Nature chooses, with the probabilities of [`Game::chance_outcomes`].
    Chance,
}

/// The largest number of players a game may have (utility vectors are fixed-size arrays so
/// that values stay `Copy`).
pub const MAX_PLAYERS: usize = 4;

/// A utility vector: `u[p]` is the utility to player `p`. Entries past `num_players` are 0.
pub type Utilities = [f64; MAX_PLAYERS];

/// Why an action was refused by [`Game::try_result`]. The message names the action and the
/// reason, e.g. `column 3 is full`.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct IllegalAction {
    /// Human-readable reason, naming the offending action.
    pub message: String,
}

impl IllegalAction {
    /// An error with the given message.
    pub fn new(message: impl Into<String>) -> Self {
        IllegalAction { message: message.into() }
    }
}

impl fmt::Display for IllegalAction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for IllegalAction {}

/// A game, as the lessons define it. Each required method is one of the six components.
///
/// States and actions are small `Copy` values so that searches can keep them on the stack.
/// `result` is the unchecked fast path used inside searches (it may assume the action is
/// legal); `try_result` is the checked path for callers with untrusted input: it returns a
/// clear error and never changes anything.
pub trait Game {
    /// A position (plus whatever the rules need: side to move, move count…).
    type State: Copy + Eq + fmt::Debug;
    /// A move.
    type Action: Copy + Eq + std::hash::Hash + fmt::Debug;

    /// S0 — the initial state.
    fn initial_state(&self) -> Self::State;

    /// PLAYER(s) — who acts in `s` (a player, or chance).
    fn player(&self, s: &Self::State) -> ToMove;

    /// ACTIONS(s) — the legal moves in `s`, appended to `out` (which the caller clears) in
    /// the game's natural order. Empty for terminal states. For chance nodes, the outcomes'
    /// actions in the same order as [`Game::chance_outcomes`].
    fn actions(&self, s: &Self::State, out: &mut Vec<Self::Action>);

    /// RESULT(s, a) — the unchecked transition: `a` must be in ACTIONS(s).
    fn result(&self, s: &Self::State, a: Self::Action) -> Self::State;

    /// RESULT(s, a), checked: an illegal `a` gives an error naming it, and no state changes.
    fn try_result(&self, s: &Self::State, a: Self::Action) -> Result<Self::State, IllegalAction>;

    /// TERMINAL-TEST(s) — is the game over?
    fn is_terminal(&self, s: &Self::State) -> bool;

    /// UTILITY(s, p) — the payoff to player `p` in terminal state `s`. For two-player
    /// zero-sum games `utility(s, MIN) == -utility(s, MAX)`.
    fn utility(&self, s: &Self::State, p: Player) -> f64;

    /// The smallest and largest utility any terminal state can have (for MAX, or for any
    /// player in n-player games). MCTS maps utilities linearly from this range onto rewards
    /// in [0, 1]; evaluation functions stay strictly inside it.
    fn utility_range(&self) -> (f64, f64) {
        (-1.0, 1.0)
    }

    /// How many players take turns (2 unless overridden).
    fn num_players(&self) -> usize {
        2
    }

    /// The probabilities of a chance node's outcomes, appended to `out` as
    /// (action, probability) in the order of ACTIONS(s). Deterministic games never call it.
    fn chance_outcomes(&self, _s: &Self::State, _out: &mut Vec<(Self::Action, f64)>) {}

    /// The utility vector of a terminal state (n-player games).
    fn utilities(&self, s: &Self::State) -> Utilities {
        let mut u = [0.0; MAX_PLAYERS];
        for (p, slot) in u.iter_mut().enumerate().take(self.num_players()) {
            *slot = self.utility(s, Player(p as u8));
        }
        u
    }

    /// A short name for an action in `s`, used in traces and narration ("a1", "col 4").
    fn action_name(&self, _s: &Self::State, a: Self::Action) -> String {
        format!("{a:?}")
    }

    /// A label for a state (explicit trees have them); `None` lets the caller generate one.
    fn state_label(&self, _s: &Self::State) -> Option<String> {
        None
    }

    /// A 64-bit hash of the state for transposition tables (Zobrist where the game has it).
    /// Games that return `None` are searched without a table.
    fn hash(&self, _s: &Self::State) -> Option<u64> {
        None
    }

    /// A cheap static guess of how good `a` is for the player to move, for heuristic move
    /// ordering (higher first). Default: all equal, so the natural order is kept.
    fn order_hint(&self, _s: &Self::State, _a: Self::Action) -> i32 {
        0
    }
}

/// An evaluation function EVAL(s) for H-minimax: an estimate of the utility to MAX of a
/// non-terminal state at the cutoff depth. Must agree in scale with UTILITY.
pub trait Evaluator<G: Game> {
    /// EVAL(s) from MAX's point of view.
    fn eval(&self, game: &G, s: &G::State) -> f64;

    /// QUIESCENT(s): is the position quiet enough to trust EVAL? Non-quiescent positions are
    /// searched further when quiescence is on. Default: always quiet.
    fn is_quiescent(&self, _game: &G, _s: &G::State) -> bool {
        true
    }

    /// Moves worth searching in a non-quiescent position (threats, forced replies).
    /// Default: all moves.
    fn noisy_actions(&self, game: &G, s: &G::State, out: &mut Vec<G::Action>) {
        game.actions(s, out)
    }
}

/// A game that can list the weighted-linear features of a state:
/// EVAL(s) = w1·f1(s) + … + wn·fn(s).
pub trait Features: Game {
    /// The names of the features, for display.
    fn feature_names(&self) -> &'static [&'static str];
    /// f1(s) … fn(s), from MAX's point of view.
    fn features(&self, s: &Self::State, out: &mut Vec<f64>);
    /// Sensible default weights.
    fn default_weights(&self) -> Vec<f64>;
}

/// EVAL(s) = Σ wᵢ·fᵢ(s), clamped strictly inside the range of real utilities so that a
/// heuristic value never claims a proven win or loss.
#[derive(Clone, Debug)]
pub struct WeightedLinear {
    /// One weight per feature.
    pub weights: Vec<f64>,
    /// |EVAL| stays strictly below this.
    pub bound: f64,
}

impl WeightedLinear {
    /// The game's default weights, bounded by `bound`.
    pub fn default_for<G: Features>(game: &G, bound: f64) -> Self {
        WeightedLinear { weights: game.default_weights(), bound }
    }
}

impl<G: Features> Evaluator<G> for WeightedLinear {
    fn eval(&self, game: &G, s: &G::State) -> f64 {
        if game.is_terminal(s) {
            return game.utility(s, Player::MAX);
        }
        let mut f = Vec::with_capacity(self.weights.len());
        game.features(s, &mut f);
        let v: f64 = f.iter().zip(&self.weights).map(|(f, w)| f * w).sum();
        let lim = self.bound * 0.999;
        // `f64::clamp` without its panic message (whose float formatting is a lot of wasm).
        if v < -lim {
            -lim
        } else if v > lim {
            lim
        } else {
            v
        }
    }
}
