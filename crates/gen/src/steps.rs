//! Generation steps, reported to a sink for the live demo: the tile
//! being processed (orange), the frontier (green), and the link made.
//!
//! Generators are generic over the sink; with [`NoSteps`] the reporting
//! compiles away.

use lightemall_model::Dir;

/// The largest board whose steps are shown (the window's demo, `render
/// --gen-steps`): a recorded step keeps a copy of the frontier, and every
/// frame is a full picture.
pub const MAX_STEP_TILES: usize = 64 * 64;

/// One step of a generator.
#[derive(Clone, Copy, Debug)]
pub struct Step<'a> {
    /// The tile being processed.
    pub processing: usize,
    /// The link made in this step, as a tile and a direction from it, if any.
    pub link: Option<(usize, Dir)>,
    /// Tiles waiting to grow (empty for Kruskal, which has no frontier).
    pub frontier: &'a [u32],
}

/// Receives the steps of a generator.
pub trait StepSink {
    /// Whether this sink looks at steps. A generator may take a faster path
    /// that builds the same tree without reporting steps when it does not.
    const WANTS_STEPS: bool = true;

    /// Called once per step, in order.
    fn step(&mut self, step: Step<'_>);
}

/// A sink that ignores every step.
#[derive(Clone, Copy, Debug, Default)]
pub struct NoSteps;

impl StepSink for NoSteps {
    const WANTS_STEPS: bool = false;

    #[inline]
    fn step(&mut self, _step: Step<'_>) {}
}

/// A step kept for later playback.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RecordedStep {
    /// The tile being processed.
    pub processing: usize,
    /// The link made, if any.
    pub link: Option<(usize, Dir)>,
    /// The frontier after the step.
    pub frontier: Vec<u32>,
}

/// A sink that keeps every step (for demos of small boards: it copies the
/// frontier each step).
#[derive(Clone, Debug, Default)]
pub struct StepRecorder {
    /// The steps so far.
    pub steps: Vec<RecordedStep>,
}

impl StepSink for StepRecorder {
    fn step(&mut self, step: Step<'_>) {
        self.steps.push(RecordedStep {
            processing: step.processing,
            link: step.link,
            frontier: step.frontier.to_vec(),
        });
    }
}
