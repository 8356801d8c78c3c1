// The archive's zip, streamed: yazl writes each entry deflated as it is read, into the blob store
// (which hashes it as it stores it). Each entry goes through a counter that takes its sha256 and size
// for the manifest, and the next entry is added only once the previous one has been read, so memory
// holds one entry's chunks at a time, however many subjects the site has.
import { createHash } from 'node:crypto';
import { Readable, Transform } from 'node:stream';
import { finished } from 'node:stream/promises';
import { ZipFile } from 'yazl';
import type { BlobStore, StoredBlob } from '@ctp/db';

export interface ManifestEntry {
  path: string;
  sha256: string;
  size: number;
}

export class ArchiveZip {
  private readonly zip = new ZipFile();
  private readonly stored: Promise<StoredBlob>;
  readonly entries: ManifestEntry[] = [];

  constructor(files: BlobStore) {
    this.stored = files.putStream(this.zip.outputStream);
    // a failure while storing must not stay unhandled while entries are still being added
    this.stored.catch(() => undefined);
  }

  /** Adds one entry from a buffer, a stream or chunks, and resolves once yazl has read all of it. */
  async add(path: string, content: Buffer | Iterable<string | Buffer> | AsyncIterable<string | Buffer>): Promise<ManifestEntry> {
    const hash = createHash('sha256');
    let size = 0;
    const counter = new Transform({
      transform(chunk: Buffer | string, _enc, done) {
        const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
        hash.update(bytes);
        size += bytes.length;
        done(null, bytes);
      },
    });
    const source = Buffer.isBuffer(content) ? Readable.from([content]) : Readable.from(content);
    source.on('error', (err) => counter.destroy(err));
    this.zip.addReadStream(source.pipe(counter), path);
    // Both sides of the entry: the data read to its end, or the store's failure (which stops reading).
    await Promise.race([finished(counter), this.stored.then(() => undefined)]);
    const entry = { path, sha256: hash.digest('hex'), size };
    this.entries.push(entry);
    return entry;
  }

  /** Writes the central directory and waits for the stored zip. */
  async end(): Promise<StoredBlob> {
    this.zip.end();
    return this.stored;
  }
}
