//! One module per subcommand.

pub mod assist;
pub mod canvas;
pub mod daily;
pub mod generate;
pub mod install_files;
pub mod play;
pub mod render;
pub mod render_steps;
pub mod replay;
pub mod scores;
pub mod solve;
pub mod verify;
