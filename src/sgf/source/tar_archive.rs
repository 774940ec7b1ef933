//! Tar archives, compressed or not: members in order, links not followed (each an error row),
//! an archive cut short between two members an error row.

use std::io::{self, Read};

use super::{
    archive_error, bytes_text, classify, decompressed, hand_on, member_error, member_row,
    pass_over, read_limited_sized, Codec, InputItem, ReadOptions, Skipped, SourceError,
};

/// How many members of the tar archive `reader` (compressed with `codec`, if any) are games,
/// up to where it can no longer be read; `None` when it cannot be read from its start.
pub(super) fn tar_game_members(reader: impl Read, codec: Option<Codec>) -> Option<u64> {
    let reader: Box<dyn Read> = match codec {
        Some(codec) => decompressed(codec, reader).ok()?,
        None => Box::new(reader),
    };
    let mut archive = tar::Archive::new(reader);
    archive.set_ignore_zeros(true);
    let mut games = 0;
    for entry in archive.entries().ok()? {
        let Ok(entry) = entry else { break };
        games += u64::from(classify(&bytes_text(&entry.path_bytes())).is_some());
    }
    Some(games)
}

/// Whether a member of this type holds a file's bytes: a regular or contiguous file ('7', a
/// regular file to every reader but a few), a GNU sparse file (its holes filled), or a type
/// no standard names that is no letter (GNU tar extracts an unknown type as a regular file;
/// the letters are vendors' metadata, volume labels and directories). Such members were
/// passed over without a row.
fn holds_bytes(kind: tar::EntryType) -> bool {
    match kind.as_byte() {
        // links, devices, a directory, a FIFO
        b'1'..=b'6' => false,
        b'S' => true,
        b => kind.is_file() || kind.is_contiguous() || !b.is_ascii_alphabetic(),
    }
}

/// Reads the tar archive `reader`: each member a game record handed on, or a row. With
/// `compressed`, `reader` is a decompressed stream, whose checksum (checked at its end, or
/// at each block's) may fail after members were read from it.
pub(super) fn read_tar(
    source: &str,
    reader: impl Read,
    compressed: bool,
    opts: &ReadOptions,
    depth: u8,
    skipped: &mut Skipped,
    sink: &mut dyn FnMut(InputItem) -> bool,
) -> bool {
    let max_bytes = opts.max_bytes;
    // the kind of error the stream under the tar reader gave, if it gave one
    let failed = std::rc::Rc::new(std::cell::Cell::new(None));
    let reader = Watched {
        inner: reader,
        failed: failed.clone(),
    };
    let mut archive = tar::Archive::new(ZeroTail::new(reader));
    // past the zero blocks that end an archive: `cat a.tar.gz b.tar.gz` is one stream of two
    // archives, and only the first was read (GNU tar's `--ignore-zeros`)
    archive.set_ignore_zeros(true);
    let entries = match archive.entries() {
        Ok(e) => e,
        Err(e) => {
            return sink(archive_error(
                source,
                format!("{source}: not a readable tar: {e}"),
            ))
        }
    };
    // whether a member's bytes were cut short (the archive ends inside it), and the last
    // game record's name met, with whether its bytes could not be read (cut short, or the
    // compressed stream broken), for a stream that breaks after it
    let mut cut_in_member = false;
    let mut last_member: Option<(String, bool)> = None;
    for entry in entries {
        let (member, data) = match entry {
            Ok(entry) => {
                let name = bytes_text(&entry.path_bytes());
                let kind = entry.header().entry_type();
                let bytes = holds_bytes(kind);
                if classify(&name).is_none() {
                    if bytes {
                        pass_over(skipped, &name);
                    }
                    continue;
                }
                let refused = if kind.is_hard_link() || kind.is_symlink() {
                    // a link holds no bytes, and a stream cannot go back for its target's
                    let target = entry
                        .link_name_bytes()
                        .map_or_else(|| "?".into(), |b| bytes_text(&b));
                    let what = if kind.is_hard_link() {
                        format!("a hard link to {target} (that member's row is its game)")
                    } else {
                        format!("a symbolic link to {target}")
                    };
                    Some(format!(
                        "{source}::{name}: {what}; links inside an archive are not followed"
                    ))
                } else if kind.as_byte() == b'M' {
                    // GNU's multi-volume tar: the rest of a file begun in the volume before
                    Some(format!(
                        "{source}::{name}: the rest of a member begun in the previous volume \
                         of a multi-volume tar (`tar -M`), not read; extract the volumes with \
                         `tar -xM` and scan the files"
                    ))
                } else {
                    None
                };
                if let Some(message) = refused {
                    if !sink(member_row(source, name, message)) {
                        return false;
                    }
                    continue;
                }
                if !bytes {
                    continue;
                }
                let size = entry.size();
                // a member cut short (the archive ends inside it) is no game: its first half
                // parsed and was scored as if complete
                let read = read_limited_sized(entry, max_bytes, size);
                // a member over the size limit is skipped whole: the stream is intact after it
                let too_large = matches!(read, Err(SourceError::TooLarge { .. }));
                let data = read
                    .and_then(|data| {
                        if (data.len() as u64) < size {
                            cut_in_member = true;
                            Err(SourceError::Io(format!(
                                "truncated: {} of the {size} bytes the header gives",
                                data.len()
                            )))
                        } else {
                            Ok(data)
                        }
                    })
                    .map_err(|e| member_error(source, &name, e));
                last_member = Some((name.clone(), data.is_err() && !too_large));
                (name, data)
            }
            Err(e) => {
                // A corrupt tar stream cannot be resynchronised: report and stop this archive.
                // After a member whose bytes ended with the stream's, or broke in its
                // compression, the reader meets the same end where it looks for the next
                // header: say that, not only the library's "unexpected EOF during skip".
                // The compressed stream failed, not cut short: damaged (deflate, bzip2, xz
                // and zstd find a changed byte only where they check their checksum, after
                // members before it were read: a review saw a bit flipped in a tar.gz give 15
                // `ok` rows whose games had changed), or followed by bytes of another kind
                // (padding, a note), which leave the members whole: the row says both
                let eof = io::ErrorKind::UnexpectedEof;
                let stream_failed =
                    compressed && !cut_in_member && failed.get().is_some_and(|kind| kind != eof);
                let message = match (&last_member, cut_in_member) {
                    _ if stream_failed => format!(
                        "{source}: the compressed stream fails ({e}){}: the members after it, \
                         if it had any, are missing; and if it is damaged (`gzip -t`, `xz -t`, \
                         `zstd -t`, `bzip2 -t` tell), not followed by bytes of another kind, \
                         the members read before may hold damaged bytes too (its checksum is \
                         checked only where it ends, or a block of it does)",
                        last_member
                            .as_ref()
                            .map(|(name, _)| format!(", after member {name}"))
                            .unwrap_or_default()
                    ),
                    (Some((name, true)), true) => format!(
                        "{source}: the archive ends inside member {name} (cut short): the \
                         members after it, if it had any, are missing"
                    ),
                    (Some((name, true)), false) => format!(
                        "{source}: the archive cannot be read past member {name} ({e}): the \
                         members after it, if it had any, are missing"
                    ),
                    (Some((name, false)), _) => format!(
                        "{source}: the archive is cut short or corrupt after member {name} \
                         ({e}): the members after it, if it had any, are missing"
                    ),
                    (None, _) => format!("{source}: corrupt tar stream: {e}"),
                };
                return sink(archive_error(source, message));
            }
        };
        if !hand_on(source, member, data, opts, depth, skipped, sink) {
            return false;
        }
    }
    let tail = archive.into_inner();
    // An archive ends with two zero blocks; one cut at a member's boundary just stops, and
    // the tar reader (like GNU tar) takes that for the end: the members after it were lost
    // without a word.
    if tail.bytes > 0 && tail.zeros < END_OF_ARCHIVE && !cut_in_member {
        return sink(archive_error(
            source,
            format!(
                "{source}: no end-of-archive blocks after the last member: the archive was cut \
                 short, and the members after its end are missing"
            ),
        ));
    }
    true
}

/// A reader that notes the kind of the first error its inner reader gives.
struct Watched<R> {
    inner: R,
    failed: std::rc::Rc<std::cell::Cell<Option<io::ErrorKind>>>,
}

impl<R: Read> Read for Watched<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        self.inner.read(buf).inspect_err(|e| {
            if self.failed.get().is_none() {
                self.failed.set(Some(e.kind()));
            }
        })
    }
}

/// The zero bytes that close a tar archive: two blocks of 512.
const END_OF_ARCHIVE: u64 = 1024;

/// A reader that remembers how many bytes it passed on and how many zero bytes end them.
struct ZeroTail<R> {
    inner: R,
    bytes: u64,
    zeros: u64,
}

impl<R> ZeroTail<R> {
    fn new(inner: R) -> Self {
        ZeroTail {
            inner,
            bytes: 0,
            zeros: 0,
        }
    }
}

impl<R: Read> Read for ZeroTail<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = self.inner.read(buf)?;
        let read = &buf[..n];
        let tail = read.iter().rev().take_while(|&&b| b == 0).count();
        self.zeros = if tail == n {
            self.zeros + n as u64
        } else {
            tail as u64
        };
        self.bytes += n as u64;
        Ok(n)
    }
}
