//! The grid-neutral description against today's tables, port by port, on
//! every board of 1 to 6 cells a side, wrapping and not, on all three
//! grids; and the geometry of the cells.

use super::*;
use crate::{Dir, Grid, Tile, Topology};

/// Every board the tests walk: topology, width, height, wrap.
fn boards() -> impl Iterator<Item = (Topology, usize, usize, bool)> {
    Topology::ALL.into_iter().flat_map(|topology| {
        (1..=6).flat_map(move |width| {
            (1..=6).flat_map(move |height| {
                [false, true].map(move |wrap| (topology, width, height, wrap))
            })
        })
    })
}

/// The boards that can be made (hex refuses to wrap at an odd height).
fn made_boards() -> impl Iterator<Item = (Topology, usize, usize, bool, GridCells)> {
    boards().filter_map(|(topology, width, height, wrap)| {
        let cells = topology.cells(width, height, wrap).ok()?;
        Some((topology, width, height, wrap, cells))
    })
}

/// Where today's tables lead: the topology's offset for the row's
/// parity, wrapping or not, arriving at the opposite direction.
fn todays_across(
    topology: Topology,
    (width, height, wrap): (usize, usize, bool),
    cell: usize,
    dir: Dir,
) -> Option<Port> {
    let (x, y) = (cell % width, cell / width);
    let (dx, dy) = topology.offset(dir, y);
    let moved = |at: usize, delta: i8, len: usize| {
        let to = at as i64 + i64::from(delta);
        if wrap {
            Some(to.rem_euclid(len as i64) as usize)
        } else {
            (0..len as i64).contains(&to).then_some(to as usize)
        }
    };
    let (nx, ny) = (moved(x, dx, width)?, moved(y, dy, height)?);
    Some(Port {
        cell: ny * width + nx,
        port: topology.opposite(dir).0,
    })
}

#[test]
fn the_boards_that_wrap_are_todays() {
    for (topology, width, height, wrap) in boards() {
        let made = topology.cells(width, height, wrap);
        let allowed = !wrap || height.is_multiple_of(topology.row_period());
        assert_eq!(made.is_ok(), allowed, "{topology} {width}x{height} {wrap}");
        if !allowed {
            assert_eq!(made, Err(ModelError::OddWrappingHexHeight { height }));
        }
    }
}

#[test]
fn every_port_leads_where_todays_tables_lead() {
    for (topology, width, height, wrap, cells) in made_boards() {
        let board = format!("{topology} {width}x{height} wrap {wrap}");
        assert_eq!(cells.cell_count(), width * height, "{board}");
        for cell in 0..cells.cell_count() {
            assert_eq!(cells.ports(cell), topology.direction_count(), "{board}");
            for dir in topology.directions() {
                let from = Port { cell, port: dir.0 };
                let expected = todays_across(topology, (width, height, wrap), cell, dir);
                assert_eq!(cells.across(from), expected, "{board} {from:?}");
            }
        }
    }
}

#[test]
fn a_grid_gives_the_cells_of_its_topology_and_the_neighbours_it_gives() {
    for (topology, width, height, wrap, cells) in made_boards() {
        let Ok(grid) = Grid::new(topology, width, height, wrap) else {
            assert!(width < 2 || height < 2, "{topology} {width}x{height}");
            continue;
        };
        assert_eq!(grid.cells(), cells);
        for cell in 0..grid.len() {
            for dir in topology.directions() {
                let from = Port { cell, port: dir.0 };
                let to = cells.across(from);
                assert_eq!(to.map(|p| p.cell), grid.neighbour(cell, dir), "{from:?}");
                assert!(to.is_none_or(|p| p.port == topology.opposite(dir).0));
            }
        }
    }
}

#[test]
fn every_port_leads_back() {
    for (topology, width, height, wrap, cells) in made_boards() {
        for cell in 0..cells.cell_count() {
            for port in 0..cells.ports(cell) {
                let from = Port { cell, port };
                if let Some(to) = cells.across(from) {
                    let board = format!("{topology} {width}x{height} wrap {wrap}");
                    assert_eq!(cells.across(to), Some(from), "{board}");
                }
            }
        }
    }
}

#[test]
fn the_lattice_steps_are_todays_offsets() {
    for topology in Topology::ALL {
        let grid = Grid::new(topology, 4, 4, false).expect("valid grid");
        let lattice = grid.lattice();
        assert_eq!(lattice.ports(), topology.direction_count());
        assert_eq!(lattice.period(), topology.row_period());
        for y in 0..2 {
            for dir in topology.directions() {
                let (dx, dy) = topology.offset(dir, y);
                let back = topology.opposite(dir).0;
                assert_eq!(lattice.step(y, dir.0), Some(Step { dx, dy, back }));
            }
            assert_eq!(lattice.step(y, topology.direction_count()), None);
        }
    }
}

#[test]
fn a_turn_moves_port_p_to_p_plus_one() {
    for topology in Topology::ALL {
        let k = topology.direction_count();
        for mask in 0..=topology.full_mask() {
            for steps in 0..3 * u32::from(k) {
                let turned = turned(mask, k, steps);
                assert_eq!(turned, Tile(mask).rotated(topology, steps).0);
                for p in 0..k {
                    let to = (u32::from(p) + steps) % u32::from(k);
                    assert_eq!(mask >> p & 1, turned >> to & 1, "{topology} {mask} {steps}");
                }
            }
        }
    }
    assert_eq!(turned(0b1_0000, 4, 1), 0, "bits past the ports are dropped");
    assert_eq!(turned(0xff, 0, 1), 0);
    assert_eq!(turned(0b001, 3, 1), 0b010);
    assert_eq!(turned(0b100, 3, 1), 0b001);
}

/// Close enough for points worked out in two ways.
fn near(a: Point, b: Point) -> bool {
    (a.x - b.x).abs() < 1e-9 && (a.y - b.y).abs() < 1e-9
}

/// The point `share` of the way from `from` to `to`.
fn toward(from: Point, to: Point, share: f64) -> Point {
    Point::new(
        from.x + (to.x - from.x) * share,
        from.y + (to.y - from.y) * share,
    )
}

/// Whether `p` lies strictly inside the convex, clockwise `polygon`.
fn strictly_inside(polygon: &[Point], p: Point) -> bool {
    (0..polygon.len()).all(|i| {
        let (a, b) = (polygon[i], polygon[(i + 1) % polygon.len()]);
        (b.x - a.x) * (p.y - a.y) - (b.y - a.y) * (p.x - a.x) > 1e-12
    })
}

/// Twice the signed area (positive when clockwise on a y-down screen).
fn twice_area(polygon: &[Point]) -> f64 {
    (0..polygon.len())
        .map(|i| {
            let (a, b) = (polygon[i], polygon[(i + 1) % polygon.len()]);
            a.x * b.y - b.x * a.y
        })
        .sum()
}

#[test]
fn ports_meet_where_they_lead() {
    for (topology, width, height, _, cells) in made_boards().filter(|b| !b.3) {
        for cell in 0..cells.cell_count() {
            for port in 0..cells.ports(cell) {
                let from = Port { cell, port };
                let here = cells.port_point(from).expect("a port of the board");
                if let Some(to) = cells.across(from) {
                    let there = cells.port_point(to).expect("a port of the board");
                    assert!(near(here, there), "{topology} {width}x{height} {from:?}");
                }
            }
        }
    }
}

#[test]
fn ports_point_at_todays_wire_angles() {
    for (topology, _, _, _, cells) in made_boards() {
        for cell in 0..cells.cell_count() {
            let c = cells.centre(cell).expect("a cell of the board");
            for dir in topology.directions() {
                let p = cells
                    .port_point(Port { cell, port: dir.0 })
                    .expect("a port");
                let angle = (p.x - c.x).atan2(c.y - p.y).to_degrees().rem_euclid(360.0);
                let expected = f64::from(topology.direction(dir).angle_degrees);
                assert!(
                    (angle - expected).abs() < 1e-6,
                    "{topology} {dir:?}: {angle}"
                );
            }
        }
    }
}

#[test]
fn each_cell_is_under_its_own_centre_corners_and_ports() {
    for (topology, width, height, wrap, cells) in made_boards() {
        let board = format!("{topology} {width}x{height} wrap {wrap}");
        for cell in 0..cells.cell_count() {
            let c = cells.centre(cell).expect("a cell of the board");
            let polygon = cells.polygon(cell);
            assert!(twice_area(&polygon) > 0.0, "{board}: clockwise");
            assert_eq!(cells.cell_at(c), Some(cell), "{board}");
            let ports =
                (0..cells.ports(cell)).filter_map(|port| cells.port_point(Port { cell, port }));
            for edge in polygon.iter().copied().chain(ports) {
                assert_eq!(cells.cell_at(toward(c, edge, 0.95)), Some(cell), "{board}");
            }
        }
    }
}

#[test]
fn polygons_tile_the_board_without_overlap() {
    for (topology, width, height, _, cells) in made_boards().filter(|b| !b.3) {
        let polygons: Vec<_> = (0..cells.cell_count()).map(|c| cells.polygon(c)).collect();
        let area: f64 = polygons.iter().map(|p| twice_area(p) / 2.0).sum();
        let one = twice_area(&polygons[0]) / 2.0;
        assert!((area - one * cells.cell_count() as f64).abs() < 1e-9);
        // Points on a fine lattice off every edge, and past the board.
        for i in 0..(width as i32 + 2) * 13 {
            for j in 0..(height as i32 + 2) * 13 {
                let p = Point::new(
                    -1.0 + 0.0731 + f64::from(i) / 13.0,
                    -1.0 + 0.0419 + f64::from(j) / 13.0,
                );
                let holders: Vec<usize> = (0..polygons.len())
                    .filter(|&c| strictly_inside(&polygons[c], p))
                    .collect();
                assert!(
                    holders.len() <= 1,
                    "{topology} {width}x{height} {p:?}: {holders:?}"
                );
                if let Some(&holder) = holders.first() {
                    assert_eq!(cells.cell_at(p), Some(holder), "{topology} {p:?}");
                }
            }
        }
    }
}

#[test]
fn points_off_the_board_are_over_no_cell() {
    for (topology, width, height, _, cells) in made_boards() {
        let (w, h) = (width as f64, height as f64);
        for p in [
            Point::new(-0.01, 0.5),
            Point::new(0.5, -0.01),
            Point::new(w + 0.51, 0.5),
            Point::new(0.5, h + 0.6),
            Point::new(f64::NAN, 0.5),
            Point::new(0.5, f64::INFINITY),
            Point::new(-1e300, 1e300),
        ] {
            assert_eq!(cells.cell_at(p), None, "{topology} {width}x{height} {p:?}");
        }
    }
}

#[test]
fn questions_about_cells_and_ports_the_board_lacks_are_answered() {
    for (_, _, _, _, cells) in made_boards() {
        let n = cells.cell_count();
        let k = cells.ports(0);
        assert_eq!(cells.ports(n), 0);
        assert_eq!(cells.across(Port { cell: n, port: 0 }), None);
        assert_eq!(cells.across(Port { cell: 0, port: k }), None);
        assert_eq!(cells.port_point(Port { cell: 0, port: k }), None);
        assert_eq!(
            cells.port_point(Port {
                cell: usize::MAX,
                port: 0
            }),
            None
        );
        assert_eq!(cells.centre(n), None);
        assert!(cells.polygon(n).is_empty());
    }
    assert!(Square::new(usize::MAX, 2, false).is_err());
    assert!(Hex::new(3, 3, true).is_err());
    assert!(Hex::new(3, 4, true).is_ok());
    let empty = Octo::new(0, 5, true).expect("an empty board is a board");
    assert_eq!(empty.cell_count(), 0);
    assert_eq!(empty.across(Port { cell: 0, port: 0 }), None);
    assert_eq!(empty.cell_at(Point::new(0.0, 0.0)), None);
}
