//! What the solver had to do: how many deductions of each rule and how many
//! guesses. The difficulty rating is computed from it.

/// Work done by one solve.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    /// Orientations removed by the local rule (neighbours must agree).
    pub local: u64,
    /// Wires ruled out because they would close a loop.
    pub loops: u64,
    /// Wires forced because they were a group's only way out.
    pub islands: u64,
    /// Times the search had to try the orientations of a tile.
    pub guesses: u64,
}
