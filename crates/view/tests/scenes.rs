//! Scene snapshots: the display list of small boards as text, for each
//! topology scrambled and solved, the panel with hover and press, the help
//! overlay, radius, fog, locks, marks, the cursor, animations, the
//! generation demo, a hint's mark and a notice for the player. Run with `INSTA_UPDATE=always` to accept a change.

use lightemall_gen::{Difficulty, Generator, Params, generate};
use lightemall_model::{Board, Grid, Puzzle, Topology};
use lightemall_power::Power;
use lightemall_view::{
    Animation, Button, FrameInput, Highlights, HintMark, Layout, PanelInfo, Point, Scene, Shape,
    Stroke, Theme, Turning, distance_word, error_marks, scene_of,
};

/// A puzzle and what the view needs of it, owned, so inputs can borrow it.
struct Fixture {
    board: Board,
    station: usize,
    distance: Vec<u32>,
    errors: Vec<u8>,
    locked: Vec<bool>,
    panel: PanelInfo,
}

fn puzzle(topology: Topology, width: usize, height: usize, station: (usize, usize)) -> Puzzle {
    let params = Params {
        grid: Grid::new(topology, width, height, false).expect("valid grid"),
        generator: Generator::Kruskal,
        difficulty: Difficulty::Medium,
        seed: 11,
        station,
    };
    generate(&params).expect("generates")
}

impl Fixture {
    fn new(topology: Topology, size: (usize, usize), solved: bool) -> Fixture {
        let puzzle = puzzle(topology, size.0, size.1, (0, 0));
        let board = if solved {
            puzzle.solution_board().expect("has a solution")
        } else {
            puzzle.board.clone()
        };
        Fixture::of(board, puzzle.station)
    }

    fn of(board: Board, station: usize) -> Fixture {
        let mut power = Power::default();
        power.compute(&board, station);
        let grid = *board.grid();
        Fixture {
            distance: power.distances().map(distance_word).collect(),
            errors: error_marks(&board, &[]),
            locked: Vec::new(),
            panel: PanelInfo {
                time: "1:05".into(),
                moves: 7,
                par: Some(9),
                par_bound: false,
                radius: None,
                difficulty: "medium".into(),
                rating: Some("easy".into()),
                measuring: false,
                size: grid.size_label(),
                mode: grid.topology().name().into(),
                solved: power.all_powered(None),
                daily: false,
            },
            board,
            station,
        }
    }

    fn input(&self) -> FrameInput<'_> {
        FrameInput {
            locked: &self.locked,
            distance: &self.distance,
            errors: &self.errors,
            ..FrameInput::plain(&self.board, self.station)
        }
    }
}

fn dump(input: &FrameInput<'_>, cell: f32) -> String {
    let layout = Layout::with_cell(input.board.grid(), cell, input.panel.is_some());
    scene_of(input, &layout).dump()
}

#[test]
fn each_topology_scrambled_and_solved() {
    for topology in Topology::ALL {
        for solved in [false, true] {
            let fixture = Fixture::new(topology, (3, 2), solved);
            let state = if solved { "solved" } else { "scrambled" };
            let name = format!("board_{topology}_{state}");
            insta::assert_snapshot!(name, dump(&fixture.input(), 20.0));
        }
    }
}

#[test]
fn themes_change_colours_not_shapes() {
    let fixture = Fixture::new(Topology::Square, (3, 2), true);
    let mut input = fixture.input();
    input.ui.theme = Theme::Circuit;
    insta::assert_snapshot!("theme_circuit", dump(&input, 20.0));
    input.ui.theme = Theme::Contrast;
    insta::assert_snapshot!("theme_contrast", dump(&input, 20.0));
}

#[test]
fn panel_with_hover_and_press() {
    let fixture = Fixture::new(Topology::Square, (2, 2), false);
    let mut input = fixture.input();
    input.panel = Some(&fixture.panel);
    input.ui.hovered = Some(Button::Size);
    input.ui.pressed = Some(Button::Hard);
    insta::assert_snapshot!("panel", dump(&input, 20.0));
}

#[test]
fn help_overlay() {
    let fixture = Fixture::new(Topology::Square, (2, 2), false);
    let mut input = fixture.input();
    input.panel = Some(&fixture.panel);
    input.ui.help = true;
    insta::assert_snapshot!("help", dump(&input, 20.0));
}

#[test]
fn notice_at_the_bottom() {
    let fixture = Fixture::new(Topology::Square, (3, 2), false);
    let mut input = fixture.input();
    input.panel = Some(&fixture.panel);
    input.notice = Some("saved to /home/player/.local/share/lightemall/saved.lightemall-save");
    insta::assert_snapshot!("notice", dump(&input, 20.0));
}

/// Where the text `text` is in the scene's list, and where the help's
/// veil (a rect over the whole output) is.
fn places(scene: &Scene, text: &str) -> (Option<usize>, Option<usize>) {
    let notice = scene
        .shapes
        .iter()
        .position(|s| matches!(s, Shape::Text { text: t, .. } if t == text));
    let veil = scene.shapes.iter().position(|s| {
        matches!(s, Shape::Rect { rect, .. }
            if rect.w == scene.width as f32 && rect.h == scene.height as f32)
    });
    (notice, veil)
}

#[test]
fn a_notice_never_covers_the_help() {
    let fixture = Fixture::new(Topology::Square, (3, 2), false);
    let mut input = fixture.input();
    input.panel = Some(&fixture.panel);
    input.ui.help = true;
    input.notice = Some("loaded the saved game");
    let grid = *fixture.board.grid();
    // In a large window the help's box leaves the bottom free: the notice
    // is drawn over the veil, readable.
    let roomy = scene_of(&input, &Layout::fit(&grid, 800, 800, true));
    let (notice, veil) = places(&roomy, "loaded the saved game");
    assert!(notice > veil && veil.is_some(), "{notice:?} {veil:?}");
    // In a small one the box reaches the bottom: the notice goes under the
    // veil, and the help stays whole.
    let small = scene_of(&input, &Layout::fit(&grid, 640, 300, true));
    let (notice, veil) = places(&small, "loaded the saved game");
    assert!(notice.is_some() && notice < veil, "{notice:?} {veil:?}");
}

#[test]
fn a_notice_is_one_line_and_a_blank_one_is_not_drawn() {
    let fixture = Fixture::new(Topology::Square, (3, 2), false);
    let mut input = fixture.input();
    input.panel = Some(&fixture.panel);
    let plain = dump(&input, 20.0);
    for blank in ["", "  "] {
        input.notice = Some(blank);
        assert_eq!(dump(&input, 20.0), plain, "{blank:?}");
    }
    input.notice = Some("could not autosave:\nthe disk is full");
    let scene = scene_of(&input, &Layout::with_cell(fixture.board.grid(), 20.0, true));
    let (notice, _) = places(&scene, "could not autosave:\\nthe disk is full");
    assert!(notice.is_some(), "{}", scene.dump());
    // An output too narrow for a notice shows none, and does not panic.
    let tiny = scene_of(&input, &Layout::fit(fixture.board.grid(), 40, 40, true));
    assert_eq!(
        places(&tiny, "could not autosave:\\nthe disk is full").0,
        None
    );
}

#[test]
fn radius_leaves_far_tiles_dark() {
    let fixture = Fixture::new(Topology::Square, (4, 1 + 1), true);
    let mut input = fixture.input();
    input.radius = Some(2);
    insta::assert_snapshot!("radius_2", dump(&input, 16.0));
}

#[test]
fn fog_hides_tiles_outside_the_ellipse() {
    let puzzle = puzzle(Topology::Square, 12, 3, (0, 1));
    let fixture = Fixture::of(puzzle.board, puzzle.station);
    let mut input = fixture.input();
    input.fog = true;
    insta::assert_snapshot!("fog", dump(&input, 8.0));
}

#[test]
fn locks_marks_and_cursor() {
    let mut fixture = Fixture::new(Topology::Square, (3, 2), false);
    fixture.locked = vec![false, true, false, false, false, true];
    fixture.errors = error_marks(&fixture.board, &fixture.locked);
    let mut input = fixture.input();
    input.ui.cursor = Some(4);
    insta::assert_snapshot!("locks_marks_cursor", dump(&input, 20.0));
}

#[test]
fn animation_halfway() {
    let fixture = Fixture::new(Topology::Hex, (3, 2), true);
    let mut input = fixture.input();
    input.animation = Animation {
        now_ms: 1070,
        turning: Some(Turning {
            tile: 1,
            clockwise: true,
            since_ms: 1000,
        }),
        power_since_ms: Some(1000),
        won_since_ms: Some(1000),
    };
    insta::assert_snapshot!("animation_halfway", dump(&input, 20.0));
}

#[test]
fn generation_highlights() {
    let fixture = Fixture::new(Topology::Octo, (3, 2), true);
    let mut input = fixture.input();
    input.distance = &[];
    input.highlights = Highlights {
        processing: Some(2),
        frontier: &[3, 4],
        ..Highlights::default()
    };
    insta::assert_snapshot!("generation", dump(&input, 20.0));
}

#[test]
fn a_hint_marks_its_tile_with_brackets_and_an_arrow_the_way_to_turn() {
    let fixture = Fixture::new(Topology::Square, (3, 2), false);
    let mut input = fixture.input();
    input.highlights.hint = Some(HintMark {
        tile: 4,
        clockwise: true,
    });
    insta::assert_snapshot!("hint_clockwise", dump(&input, 20.0));
    let hex = Fixture::new(Topology::Hex, (3, 2), false);
    let mut input = hex.input();
    input.highlights.hint = Some(HintMark {
        tile: 1,
        clockwise: false,
    });
    insta::assert_snapshot!("hint_anticlockwise_hex", dump(&input, 20.0));
}

/// The shapes of a Scene in the theme's hint colour.
fn hint_shapes(input: &FrameInput<'_>, layout: &Layout) -> usize {
    let hint = input.ui.theme.palette().hint;
    scene_of(input, layout)
        .shapes
        .iter()
        .filter(|shape| match shape {
            Shape::Line { stroke, .. } => stroke.color == hint,
            Shape::Polygon { fill, .. } => *fill == Some(hint),
            _ => false,
        })
        .count()
}

#[test]
fn the_tiles_that_force_a_hint_are_outlined_in_its_colour() {
    let fixture = Fixture::new(Topology::Square, (3, 2), false);
    let mut input = fixture.input();
    let layout = Layout::with_cell(input.board.grid(), 20.0, false);
    let outlines = |input: &FrameInput<'_>| {
        let hint = input.ui.theme.palette().hint;
        scene_of(input, &layout)
            .shapes
            .iter()
            .filter(|shape| {
                matches!(shape, Shape::Polygon { fill: None, stroke: Some(stroke), .. }
                    if stroke.color == hint)
            })
            .count()
    };
    input.highlights.forcing = &[1, 5];
    assert_eq!(outlines(&input), 0, "no hint, no outlines");
    input.highlights.hint = Some(HintMark {
        tile: 4,
        clockwise: true,
    });
    assert_eq!(outlines(&input), 2);
    input.highlights.forcing = &[1, 99];
    assert_eq!(outlines(&input), 1, "a tile off the board is not drawn");
}

#[test]
fn a_hint_is_not_drawn_where_its_tile_is_not_shown() {
    let puzzle = puzzle(Topology::Square, 12, 3, (0, 1));
    let fixture = Fixture::of(puzzle.board, puzzle.station);
    let mut input = fixture.input();
    let layout = Layout::with_cell(input.board.grid(), 20.0, false);
    let mark = |tile| {
        Some(HintMark {
            tile,
            clockwise: true,
        })
    };
    input.highlights.hint = mark(11);
    // Four corners, the arrow's arc and its head.
    assert_eq!(hint_shapes(&input, &layout), 6);
    input.fog = true;
    assert_eq!(hint_shapes(&input, &layout), 0, "in the fog");
    input.highlights.hint = mark(1);
    assert_eq!(hint_shapes(&input, &layout), 6, "in sight of the star");
    input.station = usize::MAX;
    assert_eq!(hint_shapes(&input, &layout), 0, "paused: all hidden");
    input.fog = false;
    input.highlights.hint = mark(36);
    assert_eq!(hint_shapes(&input, &layout), 0, "off the board");
    let small = Layout::with_cell(input.board.grid(), 10.0, false);
    input.highlights.hint = mark(0);
    assert_eq!(
        hint_shapes(&input, &small),
        4,
        "small tiles: brackets alone"
    );
}

#[test]
fn bad_input_draws_less_and_never_panics() {
    let fixture = Fixture::new(Topology::Square, (3, 2), false);
    let mut input = fixture.input();
    input.station = usize::MAX;
    input.distance = &[0];
    input.errors = &[0xff];
    input.ui.cursor = Some(99);
    input.highlights.hint = Some(HintMark {
        tile: 2,
        clockwise: false,
    });
    input.animation.turning = Some(Turning {
        tile: 99,
        clockwise: false,
        since_ms: u64::MAX,
    });
    let huge = "\u{7}é\n".repeat(1 << 18);
    input.notice = Some(&huge);
    let other = Grid::new(Topology::Hex, 9, 9, false).expect("valid grid");
    for layout in [
        Layout::fit(&other, 10, 10, true),
        Layout::with_cell(&other, -3.0, false),
        Layout::with_cell(&other, f32::NAN, false),
        Layout::fit(&other, u32::MAX, u32::MAX, true),
    ] {
        let scene = scene_of(&input, &layout);
        assert!(!scene.shapes.is_empty());
        for shape in &scene.shapes {
            if let Shape::Text { text, .. } = shape {
                assert!(text.len() < 4096 && !text.contains('\n'), "{}", text.len());
            }
        }
    }
}

#[test]
fn barriers_are_walls_between_tiles() {
    use lightemall_model::Dir;
    for topology in Topology::ALL {
        let mut fixture = Fixture::new(topology, (3, 2), false);
        fixture.board.add_barrier(0, Dir(1));
        fixture.board.add_barrier(4, Dir(2));
        insta::assert_snapshot!(format!("barriers_{topology}"), dump(&fixture.input(), 20.0));
    }
}

#[test]
fn a_barrier_on_the_seam_of_a_wrapping_board_shows_beside_both_tiles() {
    use lightemall_model::Dir;
    let walls = |wrap: bool, from: (usize, usize), dir: u8| {
        let grid = Grid::new(Topology::Square, 4, 3, wrap).expect("a grid");
        let mut board = Board::new(grid, vec![lightemall_model::Tile(0); 12]).expect("a board");
        board.add_barrier(grid.index(from.0, from.1), Dir(dir));
        let fixture = Fixture::of(board, 0);
        let layout = Layout::with_cell(&grid, 20.0, false);
        let barrier = Theme::Classic.palette().barrier;
        scene_of(&fixture.input(), &layout)
            .shapes
            .iter()
            .filter(|s| matches!(s, Shape::Line { stroke, .. } if stroke.color == barrier))
            .count()
    };
    // Inside the board: one wall, drawn once.
    assert_eq!(walls(false, (1, 1), 1), 1);
    assert_eq!(walls(true, (1, 1), 1), 1);
    // East of the last column and north of the first row: the tiles it
    // parts are shown at opposite ends, so it is drawn at both.
    assert_eq!(walls(true, (3, 1), 1), 2);
    assert_eq!(walls(true, (2, 0), 0), 2);
}

#[test]
fn a_par_that_is_only_a_bound_reads_at_most() {
    let fixture = Fixture::new(Topology::Square, (3, 2), false);
    let texts = |bound: bool| {
        let mut panel = fixture.panel.clone();
        panel.par_bound = bound;
        let mut input = fixture.input();
        input.panel = Some(&panel);
        let layout = Layout::fit(input.board.grid(), 640, 480, true);
        scene_of(&input, &layout)
            .shapes
            .iter()
            .filter_map(|shape| match shape {
                Shape::Text { text, .. } => Some(text.clone()),
                _ => None,
            })
            .collect::<Vec<_>>()
    };
    assert!(texts(false).contains(&"9".to_string()));
    assert!(texts(true).contains(&"≤9".to_string()), "{:?}", texts(true));
}

/// The error crosses of `board` drawn (each sits on a disc with the
/// error colour's outline).
fn crosses(board: Board) -> usize {
    let fixture = Fixture::of(board, 0);
    let error = Theme::default().palette().error;
    let layout = Layout::with_cell(fixture.board.grid(), 40.0, false);
    scene_of(&fixture.input(), &layout)
        .shapes
        .iter()
        .filter(|s| matches!(s, Shape::Circle { stroke: Some(st), .. } if st.color == error))
        .count()
}

fn board_of(topology: Topology, w: usize, h: usize, masks: &[u8]) -> Board {
    let grid = Grid::new(topology, w, h, false).expect("valid grid");
    let tiles = masks.iter().map(|&m| lightemall_model::Tile(m)).collect();
    Board::new(grid, tiles).expect("valid board")
}

#[test]
fn one_cross_per_wrong_wire_end() {
    // A 4-tile loop (N=1 E=2 S=4 W=8): its 4 links, one cross each.
    assert_eq!(crosses(board_of(Topology::Square, 2, 2, &[6, 12, 3, 9])), 4);
    // Plus a wire off the board: its own cross.
    assert_eq!(crosses(board_of(Topology::Square, 2, 2, &[7, 12, 3, 9])), 5);
    // Octo (N=1 NE=2 E=4 SE=8 S=16 SW=32 W=64 NW=128): four tiles all
    // linked to each other, diagonals crossing: 6 links on loops.
    let all = [4 | 8 | 16, 64 | 32 | 16, 1 | 2 | 4, 1 | 128 | 64];
    assert_eq!(crosses(board_of(Topology::Octo, 2, 2, &all)), 6);
}

#[test]
fn the_station_leaves_its_wires_and_crosses_in_sight() {
    // The station (0, 0) points N and W off the board and E to (1, 0);
    // (1, 0) answers. On 64 px tiles.
    let board = board_of(Topology::Square, 2, 2, &[1 | 8 | 2, 8, 0, 0]);
    let fixture = Fixture::of(board, 0);
    let layout = Layout::with_cell(fixture.board.grid(), 64.0, false);
    let scene = scene_of(&fixture.input(), &layout);
    let error = Theme::default().palette().error;
    let (centre, outer) = scene
        .shapes
        .iter()
        .find_map(|s| match s {
            Shape::Star { centre, outer, .. } => Some((*centre, *outer)),
            _ => None,
        })
        .expect("the station's star");
    assert!(
        outer <= 0.25 * 64.0,
        "the wires show around the star: {outer}"
    );
    let crosses: Vec<_> = scene
        .shapes
        .iter()
        .filter_map(|s| match s {
            Shape::Circle {
                centre: c,
                radius,
                stroke: Some(st),
                ..
            } if st.color == error => Some((*c, *radius)),
            _ => None,
        })
        .collect();
    assert_eq!(crosses.len(), 2, "N and W off the board");
    for (c, radius) in crosses {
        let distance = ((c.x - centre.x).powi(2) + (c.y - centre.y).powi(2)).sqrt();
        assert!(distance - radius >= outer, "a cross under the star");
    }
    // The glow (the widest spokes) follows only the wire to (1, 0).
    let spokes: Vec<_> = scene
        .shapes
        .iter()
        .filter_map(|s| match s {
            Shape::Spokes {
                centre: c,
                ends,
                stroke,
            } if *c == centre => Some((ends.len(), stroke.width)),
            _ => None,
        })
        .collect();
    let glow = spokes
        .iter()
        .max_by(|a, b| a.1.total_cmp(&b.1))
        .expect("spokes");
    assert_eq!(glow.0, 1, "no glow off the board: {spokes:?}");
}

/// The box `shape` paints in, its strokes' widths included (text, which
/// only the renderer can measure, by its anchor and size).
fn painted_box(shape: &Shape) -> (f32, f32, f32, f32) {
    let of_points = |points: &[Point], pad: f32| {
        let (mut x0, mut y0, mut x1, mut y1) = (f32::MAX, f32::MAX, f32::MIN, f32::MIN);
        for p in points {
            (x0, y0, x1, y1) = (x0.min(p.x), y0.min(p.y), x1.max(p.x), y1.max(p.y));
        }
        (x0 - pad, y0 - pad, x1 + pad, y1 + pad)
    };
    let half = |stroke: &Option<Stroke>| stroke.map_or(0.0, |s| s.width / 2.0);
    match shape {
        Shape::Rect { rect, stroke, .. } => of_points(
            &[
                Point::new(rect.x, rect.y),
                Point::new(rect.x + rect.w, rect.y + rect.h),
            ],
            half(stroke),
        ),
        Shape::Line { points, stroke, .. } => of_points(points, stroke.width / 2.0),
        Shape::Spokes {
            centre,
            ends,
            stroke,
        } => {
            let mut points = ends.clone();
            points.push(*centre);
            of_points(&points, stroke.width / 2.0)
        }
        Shape::Polygon { points, stroke, .. } => of_points(points, half(stroke)),
        Shape::Circle {
            centre,
            radius,
            stroke,
            ..
        } => of_points(&[*centre], radius + half(stroke)),
        Shape::Star {
            centre,
            outer,
            stroke,
            ..
        } => of_points(&[*centre], outer + half(stroke)),
        Shape::Text { at, size, .. } => of_points(&[*at], *size),
    }
}

#[test]
fn every_shape_of_a_tile_is_within_the_reach_the_layout_gives() {
    // A front end repaints Layout::reach round a changed tile, and a band
    // painted alone paints that much round it: a shape drawn further (a
    // theme's wider glow, a larger mark) would be cut off or left stale.
    for theme in [Theme::Classic, Theme::Circuit, Theme::Contrast] {
        for topology in Topology::ALL {
            let mut fixture = Fixture::new(topology, (4, 3), false);
            fixture.locked = vec![true; 12];
            fixture.errors = error_marks(&fixture.board, &[]);
            let mut input = fixture.input();
            input.ui.theme = theme;
            input.ui.cursor = Some(5);
            input.highlights.hint = Some(HintMark {
                tile: 6,
                clockwise: true,
            });
            for cell in [6.0, 20.0, 48.0] {
                let layout = Layout::with_cell(input.board.grid(), cell, false);
                // A tile's own shapes: within this of its centre; its
                // neighbours' over it are a cell further (Layout::reach).
                let own = layout.reach() - layout.tile_reach();
                let centres: Vec<Point> = (0..12).map(|tile| layout.centre(tile)).collect();
                let scene = scene_of(&input, &layout);
                for shape in &scene.shapes {
                    let (x0, y0, x1, y1) = painted_box(shape);
                    let near = centres.iter().any(|c| {
                        let within = |lo: f32, hi: f32, at: f32| lo >= at - own && hi <= at + own;
                        within(x0, x1, c.x) && within(y0, y1, c.y)
                    });
                    // The board's backdrop, under every tile.
                    let backdrop = matches!(shape, Shape::Rect { rect, .. }
                        if centres.iter().all(|&c| rect.contains(c)));
                    assert!(
                        near || backdrop,
                        "{theme:?} {topology} at {cell} px: {shape:?} reaches past every tile's reach"
                    );
                }
            }
        }
    }
}
