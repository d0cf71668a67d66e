//! The harness of the end-to-end window tests: a virtual X display (Xvfb)
//! per test, the real `lightemall` binary on it, and xdotool and
//! ImageMagick's `import` to act and look as a person would. Every wait is
//! for a condition, with a timeout; nothing relies on a fixed sleep.
//!
//! The tests are ignored by default; `cargo xtask e2e` (and so `cargo
//! xtask ci`) runs them where the tools are installed, and under CI (`CI`
//! set) a missing tool is a failure.

pub mod image;

use image::Image;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicU32, Ordering};
use std::time::{Duration, Instant};

/// How long any awaited condition may take.
pub const TIMEOUT: Duration = Duration::from_secs(20);
/// How long a key or button is held, as a person would (a typical click
/// is about 100 ms); `App::quick_clicks` clicks with no hold.
const HOLD: &str = "0.1";

/// The tools the tests need.
const TOOLS: [&str; 5] = ["Xvfb", "xdotool", "import", "xprop", "xclip"];

/// Fail, saying what to install, if a tool the tests need is missing (they
/// are ignored by default; `cargo xtask e2e` runs them where the tools are).
pub fn needs_tools() {
    let missing: Vec<&str> = TOOLS.into_iter().filter(|t| !on_path(t)).collect();
    assert!(
        missing.is_empty(),
        "the window tests need {} (apt-get install xvfb xdotool imagemagick x11-utils xclip)",
        missing.join(", ")
    );
}

fn on_path(tool: &str) -> bool {
    std::env::var_os("PATH")
        .is_some_and(|path| std::env::split_paths(&path).any(|dir| dir.join(tool).is_file()))
}

/// Poll `probe` until it gives `Some`, or fail after [`TIMEOUT`] saying
/// what was awaited.
pub fn wait_for<T>(what: &str, mut probe: impl FnMut() -> Option<T>) -> T {
    let start = Instant::now();
    loop {
        if let Some(value) = probe() {
            return value;
        }
        assert!(start.elapsed() < TIMEOUT, "timed out waiting for {what}");
        std::thread::sleep(Duration::from_millis(25));
    }
}

/// An Xvfb server on a display number of its own; stopped when dropped.
pub struct Display {
    server: Child,
    pub name: String,
}

static NEXT_DISPLAY: AtomicU32 = AtomicU32::new(0);

impl Display {
    /// Start Xvfb on the first free display number from 90 up.
    pub fn start() -> Display {
        let base = 90 + (std::process::id() % 40) * 20;
        for _ in 0..200 {
            let number = base + NEXT_DISPLAY.fetch_add(1, Ordering::SeqCst);
            if Path::new(&format!("/tmp/.X{number}-lock")).exists() {
                continue;
            }
            if let Some(display) = Display::try_start(number) {
                return display;
            }
        }
        panic!("no free X display number for Xvfb");
    }

    fn try_start(number: u32) -> Option<Display> {
        let name = format!(":{number}");
        let server = Command::new("Xvfb")
            // -noreset: the server must not reset when a game exits and the
            // next is about to connect.
            .args([
                &name,
                "-screen",
                "0",
                "1920x1200x24",
                "-nolisten",
                "tcp",
                "-noreset",
            ])
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .ok()?;
        let mut display = Display { server, name };
        let socket = PathBuf::from(format!("/tmp/.X11-unix/X{number}"));
        let start = Instant::now();
        while start.elapsed() < Duration::from_secs(10) {
            if let Ok(Some(_)) = display.server.try_wait() {
                return None;
            }
            if socket.exists() && display.xdotool(&["getmouselocation"]).is_some() {
                return Some(display);
            }
            std::thread::sleep(Duration::from_millis(25));
        }
        None
    }

    /// End the X server at once, as a crash or a lost connection would.
    pub fn kill_server(&self) {
        let _ = Command::new("kill")
            .args(["-KILL", &self.server.id().to_string()])
            .status();
    }

    /// The text on this display's clipboard (the CLIPBOARD selection, as
    /// a paste takes it), if any.
    pub fn clipboard(&self) -> Option<String> {
        let output = Command::new("xclip")
            .args(["-o", "-selection", "clipboard"])
            .env("DISPLAY", &self.name)
            .output()
            .ok()?;
        let text = String::from_utf8_lossy(&output.stdout).into_owned();
        (output.status.success() && !text.is_empty()).then_some(text)
    }

    /// Run xdotool on this display; its output if it succeeded.
    pub fn xdotool(&self, args: &[&str]) -> Option<String> {
        let output = Command::new("xdotool")
            .args(args)
            .env("DISPLAY", &self.name)
            .output()
            .ok()?;
        output
            .status
            .success()
            .then(|| String::from_utf8_lossy(&output.stdout).trim().to_string())
    }
}

impl Drop for Display {
    fn drop(&mut self) {
        let _ = self.server.kill();
        let _ = self.server.wait();
    }
}

/// The game running on a display, with its window.
pub struct App<'d> {
    pub display: &'d Display,
    pub child: Child,
    pub window: String,
}

/// A folder of its own for one test's saves.
pub fn data_home(test: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("lightemall-e2e-{}-{test}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a data folder");
    dir
}

impl<'d> App<'d> {
    /// Start `lightemall` with `args` and wait for its window and its
    /// game (a large board's window shows how far the game is made
    /// first).
    pub fn start(display: &'d Display, data_home: &Path, args: &[&str]) -> App<'d> {
        let app = App::start_making(display, data_home, args);
        app.wait_title("a game (\" · moves \")", |title| {
            title.contains(" · moves ")
        });
        app
    }

    /// Start `lightemall` with `args` and wait for its window, which may
    /// still be showing how far its game is made.
    pub fn start_making(display: &'d Display, data_home: &Path, args: &[&str]) -> App<'d> {
        App::start_logging(display, data_home, args, Stdio::inherit())
    }

    /// [`App::start`] with `envs` set for the game (a faked clock, say).
    pub fn start_with_env(
        display: &'d Display,
        data_home: &Path,
        args: &[&str],
        envs: &[(&str, &str)],
    ) -> App<'d> {
        let app = App::launch(display, data_home, args, Stdio::inherit(), envs);
        app.wait_title("a game (\" · moves \")", |title| {
            title.contains(" · moves ")
        });
        app
    }

    /// [`App::start_making`] with the game's stderr sent to `stderr`.
    pub fn start_logging(
        display: &'d Display,
        data_home: &Path,
        args: &[&str],
        stderr: Stdio,
    ) -> App<'d> {
        App::launch(display, data_home, args, stderr, &[])
    }

    fn launch(
        display: &'d Display,
        data_home: &Path,
        args: &[&str],
        stderr: Stdio,
        envs: &[(&str, &str)],
    ) -> App<'d> {
        let before: Vec<String> = display
            .xdotool(&["search", "--name", "^LightEmAll"])
            .unwrap_or_default()
            .lines()
            .map(str::to_string)
            .collect();
        let mut child = Command::new(env!("CARGO_BIN_EXE_lightemall"))
            .args(args)
            .env("DISPLAY", &display.name)
            .env("XDG_DATA_HOME", data_home)
            .envs(envs.iter().copied())
            .stdout(Stdio::null())
            .stderr(stderr)
            .spawn()
            .expect("the binary starts");
        let window = wait_for("the game window", || {
            if let Ok(Some(status)) = child.try_wait() {
                panic!("the game exited before showing a window ({status})");
            }
            let found = display.xdotool(&["search", "--name", "^LightEmAll"])?;
            // Its own, not one open before it (a second game's window
            // beside a first one's).
            found
                .lines()
                .find(|line| !before.iter().any(|old| old == line))
                .map(str::to_string)
        });
        // No window manager places it: put it where every pixel is on screen.
        display.xdotool(&["windowmove", "--sync", &window, "0", "0"]);
        let app = App {
            display,
            child,
            window,
        };
        app.wait_until_shown();
        app
    }

    fn wait_until_shown(&self) {
        wait_for("the window to be mapped and painted", || {
            self.display
                .xdotool(&["windowfocus", "--sync", &self.window])?;
            let shot = self.screenshot();
            shot.pixels
                .iter()
                .any(|&p| p != shot.pixels[0])
                .then_some(())
        });
    }

    /// The window's title.
    pub fn title(&self) -> String {
        self.display
            .xdotool(&["getwindowname", &self.window])
            .unwrap_or_default()
    }

    /// Wait until the title satisfies `ok`; the title then.
    pub fn wait_title(&self, what: &str, ok: impl Fn(&str) -> bool) -> String {
        wait_for(
            &format!("a title with {what} (last: {})", self.title()),
            || {
                let title = self.title();
                ok(&title).then_some(title)
            },
        )
    }

    /// The text of the window's property `name` as `xprop` decodes it
    /// (by the property's own type: STRING is Latin-1).
    pub fn property(&self, name: &str) -> String {
        let output = Command::new("xprop")
            .args(["-id", &self.window, "-notype", name])
            .env("DISPLAY", &self.display.name)
            .env("LC_ALL", "C.UTF-8")
            .output()
            .expect("xprop runs");
        String::from_utf8_lossy(&output.stdout).trim().to_string()
    }

    /// The numbers of the window's 32-bit property `name` (`CARDINAL`s,
    /// as `_NET_WM_ICON` holds), read with `xprop -f NAME 32c`; none if
    /// the window has no such property.
    pub fn cardinals(&self, name: &str) -> Vec<u64> {
        let output = Command::new("xprop")
            .args(["-id", &self.window, "-notype", "-f", name, "32c", name])
            .env("DISPLAY", &self.display.name)
            .output()
            .expect("xprop runs");
        let text = String::from_utf8_lossy(&output.stdout);
        let Some((_, values)) = text.split_once(" = ") else {
            return Vec::new();
        };
        values
            .split(',')
            .map(|v| v.trim().parse().expect("a number"))
            .collect()
    }

    /// The window's inner size.
    pub fn size(&self) -> (u32, u32) {
        let shell = self
            .display
            .xdotool(&["getwindowgeometry", "--shell", &self.window])
            .expect("the window's geometry");
        let field = |name: &str| {
            shell
                .lines()
                .find_map(|l| l.strip_prefix(name))
                .and_then(|v| v.parse().ok())
                .expect("a geometry field")
        };
        (field("WIDTH="), field("HEIGHT="))
    }

    /// Click with `button` (1 left, 2 middle, 3 right) at window pixel
    /// `(x, y)`, holding it as a person would.
    pub fn click(&self, button: u8, x: f32, y: f32) {
        let (x, y) = (format!("{}", x.round()), format!("{}", y.round()));
        let button = button.to_string();
        let args = [
            "mousemove",
            "--window",
            &self.window,
            &x,
            &y,
            "sleep",
            "0.03",
            "mousedown",
            &button,
            "sleep",
            HOLD,
            "mouseup",
            &button,
        ];
        self.display.xdotool(&args).expect("xdotool clicks");
    }

    /// Click with `button` at window pixel `(x, y)` `times` times, each
    /// press released at once (`xdotool click`: no hold), `delay_ms` apart.
    pub fn quick_clicks(&self, button: u8, x: f32, y: f32, times: u32, delay_ms: u32) {
        let (x, y) = (format!("{}", x.round()), format!("{}", y.round()));
        let (button, times, delay) = (button.to_string(), times.to_string(), delay_ms.to_string());
        let args = [
            "mousemove",
            "--window",
            &self.window,
            &x,
            &y,
            "sleep",
            "0.03",
            "click",
            "--repeat",
            &times,
            "--delay",
            &delay,
            &button,
        ];
        self.display.xdotool(&args).expect("xdotool clicks");
    }

    /// Press a key (xdotool's name for it, e.g. `u`, `Tab`, `ctrl+z`).
    pub fn key(&self, key: &str) {
        self.display
            .xdotool(&["windowfocus", "--sync", &self.window])
            .expect("the window takes the focus");
        let args = ["keydown", key, "sleep", HOLD, "keyup", key];
        self.display.xdotool(&args).expect("xdotool presses keys");
    }

    /// The window's pixels now.
    pub fn screenshot(&self) -> Image {
        let output = Command::new("import")
            .args(["-silent", "-window", &self.window, "-depth", "8", "ppm:-"])
            .env("DISPLAY", &self.display.name)
            .output()
            .expect("import runs");
        Image::from_ppm(&output.stdout).unwrap_or_default()
    }

    /// A screenshot once the picture has stopped changing (animations over).
    pub fn settled_screenshot(&self) -> Image {
        let mut last = self.screenshot();
        wait_for("the picture to settle", || {
            std::thread::sleep(Duration::from_millis(150));
            let now = self.screenshot();
            let same = now == last && !now.pixels.is_empty();
            last = now;
            same.then(|| last.clone())
        })
    }

    /// CPU time the game used so far, in clock ticks (`/proc/PID/stat`).
    pub fn cpu_ticks(&self) -> u64 {
        let stat = std::fs::read_to_string(format!("/proc/{}/stat", self.child.id()))
            .expect("the game is running");
        // The command name may hold spaces; fields count from after its `)`.
        let after = &stat[stat.rfind(')').expect("a stat line") + 2..];
        let fields: Vec<&str> = after.split_whitespace().collect();
        let number = |i: usize| fields[i].parse::<u64>().expect("a number");
        number(11) + number(12)
    }

    /// Send the game the signal `name` (`TERM`, `HUP`, `INT`).
    pub fn signal(&self, name: &str) {
        let sent = Command::new("kill")
            .args([format!("-{name}"), self.child.id().to_string()])
            .status()
            .expect("kill runs");
        assert!(sent.success(), "kill -{name}");
    }

    /// Wait for the game to exit; its exit code.
    pub fn wait_exit(&mut self) -> Option<i32> {
        wait_for("the game to exit", || self.child.try_wait().ok().flatten()).code()
    }
}

impl Drop for App<'_> {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Where the tests leave their screenshots: `target/e2e`.
pub fn shots_folder() -> PathBuf {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../target/e2e");
    std::fs::create_dir_all(&dir).expect("a screenshot folder");
    dir
}
