// Files of the trial master file, stored by content: <dir>/<first two hex digits>/<sha256>. The name on
// disk comes from the content's hash only, never from what the client called the file; the same content
// is stored once; a stored file is never replaced or removed (a new version is a new file). The database
// keeps the metadata (document_versions) and names files by their hash, so several API instances share
// one directory (a shared volume) and a backup is the database plus this directory.
import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Transform } from 'node:stream';

export interface StoredBlob {
  sha256: string;
  size: number;
}

const SHA256 = /^[0-9a-f]{64}$/;

export class BlobStore {
  readonly dir: string;

  constructor(dir: string) {
    this.dir = path.resolve(dir);
  }

  /** Where the file of this hash lives (the hash is checked, so no other path can be named). */
  pathOf(sha256: string): string {
    if (!SHA256.test(sha256)) throw new Error('Not a sha256 hash');
    return path.join(this.dir, sha256.slice(0, 2), sha256);
  }

  async has(sha256: string): Promise<boolean> {
    return fsp.access(this.pathOf(sha256)).then(
      () => true,
      () => false,
    );
  }

  /** Stores a file already on disk (an upload's temporary file), hashing it as it is copied. */
  async putFile(sourcePath: string): Promise<StoredBlob> {
    return this.putStream(fs.createReadStream(sourcePath));
  }

  async putBuffer(content: Buffer): Promise<StoredBlob> {
    const sha256 = createHash('sha256').update(content).digest('hex');
    const target = this.pathOf(sha256);
    if (!(await this.has(sha256))) await this.writeAtomically(target, (tmp) => fsp.writeFile(tmp, content, { flag: 'wx' }));
    return { sha256, size: content.length };
  }

  /** Streams into a temporary file beside the store, then moves it under its hash (atomic; no partial file is ever visible). */
  async putStream(source: NodeJS.ReadableStream): Promise<StoredBlob> {
    await fsp.mkdir(this.dir, { recursive: true });
    const tmp = path.join(this.dir, `.incoming-${randomUUID()}`);
    const hash = createHash('sha256');
    let size = 0;
    const count = new Transform({
      transform(chunk: Buffer, _enc, done) {
        hash.update(chunk);
        size += chunk.length;
        done(null, chunk);
      },
    });
    try {
      await pipeline(source, count, fs.createWriteStream(tmp, { flags: 'wx' }));
      const sha256 = hash.digest('hex');
      const target = this.pathOf(sha256);
      if (await this.has(sha256)) {
        await fsp.rm(tmp, { force: true });
      } else {
        await fsp.mkdir(path.dirname(target), { recursive: true });
        await fsp.rename(tmp, target);
      }
      return { sha256, size };
    } catch (err) {
      await fsp.rm(tmp, { force: true });
      throw err;
    }
  }

  createReadStream(sha256: string): fs.ReadStream {
    return fs.createReadStream(this.pathOf(sha256));
  }

  private async writeAtomically(target: string, write: (tmp: string) => Promise<void>) {
    await fsp.mkdir(path.dirname(target), { recursive: true });
    const tmp = path.join(this.dir, `.incoming-${randomUUID()}`);
    try {
      await write(tmp);
      await fsp.rename(tmp, target);
    } finally {
      await fsp.rm(tmp, { force: true });
    }
  }
}
