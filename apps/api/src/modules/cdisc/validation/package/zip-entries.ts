// The entries of an uploaded zip, read with yauzl and bounded so that a zip bomb or a crafted archive
// cannot exhaust memory or reach outside the package: at most `maxEntries` entries, at most `maxTotalBytes`
// uncompressed in all (counted on the bytes actually inflated, not on what the headers claim), no entry
// whose name is absolute, climbs with "..", or holds a backslash or drive letter (a path traversal), and
// no nested zip. Folders are flattened (sdtm/ae.xpt is ae.xpt); folders and macOS metadata are skipped.
import yauzl from 'yauzl';
import type { Entry, ZipFile } from 'yauzl';

export interface ZipBounds {
  maxEntries: number;
  maxTotalBytes: number;
}

export interface ZipEntryFile {
  /** The entry's last path segment. */
  name: string;
  bytes: Buffer;
}

/** Why a zip was refused: the user's to fix (400), never a server error. */
export class ZipRefusal extends Error {}

const openZip = (path: string) =>
  new Promise<ZipFile>((resolve, reject) =>
    // strictFileNames: a backslash in a name is an error, not a separator to guess at
    yauzl.open(path, { lazyEntries: true, autoClose: true, validateEntrySizes: true, strictFileNames: true }, (err, zip) => (err ? reject(err) : resolve(zip))),
  );

/** Whether an entry's name could reach outside the folder it is extracted to. */
export function isTraversal(name: string): boolean {
  return name.startsWith('/') || name.includes('\\') || /^[A-Za-z]:/.test(name) || name.split('/').some((s) => s === '..');
}

const skipped = (name: string) => name.endsWith('/') || name.startsWith('__MACOSX/') || (name.split('/').pop() ?? '').startsWith('._');

export async function readZipEntries(path: string, bounds: ZipBounds): Promise<ZipEntryFile[]> {
  let zip: ZipFile;
  try {
    zip = await openZip(path);
  } catch {
    throw new ZipRefusal('The zip file cannot be read');
  }
  if (zip.entryCount > bounds.maxEntries) {
    zip.close();
    throw new ZipRefusal(`The zip holds ${zip.entryCount} entries; at most ${bounds.maxEntries} are accepted`);
  }
  const out: ZipEntryFile[] = [];
  let total = 0;
  return new Promise<ZipEntryFile[]>((resolve, reject) => {
    let settled = false;
    const fail = (err: unknown) => {
      if (settled) return;
      settled = true;
      zip.close();
      reject(err instanceof ZipRefusal ? err : new ZipRefusal(`The zip file cannot be read: ${(err as Error).message.split('\n')[0]}`));
    };
    zip.on('error', fail);
    zip.on('end', () => {
      if (settled) return;
      settled = true;
      resolve(out);
    });
    zip.on('entry', (entry: Entry) => {
      const name = entry.fileName;
      if (isTraversal(name)) return fail(new ZipRefusal(`The zip holds an entry outside its folder (${name.slice(0, 100)}); such paths are refused`));
      if (skipped(name)) return zip.readEntry();
      // the headers' own claim first (cheap), then the bytes counted as they inflate
      if (total + entry.uncompressedSize > bounds.maxTotalBytes) return fail(new ZipRefusal(`The zip expands to more than ${Math.round(bounds.maxTotalBytes / 1048576)} MB`));
      zip.openReadStream(entry, (err, stream) => {
        if (err) return fail(err);
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => {
          total += c.length;
          if (total > bounds.maxTotalBytes) {
            stream.destroy();
            return fail(new ZipRefusal(`The zip expands to more than ${Math.round(bounds.maxTotalBytes / 1048576)} MB`));
          }
          chunks.push(c);
        });
        stream.on('error', fail);
        stream.on('end', () => {
          if (settled) return;
          const bytes = Buffer.concat(chunks);
          if (bytes.subarray(0, 4).equals(Buffer.from([0x50, 0x4b, 0x03, 0x04]))) return fail(new ZipRefusal(`The zip holds another zip (${name.slice(0, 100)}); send the datasets themselves`));
          out.push({ name: name.split('/').pop()!, bytes });
          zip.readEntry();
        });
      });
    });
    zip.readEntry();
  });
}
