//! The command-line grammar (clap). Every command has `--help`.

use clap::{Args, Parser, Subcommand, ValueEnum};

/// LightEmAll: rotate the tiles until every one is connected to the power station.
#[derive(Debug, Parser)]
#[command(name = "lightemall", version, about, long_about = None)]
pub struct Cli {
    /// What to do.
    #[command(subcommand)]
    pub command: Option<Command>,
}

/// The commands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Print a puzzle: a new one from the options, or PUZZLE in another format.
    Gen(GenArgs),
    /// Solve a puzzle and say whether its solution is unique.
    Solve(SolveArgs),
}

/// Which puzzle: given, or generated from options.
#[derive(Debug, Args)]
pub struct PuzzleArgs {
    /// A puzzle ID, a Net game ID, a JSON object, a file holding one, or `-` for stdin.
    #[arg(conflicts_with_all = ["size", "topology", "wrap", "difficulty", "generator", "seed"])]
    pub puzzle: Option<String>,
    /// Board size, WxH (2 to 1000 a side).
    #[arg(long, default_value = "10x10")]
    pub size: String,
    /// Grid topology.
    #[arg(long, default_value = "square", value_parser = ["square", "octo", "hex"])]
    pub topology: String,
    /// Wrap around the edges (a torus).
    #[arg(long)]
    pub wrap: bool,
    /// Difficulty.
    #[arg(long, default_value = "medium", value_parser = ["easy", "medium", "hard"])]
    pub difficulty: String,
    /// Generator of the solution tree (`unique`: exactly one solution, proved).
    #[arg(long, default_value = "kruskal", value_parser = ["kruskal", "scan", "frontier", "unique"])]
    pub generator: String,
    /// Seed (0 to 2^64-1); a random one if absent.
    #[arg(long)]
    pub seed: Option<u64>,
    /// Where the power station starts: X,Y or `center`.
    #[arg(long)]
    pub station: Option<String>,
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
}
