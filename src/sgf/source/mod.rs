//! Reading sources: files, directories (recursive, sorted), archives (`.zip`, `.7z`, `.tar`,
//! `.tar.gz`/`.tgz`, `.tar.bz2`, `.tar.xz`, `.tar.zst`, `.lzh`/`.lha` and Pandanet's `.ugz`,
//! `.rar` (with RAR's own volume sets, see [`super::rar`]), and single compressed SGF files
//! `.sgf.gz`, `.sgf.bz2`, `.sgf.xz`, `.sgf.zst` (and GIB, NGF, UGF records compressed the
//! same way, `.gib.gz`), each also split into numbered volumes, see
//! [`super::volumes`]) and `-`: standard input, either a game record or archive piped in
//! (held in memory, at most the size limit) or a list of paths, one per line.
//! Archives are streamed, never unpacked to disk; an archive inside an archive is read from
//! memory (its size bounded like any member's, nesting at most [`MAX_NESTING`] deep), its
//! items named `inner.zip::member`. Every problem — an unreadable path, a broken archive, a
//! member that decompresses past the size limit, a FIFO, a link inside a tar, a tar cut short
//! between two members, an archive of a format not read (`.arj`, `.cab`), an encrypted member
//! no password given opens — becomes an item carrying an error, so that it turns into a row:
//! nothing is dropped silently. Encrypted zip, 7z and RAR archives are read with the first of
//! [`ReadOptions::passwords`] that decodes their first encrypted member whole (a zip's
//! members each with the first that opens it).
//!
//! Layout: this module holds the types, the dispatch by kind ([`read_all`] down to each
//! format's reader) and the bounded reads every format shares; `expand` turns the command
//! line into inputs (directory walks, standard input), `count` counts their games for the
//! progress bar, `sniff` tells what bytes are whatever their name, and `zip_archive`,
//! `seven_z`, `tar_archive` and `lzh_archive` read one format each (RAR in [`super::rar`]).

use std::fs::File;
use std::io::{self, Read, Seek};
use std::path::{Path, PathBuf};

use super::rar;
use super::volumes::{self, open_input};

mod count;
mod expand;
mod lzh_archive;
mod seven_z;
mod sniff;
mod tar_archive;
#[cfg(test)]
mod tests;
mod zip_archive;

pub use count::{count_items, count_items_with};
pub(super) use expand::bytes_text;
pub use expand::{
    expand_inputs, expand_inputs_noting, input_at, is_stream, path_of_text, path_text, NAMED_TWICE,
};
use lzh_archive::read_lzh;
use seven_z::read_7z;
use sniff::{embedded_archive, is_executable, sniff, sniff_content, SFX_SCAN_LIMIT};
use tar_archive::read_tar;
use zip_archive::read_zip;

/// One input once expanded (see [`expand_inputs`]): a file to open, or what a stream held.
#[derive(Debug, Clone)]
pub enum Input {
    /// A file, or the first volume of a split file or RAR volume set.
    Path(PathBuf),
    /// A stream's bytes, read whole (at most the size limit), and its rows' `source`: `-`
    /// given, and standard input held a game record or an archive rather than a list of
    /// paths ([`STDIN_SOURCE`]); or an anonymous pipe named as an input (`scan <(zcat
    /// games.sgf.gz)`, `/dev/stdin` on a pipe: its path, see [`is_stream`]). What they hold
    /// is told by its bytes.
    Held(String, SharedBytes),
}

impl Input {
    /// The file to open; `None` for a stream's bytes.
    pub fn path(&self) -> Option<&Path> {
        match self {
            Input::Path(path) => Some(path),
            Input::Held(..) => None,
        }
    }
}

impl From<PathBuf> for Input {
    fn from(path: PathBuf) -> Input {
        Input::Path(path)
    }
}

/// An expanded input, or the path (as text) that could not be expanded and why.
pub type Expanded = Result<Input, (String, SourceError)>;

/// The `source` of the items read from standard input: `-`, as the command line names it.
pub const STDIN_SOURCE: &str = "-";

/// Bytes read once and read again by several readers (standard input: counted for the
/// progress bar, then read) without a copy.
#[derive(Debug, Clone)]
pub struct SharedBytes(std::sync::Arc<Vec<u8>>);

impl AsRef<[u8]> for SharedBytes {
    fn as_ref(&self) -> &[u8] {
        &self.0
    }
}

/// One unit of input: the bytes of one SGF file (or an error in its place).
#[derive(Debug)]
pub struct InputItem {
    /// The path given or found on disk (for archives, the archive's path).
    pub source: String,
    /// The member's name inside an archive.
    pub member: Option<String>,
    pub data: Result<Vec<u8>, SourceError>,
    /// Why the bytes of `data` end early: a compressed stream cut short after them (a
    /// damaged one is an error in `data`). Its games are read, and a row after them says
    /// where it ends (`game_index` one past the last game): the games before a cut are not
    /// lost with it.
    pub cut: Option<SourceError>,
}

/// Why an input could not be read.
#[derive(Debug, Clone, PartialEq)]
pub enum SourceError {
    /// An input could not be opened at all (missing, permission, symlink loop, not a regular
    /// file…): a run of nothing else read no input. An `io_error` row, as [`Io`](Self::Io).
    Unopened(String),
    /// The file or stream could not be read, or its compressed data is damaged.
    Io(String),
    /// The archive itself is corrupt or unsupported.
    Archive(String),
    /// The file or member is (or decompresses to) more than the limit.
    TooLarge { limit: u64 },
    /// A record in another format than SGF (Tygem's GIB) that cannot be read as one.
    Record(String),
}

impl SourceError {
    pub fn kind_name(&self) -> &'static str {
        match self {
            SourceError::Io(_) | SourceError::Unopened(_) => "io_error",
            SourceError::Archive(_) => "archive_error",
            SourceError::TooLarge { .. } => "file_too_large",
            SourceError::Record(_) => "parse_error",
        }
    }

    pub fn message(&self) -> String {
        match self {
            SourceError::Io(m)
            | SourceError::Unopened(m)
            | SourceError::Archive(m)
            | SourceError::Record(m) => m.clone(),
            SourceError::TooLarge { limit } => {
                format!(
                    "more than {limit} bytes (decompressed, where compressed); skipped (limit: \
                     --max-file-bytes)"
                )
            }
        }
    }
}

/// How deep archives may nest inside archives (an archive at this depth becomes an error row:
/// a zip can contain itself).
pub const MAX_NESTING: u8 = 3;

/// What a path is, judged by its name.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum InputKind {
    Sgf,
    /// Another program's record format, read as the SGF it is turned into.
    Record(RecordFormat),
    /// One SGF file, compressed (not an archive: it opens at any nesting depth).
    SgfCompressed(Codec),
    /// One record of another program's format, compressed (`games.gib.gz`).
    RecordCompressed(RecordFormat, Codec),
    Zip,
    SevenZ,
    /// A tar archive, compressed or not.
    Tar(Option<Codec>),
    /// An LZH (LHA) archive, the Japanese archiver's format; also Pandanet's `.ugz`, UGF
    /// records in an LZH archive behind two bytes of its own.
    Lzh,
    /// A RAR archive, any version from RAR 1.3 to RAR 7.
    Rar,
    /// An archive of a format not read (named in the error row): its games would otherwise
    /// be skipped without a word.
    Unsupported(&'static str),
}

/// The record formats of other programs, each read by turning a record into SGF bytes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RecordFormat {
    /// Tygem's GIB ([`super::gib`]).
    Gib,
    /// WBaduk's and Cyberoro's NGF ([`super::ngf`]).
    Ngf,
    /// Pandanet's UGF ([`super::ugf`]).
    Ugf,
}

impl RecordFormat {
    /// The SGF bytes of `record`, or why it cannot be read.
    pub fn to_sgf(self, record: &[u8]) -> Result<Vec<u8>, String> {
        match self {
            RecordFormat::Gib => super::gib::to_sgf(record),
            RecordFormat::Ngf => super::ngf::to_sgf(record),
            RecordFormat::Ugf => super::ugf::to_sgf(record),
        }
    }

    /// The format's name in error messages.
    pub fn name(self) -> &'static str {
        match self {
            RecordFormat::Gib => "GIB",
            RecordFormat::Ngf => "NGF",
            RecordFormat::Ugf => "UGF",
        }
    }
}

/// A stream compression around a tar archive or a single SGF file.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Codec {
    Gzip,
    Bzip2,
    Xz,
    Zstd,
}

/// Name endings (matched without regard to case) and what they are.
const KINDS: &[(&str, InputKind)] = &[
    (".sgf", InputKind::Sgf),
    // the SGF files of Many Faces of Go and of Greg Hale's `mgt`, under which name many game
    // collections of the 1990s (the Smart-Go format, SGF's first version) still circulate
    (".mgt", InputKind::Sgf),
    (".gib", InputKind::Record(RecordFormat::Gib)),
    (".ngf", InputKind::Record(RecordFormat::Ngf)),
    (".ugf", InputKind::Record(RecordFormat::Ugf)),
    (".ugi", InputKind::Record(RecordFormat::Ugf)),
    (".zip", InputKind::Zip),
    (".7z", InputKind::SevenZ),
    (".tar", InputKind::Tar(None)),
    (".tgz", InputKind::Tar(Some(Codec::Gzip))),
    (".tbz2", InputKind::Tar(Some(Codec::Bzip2))),
    (".tbz", InputKind::Tar(Some(Codec::Bzip2))),
    (".tb2", InputKind::Tar(Some(Codec::Bzip2))),
    (".txz", InputKind::Tar(Some(Codec::Xz))),
    (".tzst", InputKind::Tar(Some(Codec::Zstd))),
    (".lzh", InputKind::Lzh),
    (".lha", InputKind::Lzh),
    (".ugz", InputKind::Lzh),
    (".rar", InputKind::Rar),
    // archive formats with no well-kept pure-Rust reader, each an error row that says so
    (".arj", InputKind::Unsupported("ARJ")),
    (".cab", InputKind::Unsupported("CAB")),
];

/// The endings of one file compressed on its own, after the name of what it holds
/// (`.sgf.gz`, `.tar.xz`, `.gib.zst`).
const CODECS: &[(&str, Codec)] = &[
    (".gz", Codec::Gzip),
    (".bz2", Codec::Bzip2),
    (".xz", Codec::Xz),
    (".zst", Codec::Zstd),
];

/// The compression a file name ends in when nothing before it names a kind
/// (`games.gz`; `None` for `games.sgf.gz`, which [`classify`] reads, and for other names).
fn bare_codec(name: &str) -> Option<Codec> {
    if classify(name).is_some() {
        return None;
    }
    let n = name.to_ascii_lowercase();
    CODECS
        .iter()
        .find(|&&(end, _)| n.ends_with(end) && n.len() > end.len())
        .map(|&(_, codec)| codec)
}

/// Classifies a file name (case-insensitive). `None` for names that are not inputs.
pub fn classify(name: &str) -> Option<InputKind> {
    let n = name.to_ascii_lowercase();
    let by_ending = |n: &str| {
        KINDS
            .iter()
            .find(|(end, _)| n.ends_with(end))
            .map(|&(_, kind)| kind)
    };
    if let Some(kind) = by_ending(&n) {
        return Some(kind);
    }
    // a game record or a tar archive compressed on its own: what its name says it holds
    let (inner, codec) = CODECS
        .iter()
        .find_map(|&(end, codec)| Some((n.strip_suffix(end)?, codec)))?;
    match by_ending(inner)? {
        InputKind::Sgf => Some(InputKind::SgfCompressed(codec)),
        InputKind::Record(format) => Some(InputKind::RecordCompressed(format, codec)),
        InputKind::Tar(None) => Some(InputKind::Tar(Some(codec))),
        _ => None,
    }
}

impl InputKind {
    /// Whether items of this kind hold other files (and count towards [`MAX_NESTING`]).
    fn is_archive(self) -> bool {
        matches!(
            self,
            InputKind::Zip
                | InputKind::SevenZ
                | InputKind::Tar(_)
                | InputKind::Lzh
                | InputKind::Rar
        )
    }
}

/// The files found in directories or archives that are neither SGF files nor archives,
/// counted by their name's ending (lowercase, `""` for none), and macOS's AppleDouble files
/// (under [`APPLE_DOUBLE`]): a folder or zip of Jago's `.xml` game records holds
/// games that are not read, which the summary then says.
pub type Skipped = std::collections::BTreeMap<String, u64>;

/// How files and archives are read.
#[derive(Clone, Debug, Default)]
pub struct ReadOptions {
    /// The most bytes of one file or archive member after decompression.
    pub max_bytes: u64,
    /// Passwords to try, in order, on encrypted archives and members (zip, 7z, RAR).
    pub passwords: Vec<String>,
}

impl ReadOptions {
    /// Options with a size bound and no password.
    pub fn bounded(max_bytes: u64) -> ReadOptions {
        ReadOptions {
            max_bytes,
            passwords: Vec::new(),
        }
    }
}

/// Reads every item of every path in order and hands it to `sink`; `sink` returns `false` to
/// stop early (Ctrl-C, `--limit`). `max_bytes` bounds each file or member after decompression.
pub fn read_all(paths: &[Expanded], max_bytes: u64, sink: &mut dyn FnMut(InputItem) -> bool) {
    read_all_with(paths, &ReadOptions::bounded(max_bytes), sink)
}

/// [`read_all`] with passwords for encrypted archives.
pub fn read_all_with(
    paths: &[Expanded],
    opts: &ReadOptions,
    sink: &mut dyn FnMut(InputItem) -> bool,
) {
    read_all_noting(paths, opts, &mut Skipped::new(), sink)
}

/// [`read_all`], counting in `skipped` the files it passes over: archive members that are
/// neither SGF nor an archive (by their name's ending, as the directory walk counts files),
/// and macOS's AppleDouble files (`._game.sgf` beside `game.sgf`, or in a zip's `__MACOSX/`:
/// the file's metadata, not a game; [`APPLE_DOUBLE`]).
pub fn read_all_noting(
    paths: &[Expanded],
    opts: &ReadOptions,
    skipped: &mut Skipped,
    sink: &mut dyn FnMut(InputItem) -> bool,
) {
    for p in paths {
        let mut names = MemberNames::default();
        let sink = &mut |mut item: InputItem| {
            names.make_unique(&mut item.member);
            sink(item)
        };
        let go_on = match p {
            Err((source, e)) => sink(InputItem {
                source: source.clone(),
                member: None,
                data: Err(e.clone()),
                cut: None,
            }),
            Ok(Input::Path(path)) => read_path(path, opts, skipped, sink),
            Ok(Input::Held(source, bytes)) => read_held(source, bytes, opts, skipped, sink),
        };
        if !go_on {
            return;
        }
    }
}

/// The member names one input has given so far. An archive may hold one name twice (a zip or
/// tar appended to under a name it holds already: Python's `zipfile`, `tar -r`); every copy is
/// read, and the later ones are named `NAME (2)`, `NAME (3)`, …, the first number no member
/// of the input has, so that each row's `member` names one game (`explain --member` finds it
/// by that name).
#[derive(Default)]
struct MemberNames(std::collections::HashMap<String, u32>);

impl MemberNames {
    fn make_unique(&mut self, member: &mut Option<String>) {
        let Some(name) = member.as_mut() else {
            return;
        };
        let copies = self.0.entry(name.clone()).or_insert(0);
        *copies += 1;
        if *copies == 1 {
            return;
        }
        let mut k = *copies;
        let unique = loop {
            let candidate = format!("{name} ({k})");
            if !self.0.contains_key(&candidate) {
                break candidate;
            }
            k += 1;
        };
        self.0.insert(unique.clone(), 1);
        *name = unique;
    }
}

/// Reads what a stream held, as a file of no known name is read: an archive or compressed
/// stream as what it is, a program as the archive it holds, a GIB or UGF record as one, else
/// SGF text.
fn read_held(
    source: &str,
    bytes: &SharedBytes,
    opts: &ReadOptions,
    skipped: &mut Skipped,
    sink: &mut dyn FnMut(InputItem) -> bool,
) -> bool {
    // an archive is read from the shared bytes; records and programs are copied out
    let kind = sniff_content(bytes.as_ref()).unwrap_or(InputKind::Sgf);
    let reader = io::Cursor::new(bytes.clone());
    read_kind(source, kind, reader, opts, 0, skipped, sink)
}

fn read_path(
    path: &Path,
    opts: &ReadOptions,
    skipped: &mut Skipped,
    sink: &mut dyn FnMut(InputItem) -> bool,
) -> bool {
    let source = path_text(path);
    if let Some(set) = rar::volume_set(path) {
        return rar::read_rar_set(&source, set, opts, skipped, sink);
    }
    let item = |data| InputItem {
        source: source.clone(),
        member: None,
        data,
        cut: None,
    };
    if let Some(last) = zip_archive::split_zip_part(path) {
        // named on its own (a directory walk passes it over: the last part's row speaks)
        let last = last.file_name().map(|n| n.to_string_lossy().into_owned());
        let last = last.unwrap_or_default();
        return sink(archive_error(
            &source,
            format!(
                "{source}: a part of a zip split by `zip -s`, whose last part is {last}: {}",
                zip_archive::join_the_parts(&last)
            ),
        ));
    }
    let (kind, mut file) = match open_input(path) {
        Ok(opened) => opened,
        Err(e) => return sink(item(Err(e))),
    };
    let name = path.file_name().map(|n| n.to_string_lossy());
    if let Some(name) = name.filter(|n| n.starts_with("._")) {
        let mut head = [0u8; 4];
        let n = fill(&mut file, &mut head).unwrap_or(0);
        if passed_over_apple_double(skipped, &name, &head[..n]) {
            return true;
        }
        if let Err(e) = file.rewind() {
            return sink(item(Err(SourceError::Io(format!("{source}: {e}")))));
        }
    }
    if !volumes::is_volume(path) {
        return read_kind(&source, kind, file, opts, 0, skipped, sink);
    }
    // a split file that does not read as its kind may lack volumes after its last
    let n = file.count();
    read_kind(
        &source,
        kind,
        file,
        opts,
        0,
        skipped,
        &mut |mut item: InputItem| {
            if let (None, Err(SourceError::Archive(m))) = (&item.member, &mut item.data) {
                m.push_str(&format!(
                    " (read as a split file of {n} volume{}: is a volume after the last missing?)",
                    if n == 1 { "" } else { "s" }
                ));
            }
            sink(item)
        },
    )
}

/// Reads one file or archive of `kind` from `reader` (`source` names it in messages and
/// rows); `depth` counts the archives it lies inside.
fn read_kind<R: Read + io::Seek + Send + 'static>(
    source: &str,
    kind: InputKind,
    reader: R,
    opts: &ReadOptions,
    depth: u8,
    skipped: &mut Skipped,
    sink: &mut dyn FnMut(InputItem) -> bool,
) -> bool {
    let max_bytes = opts.max_bytes;
    let item = |data| InputItem {
        source: source.to_string(),
        member: None,
        data,
        cut: None,
    };
    match kind {
        InputKind::Sgf => match read_sized(reader, max_bytes) {
            // an archive, a compressed file or another server's record saved under an SGF
            // name: read as what it is
            Ok(bytes) => match sniff_content(&bytes) {
                Some(real) => read_kind(
                    source,
                    real,
                    io::Cursor::new(bytes),
                    opts,
                    depth,
                    skipped,
                    sink,
                ),
                None if is_executable(&bytes) => match embedded_archive(&bytes) {
                    Some((real, at)) => {
                        let mut archive = bytes;
                        archive.drain(..at);
                        read_kind(
                            source,
                            real,
                            io::Cursor::new(archive),
                            opts,
                            depth,
                            skipped,
                            sink,
                        )
                    }
                    None => sink(archive_error(
                        source,
                        format!(
                            "{source}: a program, not a game record: no zip, 7z or RAR archive \
                             found in it (a self-extracting archive holds one after its first \
                             {} MiB, or in a format not read)",
                            SFX_SCAN_LIMIT >> 20
                        ),
                    )),
                },
                None => sink(item(Ok(bytes))),
            },
            data => sink(item(data)),
        },
        // another server's record format, turned into SGF bytes
        InputKind::Record(format) => sink(item(read_sized(reader, max_bytes).and_then(|bytes| {
            format.to_sgf(&bytes).map_err(|e| {
                let name = format.name();
                SourceError::Record(format!("{source}: not a readable {name} record: {e}"))
            })
        }))),
        InputKind::SgfCompressed(codec) | InputKind::RecordCompressed(_, codec) => {
            let stream = match decompressed(codec, reader) {
                Ok(stream) => stream,
                Err(e) => return sink(item(Err(e))),
            };
            // a stream that breaks keeps what was inflated before the break (see below)
            let mut stream = ErrorAsEnd::new(stream);
            // what the stream holds, by its first bytes: a tar compressed under a record's
            // name or read by its content (`curl …/games.tar.gz | kifu-audit scan -`, a
            // download saved without its name) is read as a tar, member by member, as
            // `games.tar.gz` is; its members were lost as stray text before the first game
            let mut head = [0u8; 512];
            let n = match fill(&mut stream, &mut head) {
                Ok(n) => n,
                Err(e) => return sink(item(Err(e))),
            };
            let named_record = match kind {
                InputKind::RecordCompressed(format, _) => Some(InputKind::Record(format)),
                _ => None,
            };
            let tar = sniff(&head[..n]) == Some(InputKind::Tar(None));
            if named_record.is_none() && tar && stream.error.is_none() {
                if depth >= MAX_NESTING {
                    return sink(nested_too_deep(source));
                }
                // the tar reader sees the stream's own errors, and says where it breaks
                let stream = io::Cursor::new(head[..n].to_vec()).chain(stream.inner);
                return read_tar(source, stream, true, opts, depth, skipped, sink);
            }
            let read = read_limited(io::Cursor::new(&head[..n]).chain(&mut stream), max_bytes);
            let read = match (read, stream.error.take()) {
                (Ok(bytes), Some(e)) => {
                    // Cut short (the data ends early: an interrupted download or copy), the
                    // bytes before the cut are the file's own: the games in them are read,
                    // and a row after them says where it breaks. Damaged (a checksum, or
                    // data no decoder reads), every byte inflated is in doubt: gzip finds a
                    // flipped bit only at its closing checksum, after inflating wrong games
                    // (a review saw 58 wrong games read as `ok`); the file is an error row,
                    // and so is an archive or another format cut short.
                    let record_text = !bytes.is_empty()
                        && named_record.is_none()
                        && sniff_content(&bytes).is_none();
                    if e.kind() != io::ErrorKind::UnexpectedEof || !record_text {
                        return sink(item(Err(SourceError::Io(format!("read error: {e}")))));
                    }
                    let n = bytes.len();
                    return sink(InputItem {
                        source: source.to_string(),
                        member: None,
                        data: Ok(bytes),
                        cut: Some(SourceError::Io(format!(
                            "{source}: the compressed data ends early, after {n} bytes ({e}): \
                             the games before are read, the rest is lost"
                        ))),
                    });
                }
                (read, _) => read,
            };
            match read {
                Ok(bytes) => {
                    // a record compressed under its own name (`games.gib.gz`); else what the
                    // bytes are: another server's record, or an archive or a compressed stream
                    // compressed again (`games.zip.gz`), read one level deeper
                    let inner = named_record.or_else(|| sniff_content(&bytes));
                    match inner {
                        Some(inner @ InputKind::Record(_)) => {
                            let reader = io::Cursor::new(bytes);
                            read_kind(source, inner, reader, opts, depth, skipped, sink)
                        }
                        Some(_) if depth + 1 >= MAX_NESTING => sink(nested_too_deep(source)),
                        Some(inner) => {
                            let reader = io::Cursor::new(bytes);
                            read_kind(source, inner, reader, opts, depth + 1, skipped, sink)
                        }
                        None => sink(item(Ok(bytes))),
                    }
                }
                data => sink(item(data)),
            }
        }
        InputKind::Zip => read_zip(source, reader, opts, depth, skipped, sink),
        InputKind::SevenZ => read_7z(source, reader, opts, depth, skipped, sink),
        InputKind::Tar(None) => read_tar(source, reader, false, opts, depth, skipped, sink),
        InputKind::Lzh => read_lzh(source, reader, opts, depth, skipped, sink),
        InputKind::Rar => rar::read_rar(source, reader, opts, depth, skipped, sink),
        InputKind::Tar(Some(codec)) => match decompressed(codec, reader) {
            Ok(r) => read_tar(source, r, true, opts, depth, skipped, sink),
            Err(e) => sink(item(Err(e))),
        },
        InputKind::Unsupported(format) => sink(archive_error(
            source,
            format!("{source}: {format} archives are not read; unpack it and scan the files"),
        )),
    }
}

/// The decompressed stream of `reader`: every member or frame of a stream made of several
/// (as `cat a.gz b.gz` makes, or parallel compressors write).
fn decompressed<'r, R: Read + 'r>(
    codec: Codec,
    reader: R,
) -> Result<Box<dyn Read + 'r>, SourceError> {
    let reader = io::BufReader::new(reader);
    Ok(match codec {
        Codec::Gzip => Box::new(GzMembers::new(reader)),
        Codec::Bzip2 => Box::new(bzip2::read::MultiBzDecoder::new(reader)),
        Codec::Xz => Box::new(xz2::read::XzDecoder::new_multi_decoder(reader)),
        // zstd's decoder reads on across frames unless told to stop after one
        Codec::Zstd => Box::new(
            zstd::stream::read::Decoder::with_buffer(reader)
                .map_err(|e| SourceError::Io(format!("zstd decoder: {e}")))?,
        ),
    })
}

/// A reader that ends where its inner reader fails, keeping the error: what was read before
/// a compressed stream ends early is still read.
struct ErrorAsEnd<R> {
    inner: R,
    error: Option<io::Error>,
}

impl<R> ErrorAsEnd<R> {
    fn new(inner: R) -> Self {
        ErrorAsEnd { inner, error: None }
    }
}

impl<R: Read> Read for ErrorAsEnd<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        if self.error.is_some() {
            return Ok(0);
        }
        loop {
            match self.inner.read(buf) {
                Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                Err(e) => {
                    self.error = Some(e);
                    return Ok(0);
                }
                done => return done,
            }
        }
    }
}

/// Reads a whole SGF file whose size can be known first: one over the limit is refused
/// unread, and one under it is read into a buffer of its size.
fn read_sized<R: Read + io::Seek>(mut reader: R, max_bytes: u64) -> Result<Vec<u8>, SourceError> {
    let size = reader
        .seek(io::SeekFrom::End(0))
        .and_then(|size| reader.rewind().map(|()| size))
        .map_err(|e| SourceError::Io(format!("read error: {e}")))?;
    if size > max_bytes {
        return Err(SourceError::TooLarge { limit: max_bytes });
    }
    // the size is a hint: a file that grows while it is read is still bounded by the limit
    read_limited_sized(reader, max_bytes, size)
}

/// The data of a gzip file: its members one after the other (as `gzip -d` and flate2's
/// `MultiGzDecoder` read them), then the end: bytes after the last member that begin no
/// member are ignored when they are zeros (a tape or block device pads a file with them) or
/// text (a note appended), as `gzip -d` does (`MultiGzDecoder` failed on them, and the whole
/// file was lost); binary bytes (a member cut short or damaged, one after padding) are an
/// early end (`UnexpectedEof`), so that the games before are kept and a row says what
/// follows them (they were lost without a word).
struct GzMembers<R: io::BufRead> {
    member: Option<flate2::bufread::GzDecoder<R>>,
}

impl<R: io::BufRead> GzMembers<R> {
    fn new(reader: R) -> Self {
        GzMembers {
            member: Some(flate2::bufread::GzDecoder::new(reader)),
        }
    }
}

impl<R: io::BufRead> Read for GzMembers<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        while let Some(mut member) = self.member.take() {
            let n = match member.read(buf) {
                Ok(n) => n,
                Err(e) => {
                    // kept: a caller that retries (an interrupted read) reads on
                    self.member = Some(member);
                    return Err(e);
                }
            };
            if n > 0 || buf.is_empty() {
                self.member = Some(member);
                return Ok(n);
            }
            // this member has ended: another follows only where a gzip header starts
            let mut rest = member.into_inner();
            if rest.fill_buf()?.starts_with(&[0x1f, 0x8b]) {
                self.member = Some(flate2::bufread::GzDecoder::new(rest));
            } else {
                // Trailing bytes: zeros (a device's padding) and text (a note appended) are
                // ignored, as `gzip -d` does; other bytes (a member cut short or damaged, or
                // one after padding: binary data) end the data early, so that the games
                // before are kept and a row says what follows them (they were lost without a
                // word).
                let (left, binary) = trailing(&mut rest)?;
                if binary {
                    return Err(io::Error::new(
                        io::ErrorKind::UnexpectedEof,
                        format!(
                            "after the last whole gzip member, {left} byte{} of binary data \
                             that begin no member (one cut short or damaged, or other data \
                             appended)",
                            if left == 1 { "" } else { "s" }
                        ),
                    ));
                }
            }
        }
        Ok(0)
    }
}

/// How many bytes are left in `rest` (read to its end), and whether any of them is binary:
/// neither zero nor text (printable ASCII, white space, or bytes from 0x80 of a text's
/// charset).
fn trailing(rest: &mut impl io::BufRead) -> io::Result<(u64, bool)> {
    let (mut left, mut binary) = (0u64, false);
    loop {
        let buf = rest.fill_buf()?;
        if buf.is_empty() {
            return Ok((left, binary));
        }
        // 0x1A: the end-of-file byte DOS tools end a text with
        binary |= buf
            .iter()
            .any(|&b| b != 0 && b < 0x20 && !b.is_ascii_whitespace() && b != 0x1a || b == 0x7f);
        let n = buf.len();
        left += n as u64;
        rest.consume(n);
    }
}

/// Reads `bytes` as the contents of a file named `name` (its kind from the name, as for a path:
/// an archive's items, a compressed file's one item, an SGF file's bytes), handing each item
/// to `sink` as [`read_all`] does; `sink` returns `false` to stop. For reading from memory
/// (the fuzz target `archive_bytes`).
pub fn read_bytes(
    name: &str,
    bytes: Vec<u8>,
    max_bytes: u64,
    sink: &mut dyn FnMut(InputItem) -> bool,
) -> bool {
    read_bytes_with(name, bytes, &ReadOptions::bounded(max_bytes), sink)
}

/// [`read_bytes`] with passwords for encrypted archives.
pub fn read_bytes_with(
    name: &str,
    bytes: Vec<u8>,
    opts: &ReadOptions,
    sink: &mut dyn FnMut(InputItem) -> bool,
) -> bool {
    let kind = classify(name).unwrap_or(InputKind::Sgf);
    read_kind(
        name,
        kind,
        io::Cursor::new(bytes),
        opts,
        0,
        &mut Skipped::new(),
        sink,
    )
}

/// The error row of member `name` of the archive at `source`, which is not read (`message`
/// says why).
pub(super) fn member_row(source: &str, name: String, message: String) -> InputItem {
    InputItem {
        source: source.to_string(),
        member: Some(name),
        data: Err(SourceError::Archive(message)),
        cut: None,
    }
}

/// A read error of member `name` of the archive at `source`, as an archive error naming both
/// (a size limit stays what it is).
pub(super) fn member_error(source: &str, name: &str, e: SourceError) -> SourceError {
    match e {
        SourceError::Io(m) | SourceError::Unopened(m) | SourceError::Archive(m) => {
            SourceError::Archive(format!("{source}::{name}: {m}"))
        }
        other => other,
    }
}

/// The row of an archive (or a compressed stream) at `label` found deeper than
/// [`MAX_NESTING`].
fn nested_too_deep(label: &str) -> InputItem {
    archive_error(
        label,
        format!("{label}: archives nested more than {MAX_NESTING} deep are not read"),
    )
}

/// An item that is an error of the archive at `source` as a whole (no member of its own).
pub(super) fn archive_error(source: &str, message: String) -> InputItem {
    InputItem {
        source: source.to_string(),
        member: None,
        data: Err(SourceError::Archive(message)),
        cut: None,
    }
}

/// Hands on one member of an archive at `source`: SGF bytes as an item, an archive's bytes
/// read in turn (its items' members named `name::member`, their source the outer archive's).
pub(super) fn hand_on(
    source: &str,
    name: String,
    data: Result<Vec<u8>, SourceError>,
    opts: &ReadOptions,
    depth: u8,
    skipped: &mut Skipped,
    sink: &mut dyn FnMut(InputItem) -> bool,
) -> bool {
    if data
        .as_ref()
        .is_ok_and(|bytes| passed_over_apple_double(skipped, &name, bytes))
    {
        return true;
    }
    let kind = match (classify(&name), &data) {
        (None | Some(InputKind::Sgf), Ok(bytes)) => sniff_content(bytes).unwrap_or(InputKind::Sgf),
        (kind, _) => kind.unwrap_or(InputKind::Sgf),
    };
    let bytes = match data {
        Ok(bytes) if kind != InputKind::Sgf => bytes,
        data => {
            return sink(InputItem {
                source: source.to_string(),
                member: Some(name),
                data,
                cut: None,
            })
        }
    };
    // a compressed SGF is one file, not an archive holding others: it opens at any depth
    let label = format!("{source}::{name}");
    if kind.is_archive() && depth + 1 >= MAX_NESTING {
        return sink(InputItem {
            source: source.to_string(),
            member: Some(name),
            ..nested_too_deep(&label)
        });
    }
    read_kind(
        &label,
        kind,
        io::Cursor::new(bytes),
        opts,
        depth + 1,
        skipped,
        &mut |mut item: InputItem| {
            item.member = Some(match item.member.take() {
                Some(m) => format!("{name}::{m}"),
                None => name.clone(),
            });
            item.source = source.to_string();
            sink(item)
        },
    )
}

/// The key under which [`Skipped`] counts macOS's AppleDouble files: named `._` and the
/// name of the file they describe, they hold its Finder metadata and resource fork (every
/// zip the Finder makes has one per file under `__MACOSX/`, and copies to a disk that is not
/// the Mac's own leave them beside the files), and read as SGF each made an error row.
pub const APPLE_DOUBLE: &str = "._* (macOS metadata)";

/// Whether the file or member `name` whose bytes begin with `head` is an AppleDouble (or
/// AppleSingle) file — named `._…`, magic 0x00051607 (0x00051600) — and if so counts it in
/// `skipped`.
fn passed_over_apple_double(skipped: &mut Skipped, name: &str, head: &[u8]) -> bool {
    let apple = base_name(name).starts_with("._")
        && (head.starts_with(&[0, 5, 0x16, 7]) || head.starts_with(&[0, 5, 0x16, 0]));
    if apple {
        *skipped.entry(APPLE_DOUBLE.to_string()).or_default() += 1;
    }
    apple
}

/// The last component of a path or member name (after `/`, a backslash or `::`).
fn base_name(name: &str) -> &str {
    name.rsplit(['/', '\\', ':']).next().unwrap_or(name)
}

/// Counts a file passed over in `skipped`, by its name's ending (lowercase, `""` for none).
pub(super) fn pass_over(skipped: &mut Skipped, name: &str) {
    *skipped.entry(ending(name)).or_default() += 1;
}

/// The ending a file passed over is counted by (lowercase, `""` for none).
fn ending(name: &str) -> String {
    let base = base_name(name);
    match base.rfind('.') {
        Some(dot) if dot > 0 => base[dot..].to_ascii_lowercase(),
        _ => String::new(),
    }
}

/// Takes the scan's own output back out of `skipped` when the walk of a directory among
/// `inputs` passed over it: a previous run's `games.parquet` in the directory scanned is no
/// file of the collection, and counting it made a second run's file differ from the first's
/// (`kifu_audit.passed_over`).
pub fn forget_output(skipped: &mut Skipped, output: &Path, inputs: &[std::path::PathBuf]) {
    let Ok(out) = output.canonicalize() else {
        return;
    };
    // counted once however many walks found it (`scan d d/sub`), as every file passed over is
    let walked = inputs.iter().any(|input| {
        input
            .canonicalize()
            .is_ok_and(|dir| dir.is_dir() && out.starts_with(&dir))
    });
    if !walked || !out.is_file() {
        return;
    }
    let own = ending(&out.to_string_lossy());
    if let Some(n) = skipped.get_mut(&own) {
        *n = n.saturating_sub(1);
        if *n == 0 {
            skipped.remove(&own);
        }
    }
}

/// Opens a path only if it is a regular file (a FIFO would block the run forever).
pub(super) fn open_regular(path: &Path) -> Result<File, SourceError> {
    let unopened = |e: io::Error| SourceError::Unopened(format!("{}: {e}", path.display()));
    let meta = std::fs::metadata(path).map_err(unopened)?;
    if !meta.is_file() {
        return Err(SourceError::Unopened(format!(
            "{}: not a regular file (directory inputs are walked; FIFOs and devices are not read)",
            path.display()
        )));
    }
    File::open(path).map_err(unopened)
}

/// Reads at most `max_bytes`; more is an error (decompression bombs stop here, memory bounded).
fn read_limited(reader: impl Read, max_bytes: u64) -> Result<Vec<u8>, SourceError> {
    read_limited_sized(reader, max_bytes, 0)
}

/// [`read_limited`] with room for `expected` bytes made up front (an archive member's declared
/// size: a hint only, never trusted beyond `max_bytes`).
fn read_limited_sized(
    reader: impl Read,
    max_bytes: u64,
    expected: u64,
) -> Result<Vec<u8>, SourceError> {
    let most = max_bytes.saturating_add(1);
    let mut limited = reader.take(most);
    let mut first = vec![0; reservation(expected, max_bytes)];
    let filled = fill(&mut limited, &mut first)?;
    if filled < first.len() {
        first.truncate(filled);
        return Ok(first);
    }
    // More than the room made: the rest in chunks, joined once at the end. A vector doubled
    // as it filled (`read_to_end`) left every smaller copy with the allocator: an item read
    // up to the limit peaked at three times the limit, and one over it is now dropped at
    // once the limit's worth.
    let mut chunks: Vec<Vec<u8>> = Vec::new();
    let mut total = filled as u64;
    while total < most {
        let size = (total as usize).clamp(READ_STEP, READ_CHUNK) as u64;
        let mut chunk = vec![0; size.min(most - total) as usize];
        let n = fill(&mut limited, &mut chunk)?;
        let ended = n < chunk.len();
        chunk.truncate(n);
        total += n as u64;
        chunks.push(chunk);
        if ended {
            break;
        }
    }
    if total > max_bytes {
        return Err(SourceError::TooLarge { limit: max_bytes });
    }
    first.reserve_exact(total as usize - first.len());
    for chunk in chunks {
        first.extend_from_slice(&chunk);
    }
    Ok(first)
}

/// Reads into `buf` until it is full or the reader ends; returns the bytes read.
fn fill(reader: &mut impl Read, buf: &mut [u8]) -> Result<usize, SourceError> {
    read_up_to(reader, buf).map_err(|e| SourceError::Io(format!("read error: {e}")))
}

/// Reads into `buf` until it is full or the input ends; how many bytes were read.
pub(super) fn read_up_to(reader: &mut impl Read, buf: &mut [u8]) -> io::Result<usize> {
    let mut got = 0;
    while got < buf.len() {
        match reader.read(&mut buf[got..]) {
            Ok(0) => break,
            Ok(n) => got += n,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
            Err(e) => return Err(e),
        }
    }
    Ok(got)
}

/// The smallest and largest chunk an item read past the room made for it takes at a time.
const READ_STEP: usize = 8 << 10;
const READ_CHUNK: usize = 1 << 20;

/// Room made up front for a member that says it holds `declared` bytes: at most the limit
/// and at most [`MAX_RESERVATION`] (a declared size is a claim: a zip64 member claiming 2^63
/// bytes under a limit of `u64::MAX` asked for more than any vector holds, and panicked);
/// a bigger member grows its buffer as it is read.
pub(super) fn reservation(declared: u64, max_bytes: u64) -> usize {
    declared
        .min(max_bytes)
        .saturating_add(1)
        .min(MAX_RESERVATION) as usize
}

/// See [`reservation`].
const MAX_RESERVATION: u64 = 64 << 20;

/// Why an encrypted archive member is not read: no password was given, or none of those
/// given opens it (a wrong password and damaged data read alike).
pub(super) fn encrypted_why(opts: &ReadOptions) -> String {
    match opts.passwords.len() {
        0 => "encrypted: a password is needed (--password)".to_string(),
        1 => "encrypted, and the password given does not open it (or its data is damaged)"
            .to_string(),
        n => format!(
            "encrypted, and none of the {n} passwords given opens it (or its data is damaged)"
        ),
    }
}

/// The first `len` bytes of a reader shared with other windows, each with its own position
/// (the volumes of a RAR set, the zips joined in one file).
pub(crate) struct Window<R> {
    inner: std::sync::Arc<std::sync::Mutex<R>>,
    /// Where the window begins in the reader.
    start: u64,
    /// The window's length (at most the reader's).
    pub(crate) len: u64,
    pos: u64,
}

impl<R: Read + Seek> Window<R> {
    /// A window on at most `len` bytes of `inner` (all of them for `u64::MAX`).
    pub(crate) fn new(inner: std::sync::Arc<std::sync::Mutex<R>>, len: u64) -> io::Result<Self> {
        Window::range(inner, 0, len)
    }

    /// A window on the bytes `start..end` of `inner` (to its end for `u64::MAX`).
    pub(crate) fn range(
        inner: std::sync::Arc<std::sync::Mutex<R>>,
        start: u64,
        end: u64,
    ) -> io::Result<Self> {
        let all = lock(&inner).seek(io::SeekFrom::End(0))?;
        let start = start.min(all);
        Ok(Window {
            inner,
            start,
            len: end.min(all).saturating_sub(start),
            pos: 0,
        })
    }
}

/// The reader behind a lock (one that a panic left poisoned is still a reader).
fn lock<R>(m: &std::sync::Mutex<R>) -> std::sync::MutexGuard<'_, R> {
    m.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
}

impl<R: Read + Seek> Read for Window<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let room = self.len.saturating_sub(self.pos).min(buf.len() as u64) as usize;
        if room == 0 {
            return Ok(0);
        }
        let mut inner = lock(&self.inner);
        inner.seek(io::SeekFrom::Start(self.start + self.pos))?;
        let n = inner.read(&mut buf[..room])?;
        self.pos += n as u64;
        Ok(n)
    }
}

impl<R: Read + Seek> Seek for Window<R> {
    fn seek(&mut self, to: io::SeekFrom) -> io::Result<u64> {
        let pos = match to {
            io::SeekFrom::Start(p) => Some(p),
            io::SeekFrom::End(d) => self.len.checked_add_signed(d),
            io::SeekFrom::Current(d) => self.pos.checked_add_signed(d),
        };
        self.pos =
            pos.ok_or_else(|| io::Error::new(io::ErrorKind::InvalidInput, "seek before 0"))?;
        Ok(self.pos)
    }
}
