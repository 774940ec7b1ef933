//! LZH (LHA) archives, the Japanese archiver's format, and Pandanet's `.ugz` (an LZH archive
//! behind two bytes of its own): members in order, each CRC checked.

use std::io::{self, BufRead, Read};

use super::sniff::lzh_method_at;
use super::{
    archive_error, bytes_text, classify, hand_on, member_error, pass_over, read_limited_sized,
    InputItem, ReadOptions, Skipped, SourceError,
};

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
/// end (as GNU tar takes a tar's; see [`super::tar_archive`]).
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
pub(super) fn lzh_game_members(reader: impl Read) -> Option<u64> {
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
pub(super) fn read_lzh(
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
pub(super) fn lzh_name(escaped: &str) -> String {
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
