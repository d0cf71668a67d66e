//! The parameters of the next game: the panel's Easy / Medium / Hard / Expert,
//! size and mode buttons, H (square or octo) and N (a new seed). Pure
//! functions from the current parameters to the next.

use lightemall_gen::{Difficulty, Generator, Params};
use lightemall_model::{Grid, Topology};

/// The sizes the size button cycles through.
pub const SIZES: [usize; 6] = [5, 7, 10, 15, 20, 30];

/// The parameters a game of `grid` would have had, for a puzzle that was
/// given (an ID of tiles or a Net game ID) rather than generated.
pub fn params_like(grid: Grid, seed: u64) -> Params {
    Params {
        grid,
        generator: Generator::default(),
        difficulty: Difficulty::default(),
        seed,
        station: Generator::default().default_station(&grid),
    }
}

/// The same puzzle kind with another seed; the station back where the
/// generator puts it.
pub fn reseeded(params: Params, seed: u64) -> Params {
    Params {
        seed,
        station: params.generator.default_station(&params.grid),
        ..params
    }
}

/// Another difficulty. Expert is the ladder generator's alone: a graded
/// game asked for it becomes a ladder one (its station where the ladder
/// puts it).
pub fn with_difficulty(params: Params, difficulty: Difficulty) -> Params {
    match (params.generator, difficulty) {
        (Generator::Graded, Difficulty::Expert) => Params {
            difficulty,
            generator: Generator::Ladder,
            station: Generator::Ladder.default_station(&params.grid),
            ..params
        },
        _ => Params {
            difficulty,
            ..params
        },
    }
}

/// The next size of [`SIZES`] after the current width (square boards).
pub fn next_size(params: Params) -> Params {
    let width = params.grid.width();
    let side = SIZES.into_iter().find(|&s| s > width).unwrap_or(SIZES[0]);
    with_grid(params, params.grid.topology(), side, side)
}

/// The next topology of [`Topology::ALL`].
pub fn next_mode(params: Params) -> Params {
    let now = params.grid.topology();
    let at = Topology::ALL.iter().position(|&t| t == now).unwrap_or(0);
    let next = Topology::ALL[(at + 1) % Topology::ALL.len()];
    with_grid(params, next, params.grid.width(), params.grid.height())
}

/// H: octo if square or hex, square if octo.
pub fn toggle_octo(params: Params) -> Params {
    let next = if params.grid.topology() == Topology::Octo {
        Topology::Square
    } else {
        Topology::Octo
    };
    with_grid(params, next, params.grid.width(), params.grid.height())
}

/// A grid of `topology`, `width` x `height`, wrapping if the old one did
/// and the new one can (a wrapping hex board needs an even height).
fn with_grid(params: Params, topology: Topology, width: usize, height: usize) -> Params {
    let wrap = params.grid.wrap();
    let grid = Grid::new(topology, width, height, wrap)
        .or_else(|_| Grid::new(topology, width, height, false))
        .unwrap_or(params.grid);
    Params {
        grid,
        station: params.generator.default_station(&grid),
        ..params
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn params(topology: Topology, side: usize, wrap: bool) -> Params {
        let grid = Grid::new(topology, side, side, wrap).expect("grid");
        params_like(grid, 7)
    }

    #[test]
    fn sizes_cycle_and_keep_the_topology() {
        let p = params(Topology::Hex, 10, false);
        assert_eq!(next_size(p).grid.width(), 15);
        assert_eq!(next_size(p).grid.topology(), Topology::Hex);
        assert_eq!(
            next_size(params(Topology::Square, 30, false)).grid.width(),
            5
        );
        assert_eq!(
            next_size(params(Topology::Square, 12, false)).grid.width(),
            15
        );
    }

    #[test]
    fn modes_cycle_and_h_toggles_octo() {
        let p = params(Topology::Square, 5, false);
        assert_eq!(next_mode(p).grid.topology(), Topology::Octo);
        assert_eq!(next_mode(next_mode(p)).grid.topology(), Topology::Hex);
        assert_eq!(toggle_octo(p).grid.topology(), Topology::Octo);
        assert_eq!(
            toggle_octo(toggle_octo(p)).grid.topology(),
            Topology::Square
        );
    }

    #[test]
    fn a_wrapping_board_drops_the_wrap_only_when_it_must() {
        let odd = params(Topology::Octo, 5, true);
        let hex = next_mode(odd);
        assert_eq!(hex.grid.topology(), Topology::Hex);
        assert!(!hex.grid.wrap(), "a 5-high hex board cannot wrap");
        assert!(next_size(params(Topology::Square, 5, true)).grid.wrap());
    }

    #[test]
    fn a_new_seed_brings_the_station_home() {
        // Home is where the generator puts it: the centre for graded
        // puzzles (the default), (0, 0) for the original game's Kruskal.
        let mut p = params(Topology::Square, 5, false);
        p.station = (4, 1);
        let q = reseeded(p, 99);
        assert_eq!((q.seed, q.station), (99, (2, 2)));
        let kruskal = Params {
            generator: lightemall_gen::Generator::Kruskal,
            ..p
        };
        assert_eq!(reseeded(kruskal, 5).station, (0, 0));
        assert_eq!(
            with_difficulty(q, Difficulty::Hard).difficulty,
            Difficulty::Hard
        );
    }

    #[test]
    fn expert_is_the_ladders() {
        let check = |generator, expect| {
            let p = Params {
                generator,
                ..params(Topology::Square, 7, false)
            };
            let q = with_difficulty(p, Difficulty::Expert);
            assert_eq!((q.generator, q.difficulty), (expect, Difficulty::Expert));
            let station = if generator == expect {
                p.station
            } else {
                expect.default_station(&q.grid)
            };
            assert_eq!(q.station, station, "{generator}");
        };
        check(Generator::Graded, Generator::Ladder);
        check(Generator::Ladder, Generator::Ladder);
        check(Generator::Kruskal, Generator::Kruskal);
    }
}
