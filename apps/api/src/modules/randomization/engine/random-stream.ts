// A seeded cryptographic random stream. The seed (32 bytes) keys AES-256 in counter mode over zeros,
// i.e. a keystream no one can predict without the seed, yet the same seed always gives the same stream
// (a list can be regenerated and checked). Sub-streams (one per stratum, one per simulated trial) get
// their own key, derived by HMAC-SHA256(seed, label), so they never overlap.
import { createCipheriv, createHmac, randomBytes } from 'node:crypto';

const CHUNK = 4096;
const TWO_POW_32 = 0x1_0000_0000;

/** A fresh 32-byte seed for a production list (never sent to a client). */
export function newSeed(): Buffer {
  return randomBytes(32);
}

/** The key of a named sub-stream of a seed. */
export function deriveSeed(seed: Buffer, label: string): Buffer {
  return createHmac('sha256', seed).update(label).digest();
}

export class RandomStream {
  private readonly cipher;
  private readonly zeros = Buffer.alloc(CHUNK);
  private buffer = Buffer.alloc(0);
  private offset = 0;

  constructor(seed: Buffer) {
    if (seed.length !== 32) throw new Error('A random stream needs a 32-byte seed');
    this.cipher = createCipheriv('aes-256-ctr', seed, Buffer.alloc(16));
  }

  static derived(seed: Buffer, label: string): RandomStream {
    return new RandomStream(deriveSeed(seed, label));
  }

  /** A uniform 32-bit unsigned integer. */
  uint32(): number {
    if (this.offset + 4 > this.buffer.length) {
      this.buffer = this.cipher.update(this.zeros);
      this.offset = 0;
    }
    const value = this.buffer.readUInt32BE(this.offset);
    this.offset += 4;
    return value;
  }

  /** A uniform integer in [0, n): values from the top incomplete range of 2^32 are rejected, so
   *  there is no modulo bias. */
  int(n: number): number {
    if (!Number.isInteger(n) || n < 1 || n > TWO_POW_32) throw new Error(`int(n) needs an integer 1..2^32, got ${n}`);
    const limit = TWO_POW_32 - (TWO_POW_32 % n);
    let x = this.uint32();
    while (x >= limit) x = this.uint32();
    return x % n;
  }

  /** A uniform number in [0, 1) with 53 random bits. */
  float(): number {
    const high = this.uint32() >>> 5; // 27 bits
    const low = this.uint32() >>> 6; // 26 bits
    return (high * 67108864 + low) / 9007199254740992;
  }

  /** Fisher–Yates shuffle in place with unbiased indices. */
  shuffle<T>(items: T[]): T[] {
    for (let i = items.length - 1; i > 0; i--) {
      const j = this.int(i + 1);
      [items[i], items[j]] = [items[j]!, items[i]!];
    }
    return items;
  }

  /** An index drawn with probability proportional to its (positive integer) weight. */
  weighted(weights: readonly number[]): number {
    const total = weights.reduce((a, b) => a + b, 0);
    let r = this.int(total);
    for (let i = 0; i < weights.length; i++) {
      r -= weights[i]!;
      if (r < 0) return i;
    }
    return weights.length - 1;
  }
}
