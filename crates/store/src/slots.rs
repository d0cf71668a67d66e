//! The autosave slots of windows open at once. A window claims a slot for
//! as long as it plays ([`SlotClaim`]) and keeps its game there; a second
//! window open at the same time finds the first slot held and takes the
//! next (`autosave-2`, `autosave-3`, ...), so two windows never both say
//! "this game is kept" of one slot. `--resume` goes on with the newest
//! game no open window holds.

use crate::lock::SlotClaim;
use crate::{AUTOSAVE_SLOT, Store, StoreError};
use std::time::SystemTime;

/// How many windows at once keep a game of their own.
pub const AUTOSAVE_SLOTS: usize = 9;

/// The name of the `n`th autosave slot (from 1): `autosave`, `autosave-2`, ...
pub fn autosave_slot(n: usize) -> String {
    if n <= 1 {
        AUTOSAVE_SLOT.to_string()
    } else {
        format!("{AUTOSAVE_SLOT}-{n}")
    }
}

/// Whether `slot` is one of the autosave slots.
pub fn is_autosave_slot(slot: &str) -> bool {
    (1..=AUTOSAVE_SLOTS).any(|n| autosave_slot(n) == slot)
}

impl Store {
    /// Claim the first autosave slot no other window holds: its name and
    /// the claim, held until dropped. `Err` if the folder cannot hold a
    /// claim (it cannot be made or written) or every slot is held.
    pub fn claim_autosave(&self) -> Result<(String, SlotClaim), StoreError> {
        for n in 1..=AUTOSAVE_SLOTS {
            let slot = autosave_slot(n);
            if let Some(claim) = self.try_claim(&slot)? {
                return Ok((slot, claim));
            }
        }
        Err(StoreError::Io {
            path: self.folder.clone(),
            source: std::io::Error::new(
                std::io::ErrorKind::WouldBlock,
                format!(
                    "{AUTOSAVE_SLOTS} LightEmAll windows are open already, each keeping its game here"
                ),
            ),
        })
    }

    /// Claim `slot`, refused if another window holds it.
    pub fn claim_slot(&self, slot: &str) -> Result<SlotClaim, StoreError> {
        self.try_claim(slot)?.ok_or_else(|| StoreError::Io {
            path: self.slot_path(slot),
            source: std::io::Error::new(
                std::io::ErrorKind::WouldBlock,
                "another LightEmAll window is playing this game",
            ),
        })
    }

    fn try_claim(&self, slot: &str) -> Result<Option<SlotClaim>, StoreError> {
        SlotClaim::try_take(&self.folder, slot).map_err(|source| StoreError::Io {
            path: self.folder.join(format!(".{slot}.claim")),
            source,
        })
    }

    /// The autosave slot `--resume` goes on with: of those holding a file
    /// and held by no open window, the one written last.
    pub fn slot_to_resume(&self) -> Option<String> {
        (1..=AUTOSAVE_SLOTS)
            .map(autosave_slot)
            .filter(|slot| !SlotClaim::is_held(&self.folder, slot))
            .filter_map(|slot| Some((written(&self.slot_path(&slot))?, slot)))
            .max_by_key(|(when, _)| *when)
            .map(|(_, slot)| slot)
    }

    /// Whether `slot` holds a file (of any kind).
    pub fn has_slot(&self, slot: &str) -> bool {
        std::fs::symlink_metadata(self.slot_path(slot)).is_ok()
    }
}

/// When the file at `path` was last written, if it exists.
fn written(path: &std::path::Path) -> Option<SystemTime> {
    std::fs::metadata(path).ok()?.modified().ok()
}
