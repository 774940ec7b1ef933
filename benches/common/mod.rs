//! Shared bench input: the SGF texts of the Tygem zip (../shared/corpus), read into memory once,
//! or the project's own data-samples when the corpus is absent.

#![allow(dead_code)]

use std::io::Read;
use std::path::PathBuf;

pub fn repo() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// Up to `max` SGF files as bytes: Tygem games if the corpus is present, else data-samples.
pub fn sgf_files(max: usize) -> (Vec<Vec<u8>>, &'static str) {
    let (files, what) = named_sgf_files(max);
    (files.into_iter().map(|(_, bytes)| bytes).collect(), what)
}

/// [`sgf_files`] with each file's name (the zip member, or the path under data-samples).
pub fn named_sgf_files(max: usize) -> (Vec<(String, Vec<u8>)>, &'static str) {
    let zip_path = repo().join("../shared/corpus/tygem-9d-2006.zip");
    if let Ok(f) = std::fs::File::open(&zip_path) {
        let mut zip = zip::ZipArchive::new(std::io::BufReader::new(f)).expect("zip");
        let n = zip.len().min(max);
        let mut out = Vec::with_capacity(n);
        for i in 0..zip.len() {
            if out.len() >= n {
                break;
            }
            let mut e = zip.by_index(i).expect("member");
            if e.is_dir() {
                continue;
            }
            let mut buf = Vec::new();
            e.read_to_end(&mut buf).expect("read");
            let name = e
                .name()
                .map_or_else(|_| format!("#{i}"), |n| n.into_owned());
            out.push((name, buf));
        }
        return (out, "tygem-9d-2006.zip");
    }
    let root = repo().join("data-samples");
    let mut out = Vec::new();
    for e in walkdir::WalkDir::new(&root).sort_by_file_name() {
        let e = e.expect("walk");
        if e.path().extension().is_some_and(|x| x == "sgf") {
            let name = e.path().strip_prefix(&root).unwrap_or(e.path());
            out.push((
                name.display().to_string(),
                std::fs::read(e.path()).expect("read"),
            ));
        }
    }
    out.truncate(max);
    (out, "data-samples")
}

/// Normalised records of the readable games among `files`.
pub fn records(files: &[Vec<u8>]) -> Vec<kifu_audit::sgf::GameRecord> {
    let limits = kifu_audit::sgf::Limits::default();
    files
        .iter()
        .flat_map(|b| kifu_audit::sgf::ingest_bytes(b, &limits))
        .filter_map(|i| i.record)
        .collect()
}

/// [`records`] with the name of the file each came from (a file may hold several games).
pub fn named_records(files: &[(String, Vec<u8>)]) -> Vec<(String, kifu_audit::sgf::GameRecord)> {
    let limits = kifu_audit::sgf::Limits::default();
    files
        .iter()
        .flat_map(|(name, b)| {
            kifu_audit::sgf::ingest_bytes(b, &limits)
                .into_iter()
                .filter_map(|i| i.record)
                .map(move |r| (name.clone(), r))
        })
        .collect()
}
