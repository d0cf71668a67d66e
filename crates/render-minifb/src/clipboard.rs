//! The clipboard Ctrl+C writes to: X11's CLIPBOARD selection, through
//! arboard. On X11 the owner of a selection serves it to whoever pastes,
//! so the clipboard is opened at the first copy and kept while the window
//! lives (a clipboard manager, where one runs, keeps it after).

use lightemall_session::Session;

/// The window's clipboard, opened when first used.
#[derive(Default)]
pub struct Clipboard {
    open: Option<arboard::Clipboard>,
}

impl std::fmt::Debug for Clipboard {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(if self.open.is_some() {
            "Clipboard(open)"
        } else {
            "Clipboard"
        })
    }
}

impl Clipboard {
    /// What the player copied, if anything, put on the clipboard, and the
    /// session told how that went; `true` if so (its notice shows).
    pub fn serve(&mut self, session: &mut Session, now_ms: u64) -> bool {
        let Some((text, what)) = session.take_copied() else {
            return false;
        };
        let result = self.copy(text);
        session.copy_done(what, result, now_ms);
        true
    }

    fn copy(&mut self, text: String) -> Result<(), String> {
        if self.open.is_none() {
            let clipboard =
                arboard::Clipboard::new().map_err(|e| format!("no clipboard here ({e})"))?;
            self.open = Some(clipboard);
        }
        let clipboard = self.open.as_mut().ok_or("no clipboard here")?;
        clipboard.set_text(text).map_err(|e| e.to_string())
    }
}
