//! What LightEmAll shows, as data: the layout of board and panel for any
//! board and output size, the three themes, hit testing shared by every
//! front end, the help overlay, a notice line for messages to the player,
//! and animations as pure functions of time.
//!
//! The input is a [`FrameInput`] (the board, power, locks, marks, panel
//! values and UI state); the output is a [`Scene`], a display list of
//! primitives in pixel coordinates. This crate does no I/O, reads no clock,
//! paints no pixel and never panics on input: a renderer paints the Scene.

mod animation;
mod board;
mod cells;
mod chart;
mod input;
mod layout;
mod marks;
mod measure;
mod overlay;
mod panel;
mod scene;
mod theme;

pub use animation::{CELEBRATION_MS, HOP_MS, TURN_MS, is_animating, power_front};
pub use board::FOG_RADIUS;
pub use chart::{Chart, ChartPoint, chart_scene, draw_chart};
pub use input::Button;
pub use input::{
    Animation, FrameInput, Highlights, HintMark, PanelInfo, Turning, UNLIT, UiState, WinSummary,
    distance_word, lit,
};
pub use layout::{Hit, Layout, MARGIN, MIN_CELL, NOTICE_LINES, NOTICE_STRIP};
pub use marks::{Marks, error_marks};
pub use measure::{ASCII_ADVANCES, text_width, wrap};
pub use overlay::{HELP, draw_caption, draw_status, draw_text_screen, notice_box, win_lines};
pub use scene::{Align, Color, Point, Rect, Scene, Shape, Stroke};
pub use theme::{Palette, Theme};

/// The Scene of one frame: the panel (if the layout has one and the input
/// gives its values; on top of a zoomed board that reaches under it), the
/// board, the win banner while the celebration runs, the notice if there
/// is one, and the help overlay if asked for. A notice is drawn over the
/// help's veil where it leaves the help's box clear, and under it where it
/// would cover the help.
pub fn scene_of(input: &FrameInput<'_>, layout: &Layout) -> Scene {
    let palette = input.ui.theme.palette();
    let mut scene = Scene::new(layout.width, layout.height, palette.background);
    let panel = layout.panel.zip(input.panel);
    // A zoomed board may reach under the panel: then the panel goes on top.
    let board_under_panel = layout
        .panel
        .is_some_and(|area| layout.board.y < area.y + area.h);
    if let (Some((area, info)), false) = (panel, board_under_panel) {
        panel::draw(&mut scene, area, info, &input.ui, palette);
    }
    board::draw(&mut scene, layout, input, palette);
    if let (Some((area, info)), true) = (panel, board_under_panel) {
        panel::draw(&mut scene, area, info, &input.ui, palette);
    }
    // A zoomed board may reach under the notice strip: it stays clear.
    if let Some(strip) = layout.notice_strip().filter(|s| s.overlaps(&layout.board)) {
        scene.push(Shape::Rect {
            rect: strip,
            radius: 0.0,
            fill: Some(palette.background),
            stroke: None,
        });
    }
    if animation::celebration_wave(&input.animation).is_some() {
        overlay::draw_win_banner(&mut scene, layout, palette);
    }
    if input.ui.paused {
        overlay::draw_paused_banner(&mut scene, layout, palette);
    }
    let waving = animation::celebration_wave(&input.animation).is_some();
    if let (Some(win), false) = (&input.ui.win, waving) {
        overlay::draw_win_summary(&mut scene, layout, palette, win);
    }
    let notice = input.notice.unwrap_or_default();
    let notice_under_help = input.ui.help
        && overlay::notice_box(layout, notice)
            .is_some_and(|b| b.overlaps(&overlay::help_box(layout)));
    if notice_under_help {
        overlay::draw_notice(&mut scene, layout, notice, palette);
    }
    if input.ui.help {
        overlay::draw_help(&mut scene, layout, palette);
    }
    if !notice_under_help {
        overlay::draw_notice(&mut scene, layout, notice, palette);
    }
    scene
}
