// npm run bench:randomization [-- --trials 1000 --enrollment 500 --runs 3]
// The simulator figure (issue 30, Performance): a 1,000-trial simulation of a 500-subject
// minimization scheme (Pocock–Simon, 2 arms 1:1, three factors: site with 5 levels, sex, age group;
// range measure, biased coin 0.8, first 4 subjects at random), run in this process on the engine the
// server uses (randomization.simulate runs the same function). Prints each run's wall time and the
// median, and writes .bench/randomization.json.
import { mkdirSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { simulate, type EngineScheme } from '../src/modules/randomization/engine/index.ts';

const { values } = parseArgs({
  options: { trials: { type: 'string', default: '1000' }, enrollment: { type: 'string', default: '500' }, runs: { type: 'string', default: '3' } },
});
const trials = Number(values.trials);
const enrollment = Number(values.enrollment);
const runs = Number(values.runs);

const scheme: EngineScheme = {
  method: 'minimization',
  arms: [
    { code: 'A', ratio: 1 },
    { code: 'B', ratio: 1 },
  ],
  factors: [
    { key: 'site', levels: ['S01', 'S02', 'S03', 'S04', 'S05'] },
    { key: 'sex', levels: ['F', 'M'] },
    { key: 'age_group', levels: ['<65', '>=65'] },
  ],
  weights: { site: 1, sex: 1, age_group: 1 },
  measure: 'range',
  probability: 0.8,
  initialRandom: 4,
};
const proportions = { site: [3, 2, 2, 2, 1], sex: [1, 1], age_group: [7, 3] };

const times: number[] = [];
let report: ReturnType<typeof simulate> | null = null;
for (let r = 0; r < runs; r++) {
  const seed = Buffer.alloc(32, r + 1);
  const start = performance.now();
  report = simulate({ scheme, seed, trials, enrollment, proportions });
  times.push(performance.now() - start);
  console.log(`run ${r + 1}: ${trials} trials × ${enrollment} subjects in ${(times.at(-1)! / 1000).toFixed(2)} s`);
}
const median = [...times].sort((a, b) => a - b)[Math.floor(times.length / 2)]!;
console.log(`median ${(median / 1000).toFixed(2)} s; largest final imbalance ${report!.largestImbalance.final}, mean predictability ${report!.predictability.mean.toFixed(3)}`);
mkdirSync('.bench', { recursive: true });
writeFileSync(
  '.bench/randomization.json',
  JSON.stringify({ at: new Date().toISOString(), trials, enrollment, runsMs: times.map(Math.round), medianMs: Math.round(median), largestImbalance: report!.largestImbalance }, null, 2),
);
