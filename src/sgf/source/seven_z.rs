//! 7z archives: solid blocks decoded in order under a bound on the decoder's memory, a
//! damaged member ending its block with a row per member after it, encrypted archives opened
//! with the first password that decodes their first encrypted member.

use std::io::{self, Read, Seek};

use super::{
    archive_error, classify, encrypted_why, hand_on, member_error, member_row, pass_over,
    read_limited_sized, InputItem, ReadOptions, Skipped, SourceError,
};

/// How many members of the 7z archive `reader` are games, from its header; when the header
/// is encrypted, read with the first of `passwords` that opens it.
pub(super) fn seven_z_game_members(reader: impl Read + Seek, passwords: &[String]) -> Option<u64> {
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

/// The most memory a 7z decoder may take for its dictionary or model, and for the archive's
/// header, in KiB: 7-Zip 25's strongest preset (`-mx9`) packs a large collection with a 128
/// MiB dictionary, which its decoder takes with 1 MiB more; a bigger one (up to 1.5 GiB with
/// `-md`) would break the scan's bound on memory, and such an archive is an error row that
/// says so (**choice**: peak RSS of a scan of the Tygem games packed with `-mx9`: see
/// README, Measured).
pub(super) const SEVEN_Z_MEMORY_KB: usize = 136 << 10;

/// The six bytes a 7z archive begins with.
pub(super) const SEVEN_Z_SIGNATURE: [u8; 6] = [b'7', b'z', 0xBC, 0xAF, 0x27, 0x1C];

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
pub(super) fn encrypted(e: &sevenz_rust2::Error) -> bool {
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
/// Where another 7z archive begins after the one `reader` holds (its end: the 32-byte start
/// header, then the next header's offset and size), counted from the archive's start (a
/// self-extracting program's bytes before it are not in `reader`), if one does; `reader`
/// rewound.
fn joined_7z<R: Read + io::Seek>(reader: &mut R) -> Option<u64> {
    let mut look = || -> io::Result<Option<u64>> {
        reader.rewind()?;
        let mut start = [0u8; 32];
        reader.read_exact(&mut start)?;
        let word = |at: usize| u64::from_le_bytes(start[at..at + 8].try_into().unwrap_or([0; 8]));
        let end = 32u64
            .checked_add(word(12))
            .and_then(|e| e.checked_add(word(20)));
        let Some(end) = end else { return Ok(None) };
        let Some(needed) = end.checked_add(SEVEN_Z_SIGNATURE.len() as u64) else {
            return Ok(None);
        };
        if reader.seek(io::SeekFrom::End(0))? < needed {
            return Ok(None);
        }
        reader.seek(io::SeekFrom::Start(end))?;
        let mut next = [0u8; 6];
        reader.read_exact(&mut next)?;
        Ok((next == SEVEN_Z_SIGNATURE).then_some(end))
    };
    let found = look().ok().flatten();
    reader.rewind().ok()?;
    found
}

pub(super) fn read_7z<R: Read + io::Seek>(
    source: &str,
    mut reader: R,
    opts: &ReadOptions,
    depth: u8,
    skipped: &mut Skipped,
    sink: &mut dyn FnMut(InputItem) -> bool,
) -> bool {
    let max_bytes = opts.max_bytes;
    use sevenz_rust2::EntryDecision;
    // a second archive joined after this one (`cat a.7z b.7z`) is never reached from the
    // first's headers: its members were lost without a word
    if let Some(at) = joined_7z(&mut reader) {
        let row = archive_error(
            source,
            format!(
                "{source}: another 7z archive follows this one in the file, {at} bytes after \
                 this one's start (two archives joined): its members are not read; cut the \
                 file there and scan both"
            ),
        );
        if !sink(row) {
            return false;
        }
    }
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
        if !sink(member_row(source, name, message)) {
            return false;
        }
    }
    true
}
