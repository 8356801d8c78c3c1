// A file produced a chunk at a time (CSV pages, ODM subjects): sent to the response as it comes, with
// back-pressure (pipeline waits for the socket to drain), or joined into one text for a tRPC answer.
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Response } from 'express';
import { create as contentDisposition } from 'content-disposition';

export interface StreamedFile {
  filename: string;
  chunks: AsyncIterable<string>;
}

export async function sendStreamed(res: Response, file: StreamedFile, contentType: string): Promise<void> {
  res.set({
    'Content-Type': contentType,
    'Content-Disposition': contentDisposition(file.filename, { type: 'attachment' }),
    'Cache-Control': 'private, no-store',
  });
  // A failure after the headers can only cut the download (the client sees a truncated file).
  await pipeline(Readable.from(file.chunks), res).catch(() => res.destroy());
}

/** The whole text (the screens' download through tRPC): the same bytes as the stream. */
export async function joinChunks(chunks: AsyncIterable<string>): Promise<string> {
  let content = '';
  for await (const c of chunks) content += c;
  return content;
}
