//! The install checks `cargo xtask ci` runs: install into an empty
//! temporary prefix, validate every file with the Debian tools
//! (`desktop-file-validate`, `appstreamcli validate --no-net`, `man -l`
//! with warnings, the completions loaded by bash and parsed by zsh and
//! fish), run the installed binary, uninstall and find the prefix empty
//! again; then build the .deb, check its files and dependencies, and
//! under CI (as root) install it with `dpkg -i`, run the installed
//! `lightemall gen` and remove it. Where a tool is missing the checks are
//! skipped with a message, except under CI (a failure: `.ci/run`
//! installs them).

use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

use crate::install::{
    APP_ID, COMPLETIONS, Options, deb_of_built, files_under, install_built, output_of,
    release_binary, target_dir, uninstall,
};
use crate::{installed, say};

/// The programs the checks run.
const NEEDS: &[&str] = &[
    "desktop-file-validate",
    "appstreamcli",
    "man",
    "bash",
    "zsh",
    "fish",
    "dpkg-deb",
    "dpkg-shlibdeps",
];

pub fn run() -> Result<(), String> {
    let missing: Vec<_> = NEEDS.iter().filter(|p| !installed(p)).collect();
    if !missing.is_empty() {
        let message = format!("the install checks: not run, {missing:?} missing");
        if std::env::var_os("CI").is_some() {
            return Err(format!("{message} (.ci/run installs them)"));
        }
        say(&format!("skipped {message}"));
        return Ok(());
    }
    let binary = release_binary()?;
    check_prefix_install(&binary)?;
    check_deb(&binary)
}

/// Install into an empty prefix, validate, uninstall: the prefix is empty again.
fn check_prefix_install(binary: &Path) -> Result<(), String> {
    let prefix = target_dir().join("install-check/prefix");
    if prefix.exists() {
        fs::remove_dir_all(&prefix)
            .map_err(|e| format!("cannot empty {}: {e}", prefix.display()))?;
    }
    fs::create_dir_all(&prefix).map_err(|e| format!("cannot create {}: {e}", prefix.display()))?;
    let options = Options {
        prefix: prefix.clone(),
        destdir: None,
    };
    install_built(binary, &options)?;
    let share = prefix.join("share");
    let desktop = share.join(format!("applications/{APP_ID}.desktop"));
    quiet("desktop-file-validate", &[desktop.as_os_str()], &[])?;
    let metainfo = share.join(format!("metainfo/{APP_ID}.metainfo.xml"));
    checked(
        "appstreamcli",
        &[
            "validate".as_ref(),
            "--no-net".as_ref(),
            metainfo.as_os_str(),
        ],
        &[],
    )?;
    check_man_pages(&share.join("man/man1"))?;
    check_completions(&prefix)?;
    let installed = prefix.join("bin/lightemall");
    let version = output_of(&installed, &["--version"])?;
    let expected = format!("lightemall {}", env!("CARGO_PKG_VERSION"));
    if !version.starts_with(&expected) {
        return Err(format!(
            "the installed --version says {version:?}, not {expected:?}..."
        ));
    }
    let id = output_of(&installed, &["gen", "--size", "5x5", "--seed", "1"])?;
    if !id.starts_with("square:5x5:") {
        return Err(format!("the installed `lightemall gen` printed {id:?}"));
    }
    uninstall(&options)?;
    let left = files_under(&prefix)?;
    let dirs_left = fs::read_dir(&prefix).map(|d| d.count()).unwrap_or(0);
    if !left.is_empty() || dirs_left > 0 {
        return Err(format!(
            "uninstall left {} behind: {left:?} ({dirs_left} entries at the top)",
            prefix.display()
        ));
    }
    say(&format!(
        "install checks: installed, validated and uninstalled under {}",
        prefix.display()
    ));
    Ok(())
}

/// Every man page renders at 80 columns with groff's warnings on and
/// none given; `lightemall.1` and a page per command are there.
fn check_man_pages(dir: &Path) -> Result<(), String> {
    let pages = files_under(dir)?;
    for command in ["", "-play", "-gen", "-solve", "-render", "-scores"] {
        let page = PathBuf::from(format!("lightemall{command}.1"));
        if !pages.contains(&page) {
            return Err(format!("no man page {}", page.display()));
        }
    }
    for page in pages {
        let path = dir.join(page);
        let text = quiet(
            "man",
            &["--warnings".as_ref(), "-l".as_ref(), path.as_os_str()],
            &[("MANWIDTH", "80"), ("MAN_KEEP_FORMATTING", "")],
        )?;
        if !text.contains("lightemall") {
            return Err(format!("{} renders without its name", path.display()));
        }
    }
    Ok(())
}

/// bash: `complete -p lightemall` after sourcing the script; zsh and fish
/// parse theirs (`zsh -n`, `fish --no-execute`), and fish completes a
/// command name from it.
fn check_completions(prefix: &Path) -> Result<(), String> {
    let script = |shell: &str| {
        COMPLETIONS
            .iter()
            .find(|(s, _)| *s == shell)
            .map(|(_, path)| prefix.join(path))
            .unwrap_or_default()
    };
    let bash = script("bash");
    let loaded = checked(
        "bash",
        &[
            "-c".as_ref(),
            "source \"$1\" && complete -p lightemall".as_ref(),
            "bash".as_ref(),
            bash.as_os_str(),
        ],
        &[],
    )?;
    if !loaded.contains("lightemall") {
        return Err(format!("bash loaded no completion from {}", bash.display()));
    }
    quiet("zsh", &["-n".as_ref(), script("zsh").as_os_str()], &[])?;
    let fish = script("fish");
    quiet("fish", &["--no-execute".as_ref(), fish.as_os_str()], &[])?;
    let offered = checked(
        "fish",
        &[
            "--no-config".as_ref(),
            "-c".as_ref(),
            "source $argv[1]; complete -C 'lightemall ren'".as_ref(),
            fish.as_os_str(),
        ],
        &[],
    )?;
    if !offered.lines().any(|l| l.starts_with("render")) {
        return Err(format!(
            "fish completes `lightemall ren` with {offered:?}, not render"
        ));
    }
    Ok(())
}

/// The .deb holds the staged files under `/usr`, depends on what the
/// binary needs, and (under CI, as root) installs, runs and goes.
fn check_deb(binary: &Path) -> Result<(), String> {
    let deb = deb_of_built(binary)?;
    let stage = target_dir().join("release/install-stage");
    let mut expected: Vec<String> = files_under(&stage)?
        .iter()
        .map(|f| format!("./usr/{}", f.display()))
        .collect();
    expected.sort();
    let listing = checked("dpkg-deb", &["--contents".as_ref(), deb.as_os_str()], &[])?;
    let mut packed: Vec<String> = listing
        .lines()
        .filter(|l| !l.starts_with('d'))
        .filter_map(|l| l.split_whitespace().nth(5).map(str::to_string))
        .filter(|f| !f.starts_with("./usr/share/doc/"))
        .collect();
    packed.sort();
    if packed != expected {
        return Err(format!(
            "the .deb holds {packed:#?}, the install {expected:#?}"
        ));
    }
    let depends = checked(
        "dpkg-deb",
        &["--field".as_ref(), deb.as_os_str(), "Depends".as_ref()],
        &[],
    )?;
    for needed in ["libc6", "libx11-6", "libxcursor1"] {
        if !depends.contains(needed) {
            return Err(format!("the .deb depends on {depends:?}, without {needed}"));
        }
    }
    let root = Command::new("id")
        .arg("-u")
        .output()
        .is_ok_and(|o| o.stdout.trim_ascii() == b"0");
    if std::env::var_os("CI").is_none() || !root {
        say(&format!(
            "built and checked {}; `dpkg -i` is tried under CI as root only (it installs into /usr)",
            deb.display()
        ));
        return Ok(());
    }
    let before = Command::new("dpkg").args(["-s", "lightemall"]).output();
    if before.is_ok_and(|o| o.status.success()) {
        return Err("a lightemall package is installed already; not replacing it".to_string());
    }
    checked("dpkg", &["-i".as_ref(), deb.as_os_str()], &[])?;
    let ran = output_of(Path::new("/usr/bin/lightemall"), &["gen", "--size", "4x4"]);
    let removed = checked("dpkg", &["-r".as_ref(), "lightemall".as_ref()], &[]);
    let id = ran?;
    removed?;
    if !id.starts_with("square:4x4:") {
        return Err(format!("the packaged `lightemall gen` printed {id:?}"));
    }
    if Path::new("/usr/bin/lightemall").exists() {
        return Err("dpkg -r left /usr/bin/lightemall".to_string());
    }
    say(&format!(
        "install checks: {} installed with dpkg -i, ran, removed",
        deb.display()
    ));
    Ok(())
}

/// Run `program ARGS` with `envs`; its output, or why it could not run.
fn spawned(
    program: &str,
    args: &[&std::ffi::OsStr],
    envs: &[(&str, &str)],
) -> Result<std::process::Output, String> {
    Command::new(program)
        .args(args)
        .envs(envs.iter().copied())
        .output()
        .map_err(|e| format!("cannot run {program}: {e}"))
}

/// Run `program ARGS`; its stdout if it succeeds, else an error with its output.
fn checked(
    program: &str,
    args: &[&std::ffi::OsStr],
    envs: &[(&str, &str)],
) -> Result<String, String> {
    let output = spawned(program, args, envs)?;
    let stdout = String::from_utf8_lossy(&output.stdout).into_owned();
    if !output.status.success() {
        return Err(format!(
            "`{program} {}` failed ({}): {}{}",
            shown(args),
            output.status,
            stdout.trim(),
            String::from_utf8_lossy(&output.stderr).trim()
        ));
    }
    Ok(stdout)
}

/// [`checked`], and nothing may be said on stderr (warnings fail too).
fn quiet(
    program: &str,
    args: &[&std::ffi::OsStr],
    envs: &[(&str, &str)],
) -> Result<String, String> {
    let output = spawned(program, args, envs)?;
    let stderr = String::from_utf8_lossy(&output.stderr);
    let stdout = String::from_utf8_lossy(&output.stdout).into_owned();
    // desktop-file-validate says its warnings and hints on stdout.
    let said = if program == "desktop-file-validate" {
        stdout.trim().to_string()
    } else {
        stderr.trim().to_string()
    };
    if !output.status.success() || !said.is_empty() {
        return Err(format!(
            "`{program} {}` ({}): {said}",
            shown(args),
            output.status
        ));
    }
    Ok(stdout)
}

fn shown(args: &[&std::ffi::OsStr]) -> String {
    args.iter()
        .map(|a| a.to_string_lossy())
        .collect::<Vec<_>>()
        .join(" ")
}
