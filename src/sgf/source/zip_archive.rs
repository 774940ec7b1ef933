//! Zip archives: every member in order, each inflated with the size limit, members whose
//! data overlaps another's refused, encrypted members opened with the passwords given.

use std::io::{self, Read, Seek};

use super::{
    archive_error, classify, encrypted_why, hand_on, member_error, pass_over, read_limited_sized,
    reservation, InputItem, ReadOptions, Skipped, SourceError,
};

/// How many members of the zip archive `reader` are games, from its central directory: an
/// archive inside counts one (its items are not known); the Finder's AppleDouble files are
/// passed over.
pub(super) fn zip_game_members(reader: impl Read + Seek) -> Option<u64> {
    let zip = zip::ZipArchive::new(io::BufReader::new(reader)).ok()?;
    let games = zip.file_names().filter(|n| {
        n.as_ref()
            .is_ok_and(|n| classify(n).is_some() && !n.starts_with("__MACOSX/"))
    });
    Some(games.count() as u64)
}

pub(super) fn read_zip<R: Read + io::Seek>(
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
