// The protocol corpus (test/fixtures/protocols/corpus): four protocols in the layouts real ones use,
// each as PDF and DOCX, measured against their truth. The figures are printed; each is held at what the
// analysis reaches today (FLOOR), so a change that loses ground fails.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { protocolAnalysis } from '@ctp/contracts';
import { extractDocument } from '../src/modules/protocol/extract.ts';
import { analyseDocument } from '../src/modules/protocol/analyze.ts';
import { CORPUS } from './fixtures/protocols/corpus/index.ts';
import { truthOf } from './fixtures/protocols/corpus/design.ts';
import { formatScore, measure, type Measured } from './fixtures/protocols/corpus/measure.ts';

const dir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures/protocols/corpus');

type Floor = Record<Exclude<keyof Measured, 'enrollment'>, [number, number]> & { enrollment: boolean };
/** Recall and precision (percent) reached per layout. */
const FLOOR: Record<string, Floor> = {
  'usdm-observational.pdf': { visits: [67, 80], assessments: [88, 88], pairs: [61, 74], criteria: [40, 22], endpoints: [100, 75], enrollment: false },
  'usdm-observational.docx': { visits: [83, 83], assessments: [88, 88], pairs: [64, 64], criteria: [80, 44], endpoints: [100, 75], enrollment: false },
  'usdm-devices.pdf': { visits: [85, 92], assessments: [29, 75], pairs: [0, 0], criteria: [80, 53], endpoints: [0, 0], enrollment: false },
  'usdm-devices.docx': { visits: [92, 92], assessments: [77, 77], pairs: [59, 59], criteria: [90, 60], endpoints: [0, 0], enrollment: false },
  'own-crossover.pdf': { visits: [0, 0], assessments: [39, 78], pairs: [0, 0], criteria: [75, 32], endpoints: [100, 80], enrollment: true },
  'own-crossover.docx': { visits: [29, 29], assessments: [72, 72], pairs: [27, 27], criteria: [75, 33], endpoints: [100, 80], enrollment: true },
  'own-oncology.pdf': { visits: [35, 100], assessments: [14, 50], pairs: [11, 70], criteria: [67, 30], endpoints: [0, 0], enrollment: false },
  'own-oncology.docx': { visits: [29, 45], assessments: [57, 60], pairs: [32, 38], criteria: [67, 26], endpoints: [0, 0], enrollment: false },
};

const LAYOUTS = CORPUS.flatMap((design) => (['pdf', 'docx'] as const).map((format) => ({ design, format, name: `${design.id}.${format}` })));

describe('protocol corpus: recall and precision per layout', () => {
  it.each(LAYOUTS)('$name', async ({ design, format, name }) => {
    const doc = await extractDocument(path.join(dir, name), format);
    const a = protocolAnalysis.parse(analyseDocument(doc, name));
    const m = measure(a, truthOf(design));
    console.warn(`${name.padEnd(28)} ${formatScore(m)}`);
    const floor = FLOOR[name]!;
    for (const k of ['visits', 'assessments', 'pairs', 'criteria', 'endpoints'] as const) {
      expect(Math.round(m[k].recall * 100), `${k} recall`).toBeGreaterThanOrEqual(floor[k][0]);
      expect(Math.round(m[k].precision * 100), `${k} precision`).toBeGreaterThanOrEqual(floor[k][1]);
    }
    expect(m.enrollment).toBe(floor.enrollment);
  });
});
