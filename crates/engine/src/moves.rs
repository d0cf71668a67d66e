//! Moves as printable tokens: the undo history, the save file and `replay`
//! all use them (docs/formats.md, "Move tokens").
//!
//! `C x,y` turns a tile clockwise, `A x,y` anticlockwise, `L x,y` locks or
//! unlocks it, `S DIR` moves the station, `J x,y+k/x,y+k/...` is a jumble
//! with each tile's clockwise steps frozen in (Solve's turns, and jumbles
//! in older saves), `J#SEED` a jumble of every unlocked tile whose steps
//! are drawn from SEED (a few bytes whatever the board: a jumble of a
//! 1000x1000 board written out is about 7 MB), `E x,y,D` cycles the mark of an edge
//! (none, wire, cut; [`crate::marks`]), `R` toggles the radius and
//! `M` the fog. Tokens are joined by `;`; spaces inside a token are optional.
//! Parsing checks only the syntax: whether a move is allowed on a board is
//! the game's to say.

use lightemall_model::{Topology, one_line};
use std::fmt;
use thiserror::Error;

/// The most moves a game's log and redo list hold together, and so a save
/// file: a game refuses moves past it ([`crate::GameError::LogFull`]) and
/// the reader refuses a save with more, counted before any is read. A move
/// costs 32 bytes in memory however short its token (`R;` is two): without
/// a bound a 24 MB save took 754 MB, a 240 MB one aborted at 4.8 GB. Two
/// million moves is days of play.
pub const MAX_MOVES: usize = 2_000_000;

/// The most turns written out in `J x,y+k/...` tokens (Solve's, older
/// saves' jumbles) that a game's log and redo list hold together, and so a
/// save file; bounded like [`MAX_MOVES`], and for the same reason: a turn
/// costs 24 bytes in memory for the 6 to 10 of its text. A Solve of the
/// largest board writes at most a million.
pub const MAX_WRITTEN_TURNS: usize = 4_000_000;

/// The most tile turns the seeded jumbles (`J#SEED`) of a game's log and
/// redo list make together, each jumble counted as turning every tile of
/// the board (the locks when it is played are not known before a save is
/// replayed): a game refuses a jumble past it ([`crate::GameError::LogFull`])
/// and the reader refuses a save with more, counted before any move is
/// played. A `J#SEED` token is a few bytes, but replaying it costs a turn
/// of every unlocked tile, about 7 ns a tile: without a bound a save of
/// two million of them on a 1000x1000 board replayed for hours. A hundred
/// jumbles of the largest board ([`max_seeded_jumbles`]) replay in under
/// a second.
pub const MAX_JUMBLED_TILES: usize = 100_000_000;

/// The most seeded jumbles a log and redo list hold on a board of `tiles`
/// tiles ([`MAX_JUMBLED_TILES`]): 100 on a 1000x1000 board, a million on
/// a 10x10 one.
pub fn max_seeded_jumbles(tiles: usize) -> usize {
    MAX_JUMBLED_TILES / tiles.max(1)
}

/// A tile position: `x` the column from the left, `y` the row from the top.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Coord {
    /// Column.
    pub x: usize,
    /// Row.
    pub y: usize,
}

/// One tile of a jumble: where, and how many steps clockwise it turned.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct JumbleTurn {
    /// The tile.
    pub at: Coord,
    /// Clockwise steps, at least 1.
    pub steps: u32,
}

/// One move of the log.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Move {
    /// `C x,y` (clockwise) or `A x,y` (anticlockwise): turn a tile one step.
    Turn {
        /// The tile.
        at: Coord,
        /// Clockwise (`C`) or anticlockwise (`A`).
        clockwise: bool,
    },
    /// `L x,y`: lock or unlock a tile. Not counted as a move for the score.
    Lock(Coord),
    /// `S DIR`: move the station one step along a wire. The name is one the
    /// model knows (`N`, `NE`, ...); whether this board's topology has it is
    /// checked when the move is played.
    Station(&'static str),
    /// `J x,y+k/...`: a jumble, its turns written out.
    Jumble(Vec<JumbleTurn>),
    /// `J#SEED`: a jumble of every unlocked tile, each turned the steps
    /// drawn for it, in row-major order, from the seed's scramble stream
    /// (`lightemall_gen::random`, stable forever). The locks when it is
    /// played decide the tiles: the same at every replay, undo and redo.
    SeededJumble(u64),
    /// `E x,y,D`: cycle the mark of the edge from (x, y) toward D (none,
    /// wire, cut, none). Not counted as a move for the score.
    Mark {
        /// The tile it is named from.
        at: Coord,
        /// The direction, a name the model knows; whether this board's
        /// topology has it is checked when the move is played.
        dir: &'static str,
    },
    /// `K`: a checkpoint ("assume from here"): changes nothing; undoing
    /// back past it is returning to it (`K-` in a list of tokens), and
    /// keeping the branch takes it out of the log (`K+`). Not counted.
    Checkpoint,
    /// `R`: power radius on or off.
    Radius,
    /// `M`: fog on or off.
    Fog,
}

impl Move {
    /// How many turns the move writes out (those of a `J x,y+k/...` token).
    pub fn written_turns(&self) -> usize {
        match self {
            Move::Jumble(turns) => turns.len(),
            _ => 0,
        }
    }

    /// Whether the move is a seeded jumble (`J#SEED`), bounded by
    /// [`max_seeded_jumbles`].
    pub fn is_seeded_jumble(&self) -> bool {
        matches!(self, Move::SeededJumble(_))
    }

    /// Whether the move counts toward the moves made (the score).
    pub fn counts(&self) -> bool {
        matches!(
            self,
            Move::Turn { .. } | Move::Station(_) | Move::Jumble(_) | Move::SeededJumble(_)
        )
    }
}

/// A token that could not be read, with its 1-based position in the list.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("move {position} '{token}': {problem}")]
pub struct TokenError {
    /// 1-based position of the token among the `;`-separated tokens.
    pub position: usize,
    /// The token as written.
    pub token: String,
    /// What is wrong with it.
    pub problem: String,
}

/// The most characters of a token an error quotes: a token may be megabytes.
const MAX_TOKEN_CHARS: usize = 60;

impl TokenError {
    /// An error about `token` at 1-based `position`. The token is quoted
    /// trimmed, on one line (control characters escaped) and cut to 60
    /// characters.
    pub fn new(position: usize, token: &str, problem: String) -> TokenError {
        TokenError {
            position,
            token: one_line(token.trim(), MAX_TOKEN_CHARS),
            problem,
        }
    }
}

impl fmt::Display for Coord {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{},{}", self.x, self.y)
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Move::Turn { at, clockwise } => write!(f, "{}{at}", if *clockwise { 'C' } else { 'A' }),
            Move::Lock(at) => write!(f, "L{at}"),
            Move::Station(name) => write!(f, "S {name}"),
            Move::Jumble(turns) => {
                f.write_str("J")?;
                for (i, turn) in turns.iter().enumerate() {
                    let separator = if i == 0 { "" } else { "/" };
                    write!(f, "{separator}{}+{}", turn.at, turn.steps)?;
                }
                Ok(())
            }
            Move::SeededJumble(seed) => write!(f, "J#{seed}"),
            Move::Mark { at, dir } => write!(f, "E{at},{dir}"),
            Move::Checkpoint => f.write_str("K"),
            Move::Radius => f.write_str("R"),
            Move::Fog => f.write_str("M"),
        }
    }
}

/// The tokens of `moves` joined by `;`.
pub fn print_moves(moves: &[Move]) -> String {
    use std::fmt::Write;
    // Into one string: a vector of a string per token cost ~40 bytes a move.
    let mut out = String::new();
    for (i, mv) in moves.iter().enumerate() {
        if i > 0 {
            out.push(';');
        }
        let _ = write!(out, "{mv}");
    }
    out
}

/// Read `;`-separated tokens. Empty tokens (a trailing `;`, blank text) are
/// skipped; the first bad token is an error naming it and its position.
pub fn parse_moves(text: &str) -> Result<Vec<Move>, TokenError> {
    // Room for every token at once: a vector grown by doubling may hold
    // twice what it needs.
    let tokens = text.bytes().filter(|&b| b == b';').count() + 1;
    let mut moves = Vec::with_capacity(tokens.min(MAX_MOVES));
    for (index, token) in text.split(';').enumerate() {
        if token.trim().is_empty() {
            continue;
        }
        let mv = parse_move(token).map_err(|problem| TokenError::new(index + 1, token, problem))?;
        moves.push(mv);
    }
    Ok(moves)
}

/// Read one token.
pub fn parse_move(token: &str) -> Result<Move, String> {
    let compact: String = token.chars().filter(|c| !c.is_whitespace()).collect();
    let mut chars = compact.chars();
    let kind = chars.next().ok_or("empty move")?;
    let rest = chars.as_str();
    match kind.to_ascii_uppercase() {
        'C' => Ok(Move::Turn {
            at: parse_coord(rest)?,
            clockwise: true,
        }),
        'A' => Ok(Move::Turn {
            at: parse_coord(rest)?,
            clockwise: false,
        }),
        'L' => Ok(Move::Lock(parse_coord(rest)?)),
        'S' => parse_direction(rest).map(Move::Station),
        'J' => match rest.strip_prefix('#') {
            Some(seed) => parse_seed(seed).map(Move::SeededJumble),
            None => parse_jumble(rest).map(Move::Jumble),
        },
        'E' => parse_mark(rest),
        'K' => no_argument(rest, Move::Checkpoint),
        'R' => no_argument(rest, Move::Radius),
        'M' => no_argument(rest, Move::Fog),
        other => Err(format!(
            "unknown move '{other}' (expected C, A, L, S, J, E, K, R or M)"
        )),
    }
}

fn no_argument(rest: &str, mv: Move) -> Result<Move, String> {
    if rest.is_empty() {
        Ok(mv)
    } else {
        Err(format!("unexpected '{rest}' after the move"))
    }
}

fn parse_coord(text: &str) -> Result<Coord, String> {
    let bad = || format!("expected a position x,y, found '{text}'");
    let (x, y) = text.split_once(',').ok_or_else(bad)?;
    let number = |s: &str| {
        if s.is_empty() || !s.bytes().all(|b| b.is_ascii_digit()) {
            return Err(bad());
        }
        s.parse::<usize>()
            .map_err(|_| format!("position '{text}' is far off any board"))
    };
    Ok(Coord {
        x: number(x)?,
        y: number(y)?,
    })
}

/// `x,y,D`: an edge mark's tile and direction.
fn parse_mark(text: &str) -> Result<Move, String> {
    let (at, dir) = text
        .rsplit_once(',')
        .ok_or_else(|| format!("expected x,y,D after 'E', found '{text}'"))?;
    Ok(Move::Mark {
        at: parse_coord(at)?,
        dir: parse_direction(dir)?,
    })
}

/// A direction name any topology has, as the model spells it.
fn parse_direction(text: &str) -> Result<&'static str, String> {
    Topology::ALL
        .iter()
        .flat_map(|topology| topology.spec().directions)
        .map(|spec| spec.name)
        .find(|name| name.eq_ignore_ascii_case(text))
        .ok_or_else(|| {
            format!("unknown direction '{text}' (expected N, NE, E, SE, S, SW, W or NW)")
        })
}

fn parse_seed(text: &str) -> Result<u64, String> {
    if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
        return Err(format!("expected a seed after 'J#', found '{text}'"));
    }
    text.parse()
        .map_err(|_| format!("jumble seed '{text}' is more than 2^64-1"))
}

fn parse_jumble(text: &str) -> Result<Vec<JumbleTurn>, String> {
    if text.is_empty() {
        return Ok(Vec::new());
    }
    text.split('/').map(parse_jumble_turn).collect()
}

fn parse_jumble_turn(text: &str) -> Result<JumbleTurn, String> {
    let (at, steps) = text
        .split_once('+')
        .ok_or_else(|| format!("expected x,y+STEPS in a jumble, found '{text}'"))?;
    let steps = steps
        .parse::<u32>()
        .ok()
        .filter(|&s| (1..8).contains(&s))
        .ok_or_else(|| format!("jumble steps '{steps}' are not 1 to 7"))?;
    Ok(JumbleTurn {
        at: parse_coord(at)?,
        steps,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_read_with_or_without_spaces() {
        let moves = parse_moves("C0,0; A 1 , 2;L3,4;S E;s nw ;J0,0+1/2,3+3;R;M;").expect("valid");
        assert_eq!(
            print_moves(&moves),
            "C0,0;A1,2;L3,4;S E;S NW;J0,0+1/2,3+3;R;M"
        );
        let seeded = parse_moves("J#18446744073709551615; j # 7").expect("valid");
        assert_eq!(
            seeded,
            [Move::SeededJumble(u64::MAX), Move::SeededJumble(7)]
        );
        assert_eq!(print_moves(&seeded), "J#18446744073709551615;J#7");
        assert_eq!(parse_moves("  "), Ok(Vec::new()));
        assert_eq!(parse_moves("J"), Ok(vec![Move::Jumble(Vec::new())]));
    }

    #[test]
    fn errors_name_the_token_and_its_position() {
        let check = |text: &str, position: usize, token: &str, problem: &str| {
            let err = parse_moves(text).expect_err(text);
            assert_eq!(
                (err.position, err.token.as_str()),
                (position, token),
                "{text}"
            );
            assert!(err.problem.contains(problem), "{text}: {err}");
        };
        check("C0,0;X1,1", 2, "X1,1", "unknown move 'X'");
        check("C0,0;;C1", 3, "C1", "expected a position");
        check("C-1,0", 1, "C-1,0", "expected a position");
        check(
            "C99999999999999999999999,0",
            1,
            "C99999999999999999999999,0",
            "far off",
        );
        check("S UP", 1, "S UP", "unknown direction");
        check("J0,0+9", 1, "J0,0+9", "not 1 to 7");
        check("J0,0", 1, "J0,0", "x,y+STEPS");
        check("R2", 1, "R2", "unexpected '2'");
        check("J#", 1, "J#", "expected a seed");
        check("J#-1", 1, "J#-1", "expected a seed");
        check(
            "J#18446744073709551616",
            1,
            "J#18446744073709551616",
            "2^64-1",
        );
        check("C0\n,0X", 1, "C0\\n,0X", "expected a position");
        let long = format!("C{}", "9".repeat(100_000));
        let err = parse_moves(&long).expect_err("far off");
        assert_eq!(
            err.token,
            format!("C{}… (100001 bytes in all)", "9".repeat(59))
        );
        let err = parse_moves("C0,0;Q").expect_err("bad");
        assert_eq!(
            err.to_string(),
            "move 2 'Q': unknown move 'Q' (expected C, A, L, S, J, E, K, R or M)"
        );
    }
}
