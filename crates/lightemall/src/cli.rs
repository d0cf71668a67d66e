//! The command-line grammar (clap). Every command has `--help`.

use clap::builder::PossibleValuesParser;
use clap::{Args, Parser, Subcommand, ValueEnum};
use lightemall_gen::{Difficulty, Generator};
use lightemall_model::Topology;
use lightemall_solve::Rating;
use lightemall_view::Theme;
use std::path::PathBuf;

/// LightEmAll: rotate the tiles until every one is connected to the power station.
#[derive(Debug, Parser)]
#[command(name = "lightemall", version = VERSION, about, long_about = None)]
pub struct Cli {
    /// What to do.
    #[command(subcommand)]
    pub command: Option<Command>,
}

/// The version `--version` prints: the package's, and the commit it was
/// built from where the build could ask git (`build.rs`).
pub const VERSION: &str = concat!(env!("CARGO_PKG_VERSION"), env!("LIGHTEMALL_COMMIT_SUFFIX"));

/// The commands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Play in a window (the default): a new game, a given puzzle, or `--resume`.
    Play(PlayArgs),
    /// Print a puzzle: a new one from the options, or PUZZLE in another format.
    Gen(GenArgs),
    /// Solve a puzzle and say whether its solution is unique.
    Solve(SolveArgs),
    /// Play move tokens on a fresh puzzle, or replay a save file, and print the result.
    Replay(ReplayArgs),
    /// The easiest next deduction from the locked tiles: which tile, which
    /// way, the technique, and why.
    Hint(AssistArgs),
    /// Whether the locked tiles still allow a solution, without showing it.
    Check(CheckArgs),
    /// Draw a puzzle as a PNG image, or the generator at work as a GIF.
    Render(RenderArgs),
    /// The best results per preset: best time, fewest moves, best
    /// efficiency, and the last results with the means of the last 3 and 5.
    Scores(ScoresArgs),
    /// The day's puzzle (the same on every machine): print it, or with
    /// `--share` the share line and proof code of the last daily solved.
    Daily(DailyArgs),
    /// Replay a proof code and say whether it solves its puzzle, and in
    /// how many moves.
    Verify(VerifyArgs),
    /// Files made from the program itself for an installation: man pages,
    /// shell completions, the icon. Hidden from `--help` (it is for
    /// `cargo xtask install` and packagers), as `rg --generate` is.
    #[command(hide = true, subcommand)]
    Generate(GenerateArgs),
}

/// `lightemall generate` (hidden).
#[derive(Debug, Subcommand)]
pub enum GenerateArgs {
    /// The man pages, made from these definitions: `lightemall.1` and one
    /// `lightemall-COMMAND.1` per command, written into DIR.
    Man {
        /// The folder to write them into (it must exist).
        dir: PathBuf,
    },
    /// The completion script for SHELL, on stdout.
    Completions {
        /// The shell.
        #[arg(value_parser = one_of(["bash", "zsh", "fish"]))]
        shell: String,
    },
    /// The icon, as `SIZExSIZE.png` (48 to 512 pixels) into DIR, the same
    /// pixels the window shows.
    Icons {
        /// The folder to write them into (it must exist).
        dir: PathBuf,
    },
}

/// `lightemall scores`.
#[derive(Debug, Args)]
pub struct ScoresArgs {
    /// Print one JSON object: `{"presets": [{"preset", "name",
    /// "best_time_ms", "fewest_moves", "best_efficiency", "mean_of_3_ms",
    /// "mean_of_5_ms", "last": [{"time_ms", "moves", "par", "efficiency"}]}],
    /// "daily": {"streak", "best_streak", "days": [{"date", "solved_on",
    /// "time_ms", "moves", "par", "assisted"}]}}`.
    #[arg(long)]
    pub json: bool,
    /// Draw a chart of the last results as a PNG (time per game; moves
    /// against par): of the dailies, or of `--preset`; `-` for stdout.
    #[arg(long, value_name = "FILE.png", conflicts_with = "json")]
    pub plot: Option<PathBuf>,
    /// The preset to chart (as `scores --json` names it, such as
    /// `square:10x10:graded:medium`), or `daily`.
    #[arg(long, default_value = "daily", requires = "plot")]
    pub preset: String,
}

/// `lightemall daily`.
#[derive(Debug, Args)]
pub struct DailyArgs {
    /// The date whose daily to print, YYYY-MM-DD (today where you are by
    /// default; a past date plays a past daily, a future one is refused).
    #[arg(long, value_name = "YYYY-MM-DD", allow_hyphen_values = true)]
    pub date: Option<String>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Id)]
    pub format: Format,
    /// Print one JSON object instead: `gen --json`'s, with "date" and "weekday".
    #[arg(long, conflicts_with = "format")]
    pub json: bool,
    /// Print the share line and proof code of the last daily solved.
    #[arg(long, conflicts_with_all = ["date", "format", "json"])]
    pub share: bool,
}

/// `lightemall verify`.
#[derive(Debug, Args)]
pub struct VerifyArgs {
    /// The proof code (`LEA1-...`), a file holding it, or `-` for stdin.
    pub code: String,
    /// Refuse the code unless it is for this puzzle ID.
    #[arg(long, value_name = "ID")]
    pub puzzle: Option<String>,
    /// Refuse the code unless it is for the daily of this date.
    #[arg(long, value_name = "YYYY-MM-DD", allow_hyphen_values = true)]
    pub date: Option<String>,
}

/// Which puzzle: given, or generated from options.
#[derive(Debug, Args)]
pub struct PuzzleArgs {
    /// A puzzle ID, a Net game ID, a JSON object, a file holding one, or `-` for stdin.
    #[arg(conflicts_with_all = ["size", "topology", "wrap", "difficulty", "generator", "seed"])]
    pub puzzle: Option<String>,
    /// Board size, WxH (2 to 1000 a side).
    #[arg(long, default_value = "10x10", allow_hyphen_values = true)]
    pub size: String,
    /// Grid topology.
    #[arg(long, default_value = "square", value_parser = one_of(Topology::ALL.map(Topology::name)))]
    pub topology: String,
    /// Wrap around the edges (a torus).
    #[arg(long)]
    pub wrap: bool,
    /// Difficulty.
    #[arg(long, default_value = "medium", value_parser = one_of(Difficulty::ALL.iter().map(|d| d.name())))]
    pub difficulty: String,
    /// Generator (`ladder`: one solution, and the difficulty a band of
    /// effort measured against Net's puzzles, medium being Net's own;
    /// `graded`: one solution, the difficulty the level the solver
    /// measures; `unique`: one solution, proved; `unique2`: the same,
    /// faster on large boards, other puzzles; `kruskal`, `scan`, `frontier`:
    /// a random tree, maybe several solutions).
    #[arg(long, default_value = "ladder", value_parser = one_of(Generator::ALL.iter().map(|g| g.name())))]
    pub generator: String,
    /// Seed (0 to 2^64-1); a random one if absent.
    #[arg(long, allow_negative_numbers = true)]
    pub seed: Option<u64>,
    /// Where the power station starts: X,Y or `center`.
    #[arg(long, allow_hyphen_values = true)]
    pub station: Option<String>,
}

/// `lightemall play`.
#[derive(Debug, Args)]
pub struct PlayArgs {
    /// The puzzle.
    #[command(flatten)]
    pub puzzle: PuzzleArgs,
    /// Continue the game autosaved when a window last closed (the newest
    /// no open window plays), or the one of an autosave slot
    /// (`--resume=autosave-2`: a second window open at once keeps its game
    /// there).
    #[arg(
        long,
        conflicts_with = "puzzle",
        num_args = 0..=1,
        require_equals = true,
        default_missing_value = "",
        value_name = "SLOT"
    )]
    pub resume: Option<String>,
    /// Play the daily puzzle (today's where you are, or `--date`'s).
    #[arg(long, conflicts_with_all = ["puzzle", "resume", "size", "topology", "wrap", "difficulty", "generator", "seed"])]
    pub daily: bool,
    /// With `--daily`: the date whose daily to play, YYYY-MM-DD.
    #[arg(
        long,
        value_name = "YYYY-MM-DD",
        requires = "daily",
        allow_hyphen_values = true
    )]
    pub date: Option<String>,
}

/// Output formats of `gen`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, ValueEnum)]
pub enum Format {
    /// The puzzle ID (reproduces the puzzle exactly).
    #[default]
    Id,
    /// A Net game ID (square boards only).
    Net,
    /// A plain-text picture of the scrambled board and its solution.
    Text,
}

/// `lightemall gen`.
#[derive(Debug, Args)]
pub struct GenArgs {
    /// The puzzle.
    #[command(flatten)]
    pub puzzle: PuzzleArgs,
    /// Print one JSON object instead.
    #[arg(long, conflicts_with = "format")]
    pub json: bool,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Id)]
    pub format: Format,
    /// Also rate the puzzle with the solver (easy, medium, hard, fiendish):
    /// with --json or --format text. Measured as the game does, with a search
    /// bounded by the board's size: `unknown` if that gives up.
    #[arg(long)]
    pub rate: bool,
}

/// `lightemall solve`.
#[derive(Debug, Args)]
pub struct SolveArgs {
    /// A puzzle ID, a Net game ID, a JSON object, a file holding one, or `-` for stdin.
    pub puzzle: String,
    /// Print one JSON object instead.
    #[arg(long)]
    pub json: bool,
    /// The most solutions to list (uniqueness is decided whatever the limit).
    #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u16).range(1..=1000))]
    pub limit: u16,
    /// Give up after this many guesses (status `gave-up`); no limit by default.
    #[arg(long, value_name = "N", allow_negative_numbers = true)]
    pub max_guesses: Option<u64>,
    /// Reason with no technique dearer than this (easy: local only; medium:
    /// also loop and island; hard: also lookahead; fiendish: also guessing,
    /// the default). Below fiendish the status is `undecided` when tiles are
    /// left, and `undecided` says how many.
    #[arg(long, value_name = "LEVEL", value_parser = parse_level)]
    pub max_level: Option<Rating>,
}

/// A level by name, for `--max-level`.
fn parse_level(name: &str) -> Result<Rating, String> {
    name.parse()
}

/// `lightemall replay`.
#[derive(Debug, Args)]
pub struct ReplayArgs {
    /// A puzzle ID, a Net game ID, a JSON object, a file holding one, or `-` for stdin.
    #[arg(required_unless_present = "save", conflicts_with = "save")]
    pub puzzle: Option<String>,
    /// Move tokens joined by `;`: `C x,y` clockwise, `A x,y` anticlockwise,
    /// `L x,y` lock, `S DIR` station, `J x,y+k/...` jumble, `R` radius, `M` fog.
    #[arg(long, default_value = "", conflicts_with = "save")]
    pub moves: String,
    /// Replay this save file instead of a puzzle and moves.
    #[arg(long)]
    pub save: Option<PathBuf>,
    /// Print one JSON object instead.
    #[arg(long)]
    pub json: bool,
    /// Print the game's share line and proof code instead (with --json:
    /// add them as "share" and "proof"); `lightemall verify` checks it.
    #[arg(long)]
    pub proof: bool,
}

/// `lightemall hint`.
#[derive(Debug, Args)]
pub struct AssistArgs {
    /// A puzzle ID, a Net game ID, a JSON object, a file holding one, or `-` for stdin.
    pub puzzle: String,
    /// Move tokens played first (as `replay --moves`); `L x,y` locks a tile.
    #[arg(long, default_value = "")]
    pub moves: String,
    /// Print one JSON object instead.
    #[arg(long)]
    pub json: bool,
}

/// `lightemall check`.
#[derive(Debug, Args)]
pub struct CheckArgs {
    /// The puzzle and the moves, as for `hint`.
    #[command(flatten)]
    pub game: AssistArgs,
    /// If a locked tile is wrong, say which (a spoiler: asked for, not given).
    #[arg(long)]
    pub which: bool,
}

/// `lightemall render`.
#[derive(Debug, Args)]
pub struct RenderArgs {
    /// The puzzle.
    #[command(flatten)]
    pub puzzle: PuzzleArgs,
    /// The PNG file to write; `-` for stdout. A path that exists and is not
    /// a regular file (a device, a FIFO, a folder) is refused, never replaced.
    #[arg(
        short,
        long,
        value_name = "FILE.png",
        required_unless_present = "gen_steps"
    )]
    pub output: Option<std::path::PathBuf>,
    /// Draw the solution instead of the scrambled board.
    #[arg(long)]
    pub solved: bool,
    /// The look.
    #[arg(long, default_value = "classic", value_parser = one_of(Theme::ALL.map(Theme::name)))]
    pub theme: String,
    /// Tile width in pixels (4 to 256); by default 1024 / the board's longer side,
    /// within 4 to 64 (about 1000 pixels for 16 to 256 tiles a side).
    #[arg(long, value_parser = clap::value_parser!(u32).range(4..=256))]
    pub cell: Option<u32>,
    /// Leave out the panel (time, moves, buttons): the board alone.
    #[arg(long)]
    pub no_panel: bool,
    /// Power radius mode, with this radius (default: half the solution's diameter, plus one).
    #[arg(
        long,
        value_name = "N",
        num_args = 0..=1,
        default_missing_value = "auto",
        allow_negative_numbers = true
    )]
    pub radius: Option<String>,
    /// Fog: hide the tiles outside the ellipse around the station.
    #[arg(long)]
    pub fog: bool,
    /// Draw the help overlay on top.
    #[arg(long)]
    pub help_overlay: bool,
    /// Write the generator at work: a GIF if the name ends in .gif, else a folder of PNG frames.
    #[arg(long, value_name = "FILE.gif|DIR")]
    pub gen_steps: Option<std::path::PathBuf>,
    /// Milliseconds a generation frame is shown.
    #[arg(long, default_value_t = 200, value_parser = clap::value_parser!(u32).range(20..=10_000))]
    pub step_ms: u32,
}

/// A parser that takes one of `names` and lists them in `--help`: each
/// type's own list of names (`Topology::ALL`, `Generator::ALL`, ...), so a
/// new value needs no edit here.
fn one_of(names: impl IntoIterator<Item = &'static str>) -> PossibleValuesParser {
    PossibleValuesParser::new(names)
}
