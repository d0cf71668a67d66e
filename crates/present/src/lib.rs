//! LightEmAll's presentation: a session turned into what a front end
//! shows. It owns the frames ([`Frames`]: the session turned into the
//! view's `FrameInput`, the layout for a window's size and viewport, the
//! Scene, painted by the rasterizer of `lightemall-render-png` into
//! `0RGB` words, in part where little changed), the panel's values and
//! labels ([`puzzle_panel`], for the window and for `lightemall render`),
//! the application's icon, and games made on another thread while a front
//! end shows how far they have come ([`Building`], [`Measuring`]).
//!
//! It knows no window library and reads no device; the rules of
//! interaction are `lightemall-session`'s, layout and hit testing the
//! view's.
//!
//! A front end (`lightemall-render-minifb` is one) implements only:
//! - a window that shows the `0RGB` words of [`Frames::pixels`] at the size
//!   it asked [`Frames::paint`] for ([`frame_size`] of its own: never
//!   below [`MIN_FRAME`]), and its title from `Game::title`;
//! - its library's keys named as the session's `Key`s (`Key::named`),
//!   turned into actions by the session's key table and given to
//!   `Session::apply`; mouse buttons as `MouseEvent`s given to
//!   `Session::pointer` with the layout of [`layout_for`]; the wheel to
//!   `Session::zoom_at`;
//! - the loop: the window's size to `Session::resize` before input,
//!   `Session::tick` as time passes, a frame painted when something
//!   changed or [`Frames::animating`], `Session::take_notices` logged,
//!   `Session::close` when the window is closed, and leaving once
//!   `Session::wants_quit`.

mod building;
mod frame;
mod icon;
mod paint;

pub use building::{Building, MadeGame, Measuring};
pub use frame::{Frames, MIN_FRAME, frame_size, layout_for, puzzle_panel};
pub use icon::{
    APP_ID, ICON_PUZZLE, ICON_SIZES, WINDOW_ICON_SIZES, icon_argb, icon_png, icon_rgba,
};
