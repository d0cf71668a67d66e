//! Save slots and scores on disk: round trips, and files that are not ours
//! (foreign, newer, damaged) refused and left exactly as they were.

use lightemall_engine::score::Score;
use lightemall_engine::{Game, ManualClock};
use lightemall_store::{AUTOSAVE_SLOT, LOCK_FILE, SCORES_FILE, Store, StoreError, read_save};
use std::fs;
use std::path::PathBuf;
use std::time::Duration;

fn scratch(name: &str) -> Store {
    let folder: PathBuf =
        std::env::temp_dir().join(format!("lightemall-files-{}-{name}", std::process::id()));
    let _ = fs::remove_dir_all(&folder);
    Store { folder }
}

fn game() -> Game {
    let mut game = Game::from_id(
        "octo:4x4:kruskal:medium#5",
        Box::new(ManualClock::default()),
    )
    .expect("id");
    game.play_tokens("C1,1;A2,2;M").expect("valid");
    game
}

#[test]
fn a_slot_saves_and_loads_back() {
    let store = scratch("slot");
    assert!(
        store
            .load_slot(AUTOSAVE_SLOT)
            .expect("no file yet")
            .is_none()
    );
    let save = game().to_save();
    store.save_slot(AUTOSAVE_SLOT, &save).expect("written");
    store
        .save_slot(AUTOSAVE_SLOT, &save)
        .expect("overwrites its own save");
    assert_eq!(
        store.load_slot(AUTOSAVE_SLOT).expect("read"),
        Some(save.clone())
    );
    assert_eq!(
        read_save(&store.slot_path(AUTOSAVE_SLOT)).expect("read"),
        save
    );
    let _ = fs::remove_dir_all(&store.folder);
}

#[test]
fn files_that_are_not_our_saves_are_refused_and_never_overwritten() {
    let store = scratch("refuse");
    let save = game().to_save();
    let good = save.print();
    let others = [
        (
            "notes",
            "my shopping list\n".to_string(),
            "not a LightEmAll save file",
        ),
        ("future", good.replace("save 1", "save 4"), "newer"),
        (
            "cut",
            good[..good.len() / 2].to_string(),
            "damaged save file",
        ),
    ];
    fs::create_dir_all(&store.folder).expect("folder");
    for (slot, text, reason) in others {
        let path = store.slot_path(slot);
        fs::write(&path, &text).expect("planted");
        let read = store.load_slot(slot).expect_err("refused").to_string();
        assert!(read.contains(reason), "{read}");
        let write = store.save_slot(slot, &save).expect_err("refused");
        assert!(
            matches!(write, StoreError::WouldOverwrite { .. }),
            "{write}"
        );
        assert_eq!(fs::read_to_string(&path).expect("still there"), text);
    }
    fs::write(store.slot_path("binary"), [0xff, 0xfe, 0]).expect("planted");
    let read = store.load_slot("binary").expect_err("refused").to_string();
    assert!(read.contains("not UTF-8"), "{read}");
    let _ = fs::remove_dir_all(&store.folder);
}

#[test]
fn scores_are_recorded_and_a_damaged_table_is_kept() {
    let store = scratch("scores");
    let score = score("square:5x5:kruskal:easy", 42);
    assert!(store.record_score(score.clone()).expect("recorded"));
    let first = Score {
        played: 1,
        ..score.clone()
    };
    assert_eq!(
        store.scores().expect("read").best(&score.preset),
        Some(&first),
        "recorded as the first result"
    );
    let path = store.folder.join(SCORES_FILE);
    fs::write(&path, "lightemall scores 1\nsquare 1 2\n").expect("damaged");
    let error = store.record_score(score).expect_err("refused").to_string();
    assert!(error.contains("line 2"), "{error}");
    assert_eq!(
        fs::read_to_string(&path).expect("kept"),
        "lightemall scores 1\nsquare 1 2\n"
    );
    let _ = fs::remove_dir_all(&store.folder);
}

#[test]
fn a_binary_file_in_the_way_is_left_byte_for_byte() {
    let store = scratch("binary-kept");
    fs::create_dir_all(&store.folder).expect("folder");
    let path = store.slot_path("picture");
    let bytes = [0x89, b'P', b'N', b'G', 0xff, 0xfe, 0, 1];
    fs::write(&path, bytes).expect("planted");
    let write = store.save_slot("picture", &game().to_save());
    assert!(matches!(write, Err(StoreError::WouldOverwrite { .. })));
    assert_eq!(fs::read(&path).expect("still there"), bytes);
    let _ = fs::remove_dir_all(&store.folder);
}

/// A tiny tmpfs mounted for one test, unmounted when dropped.
struct TinyDisk(PathBuf);

impl TinyDisk {
    /// `None` where mounting is not allowed (not root, no tmpfs): the test
    /// that needs it then checks nothing, and says so.
    fn mount(name: &str) -> Option<TinyDisk> {
        let dir =
            std::env::temp_dir().join(format!("lightemall-tmpfs-{}-{name}", std::process::id()));
        fs::create_dir_all(&dir).ok()?;
        let mounted = std::process::Command::new("mount")
            .args(["-t", "tmpfs", "-o", "size=16k", "tmpfs"])
            .arg(&dir)
            .stderr(std::process::Stdio::null())
            .status()
            .is_ok_and(|s| s.success());
        if !mounted {
            eprintln!("cannot mount a tmpfs here: the full-disk test checks nothing");
            let _ = fs::remove_dir(&dir);
            return None;
        }
        Some(TinyDisk(dir))
    }
}

impl Drop for TinyDisk {
    fn drop(&mut self) {
        let _ = std::process::Command::new("umount").arg(&self.0).status();
        let _ = fs::remove_dir(&self.0);
    }
}

#[test]
fn a_full_disk_keeps_the_old_save_and_leaves_no_litter() {
    let Some(disk) = TinyDisk::mount("full") else {
        return;
    };
    let store = Store {
        folder: disk.0.clone(),
    };
    let mut game = game();
    store
        .save_slot(AUTOSAVE_SLOT, &game.to_save())
        .expect("fits");
    let old = fs::read(store.slot_path(AUTOSAVE_SLOT)).expect("written");
    for _ in 0..3000 {
        game.play_tokens("C0,0").expect("valid");
    }
    let error = store
        .save_slot(AUTOSAVE_SLOT, &game.to_save())
        .expect_err("the disk is full");
    assert!(error.to_string().contains("No space left"), "{error}");
    assert_eq!(fs::read(store.slot_path(AUTOSAVE_SLOT)).expect("kept"), old);
    let mut names: Vec<_> = fs::read_dir(&disk.0)
        .expect("listed")
        .map(|e| e.expect("entry").file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    assert_eq!(
        names,
        [
            LOCK_FILE.to_string(),
            format!("{AUTOSAVE_SLOT}.lightemall-save")
        ]
    );
}

/// A score on `preset` that took `seconds`.
fn score(preset: &str, seconds: u64) -> Score {
    Score {
        preset: preset.to_string(),
        elapsed: Duration::from_secs(seconds),
        moves: 20,
        par: Some(15),
        played: 0,
    }
}

#[test]
fn games_finishing_at_once_lose_no_score() {
    // Each thread is a game of its own (its own Store value), as two
    // windows open side by side are; each records on its own preset, so
    // every result must be kept.
    let store = scratch("scores-at-once");
    let games = 4;
    let rounds = 8;
    std::thread::scope(|scope| {
        for game in 0..games {
            let store = store.clone();
            scope.spawn(move || {
                for round in 0..rounds {
                    let preset = format!("square:{}x5:kruskal:easy", game + 2);
                    store
                        .record_score(score(&preset, round + 1))
                        .expect("recorded");
                }
            });
        }
    });
    let table = store.scores().expect("read");
    assert_eq!(
        table.scores.len(),
        (games * rounds) as usize,
        "{}",
        table.print()
    );
    let _ = fs::remove_dir_all(&store.folder);
}

#[test]
fn a_huge_file_is_refused_without_being_read() {
    let store = scratch("huge");
    fs::create_dir_all(&store.folder).expect("folder");
    let path = store.slot_path("huge");
    // A sparse 1 TB file: reading it would take hours; it is refused at once.
    fs::File::create(&path)
        .and_then(|file| file.set_len(1 << 40))
        .expect("planted");
    let error = store.load_slot("huge").expect_err("refused").to_string();
    assert!(error.contains("larger than 96 MB"), "{error}");
    // Past the bound, not by much (a 240 MB save was read whole).
    for len in [240 << 20, (96 << 20) + 1] {
        fs::File::create(&path)
            .and_then(|file| file.set_len(len))
            .expect("planted");
        let error = store.load_slot("huge").expect_err("refused").to_string();
        assert!(error.contains("larger than 96 MB"), "{len}: {error}");
    }
    let write = store.save_slot("huge", &game().to_save());
    assert!(matches!(write, Err(StoreError::WouldOverwrite { .. })));
    assert_eq!(fs::metadata(&path).expect("kept").len(), (96 << 20) + 1);
    let _ = fs::remove_dir_all(&store.folder);
}

fn mkfifo(path: &std::path::Path) {
    let made = std::process::Command::new("mkfifo")
        .arg(path)
        .status()
        .expect("mkfifo runs");
    assert!(made.success(), "mkfifo {}", path.display());
}

#[cfg(unix)]
#[test]
fn a_fifo_as_a_save_or_a_lock_is_refused_at_once() {
    let store = scratch("fifo");
    fs::create_dir_all(&store.folder).expect("folder");
    let slot = store.slot_path(AUTOSAVE_SLOT);
    mkfifo(&slot);
    let read = store.load_slot(AUTOSAVE_SLOT).expect_err("refused");
    assert_eq!(
        read.to_string(),
        format!(
            "{}: a FIFO (named pipe), not a regular file",
            slot.display()
        )
    );
    let write = store.save_slot(AUTOSAVE_SLOT, &game().to_save());
    assert!(
        matches!(write, Err(StoreError::WouldOverwrite { .. })),
        "{write:?}"
    );
    let said = write.expect_err("refused").to_string();
    assert_eq!(
        said,
        format!(
            "will not overwrite {}: a FIFO (named pipe), not a regular file",
            slot.display()
        ),
        "the path once"
    );
    let error = read_save(&slot).expect_err("refused").to_string();
    assert!(error.contains("not a regular file"), "{error}");
    fs::remove_file(&slot).expect("removed");
    let _ = fs::remove_file(store.folder.join(LOCK_FILE));
    mkfifo(&store.folder.join(LOCK_FILE));
    let error = store.save_slot(AUTOSAVE_SLOT, &game().to_save());
    let error = error.expect_err("refused").to_string();
    assert!(
        error.contains(LOCK_FILE) && error.contains("FIFO"),
        "{error}"
    );
    let _ = fs::remove_dir_all(&store.folder);
}

#[cfg(unix)]
#[test]
fn saves_and_scores_that_are_links_are_written_through() {
    let store = scratch("links");
    let shared = store.folder.join("synced");
    fs::create_dir_all(&shared).expect("folders");
    let real_save = shared.join("autosave");
    let real_scores = shared.join("scores");
    std::os::unix::fs::symlink(&real_save, store.slot_path(AUTOSAVE_SLOT)).expect("link");
    std::os::unix::fs::symlink(&real_scores, store.folder.join(SCORES_FILE)).expect("link");
    let save = game().to_save();
    store.save_slot(AUTOSAVE_SLOT, &save).expect("written");
    store.save_slot(AUTOSAVE_SLOT, &save).expect("and again");
    store
        .record_score(score("square:5x5:kruskal:easy", 42))
        .expect("recorded");
    for link in [
        store.slot_path(AUTOSAVE_SLOT),
        store.folder.join(SCORES_FILE),
    ] {
        let meta = fs::symlink_metadata(&link).expect("exists");
        assert!(meta.file_type().is_symlink(), "{} replaced", link.display());
    }
    assert_eq!(read_save(&real_save).expect("the target"), save);
    assert_eq!(store.scores().expect("read").scores.len(), 1);
    assert!(
        fs::read_to_string(&real_scores)
            .expect("the target")
            .contains("42000")
    );
    let _ = fs::remove_dir_all(&store.folder);
}

#[test]
fn a_save_the_reader_would_refuse_is_not_written_and_the_old_one_stands() {
    let store = scratch("unreadable");
    let good = game().to_save();
    store.save_slot(AUTOSAVE_SLOT, &good).expect("written");
    let mut bad = good.clone();
    bad.puzzle.push_str("\nend");
    let error = store.save_slot(AUTOSAVE_SLOT, &bad).expect_err("refused");
    assert!(matches!(error, StoreError::Save { .. }), "{error}");
    assert_eq!(store.load_slot(AUTOSAVE_SLOT).expect("read"), Some(good));
    let _ = fs::remove_dir_all(&store.folder);
}

#[test]
fn two_windows_never_claim_one_autosave_slot() {
    let store = scratch("claims");
    let (first, held_first) = store.claim_autosave().expect("a slot");
    let (second, held_second) = store.claim_autosave().expect("another slot");
    assert_eq!(
        (first.as_str(), second.as_str()),
        (AUTOSAVE_SLOT, "autosave-2")
    );
    let refused = store.claim_slot(AUTOSAVE_SLOT).expect_err("held");
    assert!(
        refused.to_string().contains("another LightEmAll window"),
        "{refused}"
    );
    drop(held_first);
    let again = store
        .claim_slot(AUTOSAVE_SLOT)
        .expect("let go with its window");
    drop((again, held_second));
    let _ = fs::remove_dir_all(&store.folder);
}

#[test]
fn resume_takes_the_newest_game_no_window_holds() {
    let store = scratch("resume-slots");
    assert_eq!(store.slot_to_resume(), None, "nothing saved");
    store
        .save_slot(AUTOSAVE_SLOT, &game().to_save())
        .expect("saved");
    std::thread::sleep(Duration::from_millis(20));
    store
        .save_slot("autosave-2", &game().to_save())
        .expect("saved");
    assert_eq!(
        store.slot_to_resume().as_deref(),
        Some("autosave-2"),
        "the newest"
    );
    let held = store.claim_slot("autosave-2").expect("free");
    assert_eq!(
        store.slot_to_resume().as_deref(),
        Some(AUTOSAVE_SLOT),
        "the newest not held"
    );
    let _held_too = store.claim_slot(AUTOSAVE_SLOT).expect("free");
    assert_eq!(store.slot_to_resume(), None, "every game is open");
    drop(held);
    let _ = fs::remove_dir_all(&store.folder);
}

/// Hold the folder's lock as another LightEmAll would, until dropped.
fn hold_lock(store: &Store) -> fs::File {
    fs::create_dir_all(&store.folder).expect("folder");
    let file = fs::File::options()
        .write(true)
        .create(true)
        .truncate(false)
        .open(store.folder.join(LOCK_FILE))
        .expect("the lock file");
    file.lock().expect("locked");
    file
}

#[test]
fn a_result_that_cannot_be_recorded_now_is_kept_and_recorded_later() {
    let store = scratch("pending");
    store
        .record_score(score("square:5x5:kruskal:easy", 9))
        .expect("recorded");
    let held = hold_lock(&store);
    let kept = store
        .keep_score_for_later(score("square:5x5:kruskal:easy", 7))
        .expect("kept in a file of its own, without the lock");
    assert!(kept.is_file());
    let seen = store.scores().expect("read");
    assert_eq!(
        seen.scores.len(),
        2,
        "the scores show it already: {}",
        seen.print()
    );
    assert_eq!(
        seen.best("square:5x5:kruskal:easy").map(|s| s.elapsed),
        Some(Duration::from_secs(7))
    );
    let busy = store.record_pending().expect_err("the lock is held");
    assert!(busy.to_string().contains("try again"), "{busy}");
    drop(held);
    assert_eq!(store.record_pending().expect("free now"), 1);
    assert!(!kept.exists(), "folded into the table");
    let text = fs::read_to_string(store.folder.join(SCORES_FILE)).expect("table");
    assert_eq!(rows(&text), 2, "{text}");
    assert_eq!(store.record_pending().expect("nothing left"), 0);
    assert_eq!(
        store.scores().expect("read").scores.len(),
        2,
        "recorded once"
    );
    let _ = fs::remove_dir_all(&store.folder);
}

/// The results in a scores file's text.
fn rows(text: &str) -> usize {
    lightemall_engine::score::ScoreTable::parse(text)
        .expect("a table")
        .scores
        .len()
}

/// A read-only autosave (mode 444) was replaced by the next Esc: the
/// rename needs only the folder's write permission, and root is told
/// every file is writable. Now refused, the file and its mode kept.
#[cfg(unix)]
#[test]
fn a_read_only_save_or_scores_file_is_never_replaced() {
    use std::os::unix::fs::PermissionsExt;
    let store = scratch("read-only");
    let old = game().to_save();
    store.save_slot(AUTOSAVE_SLOT, &old).expect("written");
    store
        .record_score(score("square:5x5:kruskal:easy", 42))
        .expect("recorded");
    let slot = store.slot_path(AUTOSAVE_SLOT);
    let scores = store.folder.join(SCORES_FILE);
    for path in [&slot, &scores] {
        fs::set_permissions(path, fs::Permissions::from_mode(0o444)).expect("chmod");
    }
    let (slot_before, scores_before) = (
        fs::read(&slot).expect("there"),
        fs::read(&scores).expect("there"),
    );
    let mut newer = game();
    newer.play_tokens("C0,0").expect("valid");
    let error = store
        .save_slot(AUTOSAVE_SLOT, &newer.to_save())
        .expect_err("refused")
        .to_string();
    assert_eq!(
        error,
        format!("{}: it is read-only, so it is not replaced", slot.display())
    );
    let error = store
        .record_score(score("square:5x5:kruskal:easy", 7))
        .expect_err("refused")
        .to_string();
    assert!(
        error.ends_with("it is read-only, so it is not replaced"),
        "{error}"
    );
    assert_eq!(fs::read(&slot).expect("there"), slot_before);
    assert_eq!(fs::read(&scores).expect("there"), scores_before);
    for path in [&slot, &scores] {
        let mode = fs::metadata(path).expect("there").permissions().mode();
        assert_eq!(mode & 0o777, 0o444, "{}", path.display());
    }
    assert_eq!(store.load_slot(AUTOSAVE_SLOT).expect("read"), Some(old));
    let _ = fs::remove_dir_all(&store.folder);
}
