//! Helpers shared by the workspace-level tests: the Net fixtures and a stable
//! hash for golden values.

use lightemall_model::Tile;

/// One line of `fixtures/net-game-ids.txt`.
#[derive(Clone, Debug)]
pub struct NetFixture {
    /// `unique` or `ambiguous`.
    pub kind: String,
    /// The Net game ID (scrambled tiles).
    pub id: String,
    /// The generator's solution, in the same digit encoding.
    pub solution: String,
}

/// Every fixture, from Simon Tatham's Net.
pub fn net_fixtures() -> Vec<NetFixture> {
    include_str!("fixtures/net-game-ids.txt")
        .lines()
        .filter(|line| !line.starts_with('#') && !line.trim().is_empty())
        .filter_map(|line| {
            let mut fields = line.split_whitespace();
            Some(NetFixture {
                kind: fields.next()?.to_string(),
                id: fields.next()?.to_string(),
                solution: fields.next()?.to_string(),
            })
        })
        .collect()
}

/// FNV-1a over tile masks: a hash that no library release can change.
pub fn stable_hash(tiles: &[Tile]) -> u64 {
    tiles.iter().fold(0xcbf2_9ce4_8422_2325, |hash, tile| {
        (hash ^ u64::from(tile.0)).wrapping_mul(0x0100_0000_01b3)
    })
}
