// The one place the dataset writers (XPT, Dataset-JSON, CSV) talk to a Node Writable. Chunks are handed to
// the stream synchronously, so the output keeps the order of the calls even when a caller does not await;
// the promise a write returns resolves once the stream wants more ('drain'), which is how a caller holds
// memory flat: await every write. The stream's first error is remembered and fails every later call.
import type { Writable } from 'node:stream';
import { finished } from 'node:stream/promises';

const READY: Promise<void> = Promise.resolve();

function drainOf(out: Writable): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const done = (err?: Error) => {
      out.off('drain', onDrain);
      out.off('error', onError);
      out.off('close', onClose);
      if (err) reject(err);
      else resolve();
    };
    const onDrain = () => done();
    const onError = (err: Error) => done(err);
    const onClose = () => done(new Error('The output stream closed before all data was written'));
    out.on('drain', onDrain);
    out.on('error', onError);
    out.on('close', onClose);
  });
}

export class OutputSink {
  private waiting: Promise<void> | null = null;
  private failure: Error | null = null;
  private closed = false;
  private readonly onError = (err: Error) => {
    this.failure ??= err;
  };

  constructor(private readonly out: Writable) {
    if (out.destroyed || out.writableEnded) throw new Error('The output stream is already closed');
    out.on('error', this.onError);
  }

  /** Hands the chunk (bytes, text, or a record for an object-mode stream) to the stream now; resolves
   *  when the stream can take more. */
  write(chunk: unknown): Promise<void> {
    if (this.failure) return Promise.reject(this.failure);
    if (this.closed) return Promise.reject(new Error('The writer has already ended'));
    if (!this.out.write(chunk) && !this.waiting) {
      const wait = drainOf(this.out).finally(() => {
        if (this.waiting === wait) this.waiting = null;
      });
      // A caller that ignores backpressure must not turn a stream error into an unhandled rejection;
      // callers that await still see it.
      wait.catch(() => undefined);
      this.waiting = wait;
    }
    return this.ready();
  }

  /** Resolves when the stream is not asking to wait (at once, or after 'drain'). */
  ready(): Promise<void> {
    if (this.failure) return Promise.reject(this.failure);
    return this.waiting ?? READY;
  }

  /** Ends the stream and waits until everything is flushed ('finish'), or, with endStream false, only
   *  until it has drained (the caller goes on writing to it, e.g. the next part of an archive). */
  async close(endStream: boolean): Promise<void> {
    if (this.closed) throw new Error('The writer has already ended');
    this.closed = true;
    try {
      if (this.failure) throw this.failure;
      if (endStream) {
        this.out.end();
        await finished(this.out);
      } else {
        await (this.waiting ?? READY);
      }
      if (this.failure) throw this.failure;
    } finally {
      this.out.off('error', this.onError);
    }
  }
}
