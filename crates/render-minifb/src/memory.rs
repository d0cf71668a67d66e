//! Freed memory handed back to the system.
//!
//! A huge board's first frame is painted in bands whose Scenes (many
//! small shapes) are freed once painted, and glibc keeps the pages they
//! leave free in the middle of its heap. The solver then rates the board
//! on another thread, whose allocations come from a heap of that thread:
//! without a trim the two add up (a 1000x1000 board peaked at 105 MB
//! resident, 98 MB with it). This is the workspace's one use of `unsafe`
//! (a tidy test keeps it so).

/// Hand the whole free pages of every heap back to the system (glibc's
/// `malloc_trim`); a few milliseconds on a 100 MB heap.
#[cfg(all(target_os = "linux", target_env = "gnu"))]
#[allow(unsafe_code)]
pub fn release_freed() {
    unsafe extern "C" {
        fn malloc_trim(pad: usize) -> std::ffi::c_int;
    }
    // SAFETY: malloc_trim takes no pointer, touches only the allocator's
    // free chunks, under its own locks, and glibc always has it.
    unsafe {
        malloc_trim(0);
    }
}

/// Other allocators keep what they keep.
#[cfg(not(all(target_os = "linux", target_env = "gnu")))]
pub fn release_freed() {}
