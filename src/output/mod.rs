//! Output: the one place the Parquet schema is defined ([`schema::columns`]), the row type the
//! pipeline fills ([`GameRow`]), the column builders that turn rows into Arrow record batches,
//! and the atomic writer (temporary file in the target directory, renamed on success).

pub mod row;
pub mod schema;
pub mod writer;

pub use row::{GameRow, ReplaySummary};
pub use schema::{columns, schema, BatchBuilder, Cell, ColType, Column};
pub use writer::{AtomicParquetWriter, WriterOptions};
