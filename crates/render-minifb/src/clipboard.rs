//! The clipboard Ctrl+C writes to and Ctrl+V reads: X11's CLIPBOARD
//! selection, through arboard. On X11 the owner of a selection serves it
//! to whoever pastes, so the clipboard is opened when first used and kept
//! while the window lives (a clipboard manager, where one runs, keeps it
//! after).

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
    /// What the player copied, if anything, put on the clipboard (the
    /// session told how that went), and the clipboard's text given to the
    /// puzzle entry if it asks to paste; `true` if the session changed.
    pub fn serve(&mut self, session: &mut Session, now_ms: u64) -> bool {
        let mut changed = false;
        if let Some((text, what)) = session.take_copied() {
            let result = self
                .opened()
                .and_then(|c| c.set_text(text).map_err(|e| e.to_string()));
            session.copy_done(what, result, now_ms);
            changed = true;
        }
        if session.take_paste_request() {
            let text = self
                .opened()
                .and_then(|c| c.get_text().map_err(|e| e.to_string()));
            changed |= session.pasted(text, now_ms);
        }
        changed
    }

    fn opened(&mut self) -> Result<&mut arboard::Clipboard, String> {
        if self.open.is_none() {
            let clipboard =
                arboard::Clipboard::new().map_err(|e| format!("no clipboard here ({e})"))?;
            self.open = Some(clipboard);
        }
        self.open
            .as_mut()
            .ok_or_else(|| "no clipboard here".to_string())
    }
}
