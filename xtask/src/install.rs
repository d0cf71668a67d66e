//! Installing LightEmAll as a desktop program: `cargo xtask install`,
//! `uninstall`, `deb` and `icons`.
//!
//! Every file is first staged, relative to the prefix, in
//! `TARGET/release/install-stage/` (TARGET is `$CARGO_TARGET_DIR` or
//! `target/`): the release binary, the desktop entry and AppStream file
//! (`assets/`), the icons (`assets/icons/`, drawn by the game's renderer),
//! and the man pages and completions the binary makes from its own clap
//! definitions (`lightemall generate`, hidden). `install` copies the stage
//! under `DESTDIR/PREFIX` and writes a manifest of what it put there (the
//! files, and the folders it had to create); `uninstall` removes exactly
//! those. `deb` hands the same stage to cargo-deb.

use std::fs;
use std::io::ErrorKind;
use std::path::{Component, Path, PathBuf};
use std::process::Command;

use crate::{cargo, installed, run_program, say};

/// The application's ID: the desktop entry's name, the AppStream
/// component's and the icon's. `lightemall_present::APP_ID` spells it too (the
/// xtask has no dependencies); a test checks that the two agree.
pub const APP_ID: &str = "io.github.lightemall.LightEmAll";

/// The icon sizes in `assets/icons/` (`NxN.png`), as `lightemall_present::ICON_SIZES`.
pub const ICON_SIZES: [u32; 5] = [48, 64, 128, 256, 512];

/// Where, under the prefix, `install` lists what it installed.
pub const MANIFEST: &str = "share/lightemall/install-manifest";

/// The completion scripts: the shell, and where its completions go under
/// the prefix (the places bash-completion, zsh and fish look by default).
pub const COMPLETIONS: [(&str, &str); 3] = [
    ("bash", "share/bash-completion/completions/lightemall"),
    ("zsh", "share/zsh/site-functions/_lightemall"),
    ("fish", "share/fish/vendor_completions.d/lightemall.fish"),
];

/// `--prefix DIR` (default `/usr/local`) and `--destdir DIR` (none).
#[derive(Debug)]
pub struct Options {
    pub prefix: PathBuf,
    pub destdir: Option<PathBuf>,
}

impl Options {
    pub fn parse(args: &[String]) -> Result<Options, String> {
        let mut prefix = PathBuf::from("/usr/local");
        let mut destdir = None;
        let mut args = args.iter();
        while let Some(arg) = args.next() {
            let (name, inline) = match arg.split_once('=') {
                Some((name, value)) => (name, Some(value.to_string())),
                None => (arg.as_str(), None),
            };
            let mut value = || {
                inline
                    .clone()
                    .or_else(|| args.next().cloned())
                    .filter(|v| !v.is_empty())
                    .ok_or(format!("{name} takes a folder"))
            };
            match name {
                "--prefix" => prefix = PathBuf::from(value()?),
                "--destdir" => destdir = Some(PathBuf::from(value()?)),
                _ => {
                    return Err(format!(
                        "unknown option {arg:?} (--prefix DIR, --destdir DIR)"
                    ));
                }
            }
        }
        let prefix = std::path::absolute(&prefix)
            .map_err(|e| format!("the prefix {}: {e}", prefix.display()))?;
        Ok(Options { prefix, destdir })
    }

    /// The folder the files go under: `DESTDIR/PREFIX`, or `PREFIX`.
    pub fn root(&self) -> PathBuf {
        match &self.destdir {
            Some(destdir) => {
                let relative = self.prefix.strip_prefix("/").unwrap_or(&self.prefix);
                destdir.join(relative)
            }
            None => self.prefix.clone(),
        }
    }
}

pub fn workspace_root() -> PathBuf {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    root.canonicalize().unwrap_or(root)
}

/// Cargo's target folder: `$CARGO_TARGET_DIR` (from the workspace root if
/// relative), else `target/`.
pub fn target_dir() -> PathBuf {
    match std::env::var_os("CARGO_TARGET_DIR") {
        Some(dir) => workspace_root().join(dir),
        None => workspace_root().join("target"),
    }
}

/// Build the release binary; its path.
pub fn release_binary() -> Result<PathBuf, String> {
    cargo(&["build", "--release", "--locked", "--package", "lightemall"])?;
    Ok(target_dir().join("release/lightemall"))
}

/// Stage every installed file, relative to the prefix, in a fresh
/// `TARGET/release/install-stage/`; that folder.
pub fn stage(binary: &Path) -> Result<PathBuf, String> {
    let stage = target_dir().join("release/install-stage");
    if stage.exists() {
        fs::remove_dir_all(&stage).map_err(|e| io_error("remove", &stage, e))?;
    }
    let assets = workspace_root().join("assets");
    copy(binary, &stage.join("bin/lightemall"))?;
    copy(
        &assets.join(format!("{APP_ID}.desktop")),
        &stage.join(format!("share/applications/{APP_ID}.desktop")),
    )?;
    copy(
        &assets.join(format!("{APP_ID}.metainfo.xml")),
        &stage.join(format!("share/metainfo/{APP_ID}.metainfo.xml")),
    )?;
    for side in ICON_SIZES {
        let size = format!("{side}x{side}");
        copy(
            &assets.join(format!("icons/{size}.png")),
            &stage.join(format!("share/icons/hicolor/{size}/apps/{APP_ID}.png")),
        )?;
    }
    let man = stage.join("share/man/man1");
    create_dir(&man)?;
    let man_arg = man.to_string_lossy();
    run_program(
        &binary.to_string_lossy(),
        &["generate", "man", &man_arg],
        &[],
    )?;
    for (shell, path) in COMPLETIONS {
        let script = output_of(binary, &["generate", "completions", shell])?;
        let path = stage.join(path);
        create_dir(path.parent().unwrap_or(&stage))?;
        fs::write(&path, script).map_err(|e| io_error("write", &path, e))?;
    }
    Ok(stage)
}

/// The files under `dir`, relative to it, sorted.
pub fn files_under(dir: &Path) -> Result<Vec<PathBuf>, String> {
    fn walk(dir: &Path, base: &Path, out: &mut Vec<PathBuf>) -> Result<(), String> {
        let entries = fs::read_dir(dir).map_err(|e| io_error("read", dir, e))?;
        for entry in entries {
            let path = entry.map_err(|e| io_error("read", dir, e))?.path();
            if path.is_dir() {
                walk(&path, base, out)?;
            } else {
                out.push(path.strip_prefix(base).unwrap_or(&path).to_path_buf());
            }
        }
        Ok(())
    }
    let mut files = Vec::new();
    walk(dir, dir, &mut files)?;
    files.sort();
    Ok(files)
}

/// `cargo xtask install`: build, stage, copy under `DESTDIR/PREFIX`, and
/// write the manifest there.
pub fn install(options: &Options) -> Result<(), String> {
    let binary = release_binary()?;
    install_built(&binary, options)
}

/// [`install`] of a binary already built.
pub fn install_built(binary: &Path, options: &Options) -> Result<(), String> {
    let stage = stage(binary)?;
    let root = options.root();
    let mut files = files_under(&stage)?;
    // A second install keeps the folders the first one created.
    let (mut dirs, _) = read_manifest(&root).unwrap_or_default();
    files.push(PathBuf::from(MANIFEST));
    for file in &files {
        let mut missing = Vec::new();
        let mut parent = file.parent();
        while let Some(dir) = parent.filter(|d| !d.as_os_str().is_empty()) {
            if !root.join(dir).exists() {
                missing.push(dir.to_path_buf());
            }
            parent = dir.parent();
        }
        for dir in missing.into_iter().rev() {
            create_dir(&root.join(&dir))?;
            if !dirs.contains(&dir) {
                dirs.push(dir);
            }
        }
        if file != Path::new(MANIFEST) {
            let to = root.join(file);
            fs::copy(stage.join(file), &to).map_err(|e| io_error("write", &to, e))?;
        }
    }
    let mut manifest = String::from(
        "# Written by `cargo xtask install`; `cargo xtask uninstall` removes\n\
         # these files, then these folders if empty. Paths are from the prefix.\n",
    );
    for dir in &dirs {
        manifest.push_str(&format!("dir {}\n", dir.display()));
    }
    for file in &files {
        manifest.push_str(&format!("file {}\n", file.display()));
    }
    let path = root.join(MANIFEST);
    fs::write(&path, manifest).map_err(|e| io_error("write", &path, e))?;
    say(&format!(
        "installed {} files under {} (listed in {MANIFEST})",
        files.len(),
        root.display()
    ));
    if options.destdir.is_none() && !on_path(&options.prefix.join("bin")) {
        say(&format!(
            "note: {} is not on PATH; the menu entry runs `lightemall` from PATH",
            options.prefix.join("bin").display()
        ));
    }
    Ok(())
}

/// `cargo xtask uninstall`: remove the files the manifest under
/// `DESTDIR/PREFIX` lists, then the folders install created, if empty.
pub fn uninstall(options: &Options) -> Result<(), String> {
    let root = options.root();
    let (mut dirs, files) = read_manifest(&root)?;
    let mut gone = 0;
    for file in &files {
        let path = root.join(file);
        match fs::remove_file(&path) {
            Ok(()) => gone += 1,
            Err(e) if e.kind() == ErrorKind::NotFound => {
                say(&format!("{} was already gone", path.display()));
            }
            Err(e) => return Err(io_error("remove", &path, e)),
        }
    }
    // The deepest first, so a folder's folders go before it.
    dirs.sort_by_key(|d| std::cmp::Reverse(d.components().count()));
    for dir in &dirs {
        let path = root.join(dir);
        if let Err(e) = fs::remove_dir(&path)
            && e.kind() != ErrorKind::NotFound
        {
            say(&format!("kept {}: {e}", path.display()));
        }
    }
    say(&format!("removed {gone} files from {}", root.display()));
    Ok(())
}

/// The folders and files of the manifest under `root` (every path
/// relative, with no `..`: a damaged manifest cannot reach outside).
fn read_manifest(root: &Path) -> Result<(Vec<PathBuf>, Vec<PathBuf>), String> {
    let path = root.join(MANIFEST);
    let text = fs::read_to_string(&path).map_err(|e| {
        format!(
            "nothing installed by `cargo xtask install` under {} ({}: {e})",
            root.display(),
            path.display()
        )
    })?;
    let (mut dirs, mut files) = (Vec::new(), Vec::new());
    for line in text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.is_empty())
    {
        let (kind, rest) = line.split_once(' ').unwrap_or((line, ""));
        let relative = PathBuf::from(rest);
        let plain = !rest.is_empty()
            && relative
                .components()
                .all(|c| matches!(c, Component::Normal(_)));
        match kind {
            "dir" if plain => dirs.push(relative),
            "file" if plain => files.push(relative),
            _ => {
                return Err(format!(
                    "{}: a line not understood: {line:?}",
                    path.display()
                ));
            }
        }
    }
    Ok((dirs, files))
}

/// `cargo xtask deb`: the release build, staged, packaged by cargo-deb
/// (installed from crates.io if missing); the package's path.
pub fn deb() -> Result<PathBuf, String> {
    let binary = release_binary()?;
    deb_of_built(&binary)
}

/// [`deb`] of a binary already built.
pub fn deb_of_built(binary: &Path) -> Result<PathBuf, String> {
    stage(binary)?;
    if !installed("cargo-deb") {
        say("cargo-deb is missing: installing it from crates.io");
        cargo(&["install", "cargo-deb", "--locked"])?;
    }
    // The binary and the stage are made: cargo-deb only packs them (and
    // asks dpkg-shlibdeps what the binary links).
    let args = ["deb", "--package", "lightemall", "--no-build", "--locked"];
    say(&format!("$ cargo {}", args.join(" ")));
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".to_string());
    let output = Command::new(cargo)
        .args(args)
        .current_dir(workspace_root())
        .output()
        .map_err(|e| format!("cannot run cargo deb: {e}"))?;
    let stdout = String::from_utf8_lossy(&output.stdout);
    if !output.status.success() {
        return Err(format!(
            "`cargo deb` failed: {}",
            String::from_utf8_lossy(&output.stderr).trim()
        ));
    }
    let path = stdout
        .lines()
        .rev()
        .find(|l| l.trim().ends_with(".deb"))
        .map(|l| PathBuf::from(l.trim()))
        .ok_or_else(|| format!("cargo deb named no package: {stdout:?}"))?;
    say(&format!("built {}", path.display()));
    Ok(path)
}

/// `cargo xtask icons`: redraw `assets/icons/` with the game's renderer.
pub fn icons() -> Result<(), String> {
    let dir = workspace_root().join("assets/icons");
    let dir = dir.to_string_lossy();
    cargo(&[
        "run",
        "--locked",
        "--package",
        "lightemall",
        "--",
        "generate",
        "icons",
        &dir,
    ])
}

fn on_path(dir: &Path) -> bool {
    std::env::var_os("PATH").is_some_and(|path| std::env::split_paths(&path).any(|d| d == dir))
}

/// What `program ARGS` prints on stdout; an error if it fails.
pub fn output_of(program: &Path, args: &[&str]) -> Result<String, String> {
    let output = Command::new(program)
        .args(args)
        .output()
        .map_err(|e| format!("cannot run {}: {e}", program.display()))?;
    if !output.status.success() {
        return Err(format!(
            "`{} {}` failed ({}): {}",
            program.display(),
            args.join(" "),
            output.status,
            String::from_utf8_lossy(&output.stderr).trim()
        ));
    }
    Ok(String::from_utf8_lossy(&output.stdout).into_owned())
}

fn copy(from: &Path, to: &Path) -> Result<(), String> {
    if let Some(dir) = to.parent() {
        create_dir(dir)?;
    }
    fs::copy(from, to)
        .map_err(|e| format!("cannot copy {} to {}: {e}", from.display(), to.display()))?;
    Ok(())
}

fn create_dir(dir: &Path) -> Result<(), String> {
    fs::create_dir_all(dir).map_err(|e| io_error("create", dir, e))
}

fn io_error(what: &str, path: &Path, e: std::io::Error) -> String {
    format!("cannot {what} {}: {e}", path.display())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn text(path: &str) -> String {
        fs::read_to_string(workspace_root().join(path)).unwrap_or_default()
    }

    /// One application ID everywhere: the game's, the desktop entry's
    /// name and icon, the AppStream id and launchable, the .deb's assets.
    #[test]
    fn the_application_id_is_the_same_everywhere() {
        let ui = text("crates/present/src/icon.rs");
        assert!(ui.contains(&format!("pub const APP_ID: &str = \"{APP_ID}\";")));
        let sizes = format!("{ICON_SIZES:?}");
        assert!(ui.contains(&format!("pub const ICON_SIZES: [u32; 5] = {sizes};")));
        let desktop = text(&format!("assets/{APP_ID}.desktop"));
        assert!(desktop.contains(&format!("\nIcon={APP_ID}\n")), "{desktop}");
        let metainfo = text(&format!("assets/{APP_ID}.metainfo.xml"));
        for tag in [
            format!("<id>{APP_ID}</id>"),
            format!("<launchable type=\"desktop-id\">{APP_ID}.desktop</launchable>"),
            format!("<icon type=\"stock\">{APP_ID}</icon>"),
        ] {
            assert!(metainfo.contains(&tag), "{tag} not in the metainfo");
        }
        let manifest = text("crates/lightemall/Cargo.toml");
        for side in ICON_SIZES {
            let icon = format!("hicolor/{side}x{side}/apps/{APP_ID}.png");
            assert!(manifest.contains(&icon), "the .deb lacks {icon}");
            assert!(
                workspace_root()
                    .join(format!("assets/icons/{side}x{side}.png"))
                    .is_file()
            );
        }
        for (_, path) in COMPLETIONS {
            assert!(manifest.contains(path), "the .deb lacks {path}");
        }
    }

    #[test]
    fn options_take_a_prefix_and_a_destdir() {
        let args = |a: &[&str]| a.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        let plain = Options::parse(&[]).expect("defaults");
        assert_eq!(plain.root(), Path::new("/usr/local"));
        let staged =
            Options::parse(&args(&["--prefix=/usr", "--destdir", "/tmp/pkg"])).expect("options");
        assert_eq!(staged.root(), Path::new("/tmp/pkg/usr"));
        assert!(Options::parse(&args(&["--prefix"])).is_err());
        assert!(Options::parse(&args(&["--root", "/x"])).is_err());
    }

    /// A manifest naming a path outside the prefix is refused whole.
    #[test]
    fn a_manifest_cannot_reach_outside_the_prefix() {
        let root = std::env::temp_dir().join(format!("xtask-manifest-{}", std::process::id()));
        let manifest = root.join(MANIFEST);
        fs::create_dir_all(manifest.parent().expect("a folder")).expect("a folder");
        fs::write(&manifest, "dir share/lightemall\nfile bin/lightemall\n").expect("written");
        let (dirs, files) = read_manifest(&root).expect("a manifest");
        assert_eq!(dirs, [PathBuf::from("share/lightemall")]);
        assert_eq!(files, [PathBuf::from("bin/lightemall")]);
        for bad in [
            "file ../../etc/passwd\n",
            "file /etc/passwd\n",
            "remove bin\n",
        ] {
            fs::write(&manifest, bad).expect("written");
            assert!(read_manifest(&root).is_err(), "{bad}");
        }
        fs::remove_dir_all(&root).expect("cleaned up");
    }
}
