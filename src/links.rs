//! Symbolic links followed one at a time, as the kernel does, for what `canonicalize` cannot
//! tell: a link to a file not made yet (`-o` through it makes that file), and a link that
//! ends in the kernel's `pipe:[…]` (an anonymous pipe a shell names, read as an input).

use std::path::{Path, PathBuf};

/// Links followed at most, as the kernel does: a longer chain is taken for a loop.
pub(crate) const MOST_LINKS: usize = 40;

/// The links from `path` on, each as its text and the path it names (a relative text read
/// from the link's directory), up to the first path that is no link, or [`MOST_LINKS`].
pub(crate) fn link_chain(path: &Path) -> impl Iterator<Item = (PathBuf, PathBuf)> {
    let step = |at: &Path| {
        let text = std::fs::read_link(at).ok()?;
        let next = match at.parent() {
            Some(dir) if text.is_relative() => dir.join(&text),
            _ => text.clone(),
        };
        Some((text, next))
    };
    std::iter::successors(step(path), move |(_, at)| step(at)).take(MOST_LINKS)
}
