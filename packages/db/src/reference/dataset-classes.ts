// The SDTMIG's datasets (label, observation class) and variables (order, core) from the catalogue file
// shipped with the product, for readers that have no database (the CORE validator, its tests).
import { readFileSync } from 'node:fs';

export interface LibraryDataset {
  label: string;
  /** The class in upper case (the CORE rules' scope names classes that way). */
  className: string;
  /** The IG's variables in their order, with their core (Req, Exp, Perm). */
  variables: { name: string; label: string; core: string }[];
}

let library: Map<string, LibraryDataset> | undefined;

/** The SDTMIG datasets of the shipped catalogue, by code. */
export function sdtmigLibrary(): Map<string, LibraryDataset> {
  if (!library) {
    const file = JSON.parse(readFileSync(new URL('./cdisc-catalogue.json', import.meta.url), 'utf8')) as { datasets: string[][]; variables: unknown[][] };
    library = new Map(file.datasets.filter((d) => d[0] === 'SDTMIG').map((d) => [d[1]!, { label: d[2]!, className: d[3]!.toUpperCase(), variables: [] }]));
    const rows = file.variables.filter((v) => v[0] === 'SDTMIG') as [string, string, number, string, string, string, string, string, string][];
    for (const v of rows.sort((a, b) => a[2] - b[2])) library.get(v[1])?.variables.push({ name: v[3], label: v[4], core: v[8] });
  }
  return library;
}
