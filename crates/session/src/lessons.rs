//! The first game that teaches: three tiny puzzles, one idea each
//! (turning, locking, and the loop and island rules), played with the
//! hint engine's next step shown all along. Offered on the very first
//! start and from the help (Ctrl+T); Esc skips them; once finished or
//! skipped they are not offered at start again.

/// One lesson: its puzzle and what it teaches.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Lesson {
    /// The puzzle's seeded ID (fixed forever, as every seeded ID is).
    pub id: &'static str,
    /// Its name.
    pub name: &'static str,
    /// What the player does and learns, in a line.
    pub teaches: &'static str,
}

/// The lessons, in order. Played by its steps, the third puzzle's hints
/// give a loop and an island deduction as well as neighbour matching (a
/// test plays them).
pub const LESSONS: [Lesson; 3] = [
    Lesson {
        id: "square:3x3:graded:easy#1",
        name: "turning",
        teaches: "a click turns a tile clockwise, a right click back; light every tile from the star",
    },
    Lesson {
        id: "square:4x4:graded:easy#1",
        name: "locking",
        teaches: "once a tile is surely right, Shift+click (or a middle click) locks it against slips",
    },
    Lesson {
        id: "square:4x4:graded:medium#47",
        name: "loops and islands",
        teaches: "wires never close a loop, and never cut tiles off from the star",
    },
];

/// How long a won lesson stays on screen before the next one starts.
pub const LESSON_WON_MS: u64 = 2_500;
