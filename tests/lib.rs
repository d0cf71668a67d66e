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

/// Every solution of a small board, by trying every combination of
/// orientations: the oracle for "unique", "multiple", "none", the rules and
/// par.
pub fn brute_force_solutions(board: &lightemall_model::Board) -> Vec<Vec<Tile>> {
    let topology = board.grid().topology();
    let options: Vec<Vec<Tile>> = board
        .tiles()
        .iter()
        .map(|t| {
            (0..t.orientation_count(topology))
                .map(|k| t.rotated(topology, k))
                .collect()
        })
        .collect();
    let mut solutions = Vec::new();
    let mut pick = vec![0usize; options.len()];
    loop {
        let tiles: Vec<Tile> = pick.iter().zip(&options).map(|(&k, o)| o[k]).collect();
        if board
            .with_tiles(tiles.clone())
            .is_ok_and(|b| b.check_solved().is_ok())
        {
            solutions.push(tiles);
        }
        // Next combination, like an odometer.
        let mut i = 0;
        loop {
            if i == pick.len() {
                return solutions;
            }
            pick[i] += 1;
            if pick[i] < options[i].len() {
                break;
            }
            pick[i] = 0;
            i += 1;
        }
    }
}
