//! Reading sources: files, directories (recursive, sorted), archives (`.zip`, `.7z`, `.tar`,
//! `.tar.gz`/`.tgz`, `.tar.bz2`, `.tar.xz`, `.tar.zst`, `.lzh`/`.lha` and Pandanet's `.ugz`,
//! `.rar` (with RAR's own volume sets, see [`super::rar`]), and single compressed SGF files
//! `.sgf.gz`, `.sgf.bz2`, `.sgf.xz`, `.sgf.zst`, each also split into numbered volumes, see
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

use std::fs::File;
use std::io::{self, BufRead, Read, Seek};
use std::path::{Path, PathBuf};

use super::rar;
use super::volumes::{self, open_input};

/// One input once expanded (see [`expand_inputs`]): a file to open, or what standard input
/// held.
#[derive(Debug, Clone)]
pub enum Input {
    /// A file, or the first volume of a split file or RAR volume set.
    Path(PathBuf),
    /// `-` given, and standard input held a game record or an archive rather than a list of
    /// paths: its bytes, read whole (at most the size limit). Its rows' `source` is
    /// [`STDIN_SOURCE`].
    Stdin(SharedBytes),
}

impl Input {
    /// The file to open; `None` for standard input's bytes.
    pub fn path(&self) -> Option<&Path> {
        match self {
            Input::Path(path) => Some(path),
            Input::Stdin(_) => None,
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
}

/// Why an input could not be read.
#[derive(Debug, Clone, PartialEq)]
pub enum SourceError {
    /// The path could not be read (missing, permission, symlink loop, not a regular file…).
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
            SourceError::Io(_) => "io_error",
            SourceError::Archive(_) => "archive_error",
            SourceError::TooLarge { .. } => "file_too_large",
            SourceError::Record(_) => "parse_error",
        }
    }

    pub fn message(&self) -> String {
        match self {
            SourceError::Io(m) | SourceError::Archive(m) | SourceError::Record(m) => m.clone(),
            SourceError::TooLarge { limit } => {
                format!(
                    "more than {limit} bytes once decompressed; skipped (limit: --max-file-bytes)"
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
    (".sgf.gz", InputKind::SgfCompressed(Codec::Gzip)),
    (".sgf.bz2", InputKind::SgfCompressed(Codec::Bzip2)),
    (".sgf.xz", InputKind::SgfCompressed(Codec::Xz)),
    (".sgf.zst", InputKind::SgfCompressed(Codec::Zstd)),
    (".zip", InputKind::Zip),
    (".7z", InputKind::SevenZ),
    (".tar", InputKind::Tar(None)),
    (".tar.gz", InputKind::Tar(Some(Codec::Gzip))),
    (".tgz", InputKind::Tar(Some(Codec::Gzip))),
    (".tar.bz2", InputKind::Tar(Some(Codec::Bzip2))),
    (".tbz2", InputKind::Tar(Some(Codec::Bzip2))),
    (".tar.xz", InputKind::Tar(Some(Codec::Xz))),
    (".txz", InputKind::Tar(Some(Codec::Xz))),
    (".tar.zst", InputKind::Tar(Some(Codec::Zstd))),
    (".tzst", InputKind::Tar(Some(Codec::Zstd))),
    (".lzh", InputKind::Lzh),
    (".lha", InputKind::Lzh),
    (".ugz", InputKind::Lzh),
    (".rar", InputKind::Rar),
    // archive formats with no well-kept pure-Rust reader, each an error row that says so
    (".arj", InputKind::Unsupported("ARJ")),
    (".cab", InputKind::Unsupported("CAB")),
];

/// Classifies a file name (case-insensitive). `None` for names that are not inputs.
pub fn classify(name: &str) -> Option<InputKind> {
    let n = name.to_ascii_lowercase();
    KINDS
        .iter()
        .find(|(end, _)| n.ends_with(end))
        .map(|&(_, kind)| kind)
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

/// Expands the command-line inputs into the ordered list of inputs to read: directories are
/// walked recursively in file-name order; `-` is standard input (see [`expand_inputs_noting`],
/// here held up to the default `--max-file-bytes`). Walk errors (permissions, symlink loops)
/// are returned in place as error paths.
pub fn expand_inputs(inputs: &[PathBuf]) -> Vec<Expanded> {
    expand_inputs_noting(
        inputs,
        super::Limits::default().max_file_bytes,
        &mut Skipped::new(),
    )
}

/// The files found in directories or archives that are neither SGF files nor archives,
/// counted by their name's ending (lowercase, `""` for none), and macOS's AppleDouble files
/// (under [`APPLE_DOUBLE`]): a folder or zip of Jago's `.xml` game records holds
/// games that are not read, which the summary then says.
pub type Skipped = std::collections::BTreeMap<String, u64>;

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
    let mut out = Vec::new();
    for input in inputs {
        if input.as_os_str() == STDIN_SOURCE {
            read_stdin(io::stdin().lock(), max_bytes, &mut out, skipped);
        } else {
            expand_one(input, &mut out, skipped);
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
    out
}

/// How much of standard input is looked at to tell a record or an archive from a list of
/// paths (a tar archive's signature lies at byte 257).
const STDIN_SNIFF: usize = 512;

/// Standard input as [`expand_inputs_noting`] reads it: the input it holds, or the paths it
/// lists.
fn read_stdin(
    mut stdin: impl Read,
    max_bytes: u64,
    out: &mut Vec<Expanded>,
    skipped: &mut Skipped,
) {
    let stdin_error = |e: SourceError| (STDIN_SOURCE.to_string(), stdin_message(e));
    let mut head = vec![0; STDIN_SNIFF];
    match fill(&mut stdin, &mut head) {
        Ok(n) => head.truncate(n),
        Err(e) => return out.push(Err(stdin_error(e))),
    }
    if !is_record_or_archive(&head) {
        let mut list = io::BufReader::new(head.as_slice().chain(stdin));
        return stdin_paths(&mut list, out, skipped);
    }
    out.push(
        read_limited(head.as_slice().chain(stdin), max_bytes)
            .map(|bytes| Input::Stdin(SharedBytes(std::sync::Arc::new(bytes))))
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
/// bytes), or SGF text — a `(` then a `;` (after a byte-order mark and white space). A path
/// may begin with `(` (`(1) Honinbo/game.sgf`), never with `(;`.
fn is_record_or_archive(head: &[u8]) -> bool {
    if sniff(head).is_some() || is_executable(head) || stdin_record(head).is_some() {
        return true;
    }
    // a list of paths is text: a control byte other than a tab or a line end is data
    if head
        .iter()
        .any(|&b| b < 0x20 && !matches!(b, b'\t' | b'\n' | b'\r'))
    {
        return true;
    }
    let text = text_start(head);
    text.starts_with(b"(") && text[1..].trim_ascii_start().starts_with(b";")
}

/// `head` past a UTF-8 byte-order mark and white space: where a text record's first
/// character stands.
fn text_start(head: &[u8]) -> &[u8] {
    head.strip_prefix(b"\xEF\xBB\xBF")
        .unwrap_or(head)
        .trim_ascii_start()
}

/// Another server's record format on standard input, known by how it begins: Tygem's GIB
/// (`\HS` or `\[GIBOKIND=`), Pandanet's UGF (`[Header]`). WBaduk's NGF begins with free text
/// (the game's title) and is known by its name only.
fn stdin_record(head: &[u8]) -> Option<InputKind> {
    let text = text_start(head);
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
fn stdin_paths(list: &mut impl BufRead, out: &mut Vec<Expanded>, skipped: &mut Skipped) {
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
                    expand_one(&path_from_bytes(l), out, skipped);
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
fn path_from_bytes(b: &[u8]) -> PathBuf {
    use std::os::unix::ffi::OsStrExt;
    PathBuf::from(std::ffi::OsStr::from_bytes(b))
}

#[cfg(not(unix))]
fn path_from_bytes(b: &[u8]) -> PathBuf {
    PathBuf::from(String::from_utf8_lossy(b).into_owned())
}

/// A path as text for the `source` column: as written, but each byte that is no part of
/// UTF-8 as `\xNN` (a lossy `�` made two names in Latin-1 or Shift_JIS one, and hid which
/// file a row came from).
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

/// Bytes as text, each byte that is no part of UTF-8 written `\xNN`.
pub(super) fn bytes_text(bytes: &[u8]) -> String {
    let mut text = String::with_capacity(bytes.len());
    for chunk in bytes.utf8_chunks() {
        text.push_str(chunk.valid());
        for b in chunk.invalid() {
            text.push_str(&format!("\\x{b:02X}"));
        }
    }
    text
}

fn expand_one(path: &Path, out: &mut Vec<Expanded>, skipped: &mut Skipped) {
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
                    {
                        out.push(Ok(e.into_path().into()));
                    } else {
                        pass_over(skipped, &name);
                    }
                }
                Err(e) => {
                    let at = e.path().map(path_text).unwrap_or_else(|| path_text(path));
                    out.push(Err((at.clone(), SourceError::Io(format!("{at}: {e}")))));
                }
            }
        }
    } else {
        let head = volumes::set_head(path).or_else(|| rar::set_head(path));
        out.push(Ok(head.unwrap_or_else(|| path.to_path_buf()).into()));
    }
}

/// Counts the SGF items a list of paths will yield (the progress bar's total): plain files
/// count one, zips are counted from their central directory, 7z, LZH and RAR archives from
/// their headers, and tar archives by reading them through once (a compressed one is
/// decompressed for it, a small cost beside the audit's). An archive that cannot be read
/// counts one, its error row.
pub fn count_items(paths: &[Expanded]) -> u64 {
    count_items_with(paths, &[])
}

/// [`count_items`], the headers of 7z and RAR archives whose list of files is encrypted
/// opened with the first of `passwords` that does (without one, such an archive counts one).
pub fn count_items_with(paths: &[Expanded], passwords: &[String]) -> u64 {
    paths
        .iter()
        .map(|p| match p {
            Ok(Input::Path(path)) => items_of(path, passwords),
            Ok(Input::Stdin(bytes)) => bytes_game_members(bytes, passwords).unwrap_or(1).max(1),
            Err(_) => 1,
        })
        .sum()
}

/// The items one path yields, for [`count_items_with`]. A file of no known ending (named as
/// an input, as `games.exe`) whose bytes begin as an archive, or are a program holding one (a
/// self-extracting archive), counts that archive's games, as it is read; files named as SGF
/// are not opened for this (a directory may hold a million).
fn items_of(path: &Path, passwords: &[String]) -> u64 {
    if let Some(set) = rar::volume_set(path) {
        return rar::set_game_members(&set, passwords).unwrap_or(1).max(1);
    }
    let reopen = || open_input(path).ok().map(|(_, f)| f);
    let games = match volumes::kind_of(path) {
        kind if kind.is_archive() => {
            reopen().and_then(|file| archive_game_members(kind, file, reopen, passwords))
        }
        InputKind::Sgf if classify(&path.to_string_lossy()).is_none() => {
            sniffed_game_members(path, passwords)
        }
        _ => None,
    };
    games.unwrap_or(1).max(1)
}

/// How many games the archive of `kind` read from `reader` holds, from its headers (`reopen`
/// reads it again from the start, for a RAR archive whose headers are encrypted).
fn archive_game_members<R: Read + Seek + Send + 'static>(
    kind: InputKind,
    reader: R,
    reopen: impl FnMut() -> Option<R>,
    passwords: &[String],
) -> Option<u64> {
    match kind {
        InputKind::Zip => zip_game_members(reader),
        InputKind::SevenZ => seven_z_game_members(reader, passwords),
        InputKind::Tar(codec) => tar_game_members(reader, codec),
        InputKind::Lzh => lzh_game_members(reader),
        InputKind::Rar => rar::rar_game_members(reader, reopen, passwords),
        _ => None,
    }
}

/// [`archive_game_members`] of a file named as SGF whose bytes are an archive ([`sniff`]) or
/// a program holding one ([`embedded_archive`]); `None` for an SGF file.
fn sniffed_game_members(path: &Path, passwords: &[String]) -> Option<u64> {
    let reopen = || open_input(path).ok().map(|(_, f)| f);
    let mut file = reopen()?;
    let mut head = [0u8; 512];
    let n = fill(&mut file, &mut head).ok()?;
    if let Some(kind) = sniff(&head[..n]).filter(|k| k.is_archive()) {
        file.rewind().ok()?;
        return archive_game_members(kind, file, reopen, passwords);
    }
    if !is_executable(&head[..n]) {
        return None;
    }
    embedded_game_members(&std::fs::read(path).ok()?, passwords)
}

/// [`archive_game_members`] of bytes held in memory (standard input): an archive, or a
/// program holding one; `None` for SGF text or a compressed file.
fn bytes_game_members(bytes: &SharedBytes, passwords: &[String]) -> Option<u64> {
    if let Some(kind) = sniff(bytes.as_ref()).filter(|k| k.is_archive()) {
        let open = || Some(io::Cursor::new(bytes.clone()));
        return archive_game_members(kind, open()?, open, passwords);
    }
    if !is_executable(bytes.as_ref()) {
        return None;
    }
    embedded_game_members(bytes.as_ref(), passwords)
}

/// [`archive_game_members`] of the archive inside a self-extracting program's `bytes`.
fn embedded_game_members(bytes: &[u8], passwords: &[String]) -> Option<u64> {
    let (kind, at) = embedded_archive(bytes)?;
    let archive = || Some(io::Cursor::new(bytes[at..].to_vec()));
    archive_game_members(kind, archive()?, archive, passwords)
}

/// How many members of the zip archive `reader` are games, from its central directory: an
/// archive inside counts one (its items are not known); the Finder's AppleDouble files are
/// passed over.
fn zip_game_members(reader: impl Read + Seek) -> Option<u64> {
    let zip = zip::ZipArchive::new(io::BufReader::new(reader)).ok()?;
    let games = zip.file_names().filter(|n| {
        n.as_ref()
            .is_ok_and(|n| classify(n).is_some() && !n.starts_with("__MACOSX/"))
    });
    Some(games.count() as u64)
}

/// How many members of the 7z archive `reader` are games, from its header; when the header
/// is encrypted, read with the first of `passwords` that opens it.
fn seven_z_game_members(reader: impl Read + Seek, passwords: &[String]) -> Option<u64> {
    use sevenz_rust2::{Archive, Password};
    let mut reader = io::BufReader::new(reader);
    let mut read = |password: &Password| {
        reader.rewind().ok()?;
        Archive::read_with_memory_limit(&mut reader, password, SEVEN_Z_MEMORY_KB).ok()
    };
    let archive = read(&Password::empty())
        .or_else(|| passwords.iter().find_map(|p| read(&Password::new(p))))?;
    Some(archive.files.iter().filter(|e| sgf_entry(e)).count() as u64)
}

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
        let go_on = match p {
            Err((source, e)) => sink(InputItem {
                source: source.clone(),
                member: None,
                data: Err(e.clone()),
            }),
            Ok(Input::Path(path)) => read_path(path, opts, skipped, sink),
            Ok(Input::Stdin(bytes)) => read_stdin_bytes(bytes, opts, skipped, sink),
        };
        if !go_on {
            return;
        }
    }
}

/// Reads what standard input held, as a file of no known name is read: an archive or
/// compressed stream as what it is, a program as the archive it holds, else SGF text.
fn read_stdin_bytes(
    bytes: &SharedBytes,
    opts: &ReadOptions,
    skipped: &mut Skipped,
    sink: &mut dyn FnMut(InputItem) -> bool,
) -> bool {
    // an archive is read from the shared bytes; records and programs are copied out
    let kind = sniff(bytes.as_ref())
        .or_else(|| stdin_record(bytes.as_ref()))
        .unwrap_or(InputKind::Sgf);
    let reader = io::Cursor::new(bytes.clone());
    read_kind(STDIN_SOURCE, kind, reader, opts, 0, skipped, sink)
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
    };
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
    };
    match kind {
        InputKind::Sgf => match read_sized(reader, max_bytes) {
            // an archive or a compressed file saved under an SGF name: read as what it is
            Ok(bytes) => match sniff(&bytes) {
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
        InputKind::SgfCompressed(codec) => sink(item(
            decompressed(codec, reader).and_then(|r| read_limited(r, max_bytes)),
        )),
        InputKind::Zip => read_zip(source, reader, opts, depth, skipped, sink),
        InputKind::SevenZ => read_7z(source, reader, opts, depth, skipped, sink),
        InputKind::Tar(None) => read_tar(source, reader, opts, depth, skipped, sink),
        InputKind::Lzh => read_lzh(source, reader, opts, depth, skipped, sink),
        InputKind::Rar => rar::read_rar(source, reader, opts, depth, skipped, sink),
        InputKind::Tar(Some(codec)) => match decompressed(codec, reader) {
            Ok(r) => read_tar(source, r, opts, depth, skipped, sink),
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
/// `MultiGzDecoder` read them), then the end, whatever follows the last member that is no
/// gzip header: the zeros a tape or block device pads a file with, or other trailing bytes,
/// which `gzip -d` ignores with a warning (`MultiGzDecoder` failed on them, and the whole
/// file was lost).
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
            }
        }
        Ok(0)
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

/// A read error of member `name` of the archive at `source`, as an archive error naming both
/// (a size limit stays what it is).
pub(super) fn member_error(source: &str, name: &str, e: SourceError) -> SourceError {
    match e {
        SourceError::Io(m) | SourceError::Archive(m) => {
            SourceError::Archive(format!("{source}::{name}: {m}"))
        }
        other => other,
    }
}

/// An item that is an error of the archive at `source` as a whole (no member of its own).
pub(super) fn archive_error(source: &str, message: String) -> InputItem {
    InputItem {
        source: source.to_string(),
        member: None,
        data: Err(SourceError::Archive(message)),
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
        (None | Some(InputKind::Sgf), Ok(bytes)) => sniff(bytes).unwrap_or(InputKind::Sgf),
        (kind, _) => kind.unwrap_or(InputKind::Sgf),
    };
    let bytes = match data {
        Ok(bytes) if kind != InputKind::Sgf => bytes,
        data => {
            return sink(InputItem {
                source: source.to_string(),
                member: Some(name),
                data,
            })
        }
    };
    // a compressed SGF is one file, not an archive holding others: it opens at any depth
    if kind.is_archive() && depth + 1 >= MAX_NESTING {
        return sink(InputItem {
            source: source.to_string(),
            member: Some(name.clone()),
            data: Err(SourceError::Archive(format!(
                "{source}::{name}: archives nested more than {MAX_NESTING} deep are not read"
            ))),
        });
    }
    let label = format!("{source}::{name}");
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

/// What bytes named as SGF really are when they begin as an archive or a compressed stream
/// does (a download saved under the wrong name, a server that gzips what it calls `.sgf`):
/// zip, 7z, RAR, tar, LZH (and Pandanet's `.ugz`), or one file compressed with gzip, bzip2, xz
/// or zstd. SGF text never begins with these bytes (a game tree's `(`, text before it, or a
/// byte-order mark), so no SGF file is read otherwise than before.
fn sniff(bytes: &[u8]) -> Option<InputKind> {
    const BZIP2_BLOCK: [u8; 6] = [0x31, 0x41, 0x59, 0x26, 0x53, 0x59];
    let kind = if bytes.starts_with(b"PK\x03\x04") || bytes.starts_with(b"PK\x05\x06") {
        InputKind::Zip
    } else if bytes.starts_with(&[b'7', b'z', 0xBC, 0xAF, 0x27, 0x1C]) {
        InputKind::SevenZ
    } else if bytes.starts_with(b"Rar!\x1a\x07") {
        InputKind::Rar
    } else if bytes.get(257..262) == Some(b"ustar".as_slice()) {
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
fn lzh_method_at(bytes: &[u8], at: usize) -> bool {
    bytes
        .get(at..at + 5)
        .is_some_and(|m| m[0] == b'-' && m[1] == b'l' && m[4] == b'-')
}

/// How far into an executable a self-extracting archive's data is looked for (RAR's own
/// bound: the largest SFX modules, installers with a runtime, put it past 1 MiB).
const SFX_SCAN_LIMIT: usize = rars::SFX_SCAN_LIMIT;

/// Whether `bytes` begin as a program does: a DOS or Windows (`MZ`, its header holding zero
/// bytes, which no text does: an SGF file with text before its game may begin with "MZ") or
/// an ELF executable. A self-extracting archive is one, its archive appended to the program
/// that unpacks it; game collections were passed around so (`games.exe`), and read as SGF
/// each made rows of garbage.
fn is_executable(bytes: &[u8]) -> bool {
    let dos_header = &bytes[..bytes.len().min(64)];
    (bytes.starts_with(b"MZ") && dos_header.contains(&0)) || bytes.starts_with(b"\x7fELF")
}

/// Whether the file at `path`, found walking a directory and named `name`, is a
/// self-extracting archive: named `.exe`, a program ([`is_executable`]) holding an archive
/// ([`embedded_archive`]). Such a file is read as the archive; any other program in a
/// directory is passed over, as before (a viewer or an installer beside the games is no
/// error). Only `.exe` files are opened for this, and read whole only when they begin as a
/// program and are no larger than the default `--max-file-bytes` (a larger one, an
/// installer, is passed over unread: memory stays bounded).
fn holds_an_archive(path: &Path, name: &str) -> bool {
    if !name.to_ascii_lowercase().ends_with(".exe")
        || std::fs::metadata(path)
            .map_or(true, |m| m.len() > super::Limits::default().max_file_bytes)
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
fn embedded_archive(bytes: &[u8]) -> Option<(InputKind, usize)> {
    const RAR: &[u8] = b"Rar!\x1a\x07";
    const SEVEN_Z: &[u8] = &[b'7', b'z', 0xBC, 0xAF, 0x27, 0x1C];
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
    let base = base_name(name);
    let ending = match base.rfind('.') {
        Some(dot) if dot > 0 => base[dot..].to_ascii_lowercase(),
        _ => String::new(),
    };
    *skipped.entry(ending).or_default() += 1;
}

/// Opens a path only if it is a regular file (a FIFO would block the run forever).
pub(super) fn open_regular(path: &Path) -> Result<File, SourceError> {
    let meta =
        std::fs::metadata(path).map_err(|e| SourceError::Io(format!("{}: {e}", path.display())))?;
    if !meta.is_file() {
        return Err(SourceError::Io(format!(
            "{}: not a regular file (directory inputs are walked; FIFOs and devices are not read)",
            path.display()
        )));
    }
    File::open(path).map_err(|e| SourceError::Io(format!("{}: {e}", path.display())))
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
    let mut filled = 0;
    while filled < buf.len() {
        match reader.read(&mut buf[filled..]) {
            Ok(0) => break,
            Ok(n) => filled += n,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
            Err(e) => return Err(SourceError::Io(format!("read error: {e}"))),
        }
    }
    Ok(filled)
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

fn read_zip<R: Read + io::Seek>(
    source: &str,
    file: R,
    opts: &ReadOptions,
    depth: u8,
    skipped: &mut Skipped,
    sink: &mut dyn FnMut(InputItem) -> bool,
) -> bool {
    let max_bytes = opts.max_bytes;
    let mut archive = match zip::ZipArchive::new(io::BufReader::new(file)) {
        Ok(a) => a,
        Err(e) => {
            return sink(archive_error(
                source,
                format!("{source}: not a readable zip: {e}"),
            ))
        }
    };
    let mut inflater = MemberInflater::default();
    // the password that opened the last encrypted member: tried first on the next
    let mut last_password = 0;
    // where each member read so far lies in the file: start → (end, name)
    let mut spans: std::collections::BTreeMap<u64, (u64, String)> = Default::default();
    for i in 0..archive.len() {
        // Deflated members are inflated here with one decompressor for the whole archive
        // (zip's own reader sets one up per member: ~15,000 instructions and fresh buffers
        // each, for members of about 1.4 KB); other methods go through zip's reader, in a
        // second look at the member once the raw one has ended.
        let step = match archive.by_index_raw(i) {
            Ok(mut entry) => match sgf_member_name(&entry, i) {
                None => {
                    if !entry.is_dir() {
                        pass_over(skipped, &entry.name().unwrap_or_default());
                    }
                    Member::Skip
                }
                Some(name) => match overlapped(&mut spans, &entry, &name) {
                    Some(other) => {
                        let message = format!(
                            "its data overlaps that of {other} (a crafted archive, as in a \
                             zip bomb); not read"
                        );
                        Member::Read(name, Err(SourceError::Archive(message)))
                    }
                    None if entry.encrypted() => Member::Encrypted(name),
                    None if entry.compression() == zip::CompressionMethod::Deflated => {
                        let (size, crc) = (entry.size(), entry.crc32());
                        let data = inflater.inflate(&mut entry, size, crc, max_bytes);
                        Member::Read(name, data)
                    }
                    None => Member::ViaZip(Some(name)),
                },
            },
            Err(_) => Member::ViaZip(None),
        };
        let (name, data) = match step {
            Member::Skip => continue,
            Member::Read(name, data) => (name, data),
            Member::Encrypted(name) => {
                let data = decrypt_zip_member(&mut archive, i, opts, &mut last_password);
                (name, data)
            }
            Member::ViaZip(known) => match archive.by_index(i) {
                Ok(entry) => {
                    let Some(name) = sgf_member_name(&entry, i) else {
                        continue;
                    };
                    let size = entry.size();
                    (name, read_limited_sized(entry, max_bytes, size))
                }
                // its name was read from the raw entry
                Err(e) => (
                    known.unwrap_or_else(|| format!("#{i}")),
                    Err(SourceError::Archive(format!("cannot open: {e}"))),
                ),
            },
        };
        let data = data.map_err(|e| member_error(source, &name, e));
        if !hand_on(source, name, data, opts, depth, skipped, sink) {
            return false;
        }
    }
    // zip's reader keeps one member per name, the last: the others would be lost without a
    // word (an archive appended to, `zip -g`)
    if archive.has_duplicate_names() {
        return sink(archive_error(
            source,
            format!(
                "{source}: the central directory names some members more than once; only the \
                 last member of each name was read"
            ),
        ));
    }
    true
}

/// The member already read whose bytes in the file overlap those of `entry` (its local header
/// and compressed data), if any; otherwise `entry`'s span is recorded. Members of a sound zip
/// lie apart; central directory entries that share data make a small file decompress to a
/// great many members (Info-ZIP's `unzip` refuses them too).
fn overlapped<R: Read + ?Sized>(
    spans: &mut std::collections::BTreeMap<u64, (u64, String)>,
    entry: &zip::read::ZipFile<'_, R>,
    name: &str,
) -> Option<String> {
    let start = entry.header_start();
    let end = entry
        .data_start()
        .unwrap_or(start)
        .saturating_add(entry.compressed_size())
        .max(start + 1);
    let before = spans.range(..=start).next_back();
    let after = spans.range(start..end).next();
    if let Some((_, (_, other))) = before.filter(|(_, (e, _))| *e > start).or(after) {
        return Some(other.clone());
    }
    spans.insert(start, (end, name.to_string()));
    None
}

/// What [`read_zip`] does with one member.
enum Member {
    /// A directory or a file that is neither SGF nor an archive.
    Skip,
    /// Inflated: the member's name and bytes (or why they could not be read).
    Read(String, Result<Vec<u8>, SourceError>),
    /// Encrypted (ZipCrypto or AES): decrypted with the first password that opens it.
    Encrypted(String),
    /// Stored or otherwise not plainly deflated: zip's reader decodes it (the member's name
    /// when the raw entry could be read).
    ViaZip(Option<String>),
}

/// The bytes of the encrypted member `i` of `archive`, decrypted with the first of the
/// passwords that opens it and reads to an end whose CRC-32 (ZipCrypto) or authentication
/// code (AES) checks: a wrong ZipCrypto password passes the one-byte check of the header once
/// in 256 tries, and then fails there. The passwords are tried from `last` on (the one that
/// opened the member before, which becomes this member's): an AES member costs a key
/// derivation for each password tried (**choice**: 6,967 Tygem games in a zip made by 7-Zip
/// with AES-256, `--playouts 1`, the right password given second: 10.8 s trying each member
/// from the first password, 5.6 s from the last that worked, 5.8 s with the right one alone;
/// 0.9 s unencrypted).
fn decrypt_zip_member<R: Read + io::Seek>(
    archive: &mut zip::ZipArchive<R>,
    i: usize,
    opts: &ReadOptions,
    last: &mut usize,
) -> Result<Vec<u8>, SourceError> {
    let n = opts.passwords.len();
    for k in (0..n).map(|k| (k + *last) % n) {
        let password = &opts.passwords[k];
        let entry = match archive.by_index_decrypt(i, password.as_bytes()) {
            Ok(entry) => entry,
            Err(zip::result::ZipError::InvalidPassword) => continue,
            Err(e) => return Err(SourceError::Archive(format!("cannot open: {e}"))),
        };
        let size = entry.size();
        match read_limited_sized(entry, opts.max_bytes, size) {
            Ok(bytes) => {
                *last = k;
                return Ok(bytes);
            }
            Err(e @ SourceError::TooLarge { .. }) => return Err(e),
            Err(_) => continue,
        }
    }
    Err(SourceError::Archive(encrypted_why(opts)))
}

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

/// The member's name (`#i` when it is not valid text), or `None` for a directory or a file
/// that is neither SGF nor an archive.
fn sgf_member_name<R: Read + ?Sized>(
    entry: &zip::read::ZipFile<'_, R>,
    i: usize,
) -> Option<String> {
    let name = match entry.name() {
        Ok(n) => n.into_owned(),
        Err(_) => format!("#{i}"),
    };
    (!entry.is_dir() && classify(&name).is_some()).then_some(name)
}

/// Inflates deflated zip members with one raw-deflate decompressor and one input buffer
/// reused across the archive, checking each member's size limit and CRC-32 as zip's own
/// reader does.
#[derive(Default)]
struct MemberInflater {
    state: Option<flate2::Decompress>,
    compressed: Vec<u8>,
}

impl MemberInflater {
    fn inflate(
        &mut self,
        member: &mut impl Read,
        size: u64,
        crc: u32,
        max_bytes: u64,
    ) -> Result<Vec<u8>, SourceError> {
        self.compressed.clear();
        // no deflate stream of `max_bytes` is longer than twice that (15-bit codes for
        // 8-bit bytes, plus block headers): a longer member is refused without reading it
        // all (a 600 MB member was read whole to be refused under a limit of 1 MB)
        let most = max_bytes.saturating_mul(2).saturating_add(1 << 20);
        member
            .take(most.saturating_add(1))
            .read_to_end(&mut self.compressed)
            .map_err(|e| SourceError::Io(format!("read error: {e}")))?;
        if self.compressed.len() as u64 > most {
            self.compressed = Vec::new();
            return Err(SourceError::TooLarge { limit: max_bytes });
        }
        let state = self
            .state
            .get_or_insert_with(|| flate2::Decompress::new(false));
        state.reset(false);
        let limit = usize::try_from(max_bytes)
            .unwrap_or(usize::MAX)
            .saturating_add(1);
        let mut out = Vec::with_capacity(reservation(size, max_bytes));
        loop {
            if out.len() == out.capacity() {
                // room up to one byte past the limit, so that a bomb shows itself as one
                let room = out
                    .capacity()
                    .max(4096)
                    .min(limit.saturating_sub(out.len()));
                out.reserve(room.max(1));
            }
            let (before_in, before_out) = (state.total_in(), state.total_out());
            let status = state
                .decompress_vec(
                    &self.compressed[before_in as usize..],
                    &mut out,
                    flate2::FlushDecompress::Finish,
                )
                .map_err(|e| SourceError::Io(format!("corrupt deflate stream: {e}")))?;
            if out.len() as u64 > max_bytes {
                return Err(SourceError::TooLarge { limit: max_bytes });
            }
            if status == flate2::Status::StreamEnd {
                break;
            }
            let stuck = state.total_in() == before_in && state.total_out() == before_out;
            if stuck && out.len() < out.capacity() {
                // no progress with room to spare: the input ended before the stream did
                return Err(SourceError::Io("truncated deflate stream".into()));
            }
        }
        if out.len() as u64 != size {
            return Err(SourceError::Io(format!(
                "inflated to {} bytes, the archive says {size}",
                out.len()
            )));
        }
        if crc32fast::hash(&out) != crc {
            return Err(SourceError::Io("CRC-32 mismatch".into()));
        }
        Ok(out)
    }
}

/// The most memory a 7z decoder may take for its dictionary or model, and for the archive's
/// header, in KiB: 7-Zip 25's strongest preset (`-mx9`) packs a large collection with a 128
/// MiB dictionary, which its decoder takes with 1 MiB more; a bigger one (up to 1.5 GiB with
/// `-md`) would break the scan's bound on memory, and such an archive is an error row that
/// says so (**choice**: peak RSS of a scan of the Tygem games packed with `-mx9`: see
/// README, Measured).
const SEVEN_Z_MEMORY_KB: usize = 136 << 10;

/// A 7z reader's error in words, the memory limit's with what to do about it.
fn seven_z_error(e: &sevenz_rust2::Error) -> String {
    match e {
        sevenz_rust2::Error::MaxMemLimited { actaul_kb, .. } => format!(
            "its decoder needs {} MiB, more than the {} MiB a scan allows \
             (repack it with a dictionary of 128 MiB or less, as 7-Zip's -mx9 makes)",
            actaul_kb.div_ceil(1024),
            SEVEN_Z_MEMORY_KB / 1024
        ),
        e => e.to_string(),
    }
}

/// Whether a 7z reader's error says the data is encrypted and needs a password, or another
/// one.
fn encrypted(e: &sevenz_rust2::Error) -> bool {
    matches!(
        e,
        sevenz_rust2::Error::PasswordRequired | sevenz_rust2::Error::MaybeBadPassword(_)
    )
}

/// A 7z reader of `reader` with `password`, within the scan's memory bound.
fn open_7z<R: Read + io::Seek>(
    reader: R,
    password: sevenz_rust2::Password,
) -> Result<sevenz_rust2::ArchiveReader<io::BufReader<R>>, sevenz_rust2::Error> {
    let mut archive = sevenz_rust2::ArchiveReader::new_with_memory_limit(
        io::BufReader::new(reader),
        password,
        SEVEN_Z_MEMORY_KB,
    )?;
    // the scan's own threads are busy scoring
    archive.set_thread_count(1);
    Ok(archive)
}

/// The password to read the 7z archive `reader` with, `opts.passwords` not empty: none when
/// nothing in it is encrypted; else the first of them that opens its list of files (when
/// that is encrypted) and decodes its first encrypted member whole, CRC-32 checked (a wrong
/// AES key decodes to garbage that fails there); none again when no password does, and the
/// encrypted members become rows that say so. An error when the archive cannot be read at
/// all, or its list of files is encrypted and no password opens it.
fn seven_z_password<R: Read + io::Seek>(
    reader: &mut R,
    opts: &ReadOptions,
) -> Result<sevenz_rust2::Password, sevenz_rust2::Error> {
    use sevenz_rust2::Password;
    let rewind = |r: &mut R| {
        r.rewind()
            .map_err(|e| sevenz_rust2::Error::Io(e, "rewind".into()))
    };
    let listed = match open_7z(&mut *reader, Password::empty()) {
        Ok(archive) => {
            let files = archive.archive().files.len();
            if !(0..files).any(|i| archive.archive().is_file_encrypted(i)) {
                return Ok(Password::empty());
            }
            true
        }
        Err(e) if encrypted(&e) => false,
        Err(e) => return Err(e),
    };
    let mut last = None;
    for password in &opts.passwords {
        rewind(reader)?;
        match open_7z(&mut *reader, Password::new(password)) {
            Ok(archive) => {
                if decodes_first_encrypted(archive, opts.max_bytes) {
                    return Ok(Password::new(password));
                }
            }
            Err(e) => last = Some(e),
        }
    }
    match (listed, last) {
        (true, _) | (false, None) => Ok(Password::empty()),
        (false, Some(e)) => Err(e),
    }
}

/// Whether the first encrypted member of `archive` (in the order its reader visits them)
/// decodes whole, its CRC-32 checked: the test of a 7z password. A member over `max_bytes`
/// is not decoded, and the password is taken on trust.
fn decodes_first_encrypted<R: Read + io::Seek>(
    mut archive: sevenz_rust2::ArchiveReader<R>,
    max_bytes: u64,
) -> bool {
    use sevenz_rust2::EntryDecision;
    let mut entries = SevenZEntries::new(archive.archive());
    let blocks = &archive.archive().stream_map.file_block_index;
    let Some(target) = entries
        .order
        .iter()
        .map(|&i| i as usize)
        .find(|&i| archive.archive().is_file_encrypted(i) && blocks[i].is_some())
    else {
        return true;
    };
    if archive.archive().files[target].size() > max_bytes {
        return true;
    }
    // the members sharing the target's block are decoded through; the others are skipped
    let beside: Vec<bool> = blocks.iter().map(|&b| b == blocks[target]).collect();
    let mut cursor = 0;
    let mut whole = false;
    let _ = archive.for_each_entries_with_decision(|entry, data| {
        let index = entries.index_of(entry, &mut cursor);
        if index == Some(target) {
            let size = entry.size();
            whole = read_limited_sized(data, max_bytes, size)
                .is_ok_and(|bytes| bytes.len() as u64 == size);
            return Ok(EntryDecision::Stop);
        }
        Ok(match index {
            Some(i) if beside[i] => EntryDecision::Continue,
            _ => EntryDecision::SkipBlock,
        })
    });
    whole
}

/// Whether a 7z entry is a file whose name makes it an input (an SGF file or an archive).
fn sgf_entry(entry: &sevenz_rust2::ArchiveEntry) -> bool {
    !entry.is_directory() && !entry.is_anti_item() && classify(entry.name()).is_some()
}

/// The entries of a 7z archive as its reader visits them: block by block, each block's
/// entries with data in the archive's order, then the entries without data (empty files,
/// directories). Kept as indices and a checksum of each name rather than names, so that an
/// archive of a million games costs a few megabytes here.
struct SevenZEntries {
    /// Entry indices in visiting order.
    order: Vec<u32>,
    /// Per entry: CRC-32 of its name, to check that the visit follows `order`.
    name_crc: Vec<u32>,
    /// Per entry: whether it is an input ([`sgf_entry`]).
    wanted: Vec<bool>,
}

impl SevenZEntries {
    fn new(archive: &sevenz_rust2::Archive) -> Self {
        let block = &archive.stream_map.file_block_index;
        let n = archive.files.len() as u32;
        let mut order: Vec<u32> = (0..n)
            .filter(|&i| block[i as usize].is_some() && archive.files[i as usize].has_stream)
            .collect();
        order.sort_by_key(|&i| (block[i as usize], i));
        order.extend((0..n).filter(|&i| block[i as usize].is_none()));
        SevenZEntries {
            order,
            name_crc: archive
                .files
                .iter()
                .map(|e| crc32fast::hash(e.name().as_bytes()))
                .collect(),
            wanted: archive.files.iter().map(sgf_entry).collect(),
        }
    }

    /// The index of `entry`, the next one visited: the entry at `cursor` in the visiting
    /// order, or (should the reader ever visit in another order) the first entry of that
    /// name not yet visited, searched for and swapped in.
    fn index_of(
        &mut self,
        entry: &sevenz_rust2::ArchiveEntry,
        cursor: &mut usize,
    ) -> Option<usize> {
        let crc = crc32fast::hash(entry.name().as_bytes());
        let at = *self.order.get(*cursor)? as usize;
        *cursor += 1;
        if self.name_crc[at] == crc {
            return Some(at);
        }
        let k = self.order[*cursor..]
            .iter()
            .position(|&i| self.name_crc[i as usize] == crc)?;
        self.order.swap(*cursor - 1, *cursor + k);
        Some(self.order[*cursor - 1] as usize)
    }
}

/// Reads a 7z archive: its entries in the order they are stored, solid blocks decoded once
/// from start to end. Every SGF-like entry gets an item: its bytes, or why they could not be
/// read — a member over the size limit (the rest of its solid block is then abandoned, not
/// decoded to no end, and each member in it named), a checksum that does not match, an
/// encrypted or unknown method, or an archive damaged before the member.
fn read_7z<R: Read + io::Seek>(
    source: &str,
    mut reader: R,
    opts: &ReadOptions,
    depth: u8,
    skipped: &mut Skipped,
    sink: &mut dyn FnMut(InputItem) -> bool,
) -> bool {
    let max_bytes = opts.max_bytes;
    use sevenz_rust2::EntryDecision;
    // without passwords there is nothing to choose: the archive is opened once
    let chosen = if opts.passwords.is_empty() {
        Ok(sevenz_rust2::Password::empty())
    } else {
        seven_z_password(&mut reader, opts).and_then(|password| {
            reader
                .rewind()
                .map(|()| password)
                .map_err(|e| sevenz_rust2::Error::Io(e, "rewind".into()))
        })
    };
    let mut archive = match chosen.and_then(|password| open_7z(reader, password)) {
        Ok(a) => a,
        Err(e) if encrypted(&e) => {
            return sink(archive_error(
                source,
                format!("{source}: its list of files is {}", encrypted_why(opts)),
            ))
        }
        Err(e) => {
            return sink(archive_error(
                source,
                format!("{source}: not a readable 7z: {}", seven_z_error(&e)),
            ))
        }
    };
    let mut entries = SevenZEntries::new(archive.archive());
    let mut handed = vec![false; entries.wanted.len()];
    let mut cursor = 0;
    let mut skipped_after: Option<String> = None;
    let mut go_on = true;
    let result = archive.for_each_entries_with_decision(|entry, data| {
        let index = entries.index_of(entry, &mut cursor);
        if !sgf_entry(entry) {
            if !entry.is_directory() && !entry.is_anti_item() {
                pass_over(skipped, entry.name());
            }
            return Ok(EntryDecision::Continue);
        }
        if let Some(i) = index {
            handed[i] = true;
        }
        let name = entry.name().to_string();
        let size = entry.size();
        let (data, decision) = if size > max_bytes {
            // decoding it to its end to reach the members after it would be a bomb's work
            skipped_after = Some(name.clone());
            (
                Err(SourceError::TooLarge { limit: max_bytes }),
                EntryDecision::SkipBlock,
            )
        } else {
            // the reader checks the member's CRC-32 as it ends
            let data = read_limited_sized(data, max_bytes, size).and_then(|bytes| {
                if bytes.len() as u64 == size {
                    Ok(bytes)
                } else {
                    Err(SourceError::Io(format!(
                        "decoded to {} bytes, the archive says {size}",
                        bytes.len()
                    )))
                }
            });
            // a damaged member leaves its block's decoder where it cannot go on
            let decision = if data.is_ok() {
                EntryDecision::Continue
            } else {
                skipped_after = Some(name.clone());
                EntryDecision::SkipBlock
            };
            (data, decision)
        };
        let data = data.map_err(|e| member_error(source, &name, e));
        go_on = hand_on(source, name, data, opts, depth, skipped, sink);
        Ok(if go_on { decision } else { EntryDecision::Stop })
    });
    if !go_on {
        return false;
    }
    // the members not handed on: after a damaged or oversize member of the same solid
    // block, or after the point where the archive could not be decoded further
    let why = match (&result, &skipped_after) {
        (Err(e), _) => format!(
            "the archive could not be decoded this far: {}",
            seven_z_error(e)
        ),
        (Ok(()), Some(first)) => {
            format!(
                "not decoded: it follows {first} in the same solid block, which could not be read"
            )
        }
        (Ok(()), None) => "not decoded (the archive's entries did not reach it)".to_string(),
    };
    let files = &archive.archive().files;
    for (i, entry) in files.iter().enumerate() {
        if !entries.wanted[i] || handed[i] {
            continue;
        }
        let name = entry.name().to_string();
        let message = if archive.archive().is_file_encrypted(i) {
            format!("{source}::{name}: {}", encrypted_why(opts))
        } else {
            format!("{source}::{name}: {why}")
        };
        if !sink(InputItem {
            source: source.to_string(),
            member: Some(name),
            data: Err(SourceError::Archive(message)),
        }) {
            return false;
        }
    }
    true
}

/// How many members of the tar archive `reader` (compressed with `codec`, if any) are games,
/// up to where it can no longer be read; `None` when it cannot be read from its start.
fn tar_game_members(reader: impl Read, codec: Option<Codec>) -> Option<u64> {
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

fn read_tar(
    source: &str,
    reader: impl Read,
    opts: &ReadOptions,
    depth: u8,
    skipped: &mut Skipped,
    sink: &mut dyn FnMut(InputItem) -> bool,
) -> bool {
    let max_bytes = opts.max_bytes;
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
    let mut cut_in_member = false;
    for entry in entries {
        let (member, data) = match entry {
            Ok(entry) => {
                let name = bytes_text(&entry.path_bytes());
                // a contiguous file ('7') is a regular file to every reader but a few
                let kind = entry.header().entry_type();
                if classify(&name).is_none() {
                    if kind.is_file() || kind.is_contiguous() {
                        pass_over(skipped, &name);
                    }
                    continue;
                }
                if kind.is_hard_link() || kind.is_symlink() {
                    // a link holds no bytes, and a stream cannot go back for its target's
                    let target = entry
                        .link_name_bytes()
                        .map_or_else(|| "?".into(), |b| bytes_text(&b));
                    let what = if kind.is_hard_link() {
                        format!("a hard link to {target} (that member's row is its game)")
                    } else {
                        format!("a symbolic link to {target}")
                    };
                    let message = format!(
                        "{source}::{name}: {what}; links inside an archive are not followed"
                    );
                    if !sink(InputItem {
                        source: source.to_string(),
                        member: Some(name),
                        data: Err(SourceError::Archive(message)),
                    }) {
                        return false;
                    }
                    continue;
                }
                if !(kind.is_file() || kind.is_contiguous()) {
                    continue;
                }
                let size = entry.size();
                // a member cut short (the archive ends inside it) is no game: its first half
                // parsed and was scored as if complete
                let data = read_limited_sized(entry, max_bytes, size)
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
                (name, data)
            }
            Err(e) => {
                // A corrupt tar stream cannot be resynchronised: report and stop this archive.
                return sink(archive_error(
                    source,
                    format!("{source}: corrupt tar stream: {e}"),
                ));
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

/// An LZH archive's reader, past the two bytes Pandanet puts before the archive in a `.ugz`
/// file (`PP`, then an LZH header whose method, `-lh5-`, stands 2 bytes in).
fn lzh_reader<R: Read>(reader: R) -> Result<delharc::LhaDecodeReader<EndSeen<R>>, String> {
    let mut reader = io::BufReader::new(reader);
    let head = reader.fill_buf().map_err(|e| e.to_string())?;
    if head.starts_with(b"PP") && lzh_method_at(head, 4) && !lzh_method_at(head, 2) {
        reader.consume(2);
    }
    delharc::LhaDecodeReader::new(EndSeen {
        inner: reader,
        ended: false,
    })
    .map_err(|e| e.to_string())
}

/// A reader that remembers whether a read found its end: an LZH archive ends with a zero
/// byte, and one cut short at a member's boundary just stops, which its reader takes for the
/// end (as GNU tar takes a tar's; see [`ZeroTail`]).
struct EndSeen<R> {
    inner: io::BufReader<R>,
    ended: bool,
}

impl<R: Read> Read for EndSeen<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = self.inner.read(buf)?;
        self.ended |= n == 0 && !buf.is_empty();
        Ok(n)
    }
}

/// The name of the member `lha` is at, in its own characters (see [`lzh_name`]).
fn lzh_member_name<R: Read>(lha: &delharc::LhaDecodeReader<EndSeen<R>>) -> String {
    lzh_name(&lha.header().parse_pathname_to_str())
}

/// How many members of the LZH archive `reader` holds games (for the progress bar's total).
fn lzh_game_members(reader: impl Read) -> Option<u64> {
    let mut lha = lzh_reader(reader).ok()?;
    let mut n = 0;
    loop {
        n += u64::from(classify(&lzh_member_name(&lha)).is_some());
        if !lha.next_file().ok()? {
            return Some(n);
        }
    }
}

/// Reads an LZH archive (LHA, and Pandanet's `.ugz`) member by member, streamed: every
/// method `delharc` decodes (`-lh0-` stored, `-lh4-` to `-lh7-`), each member's CRC checked.
/// A member in another method, damaged, or cut short is an error row naming it; a header that
/// cannot be read ends the archive with an error row.
fn read_lzh(
    source: &str,
    reader: impl Read,
    opts: &ReadOptions,
    depth: u8,
    skipped: &mut Skipped,
    sink: &mut dyn FnMut(InputItem) -> bool,
) -> bool {
    let max_bytes = opts.max_bytes;
    let mut lha = match lzh_reader(reader) {
        Ok(lha) => lha,
        Err(e) => {
            return sink(archive_error(
                source,
                format!("{source}: not a readable LZH archive: {e}"),
            ))
        }
    };
    loop {
        let name = lzh_member_name(&lha);
        let size = lha.header().original_size;
        let directory = lha.header().is_directory();
        // a member cut short already says where the archive ends
        let mut cut_in_member = false;
        if !directory && classify(&name).is_none() {
            pass_over(skipped, &name);
        } else if !directory {
            let data = lzh_member(&mut lha, max_bytes, size);
            cut_in_member = lha.get_ref().is_some_and(|r| r.ended);
            let data = data.map_err(|e| member_error(source, &name, e));
            if !hand_on(source, name.clone(), data, opts, depth, skipped, sink) {
                return false;
            }
        }
        match lha.next_file() {
            Ok(true) => {}
            Ok(false) if cut_in_member || !lha.get_ref().is_some_and(|r| r.ended) => return true,
            Ok(false) => {
                return sink(archive_error(
                    source,
                    format!(
                        "{source}: no end-of-archive byte after the member {name}: the archive \
                         was cut short, and the members after its end are missing"
                    ),
                ))
            }
            Err(e) => {
                return sink(archive_error(
                    source,
                    format!("{source}: damaged LZH archive after the member {name}: {e}"),
                ))
            }
        }
    }
}

/// A member's name as `delharc` writes it (each byte that is not printable ASCII as `%xx`) in
/// its own characters: UTF-8 when the bytes are, else Shift_JIS, LHA's charset in Japan, else
/// the bytes as [`bytes_text`] writes them.
fn lzh_name(escaped: &str) -> String {
    let mut bytes = Vec::with_capacity(escaped.len());
    let mut rest = escaped.as_bytes();
    while let Some((&b, tail)) = rest.split_first() {
        let hex = tail
            .get(..2)
            .and_then(|h| std::str::from_utf8(h).ok())
            .and_then(|h| u8::from_str_radix(h, 16).ok());
        match (b, hex) {
            (b'%', Some(byte)) => {
                bytes.push(byte);
                rest = &tail[2..];
            }
            _ => {
                bytes.push(b);
                rest = tail;
            }
        }
    }
    if let Ok(text) = std::str::from_utf8(&bytes) {
        return text.to_string();
    }
    match encoding_rs::SHIFT_JIS.decode_without_bom_handling_and_without_replacement(&bytes) {
        Some(text) => text.into_owned(),
        None => bytes_text(&bytes),
    }
}

/// The bytes of the LZH member `lha` is at, whose header gives `size` bytes: read to their
/// end and CRC-checked.
fn lzh_member<R: Read>(
    lha: &mut delharc::LhaDecodeReader<EndSeen<R>>,
    max_bytes: u64,
    size: u64,
) -> Result<Vec<u8>, SourceError> {
    if !lha.is_decoder_supported() {
        let method = String::from_utf8_lossy(&lha.header().compression).into_owned();
        return Err(SourceError::Archive(format!(
            "compressed with {method}, a method this tool does not decode"
        )));
    }
    let data = read_limited_sized(&mut *lha, max_bytes, size)?;
    if (data.len() as u64) < size {
        return Err(SourceError::Io(format!(
            "truncated: {} of the {size} bytes the header gives",
            data.len()
        )));
    }
    lha.crc_check()
        .map_err(|e| SourceError::Io(format!("damaged: {e}")))?;
    Ok(data)
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names() {
        assert_eq!(classify("a.SGF"), Some(InputKind::Sgf));
        assert_eq!(classify("honinbo.MGT"), Some(InputKind::Sgf));
        assert_eq!(
            classify("a.sgf.gz"),
            Some(InputKind::SgfCompressed(Codec::Gzip))
        );
        assert_eq!(
            classify("a.SGF.ZST"),
            Some(InputKind::SgfCompressed(Codec::Zstd))
        );
        assert_eq!(classify("x.TGZ"), Some(InputKind::Tar(Some(Codec::Gzip))));
        assert_eq!(classify("x.tar.xz"), Some(InputKind::Tar(Some(Codec::Xz))));
        assert_eq!(classify("x.tzst"), Some(InputKind::Tar(Some(Codec::Zstd))));
        assert_eq!(classify("x.tar"), Some(InputKind::Tar(None)));
        assert_eq!(classify("kifu.7Z"), Some(InputKind::SevenZ));
        assert_eq!(classify("kifu.rar"), Some(InputKind::Rar));
        assert_eq!(classify("kifu.cab"), Some(InputKind::Unsupported("CAB")));
        assert_eq!(classify("kifu.LZH"), Some(InputKind::Lzh));
        assert_eq!(classify("meijin.ugz"), Some(InputKind::Lzh));
        assert_eq!(
            classify("meijin.ugi"),
            Some(InputKind::Record(RecordFormat::Ugf))
        );
        assert_eq!(classify("x.gz"), None);
        assert_eq!(classify("MANIFEST.tsv"), None);
    }

    /// LZH member names, as delharc escapes their bytes: Shift_JIS (名人.sgf), UTF-8, or
    /// neither.
    #[test]
    fn lzh_member_names_come_back_in_their_own_characters() {
        assert_eq!(lzh_name("%96%bc%90l.sgf"), "名人.sgf");
        assert_eq!(lzh_name("%e5%90%8d.ugf"), "名.ugf");
        assert_eq!(lzh_name("100%.sgf"), "100%.sgf");
        assert_eq!(lzh_name("%ff%fe.sgf"), "\\xFF\\xFE.sgf");
    }

    #[cfg(unix)]
    #[test]
    fn a_path_list_keeps_every_line_as_its_bytes() {
        use std::os::unix::ffi::OsStrExt;
        let list = b"a.sgf\r\nbad\xff.sgf\n\n   \n lead.sgf\nlast.sgf";
        let mut out = Vec::new();
        stdin_paths(&mut &list[..], &mut out, &mut Skipped::new());
        let got: Vec<Vec<u8>> = out
            .into_iter()
            .map(|p| p.unwrap().path().unwrap().as_os_str().as_bytes().to_vec())
            .collect();
        let want: [&[u8]; 4] = [b"a.sgf", b"bad\xff.sgf", b" lead.sgf", b"last.sgf"];
        assert_eq!(got, want);
    }

    #[test]
    fn standard_input_is_a_record_or_an_archive_only_when_it_begins_as_one() {
        for head in [
            b"(;GM[1]SZ[19])".as_slice(),
            b"\xEF\xBB\xBF\r\n ( ;SZ[9])",
            b"PK\x03\x04\x14\x00",
            b"\x1F\x8B\x08\x00",
            b"Rar!\x1a\x07\x01\x00",
            b"(\x10-lh5-\x90\x04",
            b"PP(\x10-lh5-",
            b"\\HS\r\n\\[GIBOKIND=Korea\\]",
            b"\n[Header]\nVer=UGF3",
            b"\x00\x01binary",
        ] {
            assert!(is_record_or_archive(head), "{:?}", bytes_text(head));
        }
        assert_eq!(sniff(b"(\x10-lh5-\x90\x04"), Some(InputKind::Lzh));
        assert_eq!(
            stdin_record(b"\\HS\r\n"),
            Some(InputKind::Record(RecordFormat::Gib))
        );
        for head in [
            b"".as_slice(),
            b"\n\n",
            b"games/a.sgf\n",
            b"(1) Honinbo/game.sgf\n",
            b"(;",
        ] {
            let record = head == b"(;";
            assert_eq!(is_record_or_archive(head), record, "{:?}", bytes_text(head));
        }
        let mut out = Vec::new();
        let dir = tempfile::tempdir().unwrap();
        let listed = dir.path().join("(1) a.sgf");
        let list = format!("{}\n\n", listed.display());
        read_stdin(list.as_bytes(), 1 << 20, &mut out, &mut Skipped::new());
        assert_eq!(out.len(), 1);
        assert_eq!(out[0].as_ref().unwrap().path(), Some(listed.as_path()));
        out.clear();
        read_stdin(
            b"(;SZ[9];B[ee])".as_slice(),
            1 << 20,
            &mut out,
            &mut Skipped::new(),
        );
        read_stdin(
            b"(;SZ[9];B[ee])".as_slice(),
            4,
            &mut out,
            &mut Skipped::new(),
        );
        let mut items = Vec::new();
        read_all(&out, 1 << 20, &mut |item| {
            items.push((item.source, item.data.map_err(|e| e.kind_name())));
            true
        });
        assert_eq!(
            items,
            [
                ("-".to_string(), Ok(b"(;SZ[9];B[ee])".to_vec())),
                ("-".to_string(), Err("file_too_large")),
            ]
        );
    }

    #[test]
    fn names_that_are_not_utf8_keep_their_bytes() {
        assert_eq!(bytes_text("棋譜/a.sgf".as_bytes()), "棋譜/a.sgf");
        // Latin-1 `é` and Shift_JIS `棋`: each stray byte written out, two names stay two
        assert_eq!(bytes_text(b"caf\xe9.sgf"), "caf\\xE9.sgf");
        assert_eq!(bytes_text(b"\x8a\xfb.sgf"), "\\x8A\\xFB.sgf");
        #[cfg(unix)]
        {
            let dir = tempfile::tempdir().unwrap();
            let path = dir.path().join(path_from_bytes(b"caf\xe9.sgf"));
            std::fs::write(&path, "(;SZ[9];B[ee])").unwrap();
            let mut sources = Vec::new();
            read_all(&[Ok(path.into())], 1 << 20, &mut |item| {
                sources.push(item.source);
                true
            });
            assert_eq!(sources.len(), 1);
            assert!(sources[0].ends_with("/caf\\xE9.sgf"), "{}", sources[0]);
        }
    }

    #[test]
    fn gzip_bomb_is_bounded() {
        use std::io::Write;
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("bomb.sgf.gz");
        let mut enc = flate2::write::GzEncoder::new(
            File::create(&path).unwrap(),
            flate2::Compression::best(),
        );
        let zeros = vec![b' '; 1 << 20];
        for _ in 0..64 {
            enc.write_all(&zeros).unwrap();
        }
        enc.finish().unwrap();
        let paths = vec![Ok(path.into())];
        let mut items = Vec::new();
        read_all(&paths, 1 << 20, &mut |i| {
            items.push(i);
            true
        });
        assert_eq!(items.len(), 1);
        assert_eq!(items[0].data, Err(SourceError::TooLarge { limit: 1 << 20 }));
    }

    #[test]
    fn a_gzip_file_is_its_members_and_the_padding_after_them_is_ignored() {
        use std::io::Write;
        let member = |text: &[u8]| {
            let mut enc = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
            enc.write_all(text).unwrap();
            enc.finish().unwrap()
        };
        let mut bytes = member(b"(;SZ[9];B[aa])");
        bytes.extend(member(b"(;SZ[9];W[bb])"));
        let read = |bytes: &[u8]| {
            let mut out = Vec::new();
            GzMembers::new(bytes).read_to_end(&mut out).map(|_| out)
        };
        assert_eq!(read(&bytes).unwrap(), b"(;SZ[9];B[aa])(;SZ[9];W[bb])");
        // a block device's zeros, or other bytes that start no member, end the data
        for tail in [&[0u8; 1024][..], b"garbage"] {
            let mut padded = bytes.clone();
            padded.extend_from_slice(tail);
            assert_eq!(read(&padded).unwrap(), b"(;SZ[9];B[aa])(;SZ[9];W[bb])");
        }
        // a damaged member is still an error, and so is a file that is no gzip at all
        let mut cut = bytes.clone();
        cut.truncate(bytes.len() - 4);
        assert!(read(&cut).is_err());
        assert!(read(b"(;SZ[9])").is_err());
    }
}
