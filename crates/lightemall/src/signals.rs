//! Ending on a signal without litter. A render writes its image into a
//! temporary file beside the one it replaces (`.NAME.<hex>.tmp`, see
//! `lightemall_store`); stopped by SIGTERM, SIGINT or SIGHUP it would
//! leave that file behind. A thread waits for those signals (the
//! `signal-hook` crate's safe iterator: a handler of its own writes to a
//! pipe, so no code of ours runs in the handler), removes the temporary
//! files of the writes under way, and ends the process by the signal's
//! default action, so the caller sees it die of that signal. SIGKILL
//! cannot be caught: what it leaves is removed by the next write of the
//! same file once it is an hour old.

/// Start the thread (once per process; later calls do nothing).
pub fn remove_temporary_files_on_signals() {
    #[cfg(unix)]
    {
        static STARTED: std::sync::Once = std::sync::Once::new();
        STARTED.call_once(|| {
            use signal_hook::consts::{SIGHUP, SIGINT, SIGTERM};
            let Ok(mut signals) = signal_hook::iterator::Signals::new([SIGTERM, SIGINT, SIGHUP])
            else {
                return;
            };
            std::thread::spawn(move || {
                if let Some(signal) = signals.forever().next() {
                    lightemall_store::remove_files_under_way();
                    let _ = signal_hook::low_level::emulate_default_handler(signal);
                    std::process::exit(128 + signal);
                }
            });
        });
    }
}
