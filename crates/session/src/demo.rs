//! The live generation demo (G): a new puzzle's generator replayed
//! step by step, 700 ms a step by default, orange the tile being processed
//! and green the frontier; faster, slower, paused or one step at a time.
//! When the last step has shown, the session starts the game it built.

use lightemall_gen::{MAX_STEP_TILES, Params, RecordedStep, StepRecorder, solution_tree};
use lightemall_model::{Board, Tile};
use lightemall_view::Highlights;

/// A step's time when the demo starts.
pub const STEP_MS: u64 = 700;
/// The quickest and slowest step times.
const STEP_RANGE: (u64, u64) = (10, 5_600);

/// The demo in progress.
#[derive(Clone, Debug)]
pub struct Demo {
    /// The parameters of the game being built.
    pub params: Params,
    steps: Vec<RecordedStep>,
    board: Board,
    /// How many steps are shown.
    shown: usize,
    step_ms: u64,
    /// When the next step is due; `None` while paused.
    next_at: Option<u64>,
}

impl Demo {
    /// Record the steps of generating `params`, shown from `now_ms`.
    pub fn start(params: Params, now_ms: u64) -> Result<Demo, String> {
        if params.grid.len() > MAX_STEP_TILES {
            return Err(format!(
                "the generation demo shows boards of at most {MAX_STEP_TILES} tiles; {} is larger",
                params.grid.size_label()
            ));
        }
        let (x, y) = params.station;
        let grid = params.grid;
        grid.checked_index(x as u64, y as u64)
            .map_err(|e| e.to_string())?;
        // The steps of the tree (for `unique` and `graded`, of the starting
        // tree the solver then reworks into the game).
        let mut recorder = StepRecorder::default();
        solution_tree(&params, &mut recorder);
        let board = Board::new(params.grid, vec![Tile::EMPTY; params.grid.len()])
            .map_err(|e| e.to_string())?;
        Ok(Demo {
            params,
            steps: recorder.steps,
            board,
            shown: 0,
            step_ms: STEP_MS,
            next_at: Some(now_ms + STEP_MS),
        })
    }

    /// What the demo shows, its speed and its keys, for a caption.
    pub fn caption(&self) -> [String; 2] {
        let speed = match self.next_at {
            Some(_) => format!("{} ms a step", self.step_ms),
            None => "paused".to_string(),
        };
        [
            format!(
                "Demo: the {} generator builds a {} board · orange = processing · green = frontier",
                self.params.generator,
                self.params.grid.size_label()
            ),
            format!("{speed} · + - speed · Space pause · arrow: one step · G, N, Esc: play it"),
        ]
    }

    /// The links made so far.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The station's tile.
    pub fn station(&self) -> usize {
        let (x, y) = self.params.station;
        self.params.grid.index(x, y)
    }

    /// The colours of the step shown last.
    pub fn highlights(&self) -> Highlights<'_> {
        match self.shown.checked_sub(1).and_then(|i| self.steps.get(i)) {
            Some(step) => Highlights {
                processing: Some(step.processing),
                frontier: &step.frontier,
                ..Highlights::default()
            },
            None => Highlights::default(),
        }
    }

    /// Whether every step has been shown, and one more step's time passed.
    pub fn is_over(&self, now_ms: u64) -> bool {
        self.shown >= self.steps.len() && self.next_at.is_some_and(|at| now_ms >= at)
    }

    /// Show the steps due by `now_ms`; `true` if one was shown.
    pub fn tick(&mut self, now_ms: u64) -> bool {
        let mut changed = false;
        while let Some(at) = self.next_at.filter(|&at| now_ms >= at) {
            if self.shown >= self.steps.len() {
                break;
            }
            changed |= self.show_next();
            self.next_at = Some(at + self.step_ms);
        }
        changed
    }

    /// One step now, and pause.
    pub fn single_step(&mut self) -> bool {
        self.next_at = None;
        self.show_next()
    }

    /// Pause, or go on from `now_ms`.
    pub fn toggle_pause(&mut self, now_ms: u64) {
        self.next_at = match self.next_at {
            Some(_) => None,
            None => Some(now_ms + self.step_ms),
        };
    }

    /// Steps twice as quick (`faster`) or twice as slow.
    pub fn change_speed(&mut self, faster: bool) {
        let (quickest, slowest) = STEP_RANGE;
        let ms = if faster {
            self.step_ms / 2
        } else {
            self.step_ms * 2
        };
        self.step_ms = ms.clamp(quickest, slowest);
    }

    fn show_next(&mut self) -> bool {
        let Some(step) = self.steps.get(self.shown) else {
            return false;
        };
        if let Some((tile, dir)) = step.link {
            self.board.link(tile, dir);
        }
        self.shown += 1;
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn demo() -> Demo {
        Demo::start("square:5x5:frontier:hard#2".parse().expect("params"), 0).expect("demo")
    }

    #[test]
    fn steps_come_one_per_step_time_and_build_the_tree() {
        let mut d = demo();
        assert!(!d.tick(STEP_MS - 1));
        assert!(d.tick(STEP_MS));
        assert!(d.highlights().processing.is_some());
        let steps = d.steps.len() as u64;
        assert!(d.tick(STEP_MS * (steps + 1)));
        assert!(d.is_over(STEP_MS * (steps + 1)));
        let solved = lightemall_gen::generate(&d.params).expect("puzzle");
        assert_eq!(Some(d.board().tiles()), solved.solution.as_deref());
    }

    #[test]
    fn pause_single_step_and_speed() {
        let mut d = demo();
        d.toggle_pause(0);
        assert!(!d.tick(10 * STEP_MS), "paused");
        assert!(d.single_step());
        assert_eq!(d.shown, 1);
        d.change_speed(true);
        d.toggle_pause(0);
        assert!(d.tick(STEP_MS / 2));
        for _ in 0..20 {
            d.change_speed(false);
        }
        assert_eq!(d.step_ms, STEP_RANGE.1);
    }

    #[test]
    fn large_boards_are_refused() {
        let params: Params = "square:100x100:kruskal:easy#1".parse().expect("params");
        assert_eq!(
            Demo::start(params, 0).map(|_| ()),
            Err("the generation demo shows boards of at most 4096 tiles; 100x100 is larger".into())
        );
        let params: Params = "square:64x64:kruskal:easy#1".parse().expect("params");
        assert!(Demo::start(params, 0).is_ok(), "64x64 is shown");
    }
}
