//! One module per subcommand.

pub mod generate;
pub mod replay;
pub mod solve;
