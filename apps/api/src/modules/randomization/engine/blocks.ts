// Stratified permuted blocks: each stratum has its own list, made of blocks whose size is drawn at
// random from the configured set; a block holds every arm in the allocation ratio, shuffled.
import { RandomStream } from './random-stream.ts';
import { assertArms, ratioSum } from './ratio.ts';
import { allStrata, assertFactors, stratumKey } from './strata.ts';
import type { ArmRatio, Factor } from './types.ts';

export interface BlockEntry {
  /** 1-based position in the stratum's list. */
  position: number;
  /** 1-based block number in the stratum's list. */
  block: number;
  blockSize: number;
  arm: string;
}

export interface StratumList {
  stratum: string;
  entries: BlockEntry[];
}

export function assertBlockSizes(arms: readonly ArmRatio[], blockSizes: readonly number[]): void {
  assertArms(arms);
  const sum = ratioSum(arms);
  if (blockSizes.length === 0) throw new Error('At least one block size is needed');
  for (const size of blockSizes) {
    if (!Number.isInteger(size) || size < sum || size % sum !== 0) {
      throw new Error(`Block size ${size} is not a multiple of the ratio's sum (${sum})`);
    }
  }
}

/** An endless source of blocks for one stratum (the simulator draws from it as subjects come). */
export class BlockSource {
  private readonly sum: number;
  private queue: string[] = [];
  private blockSize = 0;
  private block = 0;
  private position = 0;

  constructor(
    private readonly arms: readonly ArmRatio[],
    private readonly blockSizes: readonly number[],
    private readonly rng: RandomStream,
  ) {
    assertBlockSizes(arms, blockSizes);
    this.sum = ratioSum(arms);
  }

  /** True when the last entry given closed its block. */
  atBlockEnd(): boolean {
    return this.queue.length === 0;
  }

  next(): BlockEntry {
    if (this.queue.length === 0) {
      this.blockSize = this.blockSizes[this.rng.int(this.blockSizes.length)]!;
      const times = this.blockSize / this.sum;
      const block: string[] = [];
      for (const arm of this.arms) for (let i = 0; i < arm.ratio * times; i++) block.push(arm.code);
      this.queue = this.rng.shuffle(block);
      this.block++;
    }
    this.position++;
    return { position: this.position, block: this.block, blockSize: this.blockSize, arm: this.queue.shift()! };
  }
}

/** One stratum's list of at least `length` entries, ending on a whole block. */
export function blockList(arms: readonly ArmRatio[], blockSizes: readonly number[], length: number, rng: RandomStream): BlockEntry[] {
  const source = new BlockSource(arms, blockSizes, rng);
  const entries: BlockEntry[] = [];
  while (entries.length < length || !source.atBlockEnd()) entries.push(source.next());
  return entries;
}

/** Every stratum's list, each from its own sub-stream of the seed. */
export function stratifiedBlockLists(input: {
  seed: Buffer;
  arms: readonly ArmRatio[];
  factors: readonly Factor[];
  blockSizes: readonly number[];
  /** Entries per stratum (planned enrollment plus the margin). */
  length: number;
}): StratumList[] {
  assertFactors(input.factors);
  return allStrata(input.factors).map((levels) => {
    const stratum = stratumKey(input.factors, levels);
    const rng = RandomStream.derived(input.seed, `blocks:${stratum}`);
    return { stratum, entries: blockList(input.arms, input.blockSizes, input.length, rng) };
  });
}
