//! Disjoint sets with union by size and path compression (by halving).

/// Disjoint sets over `0..n`. One `i32` per element: a root holds minus its
/// set's size, any other element its parent, so a lookup touches one array.
#[derive(Clone, Debug)]
pub struct UnionFind {
    parent: Vec<i32>,
}

impl UnionFind {
    /// `n` singleton sets.
    pub fn new(n: usize) -> UnionFind {
        UnionFind {
            parent: vec![-1; n],
        }
    }

    /// The representative of `x`'s set. Halves the path as it goes: each
    /// visited element is pointed at its grandparent.
    pub fn find(&mut self, mut x: u32) -> u32 {
        loop {
            let p = self.parent[x as usize];
            if p < 0 {
                return x;
            }
            let gp = self.parent[p as usize];
            if gp < 0 {
                return p as u32;
            }
            self.parent[x as usize] = gp;
            x = gp as u32;
        }
    }

    /// Join the sets of `a` and `b`; false if they were already one set.
    pub fn union(&mut self, a: u32, b: u32) -> bool {
        let (ra, rb) = (self.find(a), self.find(b));
        if ra == rb {
            return false;
        }
        let (size_a, size_b) = (-self.parent[ra as usize], -self.parent[rb as usize]);
        let (big, small) = if size_a >= size_b { (ra, rb) } else { (rb, ra) };
        self.parent[big as usize] = -(size_a + size_b);
        self.parent[small as usize] = big as i32;
        true
    }

    /// The size of `x`'s set.
    pub fn set_size(&mut self, x: u32) -> usize {
        let root = self.find(x);
        (-self.parent[root as usize]) as usize
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unions_join_sets_once() {
        let mut sets = UnionFind::new(6);
        assert!(sets.union(0, 1));
        assert!(sets.union(2, 3));
        assert!(!sets.union(1, 0));
        assert!(sets.union(1, 3));
        assert!(!sets.union(0, 2));
        assert_eq!(sets.find(0), sets.find(3));
        assert_ne!(sets.find(0), sets.find(4));
        assert_eq!(sets.set_size(2), 4);
        assert_eq!(sets.set_size(5), 1);
    }
}
