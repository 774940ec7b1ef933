//! RAR archives, from RAR 1.3 to RAR 7 (stored, LZ and PPMd members, solid or not), read with
//! the pure-Rust `rars` crate: each member decoded in turn and checked against its CRC-32 or
//! BLAKE2 hash, games handed on as items (see [`super::source`]), every member that cannot be
//! read a row naming it.
//!
//! RAR's own volume sets — `games.part1.rar`, `games.part2.rar`, … (RAR 3 and later), or the
//! older `games.rar`, `games.r00`, `games.r01`, … — are read from their first volume as the
//! one archive they make, as [`super::volumes`] does for 7-Zip's `.001` files: a later volume
//! stands for its set, one whose first volume is missing is an error row, and so is a volume
//! missing in the middle (the members after it are then not read). Volumes are RAR archives
//! of their own, not byte ranges of one file, so they are joined here, not by `volumes`.
//!
//! An archive cut short (a download broken off) keeps the members before the cut, as tar and
//! LZH archives do: `rars` reads every header before it gives a member, so the archive is
//! opened again on its bytes before the cut (`open_salvaging`). The one piece of the format
//! written here is the walk of RAR 4's block headers that finds that cut.
//!
//! Why `rars`: it is the one RAR reader in pure Rust (Apache-2.0, no unsafe code); the other
//! is RARLAB's C++ unrar, under a licence of its own. Checked against RARLAB's `rar` 7.01 on
//! the 47 test archives of Python's `rarfile` 4.5 (RAR 1.5 to 5): every file both extract is
//! the same, byte for byte.

use std::cell::RefCell;
use std::io::{self, Read, Seek};
use std::path::{Path, PathBuf};
use std::rc::Rc;

use super::charset;
use super::source::{
    archive_error, bytes_text, classify, encrypted_why, hand_on, member_error, open_regular,
    pass_over, path_text, reservation, InputItem, ReadOptions, Skipped, SourceError, Window,
};

/// The largest dictionary a RAR 5 (or RAR 7) member may declare: 128 MiB, four times WinRAR's
/// default of 32 MiB, within the run's memory bound (a member may declare up to 64 GiB, and
/// one declaring more than this is an error row saying so). Earlier versions use at most 4 MiB.
const RAR_DICTIONARY_LIMIT: u64 = 128 << 20;

/// The largest RAR 5 member decoded whole in memory before it is written out; a larger one is
/// decoded as a stream (a member declaring gigabytes was otherwise held whole).
const RAR_BUFFERED_LIMIT: u64 = 16 << 20;

/// How RAR archives are parsed and decoded: [`RAR_DICTIONARY_LIMIT`], [`RAR_BUFFERED_LIMIT`],
/// and the password for encrypted headers and members, if any.
fn rar_options(password: Option<&[u8]>) -> rars::ArchiveReadOptions<'_> {
    let mut options = rars::ArchiveReadOptions::new()
        .with_rar50_dictionary_size_limit(RAR_DICTIONARY_LIMIT)
        .with_rar50_buffered_decode_limit(RAR_BUFFERED_LIMIT);
    options.password = password;
    options
}

/// A RAR archive read from `reader`, its headers parsed (the members' data is read as they are
/// decoded); `password` opens encrypted headers.
fn rar_archive<R: Read + Seek + Send + 'static>(
    reader: R,
    password: Option<&[u8]>,
) -> rars::Result<rars::Archive> {
    rars::ArchiveReader::read_reader_with_options(reader, rar_options(password))
}

/// Whether a RAR error says a password is needed, or another one.
fn needs_password(e: &rars::Error) -> bool {
    matches!(
        e.kind(),
        rars::ErrorKind::PasswordRequired | rars::ErrorKind::BadPassword
    )
}

/// The index among `members` of the first game member that is encrypted, if one is; `alone`:
/// the members of one volume read on its own, of which those split across volumes cannot be
/// decoded.
fn first_encrypted_game(members: &[rars::ArchiveMember], alone: bool) -> Option<usize> {
    members.iter().position(|m| {
        let split = m.meta.is_split_before || m.meta.is_split_after;
        is_game(m) && m.meta.is_encrypted && !m.meta.is_redirection && !(alone && split)
    })
}

/// The password of an archive's (or set's) encrypted members: that of its headers when they
/// are encrypted, else the first of `opts.passwords` that decodes its first encrypted game
/// member ([`first_encrypted_game`], `alone` as there; [`probe_passwords`]), else none.
fn members_password<'p>(
    header: Option<&'p [u8]>,
    opts: &'p ReadOptions,
    members: &[rars::ArchiveMember],
    alone: bool,
    decode: &mut ProbeDecode<'_>,
) -> Option<&'p [u8]> {
    if header.is_some() || opts.passwords.is_empty() {
        return header;
    }
    let target = first_encrypted_game(members, alone)?;
    probe_passwords(opts, members, target, decode)
}

/// The member a password is tested on: its index among the members, the writer of its bytes,
/// and a flag to set once the decoding has gone past it (its hash is checked by then).
struct Probe {
    target: usize,
    writer: Option<Box<dyn io::Write>>,
    past: Rc<RefCell<bool>>,
}

/// A decoding for [`probe_passwords`], with a password, of the members up to a [`Probe`]'s.
type ProbeDecode<'a> = dyn FnMut(&[u8], Probe) -> rars::Result<()> + 'a;

/// The first of `opts.passwords` under which the member `target` of a RAR archive or set
/// decodes whole, its hash checked (a wrong RAR 5 password fails its check value at once; a
/// wrong RAR 3 one decodes to garbage that fails the CRC-32): `decode` runs the extraction
/// with a password, handing it the member's index, a writer for it, and a flag to set once
/// the decoding has gone past it. A member over `opts.max_bytes` is not decoded: the first
/// password is taken on trust.
fn probe_passwords<'p>(
    opts: &'p ReadOptions,
    members: &[rars::ArchiveMember],
    target: usize,
    decode: &mut ProbeDecode<'_>,
) -> Option<&'p [u8]> {
    let size = members[target].meta.unpacked_size;
    if size > opts.max_bytes {
        return opts.passwords.first().map(|p| p.as_bytes());
    }
    for password in &opts.passwords {
        let member = RarMember::new(String::new(), &[], size, opts.max_bytes, None);
        let past = Rc::new(RefCell::new(false));
        let probe = Probe {
            target,
            writer: Some(member.writer()),
            past: past.clone(),
        };
        let outcome = decode(password.as_bytes(), probe);
        let checked = outcome.is_ok() || *past.borrow();
        if checked && member.whole() {
            return Some(password.as_bytes());
        }
    }
    None
}

/// A RAR member's name in its own characters: the name as Unicode when the archive stores one
/// (RAR 3 and later do for every name that is not ASCII), else the bytes of the old-style name
/// as UTF-8 when they are, else in the charset they read as (an old archive's names are in
/// the code page of the Windows that made it: GBK, Shift_JIS, CP949…), else as
/// [`bytes_text`] writes them.
fn rar_name(name: &[u8], unicode: bool) -> String {
    if let Ok(text) = std::str::from_utf8(name) {
        return text.to_string();
    }
    if unicode {
        return bytes_text(name);
    }
    charset::decode_name(name).unwrap_or_else(|| bytes_text(name))
}

/// [`rar_name`] of a member.
fn member_name(member: &rars::ArchiveMember) -> String {
    rar_name(&member.meta.name, member.name_is_unicode())
}

/// Whether `member` is a game (or an archive of games) to hand on.
fn is_game(member: &rars::ArchiveMember) -> bool {
    !member.meta.is_directory && classify(&member_name(member)).is_some()
}

/// Whether a RAR archive's headers read from the start of `bytes` (or are encrypted: the
/// archive is there all the same), for finding the archive a self-extracting program holds.
pub(super) fn headers_read(bytes: &[u8]) -> bool {
    match rar_archive(io::Cursor::new(bytes.to_vec()), None) {
        Ok(_) => true,
        Err(e) => needs_password(&e),
    }
}

/// How many members of the RAR archive `reader` holds games (for the progress bar's total);
/// when its headers are encrypted, read again (`reopen`) with the first of `passwords` that
/// opens them.
pub(super) fn rar_game_members<R: Read + Seek + Send + 'static>(
    reader: R,
    mut reopen: impl FnMut() -> Option<R>,
    passwords: &[String],
) -> Option<u64> {
    let archive = match rar_archive(reader, None) {
        Ok(archive) => archive,
        Err(e) if needs_password(&e) => passwords
            .iter()
            .find_map(|p| rar_archive(reopen()?, Some(p.as_bytes())).ok())?,
        Err(_) => return None,
    };
    Some(archive.members().filter(is_game).count() as u64)
}

/// The bytes a RAR member decodes to, up to a limit: past it they are dropped, and the member
/// is too large (decoding goes on, as a solid archive's later members need it).
struct Capped {
    data: Vec<u8>,
    limit: u64,
    over: bool,
}

/// A writer into a [`Capped`] buffer that the reader keeps a handle on.
struct CappedWriter(Rc<RefCell<Capped>>);

impl io::Write for CappedWriter {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        let mut c = self.0.borrow_mut();
        if !c.over {
            if (c.data.len() + buf.len()) as u64 > c.limit {
                c.over = true;
                c.data = Vec::new();
            } else {
                c.data.extend_from_slice(buf);
            }
        }
        Ok(buf.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

/// A game member of a RAR archive being decoded: its name, its bytes so far, and what went
/// wrong with it.
struct RarMember {
    name: String,
    /// The name as the archive stores it, and the size its header gives.
    raw: Vec<u8>,
    size: u64,
    bytes: Rc<RefCell<Capped>>,
    error: Option<SourceError>,
}

impl RarMember {
    /// A member of `size` bytes by its header, to be decoded into a buffer that holds at most
    /// `max_bytes`; `error` says why it will not be decoded, when it will not.
    fn new(
        name: String,
        raw: &[u8],
        size: u64,
        max_bytes: u64,
        error: Option<String>,
    ) -> RarMember {
        RarMember {
            name,
            raw: raw.to_vec(),
            size,
            bytes: Rc::new(RefCell::new(Capped {
                data: Vec::with_capacity(if error.is_some() {
                    0
                } else {
                    reservation(size, max_bytes)
                }),
                limit: max_bytes,
                over: false,
            })),
            error: error.map(SourceError::Archive),
        }
    }

    /// Whether the member was decoded whole: no error, and as many bytes as its header gives
    /// (its hash is checked before the next member begins).
    fn whole(&self) -> bool {
        let c = self.bytes.borrow();
        self.error.is_none() && !c.over && c.data.len() as u64 == self.size
    }

    /// A writer of the member's decoded bytes.
    fn writer(&self) -> Box<dyn io::Write> {
        Box::new(CappedWriter(self.bytes.clone()))
    }

    /// The member's bytes, or why there are none.
    fn data(self) -> Result<Vec<u8>, SourceError> {
        if let Some(e) = self.error {
            return Err(e);
        }
        let mut c = self.bytes.borrow_mut();
        if c.over {
            return Err(SourceError::TooLarge { limit: c.limit });
        }
        Ok(std::mem::take(&mut c.data))
    }
}

/// What a member's header alone says against reading it, if anything; `opened`: a password
/// that opens the archive's encrypted members was found.
fn refusal(member: &rars::ArchiveMember, opts: &ReadOptions, opened: bool) -> Option<String> {
    let meta = &member.meta;
    if meta.is_redirection {
        Some("a link to another member or file; links are not followed".to_string())
    } else if meta.is_encrypted && !opened {
        Some(encrypted_why(opts))
    } else if meta.is_split_before || meta.is_split_after {
        Some(
            "split across the volumes of a RAR volume set, and this volume is read alone \
             (a set is joined from its first volume, with the others beside it as files)"
                .to_string(),
        )
    } else {
        None
    }
}

/// The reading of one archive or volume set: where its items go, and how far it has come.
struct Reading<'a> {
    source: &'a str,
    opts: &'a ReadOptions,
    depth: u8,
    skipped: &'a mut Skipped,
    sink: &'a mut dyn FnMut(InputItem) -> bool,
    /// `false` once the sink asked to stop.
    go_on: bool,
    /// How many members the extraction has begun (directories and members passed over too).
    begun: usize,
    /// A password opens the encrypted members (see [`probe_passwords`]).
    opened: bool,
}

impl<'a> Reading<'a> {
    /// A reading not begun; `opened`: a password opens the encrypted members.
    fn new(
        source: &'a str,
        opts: &'a ReadOptions,
        depth: u8,
        skipped: &'a mut Skipped,
        sink: &'a mut dyn FnMut(InputItem) -> bool,
        opened: bool,
    ) -> Self {
        Reading {
            source,
            opts,
            depth,
            skipped,
            sink,
            go_on: true,
            begun: 0,
            opened,
        }
    }

    /// Hands on the game member whose decoding has ended (its bytes or its error).
    fn finish(&mut self, member: Option<RarMember>) {
        if let (Some(m), true) = (member, self.go_on) {
            let name = m.name.clone();
            let data = m.data().map_err(|e| member_error(self.source, &name, e));
            self.go_on = hand_on(
                self.source,
                name,
                data,
                self.opts,
                self.depth,
                self.skipped,
                self.sink,
            );
        }
    }

    /// After the extraction ended with `error`: a row for each game member not begun, from
    /// `members` (all the archive's, in order). The first is the one that failed unless
    /// `blamed` (a member begun has the error already) or the error names another member
    /// (one passed over, in a solid archive).
    fn rest(&mut self, members: &[rars::ArchiveMember], error: &rars::Error, mut blamed: bool) {
        for m in members.iter().skip(self.begun).filter(|m| is_game(m)) {
            if !self.go_on {
                return;
            }
            // the error is this member's unless it is a member's before it, or names another
            let its = !blamed && entry_of(error).is_none_or(|name| name == m.meta.name);
            let why = if m.meta.is_encrypted && !self.opened {
                encrypted_why(self.opts)
            } else if its {
                format!("damaged: {error}")
            } else {
                format!("not read: decoding stopped at an earlier member ({error})")
            };
            blamed = true;
            let name = member_name(m);
            let data = Err(member_error(self.source, &name, SourceError::Archive(why)));
            self.go_on = (self.sink)(InputItem {
                source: self.source.to_string(),
                member: Some(name),
                data,
                cut: None,
            });
        }
    }

    /// A row for the archive as a whole.
    fn error(&mut self, message: String) {
        if self.go_on {
            self.go_on = (self.sink)(archive_error(self.source, message));
        }
    }
}

/// The member begun last when the extraction ended with `error`, and whether `error` is
/// its: it is unless it was decoded whole and `error` names another member (an extraction
/// can fail on the next member's header before that member begins). A member to blame
/// keeps its own error, else gets `error`.
fn failed(current: &RefCell<Option<RarMember>>, error: &rars::Error) -> (Option<RarMember>, bool) {
    let Some(mut member) = current.borrow_mut().take() else {
        return (None, false);
    };
    if member.whole() && entry_of(error) != Some(&member.raw) {
        return (Some(member), false);
    }
    member
        .error
        .get_or_insert_with(|| SourceError::Archive(format!("damaged: {error}")));
    (Some(member), true)
}

/// The member an error names, if it names one.
fn entry_of(error: &rars::Error) -> Option<&[u8]> {
    match error {
        rars::Error::AtEntry { name, .. } => Some(name),
        rars::Error::AtArchiveOffset { source, .. } | rars::Error::InVolume { source, .. } => {
            entry_of(source)
        }
        _ => None,
    }
}

/// Reads a RAR archive member by member, each decoded and checked against its CRC-32 or BLAKE2
/// hash. Members that are not games are decoded in a solid archive (the next members need
/// them) and passed over otherwise. A damaged member of an archive that is not solid is an
/// error row naming it, and the next members are read; in a solid archive, the members after
/// a damaged one cannot be decoded, and each is an error row naming it. An encrypted member,
/// a link, a member split across volumes, and one over the size limit are error rows too.
/// Headers that fail (the archive cut short, or a header damaged) keep the members before
/// the failure, and a row says where ([`open_salvaging`]); headers that cannot be read at all
/// make one error row, as the members are then not known.
pub(super) fn read_rar<R: Read + Seek + Send + 'static>(
    source: &str,
    reader: R,
    opts: &ReadOptions,
    depth: u8,
    skipped: &mut Skipped,
    sink: &mut dyn FnMut(InputItem) -> bool,
) -> bool {
    let max_bytes = opts.max_bytes;
    let shared = std::sync::Arc::new(std::sync::Mutex::new(reader));
    // encrypted headers (`rar -hp`): the first password that opens them
    let mut header_password = None;
    let mut opened = open_salvaging(&shared, None);
    if opened.as_ref().is_err_and(needs_password) {
        for password in &opts.passwords {
            let attempt = open_salvaging(&shared, Some(password.as_bytes()));
            if attempt.is_ok() {
                header_password = Some(password.as_bytes());
                opened = attempt;
                break;
            }
        }
    }
    let (archive, cut) = match opened {
        Ok(opened) => opened,
        Err(e) if needs_password(&e) => {
            return sink(archive_error(
                source,
                format!(
                    "{source}: its list of files is {}; its members are not known",
                    encrypted_why(opts)
                ),
            ))
        }
        Err(e) => {
            return sink(archive_error(
                source,
                format!("{source}: not a readable RAR archive ({e}); its members are not known"),
            ))
        }
    };
    let members: Vec<rars::ArchiveMember> = archive.members().collect();
    // in a solid archive no member's data may be skipped: the next members are decoded from it
    let solid = members.iter().any(rars::ArchiveMember::is_solid);
    let password = members_password(
        header_password,
        opts,
        &members,
        true,
        &mut |password, probe| probe_archive(&archive, solid, password, probe),
    );
    let mut reading = Reading::new(source, opts, depth, skipped, sink, password.is_some());
    let current: RefCell<Option<RarMember>> = RefCell::new(None);
    let outcome = archive.extract_with_control_and_errors(
        rar_options(password),
        |m| {
            reading.finish(current.borrow_mut().take());
            reading.begun += 1;
            if !reading.go_on {
                return Ok(rars::ExtractionDecision::Stop);
            }
            let meta = &m.meta;
            if meta.is_directory {
                return Ok(rars::ExtractionDecision::Skip);
            }
            if !is_game(m) {
                pass_over(reading.skipped, &member_name(m));
                return Ok(if solid && !meta.is_redirection {
                    rars::ExtractionDecision::Extract(Box::new(io::sink()))
                } else {
                    rars::ExtractionDecision::Skip
                });
            }
            let refused = refusal(m, reading.opts, reading.opened);
            let skip = refused.is_some();
            let member = RarMember::new(
                member_name(m),
                &meta.name,
                meta.unpacked_size,
                max_bytes,
                refused,
            );
            let decision = if skip {
                rars::ExtractionDecision::Skip
            } else if !solid && meta.unpacked_size > max_bytes {
                // over the limit by its header: not decoded at all
                member.bytes.borrow_mut().over = true;
                rars::ExtractionDecision::Skip
            } else {
                rars::ExtractionDecision::Extract(member.writer())
            };
            *current.borrow_mut() = Some(member);
            Ok(decision)
        },
        |m, e| {
            if let Some(member) = current.borrow_mut().as_mut() {
                let why = if m.meta.is_encrypted && password.is_none() {
                    encrypted_why(opts)
                } else {
                    format!("damaged: {e}")
                };
                member.error.get_or_insert(SourceError::Archive(why));
            }
            Ok(rars::ExtractionErrorAction::Continue)
        },
    );
    match outcome {
        Ok(_) => reading.finish(current.borrow_mut().take()),
        // The extraction ended at the member being decoded: a solid archive's members cannot
        // be decoded past a damaged one, and a limit ends it too. That member, and every game
        // after it, gets a row.
        Err(e) => {
            let (member, blamed) = failed(&current, &e);
            reading.finish(member);
            reading.rest(&members, &e, blamed);
        }
    }
    if let Some((at, e)) = cut {
        reading.error(format!(
            "{source}: the archive is cut short or damaged at byte {at} ({e}); the members \
             before it were read, the members after it are missing"
        ));
    }
    reading.go_on
}

/// Decodes the members of `archive` up to the probe's with `password` (the members before it
/// into nothing, and only when the archive is `solid`: they are skipped otherwise), the
/// probe's into its writer, and stops at the member after it.
fn probe_archive(
    archive: &rars::Archive,
    solid: bool,
    password: &[u8],
    mut probe: Probe,
) -> rars::Result<()> {
    let target = probe.target;
    let mut index = 0;
    archive
        .extract_with_control_and_errors(
            rar_options(Some(password)),
            |_| {
                let k = index;
                index += 1;
                Ok(if k < target {
                    if solid {
                        rars::ExtractionDecision::Extract(Box::new(io::sink()))
                    } else {
                        rars::ExtractionDecision::Skip
                    }
                } else if k == target {
                    match probe.writer.take() {
                        Some(w) => rars::ExtractionDecision::Extract(w),
                        None => rars::ExtractionDecision::Stop,
                    }
                } else {
                    *probe.past.borrow_mut() = true;
                    rars::ExtractionDecision::Stop
                })
            },
            |_, _| Ok(rars::ExtractionErrorAction::Abort),
        )
        .map(|_| ())
}

/// Opens a RAR archive; when its headers fail at a known offset (a RAR 5 archive cut short,
/// or a header damaged), opens the part before that offset instead, whose members are whole
/// (the tar and LZH readers keep the members before a cut too), and says where and why it
/// was cut. RAR 4 headers that fail say no offset: the part opened is then its blocks that
/// are whole and sound ([`rar4_whole_blocks`]).
fn open_salvaging<R: Read + Seek + Send + 'static>(
    shared: &std::sync::Arc<std::sync::Mutex<R>>,
    password: Option<&[u8]>,
) -> rars::Result<(rars::Archive, Option<(u64, rars::Error)>)> {
    let shared = shared.clone();
    let whole = Window::new(shared.clone(), u64::MAX)?;
    let len = whole.len;
    let error = match rar_archive(whole, password) {
        Ok(archive) => return Ok((archive, None)),
        Err(e) => e,
    };
    let at = match &error {
        rars::Error::AtArchiveOffset { offset, .. } => Some(*offset as u64),
        // RAR 4's headers say no offset: where its whole blocks end
        _ => rar4_whole_blocks(&mut Window::new(shared.clone(), len)?),
    };
    let Some(at) = at.filter(|&at| at < len) else {
        return Err(error);
    };
    match rar_archive(Window::new(shared, at)?, password) {
        Ok(archive) if archive.members().next().is_some() => Ok((archive, Some((at, error)))),
        _ => Err(error),
    }
}

/// The RAR 4 marker block, with which a RAR 1.5 to 4 archive begins.
const RAR4_MARKER: &[u8; 7] = b"Rar!\x1a\x07\x00";

/// Where the blocks of a RAR 1.5 to 4 archive that are whole and sound end: each block a
/// header (its CRC, type, flags and size; its data's size after it when flag 0x8000 is set,
/// with 32 more bits at byte 32 of a file header marked large) followed by its data, walked
/// from the marker until one does not fit in the file or its header's CRC fails. `None` for
/// a file that does not begin with the marker. Only for finding where an archive whose
/// headers `rars` refuses was cut short or damaged: the members themselves are `rars`'s to
/// read.
fn rar4_whole_blocks<R: Read + Seek>(r: &mut R) -> Option<u64> {
    let len = r.seek(io::SeekFrom::End(0)).ok()?;
    let mut marker = [0; 7];
    r.seek(io::SeekFrom::Start(0)).ok()?;
    r.read_exact(&mut marker).ok()?;
    if &marker != RAR4_MARKER {
        return None;
    }
    let mut pos = RAR4_MARKER.len() as u64;
    let mut header = Vec::new();
    loop {
        let mut fixed = [0u8; 7];
        if r.read_exact(&mut fixed).is_err() {
            return Some(pos);
        }
        let [crc0, crc1, kind, f0, f1, s0, s1] = fixed;
        let flags = u16::from_le_bytes([f0, f1]);
        let size = usize::from(u16::from_le_bytes([s0, s1]));
        header.clear();
        header.extend_from_slice(&fixed);
        header.resize(size.max(7), 0);
        if size < 7 || r.read_exact(&mut header[7..]).is_err() {
            return Some(pos);
        }
        let crc = crc32fast::hash(&header[2..]) as u16;
        if crc != u16::from_le_bytes([crc0, crc1]) {
            return Some(pos);
        }
        let word = |at: usize| {
            header
                .get(at..at + 4)
                .map(|b| u64::from(u32::from_le_bytes([b[0], b[1], b[2], b[3]])))
        };
        let mut data = 0;
        if flags & 0x8000 != 0 {
            data = word(7).unwrap_or(0);
            // a file or service header marked large: the high 32 bits of its packed size
            if matches!(kind, 0x74 | 0x7a) && flags & 0x100 != 0 {
                data |= word(32).unwrap_or(0) << 32;
            }
        }
        let end = pos.saturating_add(size as u64).saturating_add(data);
        if end > len {
            return Some(pos);
        }
        pos = end;
        // the end-of-archive block: what follows is no part of the archive
        if kind == 0x7b || r.seek(io::SeekFrom::Start(pos)).is_err() {
            return Some(pos);
        }
    }
}

/// Where a file name places it in a RAR volume set.
#[derive(Debug, Clone, PartialEq, Eq)]
struct VolumeName {
    /// The name up to the volume's number (`games.part`, `games.`).
    stem: String,
    /// 1 for the first volume.
    number: u32,
    style: Style,
}

/// How a volume set numbers its volumes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Style {
    /// `stem.part1.rar`, `stem.part2.rar`, … (RAR 3 and later), with `width` digits and the
    /// ending as written (`rar` or `RAR`).
    Part { width: usize, upper: bool },
    /// `stem.rar`, `stem.r00`, `stem.r01`, … `stem.r99`, `stem.s00`, … (RAR 2, and `-vn`).
    Old { upper: bool },
}

impl VolumeName {
    /// Reads `name` as a volume's. A plain `stem.rar` reads as the first volume of an
    /// old-style set (whether it is one depends on the files beside it).
    fn parse(name: &str) -> Option<VolumeName> {
        let (stem, ext) = name.rsplit_once('.')?;
        let upper = !ext.bytes().any(|b| b.is_ascii_lowercase());
        if ext.eq_ignore_ascii_case("rar") {
            let lower = stem.to_ascii_lowercase();
            if let Some(at) = lower.rfind(".part") {
                let digits = &stem[at + 5..];
                if (1..=4).contains(&digits.len()) && digits.bytes().all(|b| b.is_ascii_digit()) {
                    return Some(VolumeName {
                        stem: stem[..at + 5].to_string(),
                        number: digits.parse().ok().filter(|&n| n > 0)?,
                        style: Style::Part {
                            width: digits.len(),
                            upper,
                        },
                    });
                }
            }
            return Some(VolumeName {
                stem: format!("{stem}."),
                number: 1,
                style: Style::Old { upper },
            });
        }
        // `r00` … `z99`: volumes 2 and on of an old-style set
        let b = ext.as_bytes();
        let letter = b.first()?.to_ascii_lowercase();
        if b.len() != 3
            || !(b'r'..=b'z').contains(&letter)
            || !ext[1..].bytes().all(|d| d.is_ascii_digit())
        {
            return None;
        }
        let number = 2 + u32::from(letter - b'r') * 100 + ext[1..].parse::<u32>().ok()?;
        Some(VolumeName {
            stem: format!("{stem}."),
            number,
            style: Style::Old { upper },
        })
    }

    /// The file name of volume `number` of this set.
    fn sibling(&self, number: u32) -> String {
        match self.style {
            Style::Part { width, upper } => {
                let ext = if upper { "RAR" } else { "rar" };
                format!("{}{number:0width$}.{ext}", self.stem)
            }
            Style::Old { upper } => {
                let ext = if number == 1 {
                    "rar".to_string()
                } else {
                    let letter = char::from(b'r' + ((number - 2) / 100) as u8);
                    format!("{letter}{:02}", (number - 2) % 100)
                };
                let ext = if upper { ext.to_ascii_uppercase() } else { ext };
                format!("{}{ext}", self.stem)
            }
        }
    }
}

/// `path`'s place in a RAR volume set. A later volume named the old way (`.r00` … `.z99`,
/// names many other files carry: `board.s19`, `data.t01`, a split zip's `.z01`) is one only
/// when it begins as a RAR volume does or the first volume beside it (`.rar`) says it begins
/// a set (a volume left empty or damaged by a download is still the set's); each such file
/// was an error row about a set with no first volume.
fn volume_name(path: &Path) -> Option<VolumeName> {
    let v = named_volume(path)?;
    let old_later = matches!(v.style, Style::Old { .. }) && v.number > 1;
    let set = || first_of_a_set(&sibling(path, &v, 1)) == Some(true);
    (!old_later || begins_as_rar(path) || set()).then_some(v)
}

/// Whether the file at `path` (a set's first volume by its name) is a volume of a RAR set: its
/// main header's flags say so (RAR 4: `MHD_VOLUME`; RAR 5: the archive flag `volume`).
/// `None` when that cannot be told (no RAR, or RAR 5 headers encrypted).
fn first_of_a_set(path: &Path) -> Option<bool> {
    let mut head = Vec::with_capacity(64);
    if std::fs::File::open(path)
        .and_then(|f| f.take(64).read_to_end(&mut head))
        .is_err()
    {
        return None;
    }
    let head = head.as_slice();
    if let Some(main) = head.strip_prefix(b"Rar!\x1a\x07\x00") {
        // HEAD_CRC (2), HEAD_TYPE 0x73, HEAD_FLAGS (2)
        return (main.get(2) == Some(&0x73)).then(|| main.get(3).is_some_and(|f| f & 0x01 != 0));
    }
    let rest = head.strip_prefix(b"Rar!\x1a\x07\x01\x00")?;
    let mut rest = rest.get(4..).unwrap_or(&[]);
    // CRC32 (4), then variable-length integers: header size, type (1: main), flags, the
    // extra area's size when flag 0x01, the data's when flag 0x02, then the archive flags
    let mut vint = || {
        let mut value = 0u64;
        for shift in (0..63).step_by(7) {
            let (&b, tail) = rest.split_first()?;
            rest = tail;
            value |= u64::from(b & 0x7f) << shift;
            if b & 0x80 == 0 {
                return Some(value);
            }
        }
        None
    };
    let mut read = || -> Option<bool> {
        let _size = vint()?;
        // another header first (4: the headers are encrypted): not told
        if vint()? != 1 {
            return None;
        }
        let flags = vint()?;
        if flags & 0x01 != 0 {
            vint()?;
        }
        if flags & 0x02 != 0 {
            vint()?;
        }
        Some(vint()? & 0x01 != 0)
    };
    read()
}

/// `path`'s place in a RAR volume set by its name alone.
fn named_volume(path: &Path) -> Option<VolumeName> {
    VolumeName::parse(&path.file_name()?.to_string_lossy())
}

/// Whether the file at `path` begins with a RAR signature (every volume of a set does).
fn begins_as_rar(path: &Path) -> bool {
    let mut head = [0u8; 6];
    std::fs::File::open(path)
        .and_then(|mut f| f.read_exact(&mut head))
        .is_ok_and(|()| head == *b"Rar!\x1a\x07")
}

/// Whether `path` is named as volume 2 or later of a RAR volume set (`games.part2.rar`,
/// `games.r00`), whatever it holds: no name for an output the next scan would read.
pub fn named_as_later_volume(path: &Path) -> bool {
    named_volume(path).is_some_and(|v| v.number > 1)
}

fn sibling(path: &Path, name: &VolumeName, number: u32) -> PathBuf {
    path.with_file_name(name.sibling(number))
}

/// Whether `path` is volume 2 or later of a RAR volume set by its name (`games.part2.rar`,
/// `games.r00`): it is read with its set, from the first volume.
pub fn is_later_volume(path: &Path) -> bool {
    volume_name(path).is_some_and(|v| v.number > 1)
}

/// The first volume of the set of `path`, a later volume, when that first volume exists
/// beside it; `None` for every other path.
pub fn set_head(path: &Path) -> Option<PathBuf> {
    let v = volume_name(path).filter(|v| v.number > 1)?;
    Some(sibling(path, &v, 1)).filter(|first| first.is_file())
}

/// What reading `path` as a RAR volume set means.
pub enum VolumeSet {
    /// A later volume whose first volume is missing: its members cannot be read.
    Orphan { number: u32, first: PathBuf },
    /// The first volume, and the volumes after it in order, up to the first one missing;
    /// `missing` names that one when a later volume exists past it (two volumes or more
    /// in all, or one and a gap).
    Volumes {
        paths: Vec<PathBuf>,
        missing: Option<PathBuf>,
    },
}

/// `path` as a RAR volume set: a later volume whose first is missing, or a first volume with
/// a later one beside it. `None` for an archive that is no set, and for a `.part1.rar` alone,
/// which is read on its own (its member split into the next volume an error row).
pub fn volume_set(path: &Path) -> Option<VolumeSet> {
    let v = volume_name(path)?;
    if v.number > 1 {
        let first = sibling(path, &v, 1);
        return (!first.is_file()).then_some(VolumeSet::Orphan {
            number: v.number,
            first,
        });
    }
    // an archive whose header says it is no volume is no set, whatever lies beside it
    if first_of_a_set(path) == Some(false) {
        return None;
    }
    let mut paths = vec![path.to_path_buf()];
    while let Some(next) = Some(sibling(path, &v, paths.len() as u32 + 1)).filter(|p| p.is_file()) {
        paths.push(next);
    }
    // a volume missing in the middle: a later one exists past the gap
    let gap = paths.len() as u32 + 1;
    let missing = (gap + 1..gap + 100)
        .any(|n| sibling(path, &v, n).is_file())
        .then(|| sibling(path, &v, gap));
    (paths.len() > 1 || missing.is_some()).then_some(VolumeSet::Volumes { paths, missing })
}

/// Opens and parses each volume in turn, up to the first that cannot be: the archives, and
/// why that one could not be read (and whether for want of the password of its headers).
/// `password` opens encrypted headers.
fn open_volumes(
    paths: &[PathBuf],
    password: Option<&[u8]>,
) -> (Vec<rars::Archive>, Option<(String, bool)>) {
    let mut archives = Vec::new();
    for p in paths {
        let opened = match open_regular(p) {
            Ok(f) => rar_archive(io::BufReader::new(f), password).map_err(|e| {
                (
                    format!("not a readable RAR archive ({e})"),
                    needs_password(&e),
                )
            }),
            Err(e) => Err((e.message(), false)),
        };
        match opened {
            Ok(a) => archives.push(a),
            Err((why, locked)) => {
                return (archives, Some((format!("{}: {why}", path_text(p)), locked)))
            }
        }
    }
    (archives, None)
}

/// Decodes the members of a volume set up to the probe's with `password` (the members before
/// it into nothing), the probe's into its writer, and stops at the member after it.
fn probe_set(
    archives: &[rars::Archive],
    members: &[rars::ArchiveMember],
    password: &[u8],
    mut probe: Probe,
) -> rars::Result<()> {
    let target = probe.target;
    let mut begun = 0;
    rars::extract_volumes_to_with_options(archives, rar_options(Some(password)), |meta| {
        let at = members[begun.min(members.len())..]
            .iter()
            .position(|m| m.meta.name == meta.name)
            .map(|k| begun + k);
        begun = at.map_or(begun, |k| k + 1);
        match at {
            Some(k) if k == target => match probe.writer.take() {
                Some(w) => Ok(w),
                None => Err(rars::Error::WriterFailure("probed")),
            },
            Some(k) if k > target => {
                *probe.past.borrow_mut() = true;
                Err(rars::Error::WriterFailure("probed"))
            }
            _ => Ok(Box::new(io::sink())),
        }
    })
}

/// How many members of a RAR volume set hold games (for the progress bar's total).
pub(super) fn set_game_members(set: &VolumeSet, passwords: &[String]) -> Option<u64> {
    let VolumeSet::Volumes { paths, .. } = set else {
        return None;
    };
    let (mut archives, mut failed) = open_volumes(paths, None);
    // headers encrypted: the first password that opens every volume
    for p in passwords {
        if !failed.as_ref().is_some_and(|(_, locked)| *locked) {
            break;
        }
        (archives, failed) = open_volumes(paths, Some(p.as_bytes()));
    }
    let members = rars::volume_members(&archives).ok()?;
    Some(members.iter().filter(|m| is_game(m)).count() as u64)
}

/// Reads a RAR volume set as one archive, its items' source `source` (the first volume's
/// path). Every member is decoded in turn through the volumes; a member that cannot be ends
/// the reading there (decoding a set cannot resume past a failure), and it and every game
/// member after it are error rows. A volume that cannot be opened or parsed, or is missing
/// in the middle, is an error row of its own, and the members after it are not known.
pub(super) fn read_rar_set(
    source: &str,
    set: VolumeSet,
    opts: &ReadOptions,
    skipped: &mut Skipped,
    sink: &mut dyn FnMut(InputItem) -> bool,
) -> bool {
    let max_bytes = opts.max_bytes;
    let (paths, missing) = match set {
        VolumeSet::Orphan { number, first } => {
            return sink(archive_error(
                source,
                format!(
                    "{source}: volume {number} of a RAR volume set whose first volume, {}, is \
                     missing: its members cannot be read without it",
                    path_text(&first)
                ),
            ))
        }
        VolumeSet::Volumes { paths, missing } => (paths, missing),
    };
    // encrypted headers (`rar -hp`): the first password that opens the first volume's
    let mut header_password = None;
    let (mut archives, mut broken) = open_volumes(&paths, None);
    if archives.is_empty() && broken.as_ref().is_some_and(|(_, locked)| *locked) {
        for password in &opts.passwords {
            let attempt = open_volumes(&paths, Some(password.as_bytes()));
            if !attempt.0.is_empty() {
                header_password = Some(password.as_bytes());
                (archives, broken) = attempt;
                break;
            }
        }
    }
    let locked = archives.is_empty() && broken.as_ref().is_some_and(|(_, locked)| *locked);
    let broken = broken.map(|(why, _)| why);
    let members = match rars::volume_members(&archives) {
        Ok(members) => members,
        Err(e) => {
            let why = if locked {
                format!("its list of files is {}", encrypted_why(opts))
            } else {
                broken.unwrap_or_else(|| e.to_string())
            };
            return sink(archive_error(
                source,
                format!(
                    "{source}: not a readable RAR volume set ({why}); its members are not known"
                ),
            ));
        }
    };
    let password = members_password(
        header_password,
        opts,
        &members,
        false,
        &mut |password, probe| probe_set(&archives, &members, password, probe),
    );
    let mut reading = Reading::new(source, opts, 0, skipped, sink, password.is_some());
    let current: RefCell<Option<RarMember>> = RefCell::new(None);
    let outcome = rars::extract_volumes_to_with_options(&archives, rar_options(password), |meta| {
        reading.finish(current.borrow_mut().take());
        // this entry's place among the members (they come in order)
        let at = members[reading.begun.min(members.len())..]
            .iter()
            .position(|m| m.meta.name == meta.name)
            .map(|k| reading.begun + k);
        let member = at.map(|k| &members[k]);
        reading.begun = at.map_or(reading.begun, |k| k + 1);
        let name = rar_name(&meta.name, meta.name_is_unicode);
        if !reading.go_on {
            // asked to stop (Ctrl-C, --limit): an error ends the decoding of the set
            return Err(rars::Error::WriterFailure("the reading was stopped"));
        }
        if meta.is_directory {
            return Ok(Box::new(io::sink()));
        }
        if classify(&name).is_none() {
            pass_over(reading.skipped, &name);
            return Ok(Box::new(io::sink()));
        }
        let size = member.map_or(0, |m| m.meta.unpacked_size);
        let refused = member
            .filter(|m| m.meta.is_encrypted || m.meta.is_redirection)
            .and_then(|m| refusal(m, reading.opts, reading.opened));
        let member = RarMember::new(name, &meta.name, size, max_bytes, refused);
        let writer = member.writer();
        *current.borrow_mut() = Some(member);
        Ok(writer)
    });
    match outcome {
        Ok(()) => reading.finish(current.borrow_mut().take()),
        Err(e) => {
            let (member, blamed) = failed(&current, &e);
            reading.finish(member);
            reading.rest(&members, &e, blamed);
        }
    }
    let last = paths.len();
    if let Some(why) = broken {
        reading.error(format!(
            "{source}: a volume of this RAR set cannot be read, and the members after it are \
             missing: {why}"
        ));
    } else if let Some(gap) = missing {
        reading.error(format!(
            "{source}: volume {} of this RAR set ({}) is missing, and later volumes exist: \
             the members after volume {last} are not read",
            last + 1,
            path_text(&gap)
        ));
    }
    reading.go_on
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_first_volume_says_it_begins_a_set() {
        let rar =
            std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/archives/rar");
        for (name, first) in [
            ("volumes/old.rar", true),
            ("volumes/games.part01.rar", true),
            ("games-rar4.rar", false),
            ("games-rar5.rar", false),
            // every volume says so, not only the first
            ("volumes/old.r00", true),
        ] {
            assert_eq!(first_of_a_set(&rar.join(name)), Some(first), "{name}");
        }
        // beside a single archive, a file named `.s19` or `.r00` is no volume of it
        let dir = tempfile::tempdir().unwrap();
        std::fs::copy(rar.join("games-rar5.rar"), dir.path().join("x.rar")).unwrap();
        for other in ["x.s19", "x.r00"] {
            std::fs::write(dir.path().join(other), "S00F00\n").unwrap();
            assert!(!is_later_volume(&dir.path().join(other)), "{other}");
        }
        // beside a single archive, `x.r00` makes no set of it
        assert!(volume_set(&dir.path().join("x.rar")).is_none());
        // beside a set's first volume, an empty later volume is the set's
        std::fs::copy(rar.join("volumes/old.rar"), dir.path().join("old.rar")).unwrap();
        std::fs::write(dir.path().join("old.r01"), [0u8; 100]).unwrap();
        assert!(is_later_volume(&dir.path().join("old.r01")));
    }

    #[test]
    fn volume_names() {
        let part = Style::Part {
            width: 2,
            upper: false,
        };
        let v = VolumeName::parse("games.part01.rar").unwrap();
        assert_eq!(
            (v.stem.as_str(), v.number, v.style),
            ("games.part", 1, part)
        );
        assert_eq!(v.sibling(12), "games.part12.rar");
        let v = VolumeName::parse("kifu.part3.RAR").unwrap();
        assert_eq!(v.number, 3);
        assert_eq!(v.sibling(1), "kifu.part1.RAR");
        let old = Style::Old { upper: false };
        let v = VolumeName::parse("old.rar").unwrap();
        assert_eq!((v.stem.as_str(), v.number, v.style), ("old.", 1, old));
        assert_eq!(v.sibling(2), "old.r00");
        assert_eq!(v.sibling(101), "old.r99");
        assert_eq!(v.sibling(102), "old.s00");
        assert_eq!(VolumeName::parse("old.r07").unwrap().number, 9);
        assert_eq!(VolumeName::parse("OLD.S01").unwrap().sibling(1), "OLD.RAR");
        for not in [
            "games.sgf",
            "games.r0",
            "games.r000",
            "games.q00",
            "a.part.rar",
            "a.part0.rar",
        ] {
            let v = VolumeName::parse(not);
            assert!(
                v.is_none() || v.unwrap().number == 1 && not.ends_with(".rar"),
                "{not}"
            );
        }
        assert_eq!(VolumeName::parse("a.part0.rar"), None);
    }

    /// A sound RAR 4 archive's blocks end at its end; cut anywhere, they end at or before the
    /// cut, at a block's end; a RAR 5 archive is not walked.
    #[test]
    fn rar4_blocks_are_walked_to_the_last_whole_one() {
        let rar4: &[u8] = include_bytes!("../../tests/fixtures/archives/rar/games-rar4.rar");
        let walk = |bytes: &[u8]| rar4_whole_blocks(&mut io::Cursor::new(bytes));
        assert_eq!(walk(rar4), Some(rar4.len() as u64));
        let mut ends = std::collections::BTreeSet::new();
        for cut in (8..rar4.len()).step_by(97) {
            let end = walk(&rar4[..cut]).unwrap();
            assert!(end <= cut as u64 && end >= 7, "{cut}: {end}");
            ends.insert(end);
        }
        // the marker, the archive header, and each of the ten members' ends
        assert!(ends.len() >= 10, "{ends:?}");
        let rar5: &[u8] = include_bytes!("../../tests/fixtures/archives/rar/games-rar5.rar");
        assert_eq!(walk(rar5), None);
    }

    #[test]
    fn old_style_names_are_read_in_their_charset() {
        // 名人 in Shift_JIS, as an old RAR's name with no Unicode copy
        assert_eq!(rar_name(b"\x96\xbc\x90\x6c.sgf", false), "名人.sgf");
        assert_eq!(rar_name("名人.sgf".as_bytes(), true), "名人.sgf");
        assert_eq!(rar_name(b"\xff.sgf", true), "\\xFF.sgf");
    }
}
