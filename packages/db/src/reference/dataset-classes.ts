// The observation class of each SDTMIG dataset (EVENTS, FINDINGS, ...), from the catalogue file shipped
// with the product, for readers that have no database (the CORE validator's command line, its tests).
import { readFileSync } from 'node:fs';

let classes: Map<string, string> | undefined;

/** SDTMIG dataset code → its class in upper case (the CORE rules' scope names classes that way). */
export function sdtmigDatasetClasses(): Map<string, string> {
  if (!classes) {
    const file = JSON.parse(readFileSync(new URL('./cdisc-catalogue.json', import.meta.url), 'utf8')) as { datasets: string[][] };
    classes = new Map(file.datasets.filter((d) => d[0] === 'SDTMIG').map((d) => [d[1]!, d[3]!.toUpperCase()]));
  }
  return classes;
}
