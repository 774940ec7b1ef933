//! What bytes are, whatever their name: an archive or compressed stream by its signature, a
//! program (a self-extracting archive) and the archive it holds.

use std::io::{self, Read};
use std::path::Path;

use super::expand::stdin_record;
use super::seven_z::{encrypted, SEVEN_Z_MEMORY_KB, SEVEN_Z_SIGNATURE};
use super::{fill, open_input, rar, Codec, InputKind};

/// What bytes named as SGF (or of no known name) really are: an archive or compressed stream
/// ([`sniff`]), or another server's record ([`record_content`]). `None`: SGF text, or bytes
/// of no kind known.
pub(super) fn sniff_content(bytes: &[u8]) -> Option<InputKind> {
    sniff(bytes).or_else(|| record_content(bytes))
}

/// The record format of bytes named as SGF that are another server's record: a GIB or UGF
/// record saved as `.sgf` (see [`stdin_record`]) that reads as one, or that holds no SGF game
/// tree (then its error row is the record's). `[Header]` or `\HS` written above an SGF game
/// by a forum or an editor leaves it SGF; a record whose comment holds `(;` stays a record.
pub(super) fn record_content(bytes: &[u8]) -> Option<InputKind> {
    let kind = stdin_record(bytes)?;
    let InputKind::Record(format) = kind else {
        return Some(kind);
    };
    (format.to_sgf(bytes).is_ok() || !holds_a_game_tree(bytes)).then_some(kind)
}

/// Whether `bytes` hold an SGF game tree's opening: a `(`, white space, then a `;`.
fn holds_a_game_tree(bytes: &[u8]) -> bool {
    let opens = |at: usize| bytes[at + 1..].trim_ascii_start().starts_with(b";");
    (0..bytes.len()).any(|at| bytes[at] == b'(' && opens(at))
}

/// Whether `bytes` begin with a tar header: `ustar` at byte 257 and a checksum that matches
/// its 512 bytes (the sum of its bytes, the checksum's own 8 counted as spaces; some old
/// writers summed them as signed). The magic alone is text an SGF comment can hold there.
fn tar_header(bytes: &[u8]) -> bool {
    let Some(header) = bytes.get(..512) else {
        return false;
    };
    if header[257..262] != *b"ustar" {
        return false;
    }
    let field = &header[148..156];
    let digits = field.trim_ascii_start();
    let end = digits
        .iter()
        .position(|&b| b == 0 || b == b' ')
        .unwrap_or(digits.len());
    let digits = &digits[..end];
    if digits.is_empty() || !digits.iter().all(|b| (b'0'..=b'7').contains(b)) {
        return false;
    }
    let recorded = digits
        .iter()
        .fold(0i64, |n, &d| n * 8 + i64::from(d - b'0'));
    // the sums of the other bytes, unsigned and signed
    let (unsigned, signed) = (header.iter().enumerate())
        .filter(|&(i, _)| !(148..156).contains(&i))
        .fold((0i64, 0i64), |(u, s), (_, &b)| {
            (u + i64::from(b), s + i64::from(b as i8))
        });
    let spaces = 8 * i64::from(b' ');
    recorded == unsigned + spaces || recorded == signed + spaces
}

/// What bytes named as SGF really are when they begin as an archive or a compressed stream
/// does (a download saved under the wrong name, a server that gzips what it calls `.sgf`):
/// zip, 7z, RAR, tar, LZH (and Pandanet's `.ugz`), or one file compressed with gzip, bzip2, xz
/// or zstd. SGF text never begins with these bytes (a game tree's `(`, text before it, or a
/// byte-order mark), so no SGF file is read otherwise than before.
pub(super) fn sniff(bytes: &[u8]) -> Option<InputKind> {
    const BZIP2_BLOCK: [u8; 6] = [0x31, 0x41, 0x59, 0x26, 0x53, 0x59];
    let kind = if bytes.starts_with(b"PK\x03\x04") || bytes.starts_with(b"PK\x05\x06") {
        InputKind::Zip
    } else if bytes.starts_with(&SEVEN_Z_SIGNATURE) {
        InputKind::SevenZ
    } else if bytes.starts_with(b"Rar!\x1a\x07") {
        InputKind::Rar
    } else if tar_header(bytes) {
        InputKind::Tar(None)
    } else if bytes.starts_with(&[0x1F, 0x8B]) {
        InputKind::SgfCompressed(Codec::Gzip)
    } else if bytes.len() >= 10
        && bytes.starts_with(b"BZh")
        && bytes[3].is_ascii_digit()
        && bytes[4..10] == BZIP2_BLOCK
    {
        InputKind::SgfCompressed(Codec::Bzip2)
    } else if bytes.starts_with(&[0xFD, b'7', b'z', b'X', b'Z', 0]) {
        InputKind::SgfCompressed(Codec::Xz)
    } else if bytes.starts_with(&[0x28, 0xB5, 0x2F, 0xFD]) {
        InputKind::SgfCompressed(Codec::Zstd)
    } else if lzh_method_at(bytes, 2) || (bytes.starts_with(b"PP") && lzh_method_at(bytes, 4)) {
        InputKind::Lzh
    } else {
        return None;
    };
    Some(kind)
}

/// Whether an LZH header's compression method (`-lh5-`, `-lh0-`, `-lzs-`…) stands at byte
/// `at` of `bytes`: 2 in an LZH archive, 4 in Pandanet's `.ugz` (`PP` before the archive).
pub(super) fn lzh_method_at(bytes: &[u8], at: usize) -> bool {
    bytes
        .get(at..at + 5)
        .is_some_and(|m| m[0] == b'-' && m[1] == b'l' && m[4] == b'-')
}

/// How far into an executable a self-extracting archive's data is looked for (RAR's own
/// bound: the largest SFX modules, installers with a runtime, put it past 1 MiB).
pub(super) const SFX_SCAN_LIMIT: usize = rars::SFX_SCAN_LIMIT;

/// Whether `bytes` begin as a program does: a DOS or Windows (`MZ`, its header holding zero
/// bytes, which no text does: an SGF file with text before its game may begin with "MZ") or
/// an ELF executable. A self-extracting archive is one, its archive appended to the program
/// that unpacks it; game collections were passed around so (`games.exe`), and read as SGF
/// each made rows of garbage.
pub(super) fn is_executable(bytes: &[u8]) -> bool {
    let dos_header = &bytes[..bytes.len().min(64)];
    (bytes.starts_with(b"MZ") && dos_header.contains(&0)) || bytes.starts_with(b"\x7fELF")
}

/// Whether the file at `path`, found walking a directory and named `name`, holds game
/// records compressed under a name that says only the compression (`games.gz`, `kifu.bz2`,
/// `kgs.zst`; [`classify`](super::classify) knows `games.sgf.gz`): a line of its first
/// decompressed bytes opens an SGF game tree ([`opens_a_game`]), or they are an archive or
/// another server's record. Such a file was passed over, its games in no row (named as an
/// input, it was read). Only names ending in a compression are opened, and no more than
/// their first 4 KiB decompressed (a log compressed beside the games is passed over, as
/// before).
pub(super) fn compressed_games(path: &Path, name: &str) -> bool {
    let Some(codec) = super::bare_codec(name) else {
        return false;
    };
    // a regular file only: a FIFO would wait for a writer forever
    let Ok(file) = super::open_regular(path) else {
        return false;
    };
    let Ok(stream) = super::decompressed(codec, file) else {
        return false;
    };
    let mut head = Vec::with_capacity(4096);
    // what a damaged or cut stream gave before it broke is enough to tell
    let _ = stream.take(4096).read_to_end(&mut head);
    opens_a_game(&head) || sniff(&head).is_some() || stdin_record(&head).is_some()
}

/// Whether a line of `head` opens an SGF game tree: `(`, `;` and a property (`(;GM[1]`), with
/// white space between them, the `(` first on its line (after spaces or tabs; a byte-order
/// mark before the first). `(;` elsewhere (`for(;;)`, a path, a log's text) opens none.
pub(super) fn opens_a_game(head: &[u8]) -> bool {
    let head = head.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(head);
    let line_start = |i: usize| {
        head[..i]
            .iter()
            .rev()
            .find(|b| !matches!(b, b' ' | b'\t'))
            .is_none_or(|b| matches!(b, b'\n' | b'\r'))
    };
    head.iter().enumerate().any(|(i, &b)| {
        b == b'('
            && line_start(i)
            && head[i + 1..]
                .trim_ascii_start()
                .strip_prefix(b";")
                .is_some_and(property_first)
    })
}

/// Whether `rest` begins (after white space) with a property: capital letters and its `[`.
pub(super) fn property_first(rest: &[u8]) -> bool {
    let rest = rest.trim_ascii_start();
    let letters = rest.iter().take_while(|b| b.is_ascii_uppercase()).count();
    letters > 0 && rest.get(letters) == Some(&b'[')
}

/// Whether the file at `path`, found walking a directory and named `name`, is a
/// self-extracting archive: named `.exe`, a program ([`is_executable`]) holding an archive
/// ([`embedded_archive`]). Such a file is read as the archive; any other program in a
/// directory is passed over, as before (a viewer or an installer beside the games is no
/// error). Only `.exe` files are opened for this, and read whole only when they begin as a
/// program and are no larger than the default `--max-file-bytes` (a larger one, an
/// installer, is passed over unread: memory stays bounded).
pub(super) fn holds_an_archive(path: &Path, name: &str) -> bool {
    if !name.to_ascii_lowercase().ends_with(".exe")
        || std::fs::metadata(path).map_or(true, |m| {
            m.len() > super::super::Limits::default().max_file_bytes
        })
    {
        return false;
    }
    let Ok((_, mut file)) = open_input(path) else {
        return false;
    };
    let mut head = [0u8; 64];
    let Ok(n) = fill(&mut file, &mut head) else {
        return false;
    };
    is_executable(&head[..n])
        && std::fs::read(path).is_ok_and(|bytes| embedded_archive(&bytes).is_some())
}

/// The archive a self-extracting program holds, and where it begins: the first RAR or 7z
/// signature within [`SFX_SCAN_LIMIT`] bytes whose headers read from there (the program's own
/// code holds the signature it looks for, so the first one found is often not the archive),
/// else a zip read from the whole file (a zip's directory at its end says where its
/// members lie, after any program before them). A header whose list of files is encrypted
/// counts as read: the archive is there, and its password is the reader's concern. At most
/// sixteen signatures are tried (a file full of them is no archive to look through).
pub(super) fn embedded_archive(bytes: &[u8]) -> Option<(InputKind, usize)> {
    const RAR: &[u8] = b"Rar!\x1a\x07";
    const SEVEN_Z: &[u8] = &SEVEN_Z_SIGNATURE;
    // each signature tried reads headers from there: a hostile file full of them is cut short
    const MOST_TRIED: usize = 16;
    let end = bytes.len().min(SFX_SCAN_LIMIT + SEVEN_Z.len());
    let mut tried = 0;
    let found = (1..end).find_map(|at| {
        let tail = &bytes[at..];
        let rar = tail.starts_with(RAR);
        if !rar && !tail.starts_with(SEVEN_Z) {
            return None;
        }
        tried += 1;
        if tried > MOST_TRIED {
            return Some(None);
        }
        if rar {
            rar::headers_read(tail).then_some(Some((InputKind::Rar, at)))
        } else {
            let read = sevenz_rust2::Archive::read_with_memory_limit(
                &mut io::Cursor::new(tail),
                &sevenz_rust2::Password::empty(),
                SEVEN_Z_MEMORY_KB,
            );
            (read.as_ref().is_ok() || read.as_ref().is_err_and(encrypted))
                .then_some(Some((InputKind::SevenZ, at)))
        }
    });
    match found {
        Some(found) => found,
        None => zip::ZipArchive::new(io::Cursor::new(bytes))
            .ok()
            .map(|_| (InputKind::Zip, 0)),
    }
}
