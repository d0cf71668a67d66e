//! What brings players back and the tools a serious solver uses, from the
//! command line: the daily puzzle, its streaks, proof codes and charts
//! (`daily`, `replay --proof`, `verify`, `scores --plot`) and edge marks
//! (`replay --moves 'E x,y,D'`), with bad input answered by one line and
//! exit code 2.

use std::path::{Path, PathBuf};
use std::process::Command;

/// Exit code, stdout, stderr of `lightemall ARGS` with its data in `data`.
fn lightemall(args: &[&str], data: &Path) -> (i32, String, String) {
    let output = Command::new(env!("CARGO_BIN_EXE_lightemall"))
        .args(args)
        .env("XDG_DATA_HOME", data)
        .env("TZ", "UTC")
        .output()
        .expect("the binary runs");
    let text = |bytes: &[u8]| String::from_utf8_lossy(bytes).into_owned();
    (
        output.status.code().unwrap_or(-1),
        text(&output.stdout),
        text(&output.stderr),
    )
}

fn data_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("lightemall-daily-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

fn ok(args: &[&str], data: &Path) -> String {
    let (code, stdout, stderr) = lightemall(args, data);
    assert_eq!(code, 0, "{args:?}: {stderr}");
    stdout
}

fn refused(args: &[&str], data: &Path, why: &str) {
    let (code, stdout, stderr) = lightemall(args, data);
    assert_eq!(code, 2, "{args:?} should be refused: {stdout}");
    assert!(stdout.is_empty(), "{args:?} printed {stdout}");
    assert!(!stderr.contains("panicked"), "{args:?}: {stderr}");
    assert!(stderr.contains(why), "{args:?}: {stderr}");
}

/// The move tokens that turn every tile of a square puzzle to its solution.
fn solving_moves(id: &str, data: &Path) -> Vec<String> {
    let json: serde_json::Value = serde_json::from_str(&ok(&["gen", id, "--json"], data)).unwrap();
    let width = json["width"].as_u64().unwrap() as usize;
    let masks = |key: &str| -> Vec<u64> {
        json[key]
            .as_array()
            .unwrap()
            .iter()
            .map(|v| v.as_u64().unwrap())
            .collect()
    };
    let clockwise = |m: u64| ((m << 1) | (m >> 3)) & 15;
    let mut moves = Vec::new();
    for (i, (mut tile, wanted)) in masks("tiles")
        .into_iter()
        .zip(masks("solution"))
        .enumerate()
    {
        while tile != wanted {
            moves.push(format!("C{},{}", i % width, i / width));
            tile = clockwise(tile);
        }
    }
    moves
}

#[test]
fn a_date_names_its_pinned_daily_and_bad_dates_are_refused() {
    let data = data_dir("dates");
    let id = ok(&["daily", "--date", "2026-12-01"], &data);
    assert_eq!(id.trim(), "square:10x10:graded:medium#20261201");
    let json: serde_json::Value =
        serde_json::from_str(&ok(&["daily", "--date", "2026-12-02", "--json"], &data)).unwrap();
    assert_eq!(json["id"], "hex:10x10:graded:medium#20261202");
    assert_eq!(json["weekday"], "Wednesday");
    assert!(
        ok(&["daily"], &data).contains("#20"),
        "today's daily prints"
    );
    refused(&["daily", "--date", "9999-12-31"], &data, "is not out yet");
    refused(
        &["daily", "--date", "2026-02-30"],
        &data,
        "not a day of the calendar",
    );
    refused(&["daily", "--date", "yesterday"], &data, "is not a date");
    refused(
        &["daily", "--date", "2000-01-01"],
        &data,
        "there is no daily before",
    );
    refused(&["daily", "--share"], &data, "no daily solved yet");
}

#[test]
fn a_proof_verifies_and_one_move_less_is_refused() {
    let data = data_dir("proof");
    let id = "square:10x10:graded:medium#20261201";
    let moves = solving_moves(id, &data);
    let out = ok(
        &["replay", id, "--moves", &moves.join(";"), "--proof"],
        &data,
    );
    let (share, code) = out.trim().split_once('\n').unwrap();
    assert!(
        // Before the ladder's era a daily is graded, and says so.
        share.starts_with("LightEmAll daily 2026-12-01 · 10x10 square, medium (graded) · "),
        "{share}"
    );
    assert!(share.contains(&format!("{} moves", moves.len())), "{share}");
    let verdict = ok(&["verify", code], &data);
    assert!(
        verdict.contains(&format!("verified: solves {id} (the daily of 2026-12-01)")),
        "{verdict}"
    );
    assert!(
        verdict.contains(&format!("moves: {}", moves.len())),
        "{verdict}"
    );
    assert!(verdict.contains("cannot prove a time"), "{verdict}");
    ok(
        &["verify", code, "--date", "2026-12-01", "--puzzle", id],
        &data,
    );
    refused(
        &["verify", code, "--date", "2026-12-02"],
        &data,
        "not the daily of 2026-12-02",
    );
    refused(
        &["verify", code, "--puzzle", "square:10x10:graded:medium#1"],
        &data,
        "the code is for",
    );

    let short = ok(
        &["replay", id, "--moves", &moves[1..].join(";"), "--proof"],
        &data,
    );
    let short_code = short.trim().split_once('\n').unwrap().1;
    refused(&["verify", short_code], &data, "do not solve");
    refused(
        &["verify", &code[..code.len() - 5]],
        &data,
        "damaged or cut short",
    );
    refused(&["verify", "LEA1-"], &data, "damaged or cut short");
    refused(&["verify", "hello"], &data, "not a LightEmAll proof code");
}

#[test]
fn scores_show_the_daily_section_before_any_daily_and_survive_a_damaged_entry() {
    let data = data_dir("scores");
    let json: serde_json::Value = serde_json::from_str(&ok(&["scores", "--json"], &data)).unwrap();
    assert_eq!(
        json["daily"],
        serde_json::json!({"streak": 0, "best_streak": 0, "days": []})
    );
    let folder = data.join("lightemall");
    std::fs::create_dir_all(&folder).unwrap();
    let file = folder.join("daily.txt");
    std::fs::write(
        &file,
        "lightemall daily 1\n2026-12-01 2026-12-01 61000 20 18 no\n2026-12-02 2026-12-02 garbage\nend\n",
    )
    .unwrap();
    let (code, stdout, stderr) = lightemall(&["scores", "--json"], &data);
    assert_eq!(code, 0, "{stderr}");
    assert!(stderr.contains("1 entry left out (line 3:"), "{stderr}");
    let json: serde_json::Value = serde_json::from_str(&stdout).unwrap();
    let days = json["daily"]["days"].as_array().unwrap();
    assert_eq!(days.len(), 1);
    assert_eq!(days[0]["date"], "2026-12-01");
    assert_eq!(days[0]["time_ms"], 61_000);
    assert_eq!(json["daily"]["best_streak"], 1);
    let (_, _, again) = lightemall(&["scores"], &data);
    assert!(!again.contains("left out"), "said once: {again}");
    let copies: Vec<_> = std::fs::read_dir(&folder)
        .unwrap()
        .filter_map(|e| e.ok())
        .filter(|e| {
            e.file_name()
                .to_string_lossy()
                .starts_with("daily-damaged-")
        })
        .collect();
    assert_eq!(copies.len(), 1, "the damaged file is kept");
    assert!(
        std::fs::read_to_string(copies[0].path())
            .unwrap()
            .contains("garbage")
    );
}

#[test]
fn scores_plot_draws_the_dailies_or_a_preset_as_a_png() {
    let data = data_dir("plot");
    let folder = data.join("lightemall");
    std::fs::create_dir_all(&folder).unwrap();
    std::fs::write(
        folder.join("daily.txt"),
        "lightemall daily 1\n2026-12-01 2026-12-01 61000 20 18 no\n2026-12-02 2026-12-02 91000 30 25 no\nend\n",
    )
    .unwrap();
    let png = data.join("daily.png");
    ok(&["scores", "--plot", png.to_str().unwrap()], &data);
    let (width, height, rgba) =
        lightemall_render_png::decode_png(&std::fs::read(&png).unwrap()).unwrap();
    assert_eq!((width, height), (640, 360));
    let distinct: std::collections::HashSet<&[u8]> = rgba.chunks(4).collect();
    assert!(distinct.len() > 5, "a chart, not a blank image");
    refused(
        &[
            "scores",
            "--plot",
            png.to_str().unwrap(),
            "--preset",
            "square:9x9:graded:easy",
        ],
        &data,
        "no results for preset",
    );
    refused(
        &["scores", "--plot", "/no/such/folder/x.png"],
        &data,
        "there is no folder",
    );
    refused(&["scores", "--preset", "daily"], &data, "--plot");
}

#[test]
fn replay_reports_each_marked_edge_once_from_its_lower_tile() {
    let data = data_dir("marks");
    let json: serde_json::Value = serde_json::from_str(&ok(
        &[
            "replay",
            "square:3x3:kruskal:easy#2",
            "--moves",
            "E1,1,W;E0,1,E;E2,2,N",
            "--json",
        ],
        &data,
    ))
    .unwrap();
    assert_eq!(json["moves"], 0);
    assert_eq!(
        json["marks"],
        serde_json::json!([[0, 1, "E", "cut"], [2, 1, "S", "wire"]])
    );
    refused(
        &[
            "replay",
            "square:3x3:kruskal:easy#2",
            "--moves",
            "C0,0;E0,0,W",
        ],
        &data,
        "move 2 'E0,0,W'",
    );
}

#[test]
fn replay_returns_to_checkpoints_and_keeps_branches_as_the_keys_do() {
    let data = data_dir("checkpoints");
    let replay = |moves: &str| -> serde_json::Value {
        let args = [
            "replay",
            "square:3x3:kruskal:easy#2",
            "--moves",
            moves,
            "--json",
        ];
        serde_json::from_str(&ok(&args, &data)).expect("JSON")
    };
    let json = replay("C0,0;K;C1,1;C2,2;K-");
    assert_eq!(json["log"], "C0,0");
    assert_eq!(json["moves"], 3, "moves made stay counted");
    assert_eq!(json["tiles"], replay("C0,0")["tiles"]);
    let json = replay("K;C0,0;K;C1,1;K+");
    assert_eq!(json["log"], "K;C0,0;C1,1");
    refused(
        &["replay", "square:3x3:kruskal:easy#2", "--moves", "C0,0;K-"],
        &data,
        "move 2 'K-': no checkpoint stands",
    );
}
