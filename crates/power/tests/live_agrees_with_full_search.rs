//! The incremental update against a full search: random turns and station
//! moves on scrambled and solved boards of every topology, wrapping or not,
//! with barriers. After every step the distances, the powered counts with
//! and without a radius, the farthest distance and the list of changed tiles
//! must be exactly what a search from scratch gives.

mod common;

use common::any_drawn;
use lightemall_model::{Board, Dir};
use lightemall_power::{LivePower, Power, Update};
use proptest::prelude::*;

/// A step of play: turn a tile, or move the station along a wire.
#[derive(Clone, Debug)]
enum Step {
    Turn { tile: usize, steps: u32 },
    Station { dir: u8 },
}

fn any_step() -> impl Strategy<Value = Step> {
    prop_oneof![
        8 => (any::<usize>(), 1u32..8).prop_map(|(tile, steps)| Step::Turn { tile, steps }),
        1 => any::<u8>().prop_map(|dir| Step::Station { dir }),
    ]
}

fn any_board() -> impl Strategy<Value = (Board, usize)> {
    (any_drawn(2..14, 1..7, 6), any::<bool>()).prop_map(|(drawn, solved)| {
        let board = if solved {
            drawn.puzzle.solution_board().expect("solved")
        } else {
            drawn.puzzle.board.clone()
        };
        (drawn.with_barriers(board), drawn.station)
    })
}

fn distances(board: &Board, live: &LivePower) -> Vec<Option<u32>> {
    (0..board.grid().len()).map(|t| live.distance(t)).collect()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn live_power_equals_a_full_search(
        (mut board, mut station) in any_board(),
        steps in prop::collection::vec(any_step(), 1..40),
    ) {
        let mut live = LivePower::default();
        live.compute(&board, station);
        let mut full = Power::default();
        let topology = board.grid().topology();
        for step in steps {
            let before = distances(&board, &live);
            match step {
                Step::Turn { tile, steps } => {
                    let tile = tile % board.grid().len();
                    board.rotate(tile, steps % u32::from(topology.direction_count()));
                    live.turned(&board, tile, station);
                }
                Step::Station { dir } => {
                    let dir = Dir(dir % topology.direction_count());
                    if let Some(to) = board.linked(station, dir) {
                        station = to;
                    }
                    live.compute(&board, station);
                }
            }
            full.compute(&board, station);
            let ours = distances(&board, &live);
            let expect: Vec<_> = (0..board.grid().len()).map(|t| full.distance(t)).collect();
            prop_assert_eq!(&ours, &expect);
            prop_assert_eq!(&live.distances().collect::<Vec<_>>(), &expect);
            prop_assert_eq!(live.powered_count(None), full.powered_count(None));
            for radius in 0..6 {
                prop_assert_eq!(live.powered_count(Some(radius)), full.powered_count(Some(radius)));
                prop_assert_eq!(live.all_powered(Some(radius)), full.all_powered(Some(radius)));
            }
            let farthest = expect.iter().flatten().max().copied().unwrap_or(0);
            prop_assert_eq!(live.farthest_distance(), farthest);
            if live.last_update() == Update::Tiles {
                let mut changed = live.changed().to_vec();
                changed.sort_unstable();
                let differ: Vec<usize> =
                    (0..before.len()).filter(|&t| before[t] != ours[t]).collect();
                prop_assert_eq!(changed, differ);
            }
        }
    }
}
