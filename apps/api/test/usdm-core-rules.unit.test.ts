// The USDM 4.0 CORE rules through the interpreter on CDISC's observational example, then on copies with one
// fault each: a JSONata rule (CORE-000948, an arm × epoch cell twice), a Record Data rule on entities read as
// datasets (CORE-000417, a window on the fixed reference timing), one joining another entity (CORE-000830,
// a fixed reference timing pointing at no scheduled instance) and a JSON Schema Check (CORE-000935, a
// value of the wrong type). Each fault is found at the object it was put in, and nowhere else.
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { usdmRuleOutcomes } from '../src/modules/usdm/conformance.ts';
import { entityDatasets } from '../src/modules/cdisc/validation/core/usdm/json-tree.ts';
import { parseRefs, siftTree } from '../src/modules/cdisc/validation/core/usdm/jsonata-utils.ts';

const original = () => JSON.parse(fs.readFileSync(new URL('./fixtures/usdm/observational.json', import.meta.url), 'utf8'));
const design = (doc: any) => doc.study.versions[0].studyDesigns[0];

async function found(doc: unknown, coreId: string) {
  const o = (await usdmRuleOutcomes(doc)).find((x) => x.coreId === coreId)!;
  expect(o.status, o.status === 'not run' ? o.reason : '').toBe('run');
  return o.status === 'run' ? o.findings : [];
}

describe('USDM entities as datasets', () => {
  it('reads every entity once where defined and once per reference, with its place in the tree', () => {
    const ds = entityDatasets(original());
    const elements = ds.find((d) => d.name === 'StudyElement')!;
    const defined = elements.rows.filter((r) => r.rel_type === 'definition');
    const referenced = elements.rows.filter((r) => r.rel_type === 'reference');
    expect(defined.length).toBe(design(original()).elements.length);
    expect(referenced.every((r) => r.parent_entity === 'StudyCell' && r.parent_rel === 'elementIds')).toBe(true);
    const timing = ds.find((d) => d.name === 'Timing')!.rows.find((r) => r.id === 'Timing_3')!;
    expect(timing).toMatchObject({ parent_entity: 'ScheduleTimeline', parent_rel: 'timings', rel_type: 'definition', 'type.code': 'C201358' });
    expect(timing._path).toBe('/study/versions/0/studyDesigns/0/scheduleTimelines/0/timings/2');
  });
});

describe("the engine's JSONata functions", () => {
  it('parse_refs follows ids, drops dangling ones and marks cycles', () => {
    const objs = [
      { id: 'A', nextId: 'B' },
      { id: 'B', nextId: 'A' },
      { id: 'C', nextId: 'Z' },
    ];
    expect(parseRefs('nextId', 'next', objs)).toEqual([
      { id: 'A', next: { id: 'B', next: 'circularReference' } },
      { id: 'B', next: { id: 'A', next: 'circularReference' } },
      { id: 'C' },
    ]);
  });
  it('sift_tree keeps only the branch holding the value, with the attributes asked for', () => {
    const tree = { id: 'T', name: 'top', kids: [{ id: 'K1', v: 1 }, { id: 'K2', v: 2 }] };
    expect(siftTree(tree, 2, ['id'])).toEqual({ kids: [{ v: 2, id: 'K2' }], id: 'T' });
  });
});

describe('the USDM 4.0 rules on CDISC’s observational example', () => {
  it('run 170 or more of the 207 rules, the others saying why', async () => {
    const outcomes = await usdmRuleOutcomes(original());
    expect(outcomes).toHaveLength(207);
    expect(outcomes.filter((o) => o.status === 'run').length).toBeGreaterThanOrEqual(170);
    for (const o of outcomes) if (o.status === 'not run') expect(o.reason).toMatch(/operation|operator|JSONata|type/);
  });

  it('find an arm × epoch cell given twice (JSONata rule)', async () => {
    expect(await found(original(), 'CORE-000948')).toEqual([]);
    const doc = original();
    const cells = design(doc).studyCells;
    cells.push({ ...cells[0], id: 'StudyCell_dup' });
    const f = await found(doc, 'CORE-000948');
    expect(f.map((x) => x.id).sort()).toEqual([cells[0].id, 'StudyCell_dup'].sort());
  });

  it('find a window on the fixed reference timing (Record Data on entities)', async () => {
    expect(await found(original(), 'CORE-000417')).toEqual([]);
    const doc = original();
    design(doc).scheduleTimelines[0].timings[2].windowLower = 'P1D';
    const f = await found(doc, 'CORE-000417');
    expect(f.map((x) => [x.entity, x.id, x.path])).toEqual([['Timing', 'Timing_3', '/study/versions/0/studyDesigns/0/scheduleTimelines/0/timings/2']]);
  });

  it('find a fixed reference timing that points at no scheduled instance (Match Datasets)', async () => {
    expect(await found(original(), 'CORE-000830')).toEqual([]);
    const doc = original();
    design(doc).scheduleTimelines[0].timings[2].relativeFromScheduledInstanceId = 'Nowhere_1';
    const f = await found(doc, 'CORE-000830');
    expect(f.map((x) => x.id)).toEqual(['Timing_3']);
  });

  it('find a value of the wrong type (JSON Schema Check)', async () => {
    expect(await found(original(), 'CORE-000935')).toEqual([]);
    const doc = original();
    design(doc).name = 42;
    const f = await found(doc, 'CORE-000935');
    // ajv reports the type once per schema branch the value misses; each points at the value.
    expect(f.length).toBeGreaterThanOrEqual(1);
    expect(new Set(f.map((x) => x.path))).toEqual(new Set(['/study/versions/0/studyDesigns/0/name']));
  });
});
