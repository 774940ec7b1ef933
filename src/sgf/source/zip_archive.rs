//! Zip archives: every member in order, each inflated with the size limit, members whose
//! data overlaps another's refused, encrypted members opened with the passwords given. Every
//! entry of the central directory is a member, two of one name included.

use std::borrow::Cow;
use std::collections::BTreeMap;
use std::io::{self, Read, Seek};
use std::sync::{Arc, Mutex, PoisonError};

use zip::read::{OwnedZipFileEntry, ZipFile, ZipReadOptions};
use zip::result::{ZipError, ZipResult};
use zip::unstable::read::ZipIterable;

use super::{
    archive_error, classify, encrypted_why, hand_on, member_error, pass_over, read_limited_sized,
    read_up_to, reservation, InputItem, ReadOptions, Skipped, SourceError, Window,
};

/// How many members of the zip archive `reader` are games, from its central directory: an
/// archive inside counts one (its items are not known); the Finder's AppleDouble files are
/// passed over.
pub(super) fn zip_game_members(reader: impl Read + Seek) -> Option<u64> {
    match joined_zips(reader) {
        Joined::One(reader) => zip_game_members_in(reader),
        Joined::Many(pieces) => Some(
            (pieces.into_iter())
                .map(|piece| match piece {
                    Piece::Zip(w) => zip_game_members_in(w).unwrap_or(1),
                    Piece::Headers(..) => 1,
                })
                .sum(),
        ),
    }
}

fn zip_game_members_in(reader: impl Read + Seek) -> Option<u64> {
    let counts = |n: &ZipResult<Cow<'_, str>>| {
        n.as_ref()
            .is_ok_and(|n| classify(n).is_some() && !n.starts_with("__MACOSX/"))
    };
    let zip = zip::ZipArchive::new(io::BufReader::new(reader)).ok()?;
    if !zip.has_duplicate_names() {
        return Some(zip.file_names().filter(counts).count() as u64);
    }
    let mut every = ZipIterable::try_new(zip.into_inner(), Default::default()).ok()?;
    let files = every.files().ok()?;
    Some(files.flatten().filter(|e| counts(&e.name())).count() as u64)
}

/// One zip, or the pieces of several joined into one file, in file order.
enum Joined<R> {
    One(R),
    Many(Vec<Piece<R>>),
}

/// A zip of a file holding several, or bytes that begin as a zip's member but have no
/// directory of their own (a zip cut short among others): their members are read from their
/// own headers.
enum Piece<R> {
    Zip(Window<R>),
    Headers(Window<R>, ZipError),
}

/// The zips of a file, from its end: the zip whose directory ends it, then, while the bytes
/// before that zip begin as a zip's first member (another zip joined before it: `cat a.zip
/// b.zip`, whose members the last directory does not name), the zip that ends where it
/// begins, or, when those bytes have no directory, a piece read from its members' own
/// headers; and bytes after a zip's end that begin as a member (a zip cut short before the
/// next) are such a piece too. A program before the archive (a self-extracting one) is no
/// zip. One zip alone comes back as the reader, rewound.
fn joined_zips<R: Read + Seek>(mut reader: R) -> Joined<R> {
    if !begins_as_a_zip(&mut reader) {
        return Joined::One(reader);
    }
    let Ok(len) = reader.seek(io::SeekFrom::End(0)) else {
        let _ = reader.rewind();
        return Joined::One(reader);
    };
    let shared = Arc::new(Mutex::new(reader));
    // (start, end, a zip?) of each piece, the last first
    let mut pieces: Vec<(u64, u64, Option<ZipError>)> = Vec::new();
    let mut end = len;
    for _ in 0..MAX_PIECES {
        let opened = Window::new(shared.clone(), end)
            .map_err(ZipError::from)
            .and_then(|w| zip::ZipArchive::new(io::BufReader::new(w)));
        let zip = match opened {
            Ok(zip) => zip,
            // the bytes before the zips found: a piece without a directory (the file's own
            // walk, when it is the whole file)
            Err(why) => {
                if end < len {
                    pieces.push((0, end, Some(why)));
                }
                end = 0;
                break;
            }
        };
        let before = zip.offset();
        // a zip whose end is not found has nothing after it to look at
        let zip_end = zip_end(&shared, &zip, end).unwrap_or(end);
        let empty = zip.is_empty();
        drop(zip);
        if zip_end < end && begins_with_member(&shared, zip_end) {
            pieces.push((
                zip_end,
                end,
                Some(ZipError::InvalidArchive("no directory".into())),
            ));
        }
        // an empty zip has no member to read (a run of empty directories, each a zip to the
        // zip crate, made as many pieces)
        if !empty || before == 0 {
            pieces.push((before, end, None));
        }
        if before == 0 || before >= end {
            end = 0;
            break;
        }
        end = before;
    }
    // more zips than `MAX_PIECES`: the rest is read from its members' own headers
    if end > 0 {
        let why = ZipError::InvalidArchive("too many zips joined".into());
        pieces.push((0, end, Some(why)));
    }
    // the file's own zip (or none: its walk, `read_one_zip`'s)
    let alone = matches!(pieces[..], [] | [(0, _, None)]);
    let shared = match Arc::try_unwrap(shared) {
        Ok(one) if alone => {
            let mut reader = one.into_inner().unwrap_or_else(PoisonError::into_inner);
            let _ = reader.rewind();
            return Joined::One(reader);
        }
        Ok(one) => Arc::new(one),
        Err(shared) => shared,
    };
    let pieces = (pieces.into_iter().rev())
        .filter_map(|(start, end, why)| match why {
            // a zip's window runs from the file's start: its offsets count from there
            None => Window::new(shared.clone(), end).ok().map(Piece::Zip),
            Some(why) => {
                (Window::range(shared.clone(), start, end).ok()).map(|w| Piece::Headers(w, why))
            }
        })
        .collect();
    Joined::Many(pieces)
}

/// Zips and pieces one file is read as at most: past them, the rest is one piece read from
/// its members' own headers (bytes of 22-byte empty directories, each a zip to the zip crate,
/// took seconds a megabyte).
const MAX_PIECES: usize = 10_000;

/// Where `zip` (opened on the first `end` bytes) ends: past the end-of-directory record that
/// follows its central directory's entries, and that record's comment. The record is the
/// one the zip crate read (the last `PK\x05\x06` of the bytes may be another's, or lie out of
/// its reach), found by walking the entries from the directory's start; `None` when the walk
/// fails.
fn zip_end<R: Read + Seek, Z: Read + Seek>(
    shared: &Arc<Mutex<R>>,
    zip: &zip::ZipArchive<Z>,
    end: u64,
) -> Option<u64> {
    let le16 = |b: &[u8]| u64::from(u16::from_le_bytes([b[0], b[1]]));
    let mut pos = zip.central_directory_start();
    let mut r = io::BufReader::new(Window::range(shared.clone(), pos, end).ok()?);
    loop {
        let mut sig = [0u8; 4];
        r.read_exact(&mut sig).ok()?;
        let skip = match &sig {
            // an entry: 46 bytes, then its name, extra field and comment
            b"PK\x01\x02" => {
                let mut h = [0u8; 42];
                r.read_exact(&mut h).ok()?;
                let n = le16(&h[24..]) + le16(&h[26..]) + le16(&h[28..]);
                r.seek_relative(i64::try_from(n).ok()?).ok()?;
                46 + n
            }
            // zip64's end record (its size follows) and locator
            b"PK\x06\x06" => {
                let mut h = [0u8; 8];
                r.read_exact(&mut h).ok()?;
                let size = u64::from_le_bytes(h);
                r.seek_relative(i64::try_from(size).ok()?).ok()?;
                12u64.checked_add(size)?
            }
            b"PK\x06\x07" => {
                r.seek_relative(16).ok()?;
                20
            }
            b"PK\x05\x06" => {
                let mut h = [0u8; 18];
                r.read_exact(&mut h).ok()?;
                return Some(pos.checked_add(22 + le16(&h[16..]))?.min(end));
            }
            _ => return None,
        };
        pos = pos.checked_add(skip)?;
    }
}

/// Whether the bytes at `at` begin as a zip member (its local header).
fn begins_with_member<R: Read + Seek>(shared: &Arc<Mutex<R>>, at: u64) -> bool {
    let mut head = [0u8; 4];
    Window::range(shared.clone(), at, at + 4)
        .and_then(|mut w| w.read_exact(&mut head))
        .is_ok()
        && head == LOCAL_HEADER
}

/// The four bytes a zip's local file header (a member's) begins with.
const LOCAL_HEADER: [u8; 4] = *b"PK\x03\x04";

/// Whether `reader` begins with a zip's local file header; rewound either way.
fn begins_as_a_zip<R: Read + io::Seek>(reader: &mut R) -> bool {
    let mut head = [0u8; 4];
    let found =
        reader.rewind().is_ok() && reader.read_exact(&mut head).is_ok() && head == LOCAL_HEADER;
    let _ = reader.rewind();
    found
}

/// Every member of the zip archive `file`, in file order; of each zip in turn when several are
/// joined into one file (`cat a.zip b.zip`: the last one's directory names only its own
/// members, and the others' were lost, then a row said so).
pub(super) fn read_zip<R: Read + io::Seek>(
    source: &str,
    file: R,
    opts: &ReadOptions,
    depth: u8,
    skipped: &mut Skipped,
    sink: &mut dyn FnMut(InputItem) -> bool,
) -> bool {
    match joined_zips(file) {
        Joined::One(file) => read_one_zip(source, file, opts, depth, skipped, sink),
        Joined::Many(pieces) => pieces.into_iter().all(|piece| match piece {
            Piece::Zip(w) => read_one_zip(source, w, opts, depth, skipped, sink),
            Piece::Headers(w, why) => {
                read_local_headers(source, w, why, opts, depth, skipped, sink)
            }
        }),
    }
}

fn read_one_zip<R: Read + io::Seek>(
    source: &str,
    mut file: R,
    opts: &ReadOptions,
    depth: u8,
    skipped: &mut Skipped,
    sink: &mut dyn FnMut(InputItem) -> bool,
) -> bool {
    let max_bytes = opts.max_bytes;
    let mut archive = match zip::ZipArchive::new(io::BufReader::new(&mut file)) {
        Ok(a) => a,
        Err(e) => return read_local_headers(source, file, e, opts, depth, skipped, sink),
    };
    if archive.has_duplicate_names() {
        // zip's archive keeps one member a name, the last (an archive appended to by a tool
        // that adds a name again, as Python's `zipfile` does): every entry is read instead
        return read_every_entry(source, archive.into_inner(), opts, depth, skipped, sink);
    }
    let mut inflater = MemberInflater::default();
    // the password that opened the last encrypted member: tried first on the next
    let mut last_password = 0;
    // where each member read so far lies in the file: start → (end, name)
    let mut spans = Spans::default();
    for i in 0..archive.len() {
        // Deflated members are inflated here with one decompressor for the whole archive
        // (zip's own reader sets one up per member: ~15,000 instructions and fresh buffers
        // each, for members of about 1.4 KB); other methods go through zip's reader, in a
        // second look at the member once the raw one has ended.
        let step = match archive.by_index_raw(i) {
            Ok(mut entry) => match member_name(entry.name(), entry.is_dir(), i, skipped) {
                None => Member::Skip,
                Some(name) => match overlapped(&mut spans, span_of(&entry), &name) {
                    Some(overlap) => Member::Read(name, Err(overlap)),
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
                let data = decrypt(opts, &mut last_password, |password| {
                    archive
                        .by_index_decrypt(i, password)
                        .map(|entry| read_member(entry, max_bytes))
                });
                (name, data)
            }
            Member::ViaZip(known) => match archive.by_index(i) {
                Ok(entry) => {
                    let Some(name) = member_name(entry.name(), entry.is_dir(), i, skipped) else {
                        continue;
                    };
                    (name, read_member(entry, max_bytes))
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
    true
}

/// The members of a zip whose central directory names some more than once, each entry in the
/// directory's order (two of one name are two members, as in a tar appended to), read
/// through zip's entry-by-entry reader: [`read_zip`]'s archive keeps one entry a name.
fn read_every_entry<R: Read + Seek>(
    source: &str,
    reader: R,
    opts: &ReadOptions,
    depth: u8,
    skipped: &mut Skipped,
    sink: &mut dyn FnMut(InputItem) -> bool,
) -> bool {
    let mut every = match ZipIterable::try_new(reader, Default::default()) {
        Ok(every) => every,
        Err(e) => return sink(not_readable(source, e)),
    };
    let files = match every.files() {
        Ok(files) => files,
        Err(e) => return sink(not_readable(source, e)),
    };
    let mut spans = Spans::default();
    let mut last_password = 0;
    let mut i = 0;
    while let Some(entry) = files.next() {
        let entry = match entry {
            Ok(entry) => OwnedZipFileEntry::from(entry),
            // the directory cannot be read on from here: the entries after it are lost
            Err(e) => {
                let why = format!(
                    "{source}: central directory entry {} unreadable: {e}",
                    i + 1
                );
                return sink(archive_error(source, why));
            }
        };
        i += 1;
        let Some(name) = member_name(entry.name(), entry.is_dir(), i - 1, skipped) else {
            continue;
        };
        let data = if entry.encrypted() {
            // the member's place is known once a password opens it
            let mut span = None;
            decrypt(opts, &mut last_password, |password| {
                let options = ZipReadOptions::new().password(Some(password));
                (entry.as_ref().with_reader(files.reader_mut(), options)).map(|file| {
                    span = Some(span_of(&file));
                    read_member(file, opts.max_bytes)
                })
            })
            .and_then(|bytes| {
                match span.and_then(|s| overlapped(&mut spans, s, &name)) {
                    Some(overlap) => Err(overlap),
                    None => Ok(bytes),
                }
            })
        } else {
            match entry
                .as_ref()
                .with_reader(files.reader_mut(), Default::default())
            {
                Ok(file) => match overlapped(&mut spans, span_of(&file), &name) {
                    Some(overlap) => Err(overlap),
                    None => read_member(file, opts.max_bytes),
                },
                Err(e) => Err(SourceError::Archive(format!("cannot open: {e}"))),
            }
        };
        let data = data.map_err(|e| member_error(source, &name, e));
        if !hand_on(source, name, data, opts, depth, skipped, sink) {
            return false;
        }
    }
    true
}

/// A zip whose central directory cannot be read (a file cut short loses it first, as it lies
/// at the end): its members read from their own local headers, in file order, as far as they
/// go, then a row saying where they stop. Without one readable member, the row alone. A
/// member whose sizes follow its data (a data descriptor, as streaming writers put: `zip -`,
/// Java's and Python's writers on a pipe) is found where its deflate stream ends
/// ([`after_descriptor`]); one stored or compressed otherwise ends the walk, its length not
/// known.
fn read_local_headers<R: Read + Seek>(
    source: &str,
    mut file: R,
    why: ZipError,
    opts: &ReadOptions,
    depth: u8,
    skipped: &mut Skipped,
    sink: &mut dyn FnMut(InputItem) -> bool,
) -> bool {
    let split = split_parts(&mut file);
    if file.rewind().is_err() {
        return sink(not_readable(source, why));
    }
    let mut reader = io::BufReader::new(file);
    // entries met (members and directories), and the last member handed on
    let mut entries = 0usize;
    let mut last: Option<String> = None;
    let stop = loop {
        let described = match after_descriptor(&mut reader, opts.max_bytes) {
            Ok(d) => d,
            Err(e) => break Some(e),
        };
        let options = match described {
            Some(d) => ZipReadOptions::default()
                .override_compressed_size(d.compressed)
                .override_uncompressed_size(d.size)
                .override_crc(d.crc),
            None => ZipReadOptions::default(),
        };
        let entry = match zip::read::read_zipfile_from_stream_with_options(&mut reader, options) {
            Ok(Some(entry)) => entry,
            Ok(None) => break None,
            Err(e) => break Some(e),
        };
        entries += 1;
        let name = member_name(entry.name(), entry.is_dir(), entries - 1, skipped);
        let data = name.as_ref().map(|name| {
            let read = match described {
                // measured already: not inflated a second time to be refused
                Some(d) if d.size > opts.max_bytes => Err(SourceError::TooLarge {
                    limit: opts.max_bytes,
                }),
                _ => read_member(entry, opts.max_bytes),
            };
            read.map_err(|e| member_error(source, name, e))
        });
        // past the member's data descriptor
        if let Some(d) = described {
            if let Err(e) = reader.seek(io::SeekFrom::Start(d.next)) {
                break Some(e.into());
            }
        }
        let (Some(name), Some(data)) = (name, data) else {
            continue;
        };
        last = Some(name.clone());
        if !hand_on(source, name, data, opts, depth, skipped, sink) {
            return false;
        }
    };
    if let Some(parts) = split {
        // it may begin inside a member: the members read from its start, if any, are kept
        let name = source.rsplit('/').next().unwrap_or(source);
        return sink(archive_error(
            source,
            format!(
                "{source}: the last part of a zip split into {parts} parts (`zip -s`) \
                 ({entries} entries read from this part's start): {}",
                join_the_parts(name)
            ),
        ));
    }
    if entries == 0 {
        return sink(not_readable(source, why));
    }
    let after = match (&last, stop) {
        (Some(m), Some(e)) => {
            format!("the walk stops after member {m} ({e}): any after it are lost")
        }
        (None, Some(e)) => format!("no member could be read ({e})"),
        (_, None) => "every member was read".to_string(),
    };
    sink(archive_error(
        source,
        format!(
            "{source}: not a readable zip ({why}): cut short, or its central directory \
             damaged; {entries} of its entries read from their own headers, {after}"
        ),
    ))
}

/// How far past the size limit a member whose sizes follow its data is inflated to find
/// where it ends (the time it costs is that of reading a member this large; a bomb past it
/// ends the walk, as the next member cannot be found without it).
const MEASURED_PAST_LIMIT: u64 = 4;

/// The last part (`games.zip`) of the zip split by `zip -s` (or WinZip) that `path` is an
/// earlier part of (`games.z01` … `games.z99`), when that last part is beside it.
pub(super) fn split_zip_part(path: &std::path::Path) -> Option<std::path::PathBuf> {
    let name = path.file_name()?.to_str()?;
    let (stem, ext) = name.rsplit_once('.')?;
    let b = ext.as_bytes();
    let part =
        b.len() == 3 && b[0].eq_ignore_ascii_case(&b'z') && b[1..].iter().all(u8::is_ascii_digit);
    if !part {
        return None;
    }
    ["zip", "ZIP"]
        .iter()
        .map(|e| path.with_file_name(format!("{stem}.{e}")))
        .find(|p| p.is_file())
}

/// What to do with a split zip whose last part is named `last`.
pub(super) fn join_the_parts(last: &str) -> String {
    format!(
        "a split zip is not read part by part; join the parts (`zip -s 0 {last} --out \
         whole.zip`) and scan the whole zip"
    )
}

/// How many parts a zip split by `zip -s` (or WinZip) has, when `file` is its last part (its
/// end of central directory names a disk after the first, and not 0xFFFF, which a zip64
/// record's place holder may be); `None` for any other file.
fn split_parts<R: Read + Seek>(file: &mut R) -> Option<u32> {
    let len = file.seek(io::SeekFrom::End(0)).ok()?;
    // the record (22 bytes) and a comment of up to 65,535 bytes
    let tail_len = len.min(22 + 65_535);
    file.seek(io::SeekFrom::Start(len - tail_len)).ok()?;
    let mut tail = vec![0u8; tail_len as usize];
    file.read_exact(&mut tail).ok()?;
    let at = tail.windows(4).rposition(|w| w == b"PK\x05\x06")?;
    let disk = tail.get(at + 4..at + 6)?;
    let disk = u16::from_le_bytes([disk[0], disk[1]]);
    (disk > 0 && disk != u16::MAX).then_some(u32::from(disk) + 1)
}

/// What the data descriptor after a member's data says, and where the next header begins.
#[derive(Clone, Copy, Debug)]
struct Described {
    compressed: u64,
    size: u64,
    crc: u32,
    /// The offset of the next local header.
    next: u64,
}

/// For the local header at the reader's position, when it is a deflated member whose sizes
/// follow its data (flag bit 3): its compressed length, found by inflating its data to the
/// end of its deflate stream (the output thrown away, at most [`MEASURED_PAST_LIMIT`] times
/// `max_bytes` of it: a member over the limit gets its own row and the walk goes on), and the
/// data descriptor after that (its signature optional, its sizes of 4 bytes or, in a zip64
/// member — the zip64 block in its extra field, or sizes only of 8 bytes match —, 8). `None` for any other header, and the reader left where it was.
///
/// # Errors
/// The member is cut short, inflates past that bound, or its descriptor does not match.
fn after_descriptor<R: io::BufRead + Seek>(
    reader: &mut R,
    max_bytes: u64,
) -> ZipResult<Option<Described>> {
    let start = reader.stream_position()?;
    let mut header = [0u8; 30];
    let whole = read_up_to(reader, &mut header)? == header.len();
    let u16_at = |i: usize| u64::from(u16::from_le_bytes([header[i], header[i + 1]]));
    let described = whole
        && header[..4] == LOCAL_HEADER
        && u16_at(6) & 0x8 != 0
        && u16_at(6) & 0x1 == 0
        && u16_at(8) == 8;
    if !described {
        reader.seek(io::SeekFrom::Start(start))?;
        return Ok(None);
    }
    // a zip64 member (its extra field holds the zip64 block, id 1) writes sizes of 8 bytes
    reader.seek(io::SeekFrom::Start(start + 30 + u16_at(26)))?;
    let mut extra = vec![0u8; u16_at(28) as usize];
    let zip64 = read_up_to(reader, &mut extra)? == extra.len() && {
        let mut fields = extra.as_slice();
        let mut found = false;
        while let [a, b, c, d, rest @ ..] = fields {
            found |= [*a, *b] == [1, 0];
            let len = usize::from(u16::from_le_bytes([*c, *d])).min(rest.len());
            fields = &rest[len..];
        }
        found
    };
    let data_start = start + 30 + u16_at(26) + u16_at(28);
    reader.seek(io::SeekFrom::Start(data_start))?;
    let mut inflater = flate2::Decompress::new(false);
    let mut scratch = vec![0u8; 64 * 1024];
    loop {
        let input = reader.fill_buf()?;
        if input.is_empty() {
            return Err(ZipError::Io(io::ErrorKind::UnexpectedEof.into()));
        }
        let before = inflater.total_in();
        let status = inflater
            .decompress(input, &mut scratch, flate2::FlushDecompress::None)
            .map_err(|e| ZipError::Io(io::Error::other(e)))?;
        let used = (inflater.total_in() - before) as usize;
        reader.consume(used);
        if inflater.total_out() > max_bytes.saturating_mul(MEASURED_PAST_LIMIT) {
            return Err(ZipError::UnsupportedArchive(
                "a member whose sizes follow its data inflates far past the size limit",
            ));
        }
        if status == flate2::Status::StreamEnd {
            break;
        }
        if used == 0 && status == flate2::Status::BufError {
            return Err(ZipError::Io(io::Error::other(
                "a deflate stream that goes nowhere",
            )));
        }
    }
    let (compressed, size) = (inflater.total_in(), inflater.total_out());
    let mut descriptor = [0u8; 24];
    let got = read_up_to(reader, &mut descriptor)?;
    let signed = descriptor[..4] == [b'P', b'K', 7, 8];
    let from = if signed { 4 } else { 0 };
    let fields = &descriptor[from..got.max(from)];
    let u32_at = |i: usize| {
        fields
            .get(i..i + 4)
            .map(|b| u32::from_le_bytes(b.try_into().unwrap()))
    };
    let u64_at = |i: usize| {
        fields
            .get(i..i + 8)
            .map(|b| u64::from_le_bytes(b.try_into().unwrap()))
    };
    let crc = u32_at(0).ok_or(ZipError::Io(io::ErrorKind::UnexpectedEof.into()))?;
    let short = (u32_at(4).map(u64::from), u32_at(8).map(u64::from));
    let long = (u64_at(4), u64_at(12));
    // both forms can match an empty member's: the header says which it wrote
    let (short, long) = (
        short == (Some(compressed), Some(size)),
        long == (Some(compressed), Some(size)),
    );
    let sizes = if long && (zip64 || !short) {
        20
    } else if short {
        12
    } else {
        return Err(ZipError::InvalidArchive(
            "a data descriptor whose sizes are not those of the data before it".into(),
        ));
    };
    let next = data_start + compressed + sizes + if signed { 4 } else { 0 };
    reader.seek(io::SeekFrom::Start(start))?;
    Ok(Some(Described {
        compressed,
        size,
        crc,
        next,
    }))
}

/// The error row of a file that is no zip one can read.
fn not_readable(source: &str, e: ZipError) -> InputItem {
    archive_error(source, format!("{source}: not a readable zip: {e}"))
}

/// A member's bytes, read through zip's reader (which checks its CRC-32) with the size limit.
fn read_member<R: Read>(file: ZipFile<'_, R>, max_bytes: u64) -> Result<Vec<u8>, SourceError> {
    let size = file.size();
    read_limited_sized(file, max_bytes, size)
}

/// Where each member read so far lies in the file: start → (end, name).
type Spans = BTreeMap<u64, (u64, String)>;

/// The member already read whose bytes in the file overlap `span` (a member's local header
/// and compressed data, [`span_of`]), if any; otherwise `span` is recorded as `name`'s.
/// Members of a sound zip lie apart; central directory entries that share data make a small
/// file decompress to a great many members (Info-ZIP's `unzip` refuses them too).
fn overlapped(spans: &mut Spans, (start, end): (u64, u64), name: &str) -> Option<SourceError> {
    let before = spans.range(..=start).next_back();
    let after = spans.range(start..end).next();
    if let Some((_, (_, other))) = before.filter(|(_, (e, _))| *e > start).or(after) {
        return Some(SourceError::Archive(format!(
            "its data overlaps that of {other} (a crafted archive, as in a zip bomb); not read"
        )));
    }
    spans.insert(start, (end, name.to_string()));
    None
}

/// Where a member opened lies in the file: from its local header to its data's end.
fn span_of<R: Read + ?Sized>(file: &ZipFile<'_, R>) -> (u64, u64) {
    let start = file.header_start();
    let end = file
        .data_start()
        .unwrap_or(start)
        .saturating_add(file.compressed_size())
        .max(start + 1);
    (start, end)
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

/// The bytes of an encrypted member, decrypted (`open` with a password, then read) with the
/// first of the passwords that opens it and reads to an end whose CRC-32 (ZipCrypto) or authentication
/// code (AES) checks: a wrong ZipCrypto password passes the one-byte check of the header once
/// in 256 tries, and then fails there. The passwords are tried from `last` on (the one that
/// opened the member before, which becomes this member's): an AES member costs a key
/// derivation for each password tried (**choice**: 6,967 Tygem games in a zip made by 7-Zip
/// with AES-256, `--playouts 1`, the right password given second: 10.8 s trying each member
/// from the first password, 5.6 s from the last that worked, 5.8 s with the right one alone;
/// 0.9 s unencrypted).
fn decrypt(
    opts: &ReadOptions,
    last: &mut usize,
    mut open: impl FnMut(&[u8]) -> ZipResult<Result<Vec<u8>, SourceError>>,
) -> Result<Vec<u8>, SourceError> {
    let n = opts.passwords.len();
    for k in (0..n).map(|k| (k + *last) % n) {
        match open(opts.passwords[k].as_bytes()) {
            Ok(Ok(bytes)) => {
                *last = k;
                return Ok(bytes);
            }
            Ok(Err(e @ SourceError::TooLarge { .. })) => return Err(e),
            Err(ZipError::InvalidPassword) | Ok(Err(_)) => continue,
            Err(e) => return Err(SourceError::Archive(format!("cannot open: {e}"))),
        }
    }
    Err(SourceError::Archive(encrypted_why(opts)))
}

/// The member's name (`#i` when it is not valid text), or `None` for a directory or a file
/// that is neither SGF nor an archive (passed over, and counted so).
fn member_name(
    name: ZipResult<Cow<'_, str>>,
    is_dir: bool,
    i: usize,
    skipped: &mut Skipped,
) -> Option<String> {
    let name = name.map_or_else(|_| format!("#{i}"), Cow::into_owned);
    if is_dir {
        return None;
    }
    if classify(&name).is_none() {
        pass_over(skipped, &name);
        return None;
    }
    Some(name)
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
