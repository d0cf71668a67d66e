//! Mouse input as events: the vocabulary a front end gives the session.
//! Some window libraries (minifb) report the buttons as levels (down or
//! up) at each update; a click is then the edge from up to down.
//! [`MouseEdges`] turns successive levels into presses, releases, drags and
//! moves, for any front end whose library reports levels, and knows
//! nothing of what they do (the session decides that).

/// A mouse button the game uses.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MouseButton {
    /// Rotates clockwise; presses panel buttons.
    Left,
    /// Locks.
    Middle,
    /// Rotates anticlockwise on a click; pans when dragged.
    Right,
}

/// The mouse as one update saw it.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct MouseLevels {
    /// The pointer in window pixels, if the window library knows it.
    pub at: Option<(f32, f32)>,
    /// Left button down.
    pub left: bool,
    /// Middle button down.
    pub middle: bool,
    /// Right button down.
    pub right: bool,
}

/// Something the mouse did since the last update.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum MouseEvent {
    /// The pointer moved to `at`.
    Moved {
        /// Where it is now.
        at: (f32, f32),
    },
    /// A button went down at `at`.
    Pressed {
        /// Which.
        button: MouseButton,
        /// Where.
        at: (f32, f32),
    },
    /// A button came up; `dragged` if the pointer travelled while it was
    /// held (a drag, not a click). `at` is where the right button went
    /// down if it was not dragged (a click acts where it began, even if the
    /// pointer moved on before the release was read), else where it is.
    Released {
        /// Which.
        button: MouseButton,
        /// Where.
        at: (f32, f32),
        /// Whether it was a drag.
        dragged: bool,
    },
    /// The pointer moved by `(dx, dy)` with the right button held.
    Dragged {
        /// Horizontal movement in pixels.
        dx: f32,
        /// Vertical movement in pixels.
        dy: f32,
    },
}

/// How far the pointer must travel with a button held to be a drag.
pub const DRAG_THRESHOLD: f32 = 4.0;

/// Turns levels into events; remembers the previous levels.
#[derive(Clone, Debug, Default)]
pub struct MouseEdges {
    last: MouseLevels,
    /// Where the right button went down, and whether it has become a drag.
    right_drag: Option<((f32, f32), bool)>,
}

impl MouseEdges {
    /// The events between the previous levels and `now`, in the order a
    /// person makes them: move, then presses, drags, releases.
    pub fn update(&mut self, now: MouseLevels) -> Vec<MouseEvent> {
        let mut events = Vec::new();
        let at = now.at.or(self.last.at).unwrap_or((-1.0, -1.0));
        if now.at.is_some() && now.at != self.last.at {
            events.push(MouseEvent::Moved { at });
        }
        let buttons = [
            (MouseButton::Left, self.last.left, now.left),
            (MouseButton::Middle, self.last.middle, now.middle),
            (MouseButton::Right, self.last.right, now.right),
        ];
        for (button, was, is) in buttons {
            if !was && is {
                events.push(MouseEvent::Pressed { button, at });
                if button == MouseButton::Right {
                    self.right_drag = Some((at, false));
                }
            }
        }
        self.drag(now, at, &mut events);
        for (button, was, is) in buttons {
            if was && !is {
                let (at, dragged) = match button {
                    MouseButton::Right => self.end_drag(at),
                    _ => (at, false),
                };
                events.push(MouseEvent::Released {
                    button,
                    at,
                    dragged,
                });
            }
        }
        self.last = MouseLevels {
            at: now.at.or(self.last.at),
            ..now
        };
        events
    }

    /// While the right button is held: a drag once the pointer has
    /// travelled past the threshold, then every movement after that.
    fn drag(&mut self, now: MouseLevels, at: (f32, f32), events: &mut Vec<MouseEvent>) {
        let Some((from, dragging)) = self.right_drag else {
            return;
        };
        if !(self.last.right && now.right) {
            return;
        }
        let previous = self.last.at.unwrap_or(at);
        let travelled = (at.0 - from.0).hypot(at.1 - from.1);
        if dragging || travelled >= DRAG_THRESHOLD {
            let reference = if dragging { previous } else { from };
            let (dx, dy) = (at.0 - reference.0, at.1 - reference.1);
            if dx != 0.0 || dy != 0.0 {
                events.push(MouseEvent::Dragged { dx, dy });
            }
            self.right_drag = Some((from, true));
        }
    }

    /// Where a right click acts, and whether it was a drag.
    fn end_drag(&mut self, at: (f32, f32)) -> ((f32, f32), bool) {
        match self.right_drag.take() {
            Some((from, false)) => (from, false),
            Some((_, true)) => (at, true),
            None => (at, false),
        }
    }

    /// Whether a button is held now.
    pub fn is_held(&self) -> bool {
        self.last.left || self.last.middle || self.last.right
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn levels(x: f32, y: f32, left: bool, right: bool) -> MouseLevels {
        MouseLevels {
            at: Some((x, y)),
            left,
            middle: false,
            right,
        }
    }

    #[test]
    fn a_held_button_is_one_press_and_one_release() {
        let mut edges = MouseEdges::default();
        edges.update(levels(5.0, 5.0, false, false));
        let pressed = edges.update(levels(5.0, 5.0, true, false));
        assert_eq!(
            pressed,
            vec![MouseEvent::Pressed {
                button: MouseButton::Left,
                at: (5.0, 5.0)
            }]
        );
        assert_eq!(edges.update(levels(5.0, 5.0, true, false)), vec![]);
        assert_eq!(edges.update(levels(5.0, 5.0, true, false)), vec![]);
        let released = edges.update(levels(5.0, 5.0, false, false));
        assert_eq!(
            released,
            vec![MouseEvent::Released {
                button: MouseButton::Left,
                at: (5.0, 5.0),
                dragged: false
            }]
        );
    }

    #[test]
    fn a_right_click_that_stays_put_is_not_a_drag() {
        let mut edges = MouseEdges::default();
        edges.update(levels(10.0, 10.0, false, true));
        assert_eq!(
            edges.update(levels(11.0, 11.0, false, true)),
            vec![MouseEvent::Moved { at: (11.0, 11.0) }]
        );
        let released = edges.update(levels(11.0, 11.0, false, false));
        assert!(matches!(
            released[..],
            [MouseEvent::Released { dragged: false, .. }]
        ));
    }

    #[test]
    fn a_right_drag_reports_movement_from_where_it_started() {
        let mut edges = MouseEdges::default();
        edges.update(levels(10.0, 10.0, false, true));
        let first = edges.update(levels(20.0, 10.0, false, true));
        assert!(first.contains(&MouseEvent::Dragged { dx: 10.0, dy: 0.0 }));
        let second = edges.update(levels(25.0, 13.0, false, true));
        assert!(second.contains(&MouseEvent::Dragged { dx: 5.0, dy: 3.0 }));
        let released = edges.update(levels(25.0, 13.0, false, false));
        assert!(matches!(
            released[..],
            [MouseEvent::Released { dragged: true, .. }]
        ));
    }

    #[test]
    fn a_right_click_acts_where_it_began() {
        let mut edges = MouseEdges::default();
        edges.update(levels(10.0, 10.0, false, true));
        // Released, and the pointer already went on before the poll.
        let released = edges.update(levels(90.0, 10.0, false, false));
        assert!(released.contains(&MouseEvent::Released {
            button: MouseButton::Right,
            at: (10.0, 10.0),
            dragged: false
        }));
    }

    #[test]
    fn a_pointer_outside_the_window_keeps_its_last_place() {
        let mut edges = MouseEdges::default();
        edges.update(levels(3.0, 4.0, false, false));
        let gone = MouseLevels {
            at: None,
            left: true,
            ..MouseLevels::default()
        };
        assert_eq!(
            edges.update(gone),
            vec![MouseEvent::Pressed {
                button: MouseButton::Left,
                at: (3.0, 4.0)
            }]
        );
    }
}
