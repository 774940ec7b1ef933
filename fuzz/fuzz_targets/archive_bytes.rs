//! Fuzz target: bytes read as an archive or a compressed file, as `kifu-audit scan` reads one
//! from disk (`sgf::source::read_bytes_with`), with two passwords to try on what is encrypted
//! (a wrong one, then `kifu`, the encrypted fixtures' password). The first byte picks the
//! name's ending — zip, 7z, tar, tar.gz, tar.bz2, tar.xz, tar.zst, a single
//! .sgf.gz/.bz2/.xz/.zst, lzh, ugz, rar, exe (a self-extracting archive), a compressed GIB,
//! NGF or UGF record, or plain .sgf (whose bytes are sniffed: an archive or another server's
//! record under an SGF name) —, the rest is the file. The readers are other crates' (zip, sevenz-rust2, tar, flate2, bzip2,
//! xz2, zstd, delharc) under the product's own bookkeeping: size limits, solid blocks cut short, members
//! named by the member that cut them off, nested archives.
//!
//! Besides "never panics, never hangs", it checks the item contract: every item is either
//! bytes within the size limit or an error with a message, and an item read from inside an
//! archive names its member.
#![no_main]

use kifu_audit::sgf::source::{read_bytes_with, InputItem, ReadOptions, SourceError};
use libfuzzer_sys::fuzz_target;

const ENDINGS: [&str; 19] = [
    ".zip", ".7z", ".tar", ".tar.gz", ".tar.bz2", ".tar.xz", ".tar.zst", ".sgf.gz", ".sgf.bz2",
    ".sgf.xz", ".sgf.zst", ".lzh", ".ugz", ".rar", ".exe", ".gib.gz", ".ngf.bz2", ".ugf.xz",
    ".sgf",
];
/// Small, so that a bomb is cut short quickly.
const MAX_BYTES: u64 = 1 << 20;

fuzz_target!(|data: &[u8]| {
    let Some((&pick, file)) = data.split_first() else {
        return;
    };
    let ending = ENDINGS[pick as usize % ENDINGS.len()];
    let name = format!("input{ending}");
    // a program is read as the archive it holds, if any, else as one file (SGF, or an error);
    // a plain `.sgf` as what its bytes are
    let program = ending == ".exe" || ending == ".sgf";
    // one file compressed on its own: an SGF file or another server's record
    let single = !program
        && (ending.starts_with(".sgf") || [".gib.gz", ".ngf.bz2", ".ugf.xz"].contains(&ending));
    let archive = !single && !program;
    let mut items = 0usize;
    let opts = ReadOptions {
        max_bytes: MAX_BYTES,
        passwords: vec!["nope".to_string(), "kifu".to_string()],
    };
    read_bytes_with(&name, file.to_vec(), &opts, &mut |item: InputItem| {
        items += 1;
        assert_eq!(item.source, name);
        match &item.data {
            Ok(bytes) => {
                assert!(bytes.len() as u64 <= MAX_BYTES, "{} bytes", bytes.len());
                // a game read from an archive names its member; a compressed file's one item
                // is the file itself
                if !program {
                    assert_eq!(item.member.is_some(), archive, "{:?}", item.member);
                }
            }
            Err(e) => {
                assert!(!e.message().is_empty());
                if let SourceError::TooLarge { limit } = e {
                    assert_eq!(*limit, MAX_BYTES);
                }
            }
        }
        true
    });
    // a compressed SGF file or record is always one item, readable or not
    if single {
        assert_eq!(items, 1);
    }
});
