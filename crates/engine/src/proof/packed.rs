//! Moves packed as bytes for a proof code. Each move is a varint of
//! `op + 4 * zigzag(dx)`, then for a turn or lock a varint of `zigzag(dy)`,
//! where `(dx, dy)` is the step from the previous move's tile (from (0, 0)
//! at first) and `op` is 0 for `C`, 1 for `A`, 2 for `L`; op 3 is any other
//! token, written as a varint length and its text. A player's moves mostly
//! step to the next tile, so most moves are two bytes, and deflate then
//! shrinks the runs.

use crate::moves::{Coord, Move, parse_move};

/// Append `moves`, packed, to `out`.
pub fn pack(moves: &[Move], out: &mut Vec<u8>) {
    let mut last = (0i64, 0i64);
    for mv in moves {
        let (op, at) = match mv {
            Move::Turn { at, clockwise } => (u64::from(!*clockwise), *at),
            Move::Lock(at) => (2, *at),
            other => {
                let token = other.to_string();
                varint(3, out);
                varint(token.len() as u64, out);
                out.extend_from_slice(token.as_bytes());
                continue;
            }
        };
        let here = (at.x as i64, at.y as i64);
        varint(op + 4 * zigzag(here.0 - last.0), out);
        varint(zigzag(here.1 - last.1), out);
        last = here;
    }
}

/// The moves `bytes` packs, or what is wrong with them.
pub fn unpack(mut bytes: &[u8]) -> Result<Vec<Move>, String> {
    let mut moves = Vec::new();
    let mut last = (0i64, 0i64);
    while !bytes.is_empty() {
        let head = read_varint(&mut bytes)?;
        if head == 3 {
            let len = usize::try_from(read_varint(&mut bytes)?).map_err(|_| "a huge token")?;
            let token = bytes.get(..len).ok_or("a token cut short")?;
            bytes = &bytes[len..];
            let token = std::str::from_utf8(token).map_err(|_| "a token that is not text")?;
            moves.push(parse_move(token)?);
            continue;
        }
        let dy = unzigzag(read_varint(&mut bytes)?);
        let here = (last.0 + unzigzag(head / 4), last.1 + dy);
        let (Ok(x), Ok(y)) = (usize::try_from(here.0), usize::try_from(here.1)) else {
            return Err(format!("a move off the board, at ({}, {})", here.0, here.1));
        };
        let at = Coord { x, y };
        moves.push(match head % 4 {
            0 => Move::Turn {
                at,
                clockwise: true,
            },
            1 => Move::Turn {
                at,
                clockwise: false,
            },
            _ => Move::Lock(at),
        });
        last = here;
    }
    Ok(moves)
}

fn zigzag(n: i64) -> u64 {
    ((n << 1) ^ (n >> 63)) as u64
}

fn unzigzag(n: u64) -> i64 {
    (n >> 1) as i64 ^ -((n & 1) as i64)
}

fn varint(mut n: u64, out: &mut Vec<u8>) {
    while n >= 0x80 {
        out.push((n as u8) | 0x80);
        n >>= 7;
    }
    out.push(n as u8);
}

fn read_varint(bytes: &mut &[u8]) -> Result<u64, String> {
    let mut n = 0u64;
    for shift in (0..64).step_by(7) {
        let (&byte, rest) = bytes.split_first().ok_or("a move cut short")?;
        *bytes = rest;
        n |= u64::from(byte & 0x7f) << shift;
        if byte < 0x80 {
            return Ok(n);
        }
    }
    Err("a number too long".to_string())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::moves::parse_moves;

    #[test]
    fn moves_unpack_as_they_were_packed() {
        let check = |tokens: &str| {
            let moves = parse_moves(tokens).unwrap();
            let mut bytes = Vec::new();
            pack(&moves, &mut bytes);
            assert_eq!(unpack(&bytes).unwrap(), moves, "{tokens}");
        };
        check("");
        check("C0,0");
        check("C3,4;C3,4;A2,4;L2,4;L0,0;C999,999;A0,999");
        check("S E;R;M;J#18446744073709551615;J1,2+3/4,5+1;C1,1");
    }

    #[test]
    fn a_turn_and_its_lock_take_two_bytes_each() {
        let moves = parse_moves("C1,0;L1,0;C2,0;L2,0").unwrap();
        let mut bytes = Vec::new();
        pack(&moves, &mut bytes);
        assert_eq!(bytes.len(), 8);
    }

    #[test]
    fn damaged_bytes_are_refused_saying_why() {
        let check = |bytes: &[u8], why: &str| {
            let err = unpack(bytes).unwrap_err();
            assert!(err.contains(why), "{bytes:?}: {err}");
        };
        check(&[0x80], "cut short");
        check(&[5], "cut short");
        check(&[5, 0], "off the board");
        check(&[3, 5, b'C'], "cut short");
        check(&[3, 1, b'Q'], "Q");
        check(&[0xff; 11], "too long");
    }
}
