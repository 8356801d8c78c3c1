/**
 * ADaM in the standards catalogue: the generator of packages/db/src/reference/adam-catalogue.json, which
 * migration 0026 loads beside SDTMIG and CDASHIG.
 *
 *   npx tsx scripts/cdisc-catalogue/adam.ts [--reference DIR] [--out FILE]
 *
 * The reference material holds no ADaM implementation guide, but it holds CDISC's official Define-XML 2.1
 * ADaM example (define-xml-2.1/examples/defineV21-ADaM.xml, CDISC Data Exchange Standards Team, 2018),
 * which describes ADaM datasets under ADaMIG 1.1. From it, the two datasets every ADaM submission has in
 * some form are taken as the example describes them: ADSL (subject-level analysis dataset) and ADAE
 * (adverse events analysis dataset) — class, structure, each variable in order with its label, data type,
 * length, code list (NCI C-code where the example gives one) and origin (predecessor variable, derivation,
 * assigned). The example's study-specific ADQSADAS (an ADAS-Cog questionnaire dataset) is left out. The
 * ADaMIG's core designations are not in the example, so core stays empty rather than guessed; the label
 * and source say where the rows come from.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { XMLParser } from 'fast-xml-parser';
import { clean, shortNote, titleCase } from '../../packages/db/src/reference/cdisc-library-xml.ts';
import { DATASET_COLUMNS, renderCatalogue, VARIABLE_COLUMNS, type Catalogue } from './build.ts';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const DEFAULT_OUT = path.join(REPO_ROOT, 'packages/db/src/reference/adam-catalogue.json');
const EXAMPLE = 'define-xml-2.1/examples/defineV21-ADaM.xml';
/** The example's datasets kept: the ones common to ADaM submissions. */
export const ADAM_DATASETS = ['ADSL', 'ADAE'] as const;

type Node = Record<string, unknown>;
const list = (x: unknown): Node[] => (x === undefined ? [] : Array.isArray(x) ? (x as Node[]) : [x as Node]);
/** The text of a Description/TranslatedText child. */
const text = (n: Node | undefined): string => clean(String((list((n?.Description as Node | undefined)?.TranslatedText)[0]?.['#text'] as string | undefined) ?? ''));

export function buildAdamCatalogue(referenceDir: string): Catalogue {
  const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '', textNodeName: '#text', processEntities: true });
  const odm = parser.parse(readFileSync(path.join(referenceDir, EXAMPLE), 'utf8')).ODM as Node;
  const mdv = (odm.Study as Node).MetaDataVersion as Node;
  const standard = list((mdv['def:Standards'] as Node)['def:Standard']).find((s) => s.Type === 'IG');
  if (standard?.Name !== 'ADaMIG') throw new Error(`${EXAMPLE} names no ADaMIG standard`);
  const version = String(standard.Version);
  const items = new Map(list(mdv.ItemDef).map((d) => [String(d.OID), d]));
  const methods = new Map(list(mdv.MethodDef).map((m) => [String(m.OID), m]));
  const codeLists = new Map(list(mdv.CodeList).map((c) => [String(c.OID), c]));

  const datasets: (string | number | null)[][] = [];
  const variables: (string | number | null)[][] = [];
  for (const code of ADAM_DATASETS) {
    const group = list(mdv.ItemGroupDef).find((g) => g.Name === code);
    if (!group) throw new Error(`${EXAMPLE} has no ItemGroupDef ${code}`);
    const cls = titleCase(String((group['def:Class'] as Node | undefined)?.Name ?? ''));
    const structure = clean(String(group['def:Structure'] ?? ''));
    const name = text(group);
    datasets.push(['ADaMIG', code, name, cls || null, structure || null, `${cls ? `${cls}. ` : ''}Structure: ${structure}. As described in CDISC's Define-XML 2.1 ADaM example.`]);
    for (const ref of list(group.ItemRef)) {
      const item = items.get(String(ref.ItemOID));
      if (!item) throw new Error(`${EXAMPLE}: ${code} refers to a missing ItemDef`);
      const dataType = String(item.DataType);
      const codeList = codeLists.get(String((item.CodeListRef as Node | undefined)?.CodeListOID ?? ''));
      const nci = list(codeList?.Alias).find((a) => a.Context === 'nci:ExtCodeID')?.Name;
      const origin = item['def:Origin'] as Node | undefined;
      const method = ref.MethodOID ? methods.get(String(ref.MethodOID)) : undefined;
      const originText = origin
        ? `Origin: ${String(origin.Type)}${text(origin) ? ` (${text(origin)})` : ''}.${method && text(method) ? ` ${text(method)}` : ''}`
        : method && text(method)
          ? `Derived: ${text(method)}`
          : '';
      variables.push([
        'ADaMIG',
        code,
        Number(ref.OrderNumber),
        String(item.Name),
        text(item),
        dataType,
        ['integer', 'float'].includes(dataType) ? 'Num' : 'Char',
        null,
        null,
        nci ? String(nci) : null,
        codeList ? String(codeList.Name) : null,
        shortNote(originText),
        null,
      ]);
    }
  }
  return {
    source: `CDISC Define-XML 2.1 ADaM example (${EXAMPLE}, content © CDISC): ADSL and ADAE as it describes them; generated by scripts/cdisc-catalogue/adam.ts`,
    standards: [
      {
        code: 'ADaMIG',
        version,
        type: 'ADaM',
        label: `ADaM datasets as described in CDISC's Define-XML 2.1 ADaM example (ADaMIG v${version})`,
        source: "CDISC Define-XML 2.1 ADaM example (defineV21-ADaM.xml, 2018-11-15): the example study's ADSL and ADAE; the ADaMIG's core designations are not part of it",
      },
    ],
    datasetColumns: DATASET_COLUMNS,
    datasets,
    variableColumns: VARIABLE_COLUMNS,
    variables,
  };
}

function main(): void {
  const args = process.argv.slice(2);
  const at = (name: string) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
  const referenceDir = path.resolve(at('--reference') ?? path.join(REPO_ROOT, '../shared/reference'));
  const outFile = path.resolve(at('--out') ?? DEFAULT_OUT);
  const catalogue = buildAdamCatalogue(referenceDir);
  writeFileSync(outFile, renderCatalogue(catalogue));
  console.log(`ADaMIG ${catalogue.standards[0]!.version}: ${catalogue.datasets.length} datasets, ${catalogue.variables.length} variables -> ${path.relative(REPO_ROOT, outFile)}`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
