//! Expanding the command line's inputs into the list of inputs to read: directories walked
//! recursively in file-name order (counting the files passed over), split files and RAR
//! volume sets named once, and `-`: standard input, held in memory when it begins as a game
//! record or an archive, else read as a list of paths.

use std::io::{self, BufRead, Read};
use std::path::{Path, PathBuf};

use super::sniff::{
    compressed_games, holds_an_archive, is_executable, opens_a_game, property_first, sniff,
};
use super::{
    classify, fill, pass_over, rar, read_limited, volumes, Expanded, Input, InputKind,
    RecordFormat, SharedBytes, Skipped, SourceError, STDIN_SOURCE,
};

/// Expands the command-line inputs into the ordered list of inputs to read: directories are
/// walked recursively in file-name order; `-` is standard input (see [`expand_inputs_noting`],
/// here held up to the default `--max-file-bytes`). Walk errors (permissions, symlink loops)
/// are returned in place as error paths.
pub fn expand_inputs(inputs: &[PathBuf]) -> Vec<Expanded> {
    expand_inputs_noting(
        inputs,
        super::super::Limits::default().max_file_bytes,
        &mut Skipped::new(),
    )
}

/// [`expand_inputs`], counting the files the directory walk passes over in `skipped`. `-`
/// reads standard input: when it begins as a game record or an archive does (SGF text, a GIB
/// or UGF record, a zip, 7z, RAR, tar or LZH archive, a gzip, bzip2, xz or zstd stream, a
/// self-extracting program, any bytes no list of paths holds:
/// `curl …/games.zip | kifu-audit scan -`), it is that input, read whole and held in memory
/// (more than `max_bytes` makes an error row); otherwise it is a list of paths, one per line
/// (`find … -name '*.sgf' | kifu-audit scan -`), each expanded in place.
pub fn expand_inputs_noting(
    inputs: &[PathBuf],
    max_bytes: u64,
    skipped: &mut Skipped,
) -> Vec<Expanded> {
    let (mut out, mut passed) = (Vec::new(), Vec::new());
    let mut stdin_read = false;
    for input in inputs {
        if input.as_os_str() == STDIN_SOURCE {
            // `scan - -`: standard input is read once, and its second naming counted as a
            // file named twice (it held nothing more)
            if std::mem::replace(&mut stdin_read, true) {
                *skipped.entry(NAMED_TWICE.to_string()).or_default() += 1;
                continue;
            }
            read_stdin(io::stdin().lock(), max_bytes, &mut out, &mut passed);
        } else if is_stream(input) {
            out.extend(read_stream(input, max_bytes));
        } else {
            expand_one(input, &mut out, &mut passed);
        }
    }
    // a file passed over is counted once, however many walks found it (`scan d d`, a
    // directory and one inside it): the summary says the files were read once
    let mut seen = std::collections::HashSet::new();
    for path in passed {
        if seen.insert(identity(&path)) {
            pass_over(
                skipped,
                &path.file_name().unwrap_or_default().to_string_lossy(),
            );
        }
    }
    // a split file or RAR volume set named by several of its volumes (`games.7z.*`,
    // `games.part*.rar`) is read once
    let mut sets = std::collections::HashSet::new();
    out.retain(|p| match p {
        Ok(Input::Path(path)) if volumes::is_volume(path) || rar::volume_set(path).is_some() => {
            sets.insert(path.clone())
        }
        _ => true,
    });
    // a file named twice (`scan a.sgf a.sgf`, a directory and a file in it, a directory by
    // two spellings, a link beside the file it names, a hard link) is read once, and counted: under its
    // first name that is no symbolic link (a link sorting before its file took the row's
    // name, and the file's own path was in no row), else its first
    let canonical: Vec<Option<FileKey>> = (out.iter())
        .map(|p| match p {
            Ok(Input::Path(path)) => Some(identity(path)),
            // an entry the walk could not read (it was a row per naming)
            Err((source, _)) if source != STDIN_SOURCE => Some(identity(Path::new(source))),
            _ => None,
        })
        .collect();
    let is_link = |p: &Expanded| matches!(p, Ok(Input::Path(path)) if path.symlink_metadata().is_ok_and(|m| m.file_type().is_symlink()));
    let mut chosen: std::collections::HashMap<&FileKey, usize> = Default::default();
    for (i, c) in canonical.iter().enumerate() {
        let Some(c) = c else { continue };
        match chosen.get(c) {
            // the first kept, unless it is a link and this is not
            Some(&k) if !is_link(&out[k]) || is_link(&out[i]) => {}
            _ => {
                chosen.insert(c, i);
            }
        }
    }
    let mut keep = (canonical.iter().enumerate())
        .map(|(i, c)| c.as_ref().is_none_or(|c| chosen[c] == i))
        .collect::<Vec<bool>>()
        .into_iter();
    let before = out.len();
    out.retain(|_| keep.next().unwrap_or(true));
    let twice = (before - out.len()) as u64;
    if twice > 0 {
        *skipped.entry(NAMED_TWICE.to_string()).or_default() += twice;
    }
    out
}

/// What names one file however it is spelled: its device and inode on Unix (hard links
/// too are one file: `scan` read a file linked into two directories twice, every game of it
/// counted twice), else its canonical path, or for a path that has neither (a dangling link,
/// a link loop, a missing path) its directory's canonical path and its name.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
enum FileKey {
    #[cfg(unix)]
    Inode(u64, u64),
    Path(PathBuf),
}

fn identity(path: &Path) -> FileKey {
    #[cfg(unix)]
    if let Ok(m) = std::fs::metadata(path) {
        use std::os::unix::fs::MetadataExt;
        return FileKey::Inode(m.dev(), m.ino());
    }
    FileKey::Path(path_identity(path))
}

fn path_identity(path: &Path) -> PathBuf {
    if let Ok(canonical) = std::fs::canonicalize(path) {
        return canonical;
    }
    let dir = path.parent().filter(|d| !d.as_os_str().is_empty());
    match (
        std::fs::canonicalize(dir.unwrap_or(Path::new("."))),
        path.file_name(),
    ) {
        (Ok(dir), Some(name)) => dir.join(name),
        _ => path.to_path_buf(),
    }
}

/// Whether `path` is an anonymous pipe: what a shell's process substitution names
/// (`<(zcat games.sgf.gz)`, `/dev/fd/63`) and `/dev/stdin` on a pipe, links that end in the
/// kernel's `pipe:[…]`, which names no file. Named as an input, it is read whole, as a
/// stream. A named pipe (`mkfifo`) has a path, and is an error row like a device: it may
/// have no writer, and wait for one forever.
pub fn is_stream(path: &Path) -> bool {
    crate::links::link_chain(path)
        .any(|(text, _)| text.as_os_str().as_encoded_bytes().starts_with(b"pipe:["))
}

/// An anonymous pipe named as an input: its bytes, read whole (more than `max_bytes` makes
/// an error row); nothing when it held none, as standard input (a command that failed,
/// `<(zcat missing.gz)`: a run of nothing else writes no file).
fn read_stream(path: &Path, max_bytes: u64) -> Option<Expanded> {
    let source = path_text(path);
    let file = match std::fs::File::open(path) {
        Ok(file) => file,
        Err(e) => {
            let why = SourceError::Unopened(format!("{source}: {e}"));
            return Some(Err((source, why)));
        }
    };
    Some(match read_limited(file, max_bytes) {
        Ok(bytes) if bytes.is_empty() => return None,
        Ok(bytes) => Ok(Input::Held(source, SharedBytes(bytes.into()))),
        Err(SourceError::Io(m)) => Err((source.clone(), SourceError::Io(format!("{source}: {m}")))),
        Err(e) => Err((source, e)),
    })
}

/// The key of [`Skipped`] counting the files the inputs name more than once (read once).
pub const NAMED_TWICE: &str = "(named more than once)";

/// How much of standard input is looked at to tell a record or an archive from a list of
/// paths: SGF text may begin with a page of text before its first `(;` (with 512 bytes, a
/// game after a longer preface was read as a list of paths, each line a missing file).
const STDIN_SNIFF: usize = 64 * 1024;

/// Standard input as [`expand_inputs_noting`] reads it: the input it holds, or the paths it
/// lists.
pub(super) fn read_stdin(
    mut stdin: impl Read,
    max_bytes: u64,
    out: &mut Vec<Expanded>,
    passed: &mut Vec<PathBuf>,
) {
    let stdin_error = |e: SourceError| (STDIN_SOURCE.to_string(), stdin_message(e));
    let mut head = vec![0; STDIN_SNIFF];
    match fill(&mut stdin, &mut head) {
        Ok(n) => head.truncate(n),
        Err(e) => return out.push(Err(stdin_error(e))),
    }
    // short of the sniff: the input ended, and is not read again (a terminal's end, Ctrl-D,
    // is no lasting state: a second read waited for a second Ctrl-D)
    let ended = head.len() < STDIN_SNIFF;
    let rest = stdin.take(if ended { 0 } else { u64::MAX });
    if !is_record_or_archive(&head) {
        let mut list = io::BufReader::new(head.as_slice().chain(rest));
        return stdin_paths(&mut list, out, passed);
    }
    out.push(
        read_limited(head.as_slice().chain(rest), max_bytes)
            .map(|bytes| Input::Held(STDIN_SOURCE.into(), SharedBytes(bytes.into())))
            .map_err(stdin_error),
    );
}

/// A read error of standard input, saying so.
fn stdin_message(e: SourceError) -> SourceError {
    match e {
        SourceError::Io(m) => SourceError::Io(format!("standard input: {m}")),
        other => other,
    }
}

/// Whether the first bytes of standard input are a game record's or an archive's rather than
/// a list of paths: an archive or compressed stream ([`sniff`]), a program (a self-extracting
/// archive), a GIB or UGF record ([`stdin_record`]), bytes no list of paths holds (control
/// bytes), or SGF text — a `(` then a `;` (after a byte-order mark and white space), a root
/// node without its `(` (`;GM[1]…`, as Fox writes some files), or a line that opens with
/// `(;` and a node's first property after text (`Downloaded from KGS` then `(;GM[1]…`). A path
/// may begin with `(` (`(1) Honinbo/game.sgf`), never with `(;`.
pub(super) fn is_record_or_archive(head: &[u8]) -> bool {
    if sniff(head).is_some() || is_executable(head) || stdin_record(head).is_some() {
        return true;
    }
    // a list of paths is text: a control byte other than a tab or a line end in its first
    // bytes is data (further on, it may be a file's odd name), but for the end-of-file byte
    // 0x1A that DOS tools end a text with
    let first = &head[..head.len().min(512)];
    let first = first.strip_suffix(b"\x1a").unwrap_or(first);
    if first
        .iter()
        .any(|&b| b < 0x20 && !matches!(b, b'\t' | b'\n' | b'\r'))
    {
        return true;
    }
    let text = text_start(head);
    if text.starts_with(b"(") && text[1..].trim_ascii_start().starts_with(b";") {
        return true;
    }
    if let Some(rest) = text.strip_prefix(b";") {
        return property_first(rest);
    }
    // a `(` that begins a line (after white space): a path holds `(;` nowhere else either
    opens_a_game(head)
}

/// `head` past a UTF-8 byte-order mark and white space: where a text record's first
/// character stands.
fn text_start(head: &[u8]) -> &[u8] {
    head.strip_prefix(b"\xEF\xBB\xBF")
        .unwrap_or(head)
        .trim_ascii_start()
}

/// Another server's record format on standard input, known by how it begins: Tygem's GIB
/// (`\HS` or `\[GIBOKIND=`), Pandanet's UGF (`[Header]`), after any comment lines (`#…`,
/// which both readers pass over). WBaduk's NGF begins with free text (the game's title) and
/// is known by its name only.
pub(super) fn stdin_record(head: &[u8]) -> Option<InputKind> {
    let mut text = text_start(head);
    while text.starts_with(b"#") {
        // a line ends in `\n`, `\r\n` or `\r` alone (old Macs)
        let end = text.iter().position(|&b| b == b'\n' || b == b'\r')?;
        text = text[end..].trim_ascii_start();
    }
    if text.starts_with(b"\\HS") || text.starts_with(b"\\[GIBOKIND=") {
        Some(InputKind::Record(RecordFormat::Gib))
    } else if text.starts_with(b"[Header]") {
        Some(InputKind::Record(RecordFormat::Ugf))
    } else {
        None
    }
}

/// The paths listed in `list`, one per line, each expanded in place: a line is a path as its
/// bytes are (a name that is not UTF-8, or that begins or ends with a space, is still a path;
/// only a `\r` before the newline is dropped), and blank lines are skipped. A read error ends
/// the list with an error row.
pub(super) fn stdin_paths(
    list: &mut impl BufRead,
    out: &mut Vec<Expanded>,
    passed: &mut Vec<PathBuf>,
) {
    let mut line = Vec::new();
    loop {
        line.clear();
        match list.read_until(b'\n', &mut line) {
            Ok(0) => break,
            Ok(_) => {
                let mut l = line.as_slice();
                l = l.strip_suffix(b"\n").unwrap_or(l);
                l = l.strip_suffix(b"\r").unwrap_or(l);
                if !l.iter().all(u8::is_ascii_whitespace) {
                    expand_one(&path_from_bytes(l), out, passed);
                }
            }
            Err(e) => {
                let e = SourceError::Io(e.to_string());
                out.push(Err((STDIN_SOURCE.into(), stdin_message(e))));
                break;
            }
        }
    }
}

#[cfg(unix)]
pub(super) fn path_from_bytes(b: &[u8]) -> PathBuf {
    use std::os::unix::ffi::OsStrExt;
    PathBuf::from(std::ffi::OsStr::from_bytes(b))
}

#[cfg(not(unix))]
pub(super) fn path_from_bytes(b: &[u8]) -> PathBuf {
    PathBuf::from(String::from_utf8_lossy(b).into_owned())
}

/// A path as text for the `source` column: as written, but each byte that is no part of
/// UTF-8 as `\xNN` (a lossy `�` made two names in Latin-1 or Shift_JIS one, and hid which
/// file a row came from), and a `\` that a name holds before `x` and two hex digits as
/// `\x5C` (so that a name written `x\xE9.sgf` and a Latin-1 `x<E9>.sgf` stay two).
pub fn path_text(path: &Path) -> String {
    #[cfg(unix)]
    {
        use std::os::unix::ffi::OsStrExt;
        bytes_text(path.as_os_str().as_bytes())
    }
    #[cfg(not(unix))]
    {
        path.display().to_string()
    }
}

/// The path a `source` text names, as [`path_text`] wrote it: each `\xNN` it writes (a byte
/// from `\x80` up, or `\x5C`) back to its byte, so that a row's `source` can be given back to
/// `explain`. Another `\xNN` (`\x41`) is text as written: no `source` holds one.
pub fn path_of_text(text: &str) -> PathBuf {
    let b = text.as_bytes();
    let mut out = Vec::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        let written = (b[i] == b'\\')
            .then(|| escaped_byte(&b[i + 1..]))
            .flatten()
            .filter(|&byte| byte >= 0x80 || byte == b'\\');
        if let Some(byte) = written {
            out.push(byte);
            i += 4;
            continue;
        }
        out.push(b[i]);
        i += 1;
    }
    path_from_bytes(&out)
}

/// The byte of an escape `xNN` (two hex digits) at the start of `after`, the text after a
/// `\`.
fn escaped_byte(after: &[u8]) -> Option<u8> {
    let [b'x', hi, lo, ..] = *after else {
        return None;
    };
    let hex = |c: u8| (c as char).to_digit(16);
    Some((hex(hi)? * 16 + hex(lo)?) as u8)
}

/// Bytes as text, each byte that is no part of UTF-8 written `\xNN`, and each `\` that
/// would read as the start of one (`\xE9` as written) as `\x5C`: [`path_of_text`] gives the
/// bytes back.
pub(in crate::sgf) fn bytes_text(bytes: &[u8]) -> String {
    let mut text = String::with_capacity(bytes.len());
    for chunk in bytes.utf8_chunks() {
        let mut rest = chunk.valid();
        while let Some(at) = rest.find('\\') {
            let escape = escaped_byte(&rest.as_bytes()[at + 1..]).is_some();
            text.push_str(&rest[..at]);
            text.push_str(if escape { "\\x5C" } else { "\\" });
            rest = &rest[at + 1..];
        }
        text.push_str(rest);
        for b in chunk.invalid() {
            text.push_str(&format!("\\x{b:02X}"));
        }
    }
    text
}

/// Expands one input path in place: a directory walked, each file in it an input or, when it
/// is neither a game record nor an archive, noted in `passed` (the files passed over).
fn expand_one(path: &Path, out: &mut Vec<Expanded>, passed: &mut Vec<PathBuf>) {
    if path.is_dir() {
        let walker = walkdir::WalkDir::new(path)
            .follow_links(true)
            .sort_by_file_name();
        for entry in walker {
            match entry {
                Ok(e) => {
                    // Not only regular files: a FIFO or device named like an input becomes an
                    // error row (`open_regular`), not a silent skip.
                    if e.file_type().is_dir() {
                        continue;
                    }
                    let name = e.file_name().to_string_lossy();
                    if volumes::is_later_volume(e.path()) {
                        // read with its set, from the first volume beside it; alone, an
                        // error row
                        if volumes::set_head(e.path()).is_none() {
                            out.push(Ok(e.into_path().into()));
                        }
                    } else if rar::is_later_volume(e.path()) {
                        // the same for a RAR volume set's
                        if rar::set_head(e.path()).is_none() {
                            out.push(Ok(e.into_path().into()));
                        }
                    } else if classify(&name).is_some()
                        || volumes::volume(&name).is_some()
                        || holds_an_archive(e.path(), &name)
                        || compressed_games(e.path(), &name)
                    {
                        out.push(Ok(e.into_path().into()));
                    } else {
                        passed.push(e.into_path());
                    }
                }
                Err(e) => {
                    let at = e.path().map(path_text).unwrap_or_else(|| path_text(path));
                    out.push(Err((
                        at.clone(),
                        SourceError::Unopened(format!("{at}: {e}")),
                    )));
                }
            }
        }
    } else {
        let head = volumes::set_head(path).or_else(|| rar::set_head(path));
        out.push(Ok(head.unwrap_or_else(|| path.to_path_buf()).into()));
    }
}

/// The input file among those `paths` read that writing `output` would replace: one of the
/// files they expand to (named, found in a directory walked, or listed on standard input),
/// or a later volume of a split file or RAR volume set read with its first volume among
/// them (by whatever name or link). `None` when `output` does not exist yet, or is none of
/// them.
pub fn input_at(output: &Path, paths: &[Expanded]) -> Option<PathBuf> {
    let out = output.canonicalize().ok()?;
    paths.iter().find_map(|p| {
        let Ok(Input::Path(path)) = p else {
            return None;
        };
        let mut read = vec![path.clone()];
        read.extend(volumes::later_volumes(path));
        if let Some(rar::VolumeSet::Volumes { paths, .. }) = rar::volume_set(path) {
            read.extend(paths.into_iter().skip(1));
        }
        read.into_iter().find(|file| {
            // only a file of its name, or a link, can be it: no `realpath` for every input
            let may_be = file.file_name() == out.file_name() || file.is_symlink();
            may_be && file.canonicalize().is_ok_and(|f| f == out)
        })
    })
}
