// The protocol corpus (test/fixtures/protocols/corpus): four protocols in the layouts real ones use,
// each as PDF and DOCX, measured against their truth. The figures are printed; each is held at what the
// analysis reaches today (FLOOR), so a change that loses ground fails.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { protocolAnalysis } from '@ctp/contracts';
import { extractDocument } from '../src/modules/protocol/extract.ts';
import { analyseDocument } from '../src/modules/protocol/analyze.ts';
import { CORPUS, HEADER_ONCE, WORD_RUNS, WRAPPED_LABELS } from './fixtures/protocols/corpus/index.ts';
import { truthOf } from './fixtures/protocols/corpus/design.ts';
import { formatScore, measure, type Measured } from './fixtures/protocols/corpus/measure.ts';

const dir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures/protocols/corpus');

type Floor = Record<Exclude<keyof Measured, 'enrollment'>, [number, number]> & { enrollment: boolean };
/** Recall and precision (percent) reached per layout. */
const FLOOR: Record<string, Floor> = {
  'usdm-observational.pdf': { visits: [100, 100], assessments: [100, 100], pairs: [100, 100], criteria: [100, 100], endpoints: [100, 100], enrollment: true },
  'usdm-observational.docx': { visits: [100, 100], assessments: [100, 100], pairs: [100, 100], criteria: [100, 100], endpoints: [100, 100], enrollment: true },
  'usdm-devices.pdf': { visits: [100, 100], assessments: [100, 100], pairs: [100, 100], criteria: [100, 100], endpoints: [100, 100], enrollment: true },
  'usdm-devices.docx': { visits: [100, 100], assessments: [100, 100], pairs: [100, 100], criteria: [100, 100], endpoints: [100, 100], enrollment: true },
  'own-crossover.pdf': { visits: [100, 100], assessments: [100, 100], pairs: [100, 100], criteria: [100, 100], endpoints: [100, 100], enrollment: true },
  'own-crossover.docx': { visits: [100, 100], assessments: [100, 100], pairs: [100, 100], criteria: [100, 100], endpoints: [100, 100], enrollment: true },
  'own-oncology.pdf': { visits: [100, 100], assessments: [100, 100], pairs: [100, 100], criteria: [100, 100], endpoints: [100, 100], enrollment: true },
  'own-oncology.docx': { visits: [100, 100], assessments: [100, 100], pairs: [100, 100], criteria: [100, 100], endpoints: [100, 100], enrollment: true },
  'usdm-devices.header-once.pdf': { visits: [100, 100], assessments: [100, 100], pairs: [100, 100], criteria: [100, 100], endpoints: [100, 100], enrollment: true },
  'own-oncology.header-once.pdf': { visits: [100, 100], assessments: [100, 100], pairs: [100, 100], criteria: [100, 100], endpoints: [100, 100], enrollment: true },
  'usdm-observational.word-runs.pdf': { visits: [100, 100], assessments: [100, 100], pairs: [100, 100], criteria: [100, 100], endpoints: [100, 100], enrollment: true },
  'own-crossover.word-runs.pdf': { visits: [100, 100], assessments: [100, 100], pairs: [100, 100], criteria: [100, 100], endpoints: [100, 100], enrollment: true },
  'own-oncology.word-runs.pdf': { visits: [100, 100], assessments: [100, 100], pairs: [100, 100], criteria: [100, 100], endpoints: [100, 100], enrollment: true },
  'usdm-devices.wrapped-labels.pdf': { visits: [100, 100], assessments: [100, 100], pairs: [100, 100], criteria: [100, 100], endpoints: [100, 100], enrollment: true },
  'own-oncology.wrapped-labels.pdf': { visits: [100, 100], assessments: [100, 100], pairs: [100, 100], criteria: [100, 100], endpoints: [100, 100], enrollment: true },
};

const LAYOUTS = [
  ...CORPUS.flatMap((design) => (['pdf', 'docx'] as const).map((format) => ({ design, format, name: `${design.id}.${format}` }))),
  ...HEADER_ONCE.map((design) => ({ design, format: 'pdf' as const, name: `${design.id}.header-once.pdf` })),
  ...WORD_RUNS.map((design) => ({ design, format: 'pdf' as const, name: `${design.id}.word-runs.pdf` })),
  ...WRAPPED_LABELS.map((design) => ({ design, format: 'pdf' as const, name: `${design.id}.wrapped-labels.pdf` })),
];

describe('protocol corpus: recall and precision per layout', () => {
  it.each(LAYOUTS)('$name', async ({ design, format, name }) => {
    const doc = await extractDocument(path.join(dir, name), format);
    const a = protocolAnalysis.parse(analyseDocument(doc, name));
    const m = measure(a, truthOf(design));
    console.warn(`${name.padEnd(28)} ${formatScore(m)}`);
    const floor = FLOOR[name];
    if (!floor) return;
    for (const k of ['visits', 'assessments', 'pairs', 'criteria', 'endpoints'] as const) {
      expect(Math.round(m[k].recall * 100), `${k} recall`).toBeGreaterThanOrEqual(floor[k][0]);
      expect(Math.round(m[k].precision * 100), `${k} precision`).toBeGreaterThanOrEqual(floor[k][1]);
    }
    if (floor.enrollment) expect(m.enrollment).toBe(true);
  });
});
