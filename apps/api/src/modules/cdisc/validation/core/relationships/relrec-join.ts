// Match Datasets naming RELREC (without keys, with a wildcard): the checked dataset's records are joined with
// the records RELREC relates them to, as CDISC's engine does. Each RELREC record of the checked domain pairs with
// the records of the same STUDYID, USUBJID and RELID in other domains; a side whose IDVARVAL is given is that
// record (RELREC relating records), a side without one relates through the variable IDVAR names, whose values
// must then be equal (RELREC relating datasets: AELNKID = FALNKGRP). The related record's variables read
// "RELREC.<name>", its domain prefix replaced by the wildcard ("RELREC.**TERM" for AETERM with "**"; the engine
// replaces it for the SDTM model's class variables, which the product does not ship: every prefixed variable
// here). A wildcard that is a domain code (FA, PC: the rule reads RELREC.FAOBJ) relates only that domain's records,
// so a record related to another domain (AE with DS) is not compared with variables it cannot have; "**" relates
// any. Records RELREC relates to nothing are not kept (an inner join), and a record related twice is twice.
import type { Cell, StudyDataset, StudyVariable } from '../types.ts';
import type { MatchDataset } from '../match-datasets.ts';
import { asText, isEmpty, sameValue } from '../values.ts';
import { datasetsOfDomain, domainOf, keyOf } from './domains.ts';

type Row = Record<string, Cell>;
const text = (v: Cell | undefined) => asText(v ?? null);

/** The records of a dataset one RELREC record names: its subject's (when given) and, with IDVARVAL, the one identified. */
const recordsNamed = (rows: Row[], rel: Row) =>
  rows.filter(
    (r) =>
      (isEmpty(rel.USUBJID ?? null) || sameValue(r.USUBJID, rel.USUBJID)) &&
      (isEmpty(rel.IDVARVAL ?? null) || sameValue(r[text(rel.IDVAR)], rel.IDVARVAL, { typeInsensitive: true })),
  );

const DOMAIN_CODE = /^[A-Z]{2}$/;

const wildcarded = (name: string, domain: string, wildcard: string) =>
  name !== 'DOMAIN' && name.length > domain.length && name.startsWith(domain) ? `RELREC.${wildcard}${name.slice(domain.length)}` : `RELREC.${name}`;

export function joinThroughRelrec(
  left: StudyDataset,
  spec: MatchDataset,
  datasets: StudyDataset[],
  read: ReadonlySet<string> | null,
  record: string,
): StudyDataset {
  const relrec = datasets.find((d) => d.name === 'RELREC');
  const domain = domainOf(left);
  const wildcard = spec.wildcard ?? '**';
  const rows: Row[] = [];
  const added = new Map<string, StudyVariable>();
  const numbered = left.rows.map((r, i) => ({ r, n: typeof r[record] === 'number' ? r[record] : i + 1 }));
  const own = (r: Row, n: Cell) => {
    const out: Row = { [record]: n };
    for (const name in r) if (!read || read.has(name)) out[name] = r[name]!;
    return out;
  };
  const relRows = relrec?.rows ?? [];
  for (const l of relRows.filter((r) => text(r.RDOMAIN) === domain)) {
    for (const r of relRows) {
      if (text(r.RDOMAIN) === domain || text(r.RELID) !== text(l.RELID) || text(r.USUBJID) !== text(l.USUBJID) || text(r.STUDYID) !== text(l.STUDYID)) continue;
      const rdomain = text(r.RDOMAIN);
      if (DOMAIN_CODE.test(wildcard) && rdomain !== wildcard) continue;
      const others = datasetsOfDomain(datasets, rdomain);
      if (!others.length) continue;
      for (const d of others) for (const v of d.variables) {
        const as = wildcarded(v.name, rdomain, wildcard);
        if (!read || read.has(as)) added.set(as, { ...v, name: as });
      }
      const lefts = recordsNamed(numbered.map((x) => x.r), l);
      const rights = recordsNamed(others.flatMap((d) => d.rows), r);
      const byRecords = !isEmpty(l.IDVARVAL ?? null) && !isEmpty(r.IDVARVAL ?? null);
      // Related datasets join on the linking variables' values (an empty link relates nothing), and the same subject.
      const index = new Map<string, Row[]>();
      for (const rr of rights) {
        const k = JSON.stringify([text(rr.STUDYID), text(rr.USUBJID), byRecords ? '' : keyOf(rr[text(r.IDVAR)])]);
        if (!index.has(k)) index.set(k, []);
        index.get(k)!.push(rr);
      }
      const leftSet = new Set(lefts);
      for (const { r: lr, n } of numbered) {
        if (!leftSet.has(lr)) continue;
        const link = byRecords ? '' : keyOf(lr[text(l.IDVAR)]);
        if (link === null) continue;
        for (const rr of index.get(JSON.stringify([text(lr.STUDYID), text(lr.USUBJID), link])) ?? []) {
          const out = own(lr, n);
          for (const name in rr) {
            const as = wildcarded(name, rdomain, wildcard);
            if (!read || read.has(as)) out[as] = rr[name]!;
          }
          rows.push(out);
        }
      }
    }
  }
  return { ...left, variables: [...left.variables, ...added.values()], rows };
}
