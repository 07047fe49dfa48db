//! The binary space partition both BSP generators cut the map with, as libtcod's BSP
//! toolkit does it (`TCOD_bsp_split_recursive`).
//!
//! Based on: <https://github.com/libtcod/libtcod/blob/develop/src/libtcod/bsp_c.c>
//!
//! A node is libtcod's `(x, y, w, h)`, which is exactly the outline [`Rect::new(x, y, w,
//! h)`](Rect::new): the children of a cut share the cut's row or column as an edge, so
//! the inner areas ([`Rect::inner`]) of two different leaves never overlap. A node is cut
//! only while it is below the depth budget and one side is at least twice `min_size`; the
//! cut position is drawn uniformly so both children keep at least `min_size`; and the
//! direction is forced when a side is too short to cut, or when the node is more than
//! `max_h_ratio` (`max_v_ratio`) percent as wide as tall (tall as wide), which "promotes
//! square rooms". Otherwise a coin decides.

use crate::{DungeonRng, Rect};

/// Where a node is cut.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Cut {
    /// Along row `y` (libtcod's horizontal split): the first child above, the second below.
    Horizontal(i32),
    /// Along column `x`: the first child on the left, the second on the right.
    Vertical(i32),
}

/// libtcod's `TCOD_bsp_split_recursive` parameters, with one minimum for both sides.
#[derive(Debug, Clone, Copy)]
pub(crate) struct SplitRules {
    /// Levels of cuts at most (libtcod's `nb`).
    pub(crate) depth: u32,
    /// The shortest side a child may have, in tiles (libtcod's `minHSize` = `minVSize`).
    pub(crate) min_size: i32,
    /// A node wider than this percentage of its height is cut across its width.
    pub(crate) max_h_ratio: u32,
    /// A node taller than this percentage of its width is cut across its height.
    pub(crate) max_v_ratio: u32,
}

/// What a generator does while the tree is cut: refuse cuts, and act on each cut made.
pub(crate) trait CutHooks {
    /// True when no cut is ever refused, so positions need not be checked one by one.
    const EVERY_CUT_ALLOWED: bool = false;

    /// Whether `cut` may be made in the node with this outline.
    fn allows(&self, _outline: &Rect, _cut: Cut) -> bool {
        true
    }

    /// Called once for each cut, right after it is chosen and before either child is cut.
    fn cut_made(&mut self, _outline: &Rect, _cut: Cut, _rng: &mut DungeonRng) {}
}

/// Hooks that allow every cut and do nothing.
pub(crate) struct AnyCut;

impl CutHooks for AnyCut {
    const EVERY_CUT_ALLOWED: bool = true;
}

/// One node: its cut and first child if it was cut, else its place among the leaves.
/// Twelve bytes: a tree cut to two-tile leaves has a node for every three tiles.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Node {
    cut: Option<Cut>,
    /// The first child (the second comes right after it), or the leaf's number.
    child_or_leaf: u32,
}

impl Node {
    /// The cut and the two children, if the node was cut.
    pub(crate) fn split(&self) -> Option<(Cut, [usize; 2])> {
        let first = self.child_or_leaf as usize;
        self.cut.map(|cut| (cut, [first, first + 1]))
    }

    /// The leaf's number in [`BspTree::leaves`] order, if the node is a leaf.
    pub(crate) fn leaf(&self) -> Option<usize> {
        self.cut.is_none().then_some(self.child_or_leaf as usize)
    }
}

/// A cut tree; node 0 is the root.
#[derive(Debug, Clone)]
pub(crate) struct BspTree {
    nodes: Vec<Node>,
    /// The leaves' outlines in the order the recursion reaches them (pre-order: left
    /// before right).
    leaves: Vec<Rect>,
}

impl BspTree {
    /// Cuts `root` recursively in libtcod's order: a node is cut, then its first child's
    /// whole subtree, then its second's, so the random draws come in that order.
    ///
    /// Every cut leaves both children at least `min_size` on the cut side, so the tree has
    /// at most `2 * area / min_size²` nodes and the work is bounded by the root's area.
    pub(crate) fn split_recursive(
        root: Rect,
        rules: &SplitRules,
        rng: &mut DungeonRng,
        hooks: &mut impl CutHooks,
    ) -> BspTree {
        // Leaves are at least min_size square and at most 2^depth: reserve for as many.
        let fit = u64::from(root.width()) * u64::from(root.height())
            / (rules.min_size.max(1) as u64).pow(2);
        let most_leaves = fit.min(1u64 << rules.depth.min(32)).clamp(1, 1 << 16) as usize;
        let mut nodes = Vec::with_capacity(2 * most_leaves);
        let unsplit = Node {
            cut: None,
            child_or_leaf: 0,
        };
        nodes.push(unsplit);
        let mut leaves = Vec::with_capacity(most_leaves);
        // (node, its outline, its depth)
        let mut stack = Vec::with_capacity(64);
        stack.push((0usize, root, 0u32));
        while let Some((i, outline, level)) = stack.pop() {
            let cut = if level < rules.depth {
                choose_cut(&outline, rules, rng, hooks)
            } else {
                None
            };
            let Some(cut) = cut else {
                // Fewer nodes than tiles: numbers fit in u32.
                nodes[i].child_or_leaf = leaves.len() as u32;
                leaves.push(outline);
                continue;
            };
            hooks.cut_made(&outline, cut, rng);
            let [first_half, second_half] = halves(&outline, cut);
            let first = nodes.len();
            nodes.extend([unsplit, unsplit]);
            nodes[i] = Node {
                cut: Some(cut),
                child_or_leaf: first as u32,
            };
            stack.push((first + 1, second_half, level + 1));
            stack.push((first, first_half, level + 1));
        }
        BspTree { nodes, leaves }
    }

    /// The nodes; index 0 is the root, and children come after their parent.
    pub(crate) fn nodes(&self) -> &[Node] {
        &self.nodes
    }

    /// The leaves' outlines, left subtree before right (the order the recursion reached
    /// them).
    pub(crate) fn leaves(&self) -> &[Rect] {
        &self.leaves
    }

    /// libtcod's `TCOD_bsp_traverse_inverted_level_order`: the level order (root, then
    /// each level left to right) read backwards, so every node comes after its children.
    pub(crate) fn inverted_level_order(&self) -> impl Iterator<Item = usize> + use<> {
        let mut order: Vec<u32> = Vec::with_capacity(self.nodes.len());
        order.push(0);
        let mut next = 0;
        while let Some(&i) = order.get(next) {
            let node = &self.nodes[i as usize];
            if node.cut.is_some() {
                order.extend([node.child_or_leaf, node.child_or_leaf + 1]);
            }
            next += 1;
        }
        order.into_iter().rev().map(|i| i as usize)
    }
}

impl BspTree {
    /// Every node after its children, first subtree before second: one left-to-right
    /// sweep down and up the tree.
    pub(crate) fn post_order(&self) -> impl Iterator<Item = usize> + '_ {
        // (node, children done)
        let mut stack = vec![(0usize, false)];
        std::iter::from_fn(move || {
            while let Some((i, children_done)) = stack.pop() {
                match self.nodes[i].split() {
                    Some((_, [a, b])) if !children_done => {
                        stack.push((i, true));
                        stack.push((b, false));
                        stack.push((a, false));
                    }
                    _ => return Some(i),
                }
            }
            None
        })
    }
}

/// The cut libtcod would make in this node, or `None` when it stays a leaf.
///
/// When `hooks` refuse every position in the chosen direction, the other direction is
/// tried if the node is long enough that way; a node with no allowed cut stays a leaf.
fn choose_cut(
    outline: &Rect,
    rules: &SplitRules,
    rng: &mut DungeonRng,
    hooks: &impl CutHooks,
) -> Option<Cut> {
    let (w, h) = (i64::from(outline.width()), i64::from(outline.height()));
    let twice_min = 2 * i64::from(rules.min_size);
    let (can_cut_rows, can_cut_columns) = (h >= twice_min, w >= twice_min);
    if !can_cut_rows && !can_cut_columns {
        return None;
    }
    let horizontal = if !can_cut_rows || w * 100 > h * i64::from(rules.max_h_ratio) {
        false
    } else if !can_cut_columns || h * 100 > w * i64::from(rules.max_v_ratio) {
        true
    } else {
        rng.coin()
    };
    let other_possible = if horizontal {
        can_cut_columns
    } else {
        can_cut_rows
    };
    let chosen = [horizontal, !horizontal];
    let tries = if other_possible {
        &chosen[..]
    } else {
        &chosen[..1]
    };
    tries
        .iter()
        .find_map(|&horizontal| cut_position(outline, horizontal, rules.min_size, rng, hooks))
}

/// A cut position drawn uniformly among the allowed ones that leave both children at
/// least `min_size`; `None` when `hooks` allow none.
fn cut_position<H: CutHooks>(
    outline: &Rect,
    horizontal: bool,
    min_size: i32,
    rng: &mut DungeonRng,
    hooks: &H,
) -> Option<Cut> {
    let (start, end) = if horizontal {
        (outline.y1, outline.y2)
    } else {
        (outline.x1, outline.x2)
    };
    let (lo, hi) = (start + min_size, end - min_size);
    let make = |p: i32| {
        if horizontal {
            Cut::Horizontal(p)
        } else {
            Cut::Vertical(p)
        }
    };
    if hi < lo {
        return None;
    }
    if H::EVERY_CUT_ALLOWED {
        return Some(make(rng.range_inclusive(lo, hi)));
    }
    // Most positions are allowed: draw from all of them a few times, keeping the first
    // allowed one, then draw among the allowed ones only. Either way each allowed position
    // is equally likely, and the scan is rarely needed.
    for _ in 0..DRAWS_BEFORE_SCAN {
        let cut = make(rng.range_inclusive(lo, hi));
        if hooks.allows(outline, cut) {
            return Some(cut);
        }
    }
    // A side is at most Map::MAX_SIDE long, so the count fits in u32.
    let allowed = (lo..=hi)
        .filter(|&p| hooks.allows(outline, make(p)))
        .count() as u32;
    if allowed == 0 {
        return None;
    }
    let pick = rng.below(allowed) as usize;
    (lo..=hi)
        .filter(|&p| hooks.allows(outline, make(p)))
        .nth(pick)
        .map(make)
}

/// Uniform draws over every position before counting the allowed ones.
const DRAWS_BEFORE_SCAN: u32 = 4;

/// The two children of a cut: above then below, or left then right.
fn halves(outline: &Rect, cut: Cut) -> [Rect; 2] {
    let Rect { x1, y1, x2, y2 } = *outline;
    match cut {
        Cut::Horizontal(y) => [Rect { x1, y1, x2, y2: y }, Rect { x1, y1: y, x2, y2 }],
        Cut::Vertical(x) => [Rect { x1, y1, x2: x, y2 }, Rect { x1: x, y1, x2, y2 }],
    }
}
