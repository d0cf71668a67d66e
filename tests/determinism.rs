//! Golden tests: the same seed gives the same puzzle on every machine and in
//! every release. If one of these fails, a change altered generated puzzles:
//! that breaks every puzzle ID users have shared, so it needs a new ID
//! version, not a snapshot update.

use lightemall_engine::daily::{Date, daily_id};
use lightemall_gen::{Difficulty, Generator, Params};
use lightemall_model::format::text::picture;
use lightemall_model::{Grid, Puzzle, Topology};
use lightemall_solve::generate;
use lightemall_tests::stable_hash;

fn params(
    topology: Topology,
    size: (usize, usize),
    wrap: bool,
    generator: Generator,
    difficulty: Difficulty,
) -> Params {
    Params {
        grid: Grid::new(topology, size.0, size.1, wrap).expect("valid grid"),
        generator,
        difficulty,
        seed: 20261202,
        station: generator
            .default_station(&Grid::new(topology, size.0, size.1, wrap).expect("valid grid")),
    }
}

/// The generators pinned at every size here: all but the ladder, which
/// is pinned at its own sizes ([`ladder_puzzles_are_pinned`]: a 6x4 board
/// is below its bands, a 200x150 one beyond its reach today).
fn pinned_everywhere() -> impl Iterator<Item = Generator> {
    Generator::ALL
        .iter()
        .copied()
        .filter(|&g| g != Generator::Ladder)
}

#[test]
fn small_puzzles_are_pinned() {
    let mut out = String::new();
    for generator in pinned_everywhere() {
        for topology in Topology::ALL {
            for wrap in [false, true] {
                let p = params(topology, (6, 4), wrap, generator, Difficulty::Hard);
                let puzzle = generate(&p).expect("generates");
                let solved = puzzle.solution_board().expect("has a solution");
                out.push_str(&format!(
                    "{p}\n{}--\n{}\n",
                    picture(&puzzle.board),
                    picture(&solved)
                ));
            }
        }
    }
    insta::assert_snapshot!("small_puzzles", out);
}

#[test]
fn large_puzzles_are_pinned() {
    let mut out = String::new();
    for generator in pinned_everywhere() {
        // Expert is the ladder's alone: the others' snapshots keep their
        // three levels.
        for &difficulty in Difficulty::ALL.iter().filter(|&&d| d != Difficulty::Expert) {
            let p = params(Topology::Square, (200, 150), false, generator, difficulty);
            let puzzle = generate(&p).expect("generates");
            out.push_str(&format!("{p}: {}\n", pinned(&puzzle)));
        }
    }
    insta::assert_snapshot!("large_puzzles", out);
}

#[test]
fn unique_puzzles_proved_by_search_are_pinned() {
    // Octo wrapping boards have no edge for deduction to start from: the
    // unique generator there relies on the solver's search order too.
    let mut out = String::new();
    for id in [
        "octo:24x16w:unique:hard#20261202",
        "octo:12x12w:unique:easy#7",
        "hex:30x20w:unique:medium#3",
        "octo:12x12w:unique2:easy#7",
        "octo:60x60:unique2:medium#1",
    ] {
        let params: Params = id.parse().expect("seeded ID");
        let puzzle = generate(&params).expect("generates");
        out.push_str(&format!("{id}: {}\n", pinned(&puzzle)));
    }
    insta::assert_snapshot!("unique_by_search", out);
}

#[test]
fn ladder_puzzles_are_pinned() {
    let mut out = String::new();
    for topology in Topology::ALL {
        for wrap in [false, true] {
            for &difficulty in Difficulty::ALL {
                let p = params(topology, (12, 12), wrap, Generator::Ladder, difficulty);
                let line = match generate(&p) {
                    Ok(puzzle) => pinned(&puzzle),
                    // Which seeds reach no band is pinned too.
                    Err(e) => format!("error: {e}"),
                };
                out.push_str(&format!("{p}: {line}\n"));
            }
        }
    }
    insta::assert_snapshot!("ladder_puzzles", out);
}

/// The first week of each daily era, as engine's `daily_id` maps those
/// dates: a daily is a seeded ID, so a change to its generator would change
/// every past daily. Era 2, the ladder's, starts on 2026-12-14: from then
/// on a ladder change that fails here needs a new era or a new generator
/// name, not a snapshot update.
#[test]
fn daily_puzzles_are_pinned() {
    let mut out = String::new();
    for (year, month, first) in [(2026, 11, 30), (2026, 12, 14)] {
        let monday = Date::new(year, month, first).expect("a date");
        for day in 0..7 {
            let date =
                Date::from_days_since_epoch(monday.days_since_epoch() + day).expect("a date");
            let id = daily_id(date, date).expect("a daily");
            let p: Params = id.parse().expect("a daily's ID parses");
            let puzzle = generate(&p).expect("a daily generates");
            out.push_str(&format!("{id}: {}\n", pinned(&puzzle)));
        }
    }
    insta::assert_snapshot!("daily_puzzles", out);
}

/// What a golden test pins of a puzzle: its tiles' and solution's hashes.
fn pinned(puzzle: &Puzzle) -> String {
    let solution = puzzle.solution.as_deref().unwrap_or_default();
    format!(
        "tiles {:016x} solution {:016x}",
        stable_hash(puzzle.board.tiles()),
        stable_hash(solution)
    )
}
