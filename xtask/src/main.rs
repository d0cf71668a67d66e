//! Project tasks, run as `cargo xtask <task>`:
//!
//! - `ci`: everything CI checks: formatting, clippy with warnings denied,
//!   every test (snapshots are never written: `INSTA_UPDATE=no`), the tests
//!   ignored for needing a program the machine may lack (Net, `time`) where
//!   it is installed, the install checks (`install_checks.rs`: install
//!   into a temporary prefix, validate every file, uninstall; build the
//!   .deb and, under CI, `dpkg -i` it), then the end-to-end window tests.
//! - `e2e`: the end-to-end window tests: the real game under Xvfb, driven
//!   by xdotool (`crates/lightemall/tests/window_e2e.rs`; ignored by a
//!   plain `cargo test`). Where Xvfb, xdotool, ImageMagick or xprop is
//!   missing they are skipped with a message, except under CI (a failure).
//! - `fuzz [SECONDS]`: each fuzz target of `fuzz/` for SECONDS (default 20)
//!   on one core, with `cargo +nightly fuzz` (not part of `ci`).
//! - `bench [ARGS]`: the criterion benchmarks (`cargo bench --workspace`).
//! - `install [--prefix DIR] [--destdir DIR]`: the release build installed
//!   as a desktop program under `DESTDIR/PREFIX` (default `/usr/local`):
//!   binary, desktop entry, AppStream file, icons, man pages, completions
//!   (`install.rs`); `uninstall` with the same options removes exactly
//!   what it put there.
//! - `deb`: the same files as a Debian package, through cargo-deb
//!   (installed from crates.io when missing).
//! - `icons`: redraw `assets/icons/` with the game's renderer.
//! - `install-checks`: the install checks of `ci` alone.
//!
//! Kept free of dependencies so it compiles in seconds.

mod install;
mod install_checks;

use std::process::{Command, ExitCode};

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let result = match args.first().map(String::as_str) {
        Some("ci") => ci(),
        Some("e2e") => e2e(),
        Some("fuzz") => fuzz(args.get(1).map(String::as_str)),
        Some("bench") => bench(&args[1..]),
        Some("install") => install::Options::parse(&args[1..]).and_then(|o| install::install(&o)),
        Some("uninstall") => {
            install::Options::parse(&args[1..]).and_then(|o| install::uninstall(&o))
        }
        Some("deb") => install::deb().map(|_| ()),
        Some("icons") => install::icons(),
        Some("install-checks") => install_checks::run(),
        _ => {
            eprintln!(
                "usage: cargo xtask <ci | e2e | bench [ARGS] | fuzz [SECONDS] | \
                 install [--prefix DIR] [--destdir DIR] | uninstall [...] | deb | icons | install-checks>"
            );
            return ExitCode::from(2);
        }
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("xtask: {message}");
            ExitCode::FAILURE
        }
    }
}

fn ci() -> Result<(), String> {
    cargo(&["fmt", "--all", "--", "--check"])?;
    cargo(&[
        "clippy",
        "--workspace",
        "--all-targets",
        "--locked",
        "--",
        "-D",
        "warnings",
    ])?;
    cargo(&["test", "--workspace", "--locked"])?;
    for group in TOOL_TESTS {
        tool_tests(group, &[])?;
    }
    install_checks::run()?;
    e2e()
}

/// A message on stderr.
fn say(message: &str) {
    eprintln!("xtask: {message}");
}

/// Tests that need a program the machine may lack. A plain `cargo test`
/// reports them as ignored, with the reason; `ci` runs them where the
/// programs exist, and under CI (`CI` set) a missing one fails.
struct ToolTests {
    /// What they check, for the message.
    what: &'static str,
    /// The programs they run (paths, or names looked up on PATH).
    needs: &'static [&'static str],
    /// The test targets that hold them.
    targets: &'static [&'static str],
}

const TOOL_TESTS: &[ToolTests] = &[
    ToolTests {
        what: "the solver against Simon Tatham's Net",
        needs: &["/usr/games/sgt-net"],
        targets: &[
            "--package",
            "lightemall-tests",
            "--test",
            "solver",
            "--test",
            "techniques",
        ],
    },
    ToolTests {
        what: "peak memory of the binary",
        needs: &["/usr/bin/time"],
        targets: &["--package", "lightemall", "--test", "cli"],
    },
];

/// Run the ignored tests of `group` (with the test harness's `extra`
/// arguments) if its programs are installed.
fn tool_tests(group: &ToolTests, extra: &[&str]) -> Result<(), String> {
    let missing: Vec<_> = group.needs.iter().filter(|p| !installed(p)).collect();
    if !missing.is_empty() {
        let message = format!("{}: not run, {missing:?} missing", group.what);
        if std::env::var_os("CI").is_some() {
            return Err(format!("{message} (.ci/run installs them)"));
        }
        say(&format!("skipped {message}"));
        return Ok(());
    }
    let mut args = vec!["test", "--locked"];
    args.extend_from_slice(group.targets);
    args.extend_from_slice(&["--", "--ignored"]);
    args.extend_from_slice(extra);
    cargo(&args)
}

/// Whether `program` (a path, or a name on PATH) exists.
fn installed(program: &str) -> bool {
    if program.contains('/') {
        return std::path::Path::new(program).exists();
    }
    std::env::var_os("PATH")
        .is_some_and(|path| std::env::split_paths(&path).any(|dir| dir.join(program).is_file()))
}

/// The window tests: ignored by a plain `cargo test` (they open windows),
/// run here one at a time where their tools are installed.
const WINDOW_TESTS: ToolTests = ToolTests {
    what: "the window tests",
    needs: &["Xvfb", "xdotool", "import", "xprop", "faketime", "xclip"],
    targets: &["--package", "lightemall", "--test", "window_e2e"],
};

fn e2e() -> Result<(), String> {
    // One window at a time: parallel windows on two cores disturb the
    // idle-CPU measurement and the timing of held keys.
    tool_tests(&WINDOW_TESTS, &["--test-threads=1"])
}

fn bench(extra: &[String]) -> Result<(), String> {
    let mut args = vec!["bench", "--workspace", "--locked"];
    if !extra.is_empty() {
        args.push("--");
        args.extend(extra.iter().map(String::as_str));
    }
    cargo(&args)
}

/// The targets of `fuzz/fuzz_targets`, each with seeds in `fuzz/seeds/NAME`.
const FUZZ_TARGETS: &[&str] = &[
    "puzzle_source",
    "net_id",
    "json_board",
    "move_tokens",
    "save_file",
    "save_writer",
    "score_file",
    "game_commands",
];

fn fuzz(seconds: Option<&str>) -> Result<(), String> {
    let seconds: u32 = seconds
        .unwrap_or("20")
        .parse()
        .map_err(|_| "fuzz takes a number of seconds per target".to_string())?;
    let fuzz_dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../fuzz");
    std::env::set_current_dir(&fuzz_dir).map_err(|e| format!("cannot enter fuzz/: {e}"))?;
    for target in FUZZ_TARGETS {
        // New inputs go to corpus/ (not kept in git); seeds/ is read only.
        let corpus = format!("corpus/{target}");
        std::fs::create_dir_all(&corpus).map_err(|e| format!("cannot create {corpus}: {e}"))?;
        let seeds = format!("seeds/{target}");
        let time = format!("-max_total_time={seconds}");
        // One libFuzzer process, one core (`-jobs` would fork workers). The
        // `cargo` on PATH is rustup's, which understands `+nightly`.
        let args = [
            "+nightly",
            "fuzz",
            "run",
            "-O",
            target,
            &corpus,
            &seeds,
            "--",
            &time,
            "-max_len=4096",
            "-rss_limit_mb=512",
        ];
        eprintln!("$ cargo {}", args.join(" "));
        run_program("cargo", &args, &[])?;
    }
    Ok(())
}

fn cargo(args: &[&str]) -> Result<(), String> {
    eprintln!("$ cargo {}", args.join(" "));
    run_cargo(args, &[])
}

fn run_cargo(args: &[&str], envs: &[(&str, &str)]) -> Result<(), String> {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".to_string());
    run_program(&cargo, args, envs)
}

/// Run `program` (`cargo` itself, rustup's `cargo` for `+nightly`, or
/// the binary just built).
fn run_program(program: &str, args: &[&str], envs: &[(&str, &str)]) -> Result<(), String> {
    let status = Command::new(program)
        .args(args)
        .env("INSTA_UPDATE", "no")
        .envs(envs.iter().copied())
        .status()
        .map_err(|e| format!("cannot run {program}: {e}"))?;
    if status.success() {
        Ok(())
    } else {
        Err(format!("`{program} {}` failed ({status})", args.join(" ")))
    }
}
