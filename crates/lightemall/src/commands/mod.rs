//! One module per subcommand.

pub mod generate;
pub mod play;
pub mod replay;
pub mod solve;
