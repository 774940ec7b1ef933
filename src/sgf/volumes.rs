//! Split archives: the numbered volumes that 7-Zip's `-v` option (and `split
//! --numeric-suffixes=1 -a 3`, HJSplit) cut one file into — `games.7z.001`, `games.7z.002`, … —
//! found beside their first volume and read as the one file they were cut from. The volumes
//! are plain byte ranges of that file, whatever its kind (`.7z`, `.zip`, `.tar.gz`, …), so
//! reading them in turn is reading the file: nothing is joined on disk.
//!
//! A later volume stands for its set: the walk of a directory and the list of inputs keep
//! the set's first volume once (see [`set_head`]), and a later volume whose first volume is
//! missing is read as an error row saying so, as is a set with a volume missing in the middle
//! (the archive's offsets past the gap would point at the wrong bytes).

use super::source::{classify, open_regular, InputKind, SourceError};
use std::fs::File;
use std::io::{self, Read, Seek, SeekFrom};
use std::path::{Path, PathBuf};

/// Where a name is a volume of a split file: the kind of the file it was cut from, its
/// number (1 for the first), and how many digits number it (`001`: 3).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Volume {
    pub kind: InputKind,
    pub number: u32,
    pub width: usize,
}

/// Reads `name` as a volume's: a last ending of three digits or more, numbered from 1,
/// after a name of a kind this tool reads (`games.7z.001`, not `games.001` or `2006.001`).
pub fn volume(name: &str) -> Option<Volume> {
    let (stem, digits) = name.rsplit_once('.')?;
    if digits.len() < 3 || digits.len() > 9 || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let number: u32 = digits.parse().ok()?;
    match classify(stem)? {
        InputKind::Unsupported(_) => None,
        _ if number == 0 => None,
        kind => Some(Volume {
            kind,
            number,
            width: digits.len(),
        }),
    }
}

/// The volume of the set of `path` (itself a volume numbered with `width` digits) numbered
/// `number`.
fn sibling(path: &Path, number: u32, width: usize) -> PathBuf {
    path.with_extension(format!("{number:0width$}"))
}

fn file_volume(path: &Path) -> Option<Volume> {
    volume(&path.file_name()?.to_string_lossy())
}

/// The path that stands for `path`'s set when `path` is a later volume whose first volume
/// exists (read from there, once); `None` for every other path.
pub fn set_head(path: &Path) -> Option<PathBuf> {
    let v = file_volume(path).filter(|v| v.number > 1)?;
    let first = sibling(path, 1, v.width);
    first.is_file().then_some(first)
}

/// The volumes after `path` that reading it reads, when it is the first volume of a split
/// file: each beside it in turn, up to the first missing.
pub fn later_volumes(path: &Path) -> Vec<PathBuf> {
    let Some(v) = file_volume(path).filter(|v| v.number == 1) else {
        return Vec::new();
    };
    (2..)
        .map(|n| sibling(path, n, v.width))
        .take_while(|p| p.is_file())
        .collect()
}

/// Whether `path` is a volume of a split file (its name ends in `.001`, `.002`, …).
pub fn is_volume(path: &Path) -> bool {
    file_volume(path).is_some()
}

/// Whether `path` is a volume numbered 2 or more (its set is read from its first volume).
pub fn is_later_volume(path: &Path) -> bool {
    file_volume(path).is_some_and(|v| v.number > 1)
}

/// The kind of file `path` holds, by its name: for a volume, the file it was cut from's.
pub fn kind_of(path: &Path) -> InputKind {
    match file_volume(path) {
        Some(v) => v.kind,
        None => classify(&path.to_string_lossy()).unwrap_or(InputKind::Sgf),
    }
}

/// Opens the file at `path`, and, when it is the first volume of a split file, every volume
/// after it, as one stream; returns the kind of file the stream holds (by its name, or the
/// name of the file the volumes were cut from). A later volume (its set is read from the
/// first), or a set with a volume missing before its last, is an error.
pub fn open_input(path: &Path) -> Result<(InputKind, Volumes), SourceError> {
    let Some(v) = file_volume(path) else {
        return Ok((kind_of(path), Volumes::new(vec![open_regular(path)?])?));
    };
    if v.number > 1 {
        return Err(SourceError::Archive(format!(
            "{}: volume {} of a split file whose first volume, {}, is missing: \
             the volumes after the first cannot be read without it",
            path.display(),
            v.number,
            sibling(path, 1, v.width).display()
        )));
    }
    let mut files = vec![open_regular(path)?];
    for p in later_volumes(path) {
        files.push(open_regular(&p)?);
    }
    let next = files.len() as u32 + 1;
    if let Some(last) = last_volume(path, v.width).filter(|&last| last > next) {
        return Err(SourceError::Archive(format!(
            "{}: volume {next} of this split file ({}) is missing, and volumes up to {last} \
             exist: the file cannot be read whole",
            path.display(),
            sibling(path, next, v.width).display()
        )));
    }
    Ok((v.kind, Volumes::new(files)?))
}

/// The highest volume number of `first`'s set among the files beside it.
fn last_volume(first: &Path, width: usize) -> Option<u32> {
    let dir = match first.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    };
    let stem = first.file_stem()?;
    std::fs::read_dir(dir)
        .ok()?
        .filter_map(|e| e.ok())
        .map(|e| PathBuf::from(e.file_name()))
        .filter(|p| p.file_stem() == Some(stem))
        .filter_map(|p| file_volume(&p).filter(|v| v.width == width))
        .map(|v| v.number)
        .max()
}

/// Files read one after the other as one stream, with seeking across them (zip and 7z
/// readers seek to the archive's end first). One file is the common case.
pub struct Volumes {
    files: Vec<File>,
    /// `starts[k]` is where file `k` begins in the stream; the last entry is its length.
    starts: Vec<u64>,
    pos: u64,
    /// The file holding `pos`, and whether that file's own position is `pos` already.
    cur: usize,
    placed: bool,
}

impl Volumes {
    fn new(files: Vec<File>) -> Result<Self, SourceError> {
        let mut starts = Vec::with_capacity(files.len() + 1);
        let mut at = 0u64;
        starts.push(at);
        for f in &files {
            let len = f
                .metadata()
                .map_err(|e| SourceError::Io(format!("read error: {e}")))?
                .len();
            at += len;
            starts.push(at);
        }
        Ok(Volumes {
            files,
            starts,
            pos: 0,
            cur: 0,
            placed: true,
        })
    }

    /// How many files the stream reads.
    pub fn count(&self) -> usize {
        self.files.len()
    }

    fn len(&self) -> u64 {
        *self.starts.last().unwrap_or(&0)
    }
}

impl Read for Volumes {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        loop {
            if self.cur >= self.files.len() || buf.is_empty() {
                return Ok(0);
            }
            let end = self.starts[self.cur + 1];
            if self.pos >= end {
                self.cur += 1;
                self.placed = false;
                continue;
            }
            if !self.placed {
                let offset = self.pos - self.starts[self.cur];
                self.files[self.cur].seek(SeekFrom::Start(offset))?;
                self.placed = true;
            }
            let want = buf
                .len()
                .min((end - self.pos).min(usize::MAX as u64) as usize);
            let n = self.files[self.cur].read(&mut buf[..want])?;
            if n == 0 {
                // the file is shorter than when it was opened
                return Err(io::Error::new(
                    io::ErrorKind::UnexpectedEof,
                    format!(
                        "volume {} ended early (truncated while read?)",
                        self.cur + 1
                    ),
                ));
            }
            self.pos += n as u64;
            return Ok(n);
        }
    }
}

impl Seek for Volumes {
    fn seek(&mut self, to: SeekFrom) -> io::Result<u64> {
        let target = match to {
            SeekFrom::Start(p) => Some(p),
            SeekFrom::End(d) => self.len().checked_add_signed(d),
            SeekFrom::Current(d) => self.pos.checked_add_signed(d),
        }
        .ok_or_else(|| io::Error::new(io::ErrorKind::InvalidInput, "seek before the start"))?;
        self.pos = target;
        // the file holding the target: the last whose start is at or before it (past the
        // end, the last file, which reads nothing more)
        self.cur = self.starts[1..]
            .partition_point(|&end| end <= target)
            .min(self.files.len().saturating_sub(1));
        self.placed = false;
        Ok(target)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn volume_names() {
        let v = volume("games.7z.001").unwrap();
        assert_eq!((v.kind, v.number, v.width), (InputKind::SevenZ, 1, 3));
        assert_eq!(volume("a.TAR.GZ.0012").unwrap().number, 12);
        assert_eq!(volume("a.zip.002").unwrap().kind, InputKind::Zip);
        assert_eq!(volume("a.rar.001").unwrap().kind, InputKind::Rar);
        for name in [
            "games.001",
            "2006.001",
            "a.7z.01",
            "a.7z.000",
            "a.cab.001",
            "a.7z",
        ] {
            assert_eq!(volume(name), None, "{name}");
        }
    }

    /// A file cut into three volumes of uneven length reads and seeks as the whole.
    #[test]
    fn volumes_read_and_seek_as_one_file() {
        let dir = tempfile::tempdir().unwrap();
        let whole: Vec<u8> = (0..=255u8).cycle().take(1000).collect();
        let cuts = [0, 300, 301, 1000];
        for k in 0..3 {
            let p = dir.path().join(format!("x.zip.{:03}", k + 1));
            std::fs::write(p, &whole[cuts[k]..cuts[k + 1]]).unwrap();
        }
        let (kind, mut v) = open_input(&dir.path().join("x.zip.001")).unwrap();
        assert_eq!(kind, InputKind::Zip);
        let mut all = Vec::new();
        v.read_to_end(&mut all).unwrap();
        assert_eq!(all, whole);
        for (at, len) in [
            (0, 10),
            (295, 10),
            (300, 1),
            (301, 50),
            (990, 20),
            (1000, 5),
        ] {
            v.seek(SeekFrom::Start(at)).unwrap();
            let mut got = Vec::new();
            (&mut v).take(len).read_to_end(&mut got).unwrap();
            let end = (at + len).min(1000) as usize;
            assert_eq!(got, whole[at as usize..end], "at {at}");
        }
        assert_eq!(v.seek(SeekFrom::End(-4)).unwrap(), 996);
        let mut tail = Vec::new();
        v.read_to_end(&mut tail).unwrap();
        assert_eq!(tail, whole[996..]);
        assert!(v.seek(SeekFrom::Current(-2000)).is_err());
        // the set stands behind its later volumes; a missing middle volume is an error
        assert_eq!(
            set_head(&dir.path().join("x.zip.003")),
            Some(dir.path().join("x.zip.001"))
        );
        std::fs::remove_file(dir.path().join("x.zip.002")).unwrap();
        let Err(e) = open_input(&dir.path().join("x.zip.001")) else {
            panic!("a gap must be an error")
        };
        assert!(e.message().contains("volume 2 of this split file"), "{e:?}");
        std::fs::remove_file(dir.path().join("x.zip.001")).unwrap();
        assert_eq!(set_head(&dir.path().join("x.zip.003")), None);
        let Err(e) = open_input(&dir.path().join("x.zip.003")) else {
            panic!("a later volume alone must be an error")
        };
        assert!(e.message().contains("first volume"), "{e:?}");
    }
}
