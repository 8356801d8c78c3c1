// Stratified permuted blocks (engine/blocks.ts): every block holds the arms in the ratio, so the list
// is balanced at every block boundary; block sizes come from the configured set; one list per stratum,
// long enough; the same seed gives the same lists, another seed other lists; bad block sizes refused.
import { describe, expect, it } from 'vitest';
import { RandomStream, assertBlockSizes, blockList, stratifiedBlockLists } from '../src/modules/randomization/engine/index.ts';

const seed = (byte: number) => Buffer.alloc(32, byte);
const arms21 = [
  { code: 'A', ratio: 2 },
  { code: 'B', ratio: 1 },
];

describe('permuted blocks', () => {
  it('is balanced in the ratio at every block boundary, with sizes from the set', () => {
    const list = blockList(arms21, [3, 6, 9], 600, new RandomStream(seed(1)));
    expect(list.length).toBeGreaterThanOrEqual(600);
    const counts = { A: 0, B: 0 };
    const sizes = new Set<number>();
    let boundaries = 0;
    list.forEach((entry, i) => {
      counts[entry.arm as 'A' | 'B']++;
      sizes.add(entry.blockSize);
      const next = list[i + 1];
      if (!next || next.block !== entry.block) {
        boundaries++;
        expect(counts.A).toBe(2 * counts.B);
      } else {
        // inside a block the imbalance never exceeds the block's own content
        expect(Math.abs(counts.A - 2 * counts.B)).toBeLessThanOrEqual(entry.blockSize * 2);
      }
    });
    expect(boundaries).toBeGreaterThan(60);
    expect([...sizes].sort()).toEqual([3, 6, 9]);
    expect(list.map((e) => e.position)).toEqual(list.map((_, i) => i + 1));
  });

  it('makes one list per stratum, each long enough and ending on a whole block', () => {
    const lists = stratifiedBlockLists({
      seed: seed(2),
      arms: arms21,
      factors: [
        { key: 'site', levels: ['S1', 'S2', 'S3'] },
        { key: 'sex', levels: ['F', 'M'] },
      ],
      blockSizes: [3, 6],
      length: 50,
    });
    expect(lists.map((l) => l.stratum)).toEqual(['site=S1|sex=F', 'site=S1|sex=M', 'site=S2|sex=F', 'site=S2|sex=M', 'site=S3|sex=F', 'site=S3|sex=M']);
    for (const { entries } of lists) {
      expect(entries.length).toBeGreaterThanOrEqual(50);
      const a = entries.filter((e) => e.arm === 'A').length;
      expect(a).toBe(2 * (entries.length - a));
    }
    // strata have their own streams: lists differ
    expect(lists[0]!.entries.map((e) => e.arm)).not.toEqual(lists[1]!.entries.map((e) => e.arm));
  });

  it('gives identical lists for the same seed and different lists for another seed', () => {
    const input = { arms: arms21, factors: [{ key: 'site', levels: ['S1', 'S2'] }], blockSizes: [3, 6], length: 100 };
    const one = stratifiedBlockLists({ ...input, seed: seed(9) });
    expect(stratifiedBlockLists({ ...input, seed: seed(9) })).toEqual(one);
    expect(stratifiedBlockLists({ ...input, seed: seed(10) })).not.toEqual(one);
  });

  it('refuses block sizes that are not multiples of the ratio sum, and bad ratios', () => {
    expect(() => assertBlockSizes(arms21, [4])).toThrow(/Block size 4 is not a multiple of the ratio's sum \(3\)/);
    expect(() => assertBlockSizes(arms21, [])).toThrow(/At least one block size/);
    expect(() => assertBlockSizes([{ code: 'A', ratio: 1 }], [2])).toThrow(/two arms/);
    expect(() => assertBlockSizes([{ code: 'A', ratio: 0 }, { code: 'B', ratio: 1 }], [2])).toThrow(/positive whole/);
  });
});
