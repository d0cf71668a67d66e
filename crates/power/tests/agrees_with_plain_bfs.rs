//! The optimised search against a plain breadth-first search over
//! `Board::linked`, on scrambled and solved boards of every topology, wrapping
//! or not, with barriers, from every kind of station.

mod common;

use common::any_drawn;
use lightemall_model::Board;
use lightemall_power::{Power, diameter};
use proptest::prelude::*;
use std::collections::VecDeque;

fn plain_distances(board: &Board, station: usize) -> Vec<Option<u32>> {
    let mut distance = vec![None; board.grid().len()];
    distance[station] = Some(0);
    let mut queue = VecDeque::from([station]);
    while let Some(tile) = queue.pop_front() {
        let next = distance[tile].map(|d| d + 1);
        for dir in board.grid().topology().directions() {
            if let Some(other) = board.linked(tile, dir)
                && distance[other].is_none()
            {
                distance[other] = next;
                queue.push_back(other);
            }
        }
    }
    distance
}

fn any_board() -> impl Strategy<Value = (Board, Board, usize)> {
    any_drawn(2..20, 1..10, 12).prop_map(|drawn| {
        let scrambled = drawn.with_barriers(drawn.puzzle.board.clone());
        let solved = drawn.puzzle.solution_board().expect("solved");
        (scrambled, solved, drawn.station)
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn distances_match_a_plain_search((scrambled, solved, station) in any_board()) {
        let mut power = Power::default();
        for board in [&scrambled, &solved] {
            power.compute(board, station);
            let plain = plain_distances(board, station);
            let ours: Vec<_> = (0..board.grid().len()).map(|t| power.distance(t)).collect();
            prop_assert_eq!(&ours, &plain);
            prop_assert_eq!(&power.distances().collect::<Vec<_>>(), &plain);
            let reached = plain.iter().filter(|d| d.is_some()).count();
            prop_assert_eq!(power.powered_count(None), reached);
            prop_assert_eq!(power.reached().count(), reached);
            for radius in 0..4 {
                let within = plain.iter().filter(|d| d.is_some_and(|d| d <= radius)).count();
                prop_assert_eq!(power.powered_count(Some(radius)), within);
            }
        }
        power.compute(&solved, station);
        prop_assert!(power.all_powered(None));
        let d = diameter(&solved, station, &mut power);
        let from_end = plain_distances(&solved, d.from);
        prop_assert_eq!(from_end.iter().flatten().max().copied(), Some(d.length));
    }
}
