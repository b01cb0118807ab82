import type { Readable } from 'node:stream';
import { stringify } from 'csv-stringify';

/**
 * A spreadsheet runs a cell starting with one of these as a formula; a leading apostrophe makes it
 * text (OWASP CSV injection, ASVS 5.0 1.2.10, DESIGN §5).
 */
const FORMULA_START = /^[=+\-@\t\r]/;
export const neutraliseFormula = (cell: string) => (FORMULA_START.test(cell) ? `'${cell}` : cell);

/**
 * Bytes of CSV held for a slow client before the next batch waits. Set here, not left to Node: its
 * default grew from 16 to 64 KiB in Node 22, which would hold about four times more rows.
 */
const BUFFERED_BYTES = 16 * 1024;

/** Rows formatted between two turns of the event loop: a few milliseconds of work. */
const ROWS_PER_TURN = 200;

// A client that hangs up destroys the stream; 'drain' never comes then, 'close' does.
const drainedOrClosed = (s: Readable) =>
  new Promise<void>((resolve) => {
    const done = () => {
      s.off('drain', done);
      s.off('close', done);
      resolve();
    };
    s.on('drain', done);
    s.on('close', done);
  });

/**
 * A CSV file as a stream, written from batches of rows as the client takes it: RFC 4180 (CRLF,
 * quoted where needed), a header row, a UTF-8 byte-order mark, every cell formula-safe. The next
 * batch is read only once the stream has room (backpressure: memory stays about one batch whatever
 * the total), and nothing more is read after the client hung up.
 */
export function csvFromBatches<T>(columns: readonly string[], batches: AsyncIterable<readonly T[]>, toRecord: (row: T) => readonly string[]): Readable {
  // csv-stringify quotes a field holding the delimiter, a quote or LF, but not a lone CR, which
  // RFC 4180 also requires; quoted_match adds it. The byte-order mark first: without it Excel reads
  // the file in the machine's ANSI code page and shows "JosÃ©" for "José".
  const csv = stringify({
    header: true,
    columns: [...columns],
    record_delimiter: 'windows',
    quoted_match: /\r/,
    bom: true,
    readableHighWaterMark: BUFFERED_BYTES,
  });
  void (async () => {
    let sinceYield = 0;
    for await (const batch of batches) {
      if (csv.destroyed) return;
      for (const row of batch) {
        if (!csv.write(toRecord(row).map(neutraliseFormula))) await drainedOrClosed(csv);
        if (csv.destroyed) return;
        // Back to the event loop every few hundred rows. A client that reads as fast as the server
        // writes never makes the stream wait for I/O ('drain' comes on the next tick), and PGlite
        // answers in the same thread, so without this a batch (or, on PGlite, the whole export)
        // would run as one task and no other request would even be read meanwhile.
        if (++sinceYield >= ROWS_PER_TURN) {
          sinceYield = 0;
          await new Promise((resolve) => setImmediate(resolve));
        }
      }
    }
    csv.end();
  })().catch((err: unknown) => csv.destroy(err instanceof Error ? err : new Error(String(err))));
  return csv;
}
