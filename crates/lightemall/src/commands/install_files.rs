//! `lightemall generate` (hidden): the files an installation carries that
//! are made from the program itself, so they cannot drift from it: the man
//! pages and shell completions from the clap definitions (`cli.rs`), the
//! icon from the game's renderer. `cargo xtask install` and `cargo xtask
//! deb` call it on the binary they install.

use crate::cli::{Cli, GenerateArgs};
use crate::output;
use clap::CommandFactory;
use clap_complete::Shell;
use lightemall_present::{ICON_SIZES, icon_png};
use std::path::Path;

pub fn run(what: &GenerateArgs) -> Result<(), String> {
    match what {
        GenerateArgs::Man { dir } => man_pages(dir),
        GenerateArgs::Completions { shell } => completions(shell),
        GenerateArgs::Icons { dir } => icons(dir),
    }
}

/// `lightemall.1` and `lightemall-COMMAND.1` for every command shown in
/// `--help` (not `generate`, not `help`), as clap_mangen's `generate_to`
/// names them, each written as every file of the CLI is (atomically, a
/// path that is not a regular file refused).
fn man_pages(dir: &Path) -> Result<(), String> {
    folder(dir)?;
    let mut top = Cli::command().disable_help_subcommand(true);
    top.build();
    let mut commands = vec![top.clone()];
    commands.extend(top.get_subcommands().filter(|c| !c.is_hide_set()).cloned());
    for command in commands {
        let page = clap_mangen::Man::new(command);
        let mut bytes = Vec::new();
        page.render(&mut bytes)
            .map_err(|e| format!("cannot make a man page: {e}"))?;
        write(&dir.join(page.get_filename()), &bytes)?;
    }
    Ok(())
}

fn completions(shell: &str) -> Result<(), String> {
    let shell = match shell {
        "bash" => Shell::Bash,
        "zsh" => Shell::Zsh,
        "fish" => Shell::Fish,
        other => return Err(format!("no completions for the shell {other:?}")),
    };
    let mut command = Cli::command();
    output::print_with(|out| {
        clap_complete::generate(shell, &mut command, "lightemall", out);
        Ok(())
    })
}

fn icons(dir: &Path) -> Result<(), String> {
    folder(dir)?;
    for side in ICON_SIZES {
        let path = dir.join(format!("{side}x{side}.png"));
        write(&path, &icon_png(side)?)?;
    }
    Ok(())
}

fn write(path: &Path, bytes: &[u8]) -> Result<(), String> {
    lightemall_store::write_file_atomically(path, bytes)
        .map_err(|e| format!("cannot write {}: {e}", path.display()))
}

fn folder(dir: &Path) -> Result<(), String> {
    if dir.is_dir() {
        Ok(())
    } else {
        Err(format!("{} is not a folder", dir.display()))
    }
}
