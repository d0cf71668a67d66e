//! `lightemall`: the command line of LightEmAll. A thin edge: it reads
//! arguments and input, calls the core crates, and prints. Bad usage or bad
//! input is one line on stderr and exit code 2, never a panic.

mod cli;
mod commands;
mod input;
mod output;
mod progress;
mod puzzle_args;
mod signals;

use clap::Parser;
use std::process::ExitCode;

fn main() -> ExitCode {
    let cli = cli::Cli::parse();
    // A bare `lightemall` plays, with every option at its default.
    let command = cli
        .command
        .or_else(|| cli::Cli::parse_from(["lightemall", "play"]).command);
    let result = match command {
        None => Err("no command".to_string()),
        Some(cli::Command::Play(args)) => commands::play::run(&args),
        Some(cli::Command::Gen(args)) => commands::generate::run(&args),
        Some(cli::Command::Solve(args)) => commands::solve::run(&args),
        Some(cli::Command::Replay(args)) => commands::replay::run(&args),
        Some(cli::Command::Hint(args)) => commands::assist::hint(&args),
        Some(cli::Command::Check(args)) => commands::assist::check(&args),
        Some(cli::Command::Render(args)) => commands::render::run(&args),
        Some(cli::Command::Scores(args)) => commands::scores::run(&args),
        Some(cli::Command::Daily(args)) => commands::daily::run(&args),
        Some(cli::Command::Verify(args)) => commands::verify::run(&args),
        Some(cli::Command::Generate(what)) => commands::install_files::run(&what),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            lightemall_session::say(&format!(
                "error: {}",
                lightemall_model::one_line(&message, MAX_ERROR_CHARS)
            ));
            ExitCode::from(2)
        }
    }
}

/// The most characters of an error shown: input quoted in a message (a
/// 10 MB seed, a huge token) must not flood the terminal.
const MAX_ERROR_CHARS: usize = 300;
