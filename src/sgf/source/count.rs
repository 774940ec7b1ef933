//! The progress bar's total: how many games a list of inputs holds, counted from archives'
//! headers (a tar archive read through once) without reading the games.

use std::io::{self, Read, Seek};
use std::path::Path;

use super::lzh_archive::lzh_game_members;
use super::seven_z::seven_z_game_members;
use super::sniff::{embedded_archive, is_executable, sniff};
use super::tar_archive::tar_game_members;
use super::zip_archive::zip_game_members;
use super::{classify, fill, open_input, rar, volumes, Expanded, Input, InputKind, SharedBytes};

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
            Ok(Input::Held(_, bytes)) => bytes_game_members(bytes, passwords).unwrap_or(1).max(1),
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
    // a compressed tar named only by its compression (`pack.gz`): its members, as read
    if let Some(InputKind::SgfCompressed(codec)) = sniff(&head[..n]) {
        file.rewind().ok()?;
        let mut stream = super::decompressed(codec, reopen()?).ok()?;
        let mut inner = [0u8; 512];
        let m = fill(&mut stream, &mut inner).ok()?;
        return (sniff(&inner[..m]) == Some(InputKind::Tar(None)))
            .then(|| tar_game_members(file, Some(codec)))
            .flatten();
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
