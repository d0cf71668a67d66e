//! One module per subcommand.

pub mod generate;
pub mod render;
pub mod render_steps;
pub mod replay;
pub mod solve;
