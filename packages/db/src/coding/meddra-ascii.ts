// Reading the licensed MedDRA ASCII distribution (the MedAscii folder): '$'-separated records, one per
// line, each ending with a '$'. The product never ships MedDRA; an administrator imports the customer's
// own copy. What is read:
//   meddra_release.asc  version$language$...
//   llt.asc             llt_code$llt_name$pt_code$...$llt_currency (Y/N, 10th field)$...
//   mdhier.asc          pt_code$hlt_code$hlgt_code$soc_code$pt_name$hlt_name$hlgt_name$soc_name$soc_abbrev$
//                       null$pt_soc_code$primary_soc_fg$ — the primary path of each PT (primary_soc_fg Y)
//   pt.asc              pt_code$pt_name$null$pt_soc_code$... (a PT missing from mdhier still gets its SOC)
//   soc.asc             soc_code$soc_name$soc_abbrev$...
// The result: one row per LLT with its PT and the PT's primary HLT, HLGT and SOC.
import { parse } from 'csv-parse/sync';

export interface MeddraTermRow {
  lltCode: string;
  lltName: string;
  ptCode: string;
  ptName: string;
  hltCode: string | null;
  hltName: string | null;
  hlgtCode: string | null;
  hlgtName: string | null;
  socCode: string | null;
  socName: string;
  socAbbrev: string | null;
  isCurrent: boolean;
}

export interface MeddraRelease {
  version: string;
  language: string;
  terms: MeddraTermRow[];
}

export const MEDDRA_REQUIRED_FILES = ['meddra_release.asc', 'llt.asc', 'pt.asc', 'mdhier.asc', 'soc.asc'] as const;

function records(content: string): string[][] {
  return parse(content, { delimiter: '$', quote: false, relax_column_count: true, skip_empty_lines: true, trim: false, bom: true }) as string[][];
}

export class MeddraFormatError extends Error {}

/** Reads the files (name -> text content; names as in MedAscii, any case). */
export function readMeddraAscii(files: Record<string, string>): MeddraRelease {
  const byName = new Map(Object.entries(files).map(([k, v]) => [k.toLowerCase().split(/[\\/]/).pop()!, v]));
  const missing = MEDDRA_REQUIRED_FILES.filter((f) => !byName.has(f));
  if (missing.length) throw new MeddraFormatError(`Missing MedDRA files: ${missing.join(', ')}`);
  const release = records(byName.get('meddra_release.asc')!)[0];
  if (!release?.[0]) throw new MeddraFormatError('meddra_release.asc holds no version');
  const socs = new Map(records(byName.get('soc.asc')!).map((r) => [r[0]!, { name: r[1]!, abbrev: r[2] || null }]));
  const pts = new Map(records(byName.get('pt.asc')!).map((r) => [r[0]!, { name: r[1]!, soc: r[3] || null }]));
  const paths = new Map<string, string[]>();
  for (const r of records(byName.get('mdhier.asc')!)) {
    // The primary path wins; a PT seen only on secondary paths keeps its first one.
    if (r[11] === 'Y' || !paths.has(r[0]!)) paths.set(r[0]!, r);
  }
  const terms: MeddraTermRow[] = [];
  for (const r of records(byName.get('llt.asc')!)) {
    const [lltCode, lltName, ptCode] = [r[0]!, r[1]!, r[2]!];
    if (!/^\d{8}$/.test(lltCode) || !lltName || !ptCode) throw new MeddraFormatError(`llt.asc: a record is not an LLT (code ${lltCode.slice(0, 12)})`);
    const h = paths.get(ptCode);
    const pt = pts.get(ptCode);
    const socCode = h?.[3] ?? pt?.soc ?? null;
    const soc = socCode ? socs.get(socCode) : undefined;
    if (!pt && !h) throw new MeddraFormatError(`llt.asc: LLT ${lltCode} names PT ${ptCode}, which pt.asc and mdhier.asc do not hold`);
    terms.push({
      lltCode,
      lltName,
      ptCode,
      ptName: h?.[4] ?? pt!.name,
      hltCode: h?.[1] ?? null,
      hltName: h?.[5] ?? null,
      hlgtCode: h?.[2] ?? null,
      hlgtName: h?.[6] ?? null,
      socCode,
      socName: h?.[7] ?? soc?.name ?? 'Unknown SOC',
      socAbbrev: h?.[8] ?? soc?.abbrev ?? null,
      isCurrent: (r[9] ?? 'Y') !== 'N',
    });
  }
  if (!terms.length) throw new MeddraFormatError('llt.asc holds no terms');
  return { version: release[0], language: release[1] || 'English', terms };
}
