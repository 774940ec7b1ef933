//! The binary's global allocator (a module of `main.rs`, not of the library): mimalloc for
//! everything but very large blocks, which are mapped straight from the kernel so that
//! growing one moves its pages instead of copying them.
//!
//! Why: a buffer that grows by doubling holds its old and its new block at once while
//! `realloc` copies one into the other. The largest buffer a scan holds is the LZMA window
//! of a `.7z` archive (128 MiB at `7zz -mx9`), which the decoder grows with its output: at
//! the last doubling, 64 MiB and 128 MiB lived side by side, and the scan of the Tygem games
//! in such a 7z peaked at 304 MB, over the 300 MB bound of issue 5. With `mremap` the
//! kernel moves the pages instead (see [`HUGE`] for the figures).
//!
//! Only on Linux (where `mremap` exists); elsewhere the allocator is mimalloc alone.

use mimalloc::MiMalloc;
use std::alloc::{GlobalAlloc, Layout};

/// Blocks of at least this many bytes are mapped from the kernel (page-aligned, zeroed,
/// returned with `munmap`, grown with `mremap`). **choice**: far above anything a game
/// needs (the whole-board scratch is kilobytes), below the buffers worth moving: an LZMA
/// window or a large archive member read into memory. The 77,076 Tygem games in a 7z made
/// at `-mx9`: peak RSS 304 MB → 232 MB, the same rows, the same time (18.75 s → 18.73 s,
/// one run each); their zip 106–109 MB → 109 MB (no block that large).
pub const HUGE: usize = 16 << 20;

/// mimalloc, with the blocks of [`HUGE`] bytes or more mapped by the kernel.
pub struct Allocator;

#[cfg(target_os = "linux")]
mod huge {
    /// Whether a block of this layout is one of the kernel's.
    #[inline]
    pub fn is_huge(size: usize, align: usize) -> bool {
        size >= super::HUGE && align <= 4096
    }

    /// A fresh zeroed mapping of `size` bytes, or null.
    pub unsafe fn map(size: usize) -> *mut u8 {
        // SAFETY: an anonymous private mapping touches no existing memory.
        let p = unsafe {
            libc::mmap(
                std::ptr::null_mut(),
                size,
                libc::PROT_READ | libc::PROT_WRITE,
                libc::MAP_PRIVATE | libc::MAP_ANONYMOUS,
                -1,
                0,
            )
        };
        if p == libc::MAP_FAILED {
            std::ptr::null_mut()
        } else {
            p.cast()
        }
    }

    /// Returns a mapping made by [`map`] or [`remap`] of `size` bytes.
    pub unsafe fn unmap(p: *mut u8, size: usize) {
        // SAFETY: the caller passes a block this module mapped, with its size.
        unsafe { libc::munmap(p.cast(), size) };
    }

    /// Grows or shrinks a mapping made by [`map`] or [`remap`], moving its pages if need be;
    /// null (the old mapping intact) when the kernel refuses.
    pub unsafe fn remap(p: *mut u8, old: usize, new: usize) -> *mut u8 {
        // SAFETY: the caller passes a block this module mapped, with its size.
        let q = unsafe { libc::mremap(p.cast(), old, new, libc::MREMAP_MAYMOVE) };
        if q == libc::MAP_FAILED {
            std::ptr::null_mut()
        } else {
            q.cast()
        }
    }
}

// SAFETY: every block goes back to the allocator that made it: the size and alignment of a
// layout decide that, and `dealloc` and `realloc` are given the layout the block was made
// with; a block changing sides in `realloc` is copied into a new block of the other side.
#[cfg(target_os = "linux")]
unsafe impl GlobalAlloc for Allocator {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        if huge::is_huge(layout.size(), layout.align()) {
            // SAFETY: a fresh mapping.
            unsafe { huge::map(layout.size()) }
        } else {
            // SAFETY: the caller's contract, passed on.
            unsafe { MiMalloc.alloc(layout) }
        }
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        if huge::is_huge(layout.size(), layout.align()) {
            // SAFETY: a fresh anonymous mapping is zeroed.
            unsafe { huge::map(layout.size()) }
        } else {
            // SAFETY: the caller's contract, passed on.
            unsafe { MiMalloc.alloc_zeroed(layout) }
        }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        if huge::is_huge(layout.size(), layout.align()) {
            // SAFETY: a huge layout's block was mapped by `huge`.
            unsafe { huge::unmap(ptr, layout.size()) }
        } else {
            // SAFETY: any other block is mimalloc's.
            unsafe { MiMalloc.dealloc(ptr, layout) }
        }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        let align = layout.align();
        match (
            huge::is_huge(layout.size(), align),
            huge::is_huge(new_size, align),
        ) {
            // SAFETY: both sides the kernel's.
            (true, true) => unsafe { huge::remap(ptr, layout.size(), new_size) },
            // SAFETY: both sides mimalloc's.
            (false, false) => unsafe { MiMalloc.realloc(ptr, layout, new_size) },
            _ => {
                // SAFETY: `new_size` is non-zero and, rounded up to `align`, fits in an
                // `isize` (`GlobalAlloc::realloc`'s contract).
                let new_layout = unsafe { Layout::from_size_align_unchecked(new_size, align) };
                // SAFETY: a valid layout.
                let q = unsafe { self.alloc(new_layout) };
                if !q.is_null() {
                    // SAFETY: both blocks hold at least the bytes copied, and are distinct.
                    unsafe {
                        std::ptr::copy_nonoverlapping(ptr, q, layout.size().min(new_size));
                        self.dealloc(ptr, layout);
                    }
                }
                q
            }
        }
    }
}

// SAFETY: mimalloc's contract, passed on.
#[cfg(not(target_os = "linux"))]
unsafe impl GlobalAlloc for Allocator {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        unsafe { MiMalloc.alloc(layout) }
    }
    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        unsafe { MiMalloc.alloc_zeroed(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        unsafe { MiMalloc.dealloc(ptr, layout) }
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        unsafe { MiMalloc.realloc(ptr, layout, new_size) }
    }
}

#[cfg(test)]
mod tests {
    use super::HUGE;

    /// A buffer grows from small to huge and on, shrinks back across the line, and keeps
    /// its bytes all the way (the process's own allocator is this one: `main.rs`).
    #[test]
    fn a_buffer_keeps_its_bytes_across_every_kind_of_growth() {
        let mut v: Vec<u8> = Vec::new();
        let mut size = 1000;
        while size < 4 * HUGE {
            let from = v.len();
            v.extend((from..size).map(|i| (i * 7 % 251) as u8));
            size *= 3;
        }
        assert!(v.iter().enumerate().all(|(i, &b)| b == (i * 7 % 251) as u8));
        v.truncate(HUGE / 2);
        v.shrink_to_fit();
        assert!(v.iter().enumerate().all(|(i, &b)| b == (i * 7 % 251) as u8));
        let zeroed = vec![0u64; HUGE];
        assert!(zeroed.iter().all(|&x| x == 0));
        let mut big = vec![1u8; HUGE];
        big.resize(3 * HUGE, 2);
        assert_eq!((big[HUGE - 1], big[HUGE], big.len()), (1, 2, 3 * HUGE));
    }
}
