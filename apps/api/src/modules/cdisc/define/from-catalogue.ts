// Define-XML metadata for a study's datasets from their XPT variable descriptors and the CDISC
// catalogue (migration 0019: cdisc_datasets, cdisc_variables). The catalogue gives each dataset's
// class, structure and name, and each variable's label, role, core and code list (NCI C-code and short
// name); the XPT descriptors give names, labels, types and lengths; the caller gives what neither
// knows: keys, origins, methods, value-level metadata and the code list terms the study uses.
//
// loadCatalogue reads the rows with Kysely; defineMetadataFromCatalogue is pure (rows in, metadata
// out), so it can be tested without a database. The SDTM generation that will call it does not exist
// yet; this is the seam it plugs into.
//
// Defaults, each overridable per variable:
// - label: the XPT label (what the file carries), else the catalogue's;
// - dataType: char --DTC -> datetime, --DUR -> durationDatetime, other char -> text; num --SEQ/--DY ->
//   integer, other num -> float;
// - length: text -> the XPT length; integer/float -> the XPT length (8) unless the caller gives the
//   longest value's digits, which Define-XML means (the official example: AGE Length="2"); none for
//   the ISO 8601 types;
// - mandatory: core Req -> Yes; role: the catalogue's;
// - code list: CL.<C-code> named after the catalogue's short name, with the terms the caller gives
//   for that C-code; a code list with no terms given is left out and reported in `notes` (a CodeList
//   needs at least one term).
// The origin has no default: every variable needs one from the caller (DefineXmlError otherwise).
import type { Db } from '@ctp/db';
import type { XptDatasetSpec } from '../formats/xpt.ts';
import {
  DefineXmlError,
  type DefineClass,
  type DefineCodeList,
  type DefineDataset,
  type DefineDataType,
  type DefineMetadata,
  type DefineTerm,
  type DefineVariable,
} from './define-xml.ts';

export interface CatalogueDataset {
  code: string;
  name: string;
  class: string | null;
  structure: string | null;
  /** The standard's version that describes it (SDTMIG 3.4). */
  version?: string;
}
export interface CatalogueVariable {
  /** The dataset code (DM, SUPPQUAL). */
  dataset: string;
  name: string;
  label: string;
  simpleType: 'Char' | 'Num';
  role: string | null;
  core: string | null;
  codelistCode: string | null;
  codelistName: string | null;
}
export interface Catalogue {
  datasets: CatalogueDataset[];
  variables: CatalogueVariable[];
}

const SUPP = /^SUPP([A-Z0-9]{2})$/;
/** The catalogue dataset a study dataset is described by: SUPPAE -> SUPPQUAL. */
export const catalogueCode = (name: string) => (SUPP.test(name) ? 'SUPPQUAL' : name);

/** The catalogue rows describing a run's datasets (and, for SUPP--, SUPPQUAL and the parent), each from the
 *  SDTMIG version that describes it (standards/run-datasets.ts). */
export async function loadCatalogue(db: Db, describedBy: Map<string, { id: number; version: string }>, datasetNames: string[]): Promise<Catalogue> {
  const ids = [
    ...new Set(datasetNames.flatMap((n) => [catalogueCode(n), ...(SUPP.exec(n)?.slice(1, 2) ?? [])])),
  ].flatMap((code) => describedBy.get(code)?.id ?? []);
  if (ids.length === 0) return { datasets: [], variables: [] };
  const versionOf = new Map([...describedBy.values()].map((d) => [d.id, d.version]));
  const datasets = (
    await db.selectFrom('cdiscDatasets as d').select(['d.id', 'd.code', 'd.name', 'd.class', 'd.structure']).where('d.id', 'in', ids).execute()
  ).map((d) => ({ ...d, version: versionOf.get(d.id) }));
  if (datasets.length === 0) return { datasets: [], variables: [] };
  const variables = await db
    .selectFrom('cdiscVariables as v')
    .innerJoin('cdiscDatasets as d', 'd.id', 'v.datasetId')
    .select([
      'd.code as dataset',
      'v.name',
      'v.label',
      'v.simpleType',
      'v.role',
      'v.core',
      'v.codelistCode',
      'v.codelistName',
    ])
    .where(
      'v.datasetId',
      'in',
      datasets.map((d) => d.id),
    )
    .orderBy('v.datasetId')
    .orderBy('v.ordinal')
    .execute();
  return { datasets: datasets.map(({ id: _, ...d }) => d), variables };
}

/** What the caller knows about a variable; origin is required. */
export type VariableInput = Partial<Omit<DefineVariable, 'name'>> & Pick<DefineVariable, 'origin'>;

export interface StudyDatasetInput {
  /** The XPT descriptor: dataset name and label, variables with name, label, type and length. */
  xpt: XptDatasetSpec;
  keys: string[];
  /** "<name in lower case>.xpt" by default. */
  href?: string;
  repeating?: boolean;
  isReferenceData?: boolean;
  commentOid?: string;
  /** The def:Standard describing the dataset (the first IG standard when left out). */
  standardOid?: string;
  /** Overrides of the catalogue's dataset metadata (a sponsor-defined domain has none). */
  class?: DefineClass;
  structure?: string;
  /** Per variable name. */
  variables: Record<string, VariableInput>;
}

export interface CatalogueDefineInput {
  /** Everything but the datasets; codeLists here are the sponsor's own (added to the catalogue's). */
  base: Omit<DefineMetadata, 'datasets'>;
  datasets: StudyDatasetInput[];
  /** The terms the study uses, per code list NCI C-code. */
  codeListTerms?: Record<string, DefineTerm[]>;
}

const CLASSES: readonly DefineClass[] = [
  'SPECIAL PURPOSE',
  'INTERVENTIONS',
  'EVENTS',
  'FINDINGS',
  'FINDINGS ABOUT',
  'TRIAL DESIGN',
  'RELATIONSHIP',
  'STUDY REFERENCE',
];

function defaultDataType(name: string, type: 'char' | 'num'): DefineDataType {
  if (type === 'num') return /(SEQ|DY)$/.test(name) ? 'integer' : 'float';
  if (name.endsWith('DTC')) return 'datetime';
  if (name.endsWith('DUR')) return 'durationDatetime';
  return 'text';
}

export function defineMetadataFromCatalogue(
  catalogue: Catalogue,
  input: CatalogueDefineInput,
): { metadata: DefineMetadata; notes: string[] } {
  const notes: string[] = [];
  const codeLists = new Map<string, DefineCodeList>((input.base.codeLists ?? []).map((c) => [c.oid, c]));
  const catalogueDataset = (code: string) => catalogue.datasets.find((d) => d.code === code);

  const datasets = input.datasets.map((d): DefineDataset => {
    const name = d.xpt.name;
    const parent = SUPP.exec(name)?.[1];
    const cat = catalogueDataset(catalogueCode(name));
    const parentName = parent ? catalogueDataset(parent)?.name : undefined;
    const cls = d.class ?? (cat?.class?.toUpperCase() as DefineClass | undefined);
    if (!cls || !CLASSES.includes(cls))
      throw new DefineXmlError(`Dataset ${name}: no SDTM class (not in the catalogue; give class)`);
    const structure = d.structure ?? cat?.structure;
    if (!structure)
      throw new DefineXmlError(`Dataset ${name}: no structure (not in the catalogue; give structure)`);
    if (!cat) notes.push(`${name} is not in the catalogue (sponsor-defined dataset)`);

    const missingOrigin = d.xpt.variables.filter((v) => !d.variables[v.name]?.origin).map((v) => v.name);
    if (missingOrigin.length)
      throw new DefineXmlError(`Dataset ${name}: no origin given for ${missingOrigin.join(', ')}`);
    const unknown = Object.keys(d.variables).filter((n) => !d.xpt.variables.some((v) => v.name === n));
    if (unknown.length)
      throw new DefineXmlError(`Dataset ${name}: ${unknown.join(', ')} not among the XPT variables`);

    const variables = d.xpt.variables.map((xv): DefineVariable => {
      const given = d.variables[xv.name] as VariableInput;
      const cv = catalogue.variables.find((v) => v.dataset === catalogueCode(name) && v.name === xv.name);
      if (!cv) notes.push(`${name}.${xv.name} is not in the catalogue (non-standard variable)`);
      const dataType = given.dataType ?? defaultDataType(xv.name, xv.type);
      const hasLength = dataType === 'text' || dataType === 'integer' || dataType === 'float';
      let codeListOid = given.codeListOid;
      if (!codeListOid && cv?.codelistCode) {
        const terms = input.codeListTerms?.[cv.codelistCode];
        if (terms?.length) {
          codeListOid = `CL.${cv.codelistCode}`;
          if (!codeLists.has(codeListOid)) {
            codeLists.set(codeListOid, {
              oid: codeListOid,
              name: cv.codelistName || cv.codelistCode,
              dataType: 'text',
              nciCode: cv.codelistCode,
              terms,
            });
          }
        } else {
          notes.push(
            `${name}.${xv.name}: code list ${cv.codelistCode}${cv.codelistName ? ` (${cv.codelistName})` : ''} left out, no terms given`,
          );
        }
      }
      return {
        ...given,
        name: xv.name,
        label: given.label ?? (xv.label || cv?.label || xv.name),
        dataType,
        length: given.length ?? (hasLength ? xv.length : undefined),
        mandatory: given.mandatory ?? cv?.core === 'Req',
        role: given.role ?? cv?.role ?? undefined,
        codeListOid,
      };
    });

    return {
      name,
      label:
        d.xpt.label || (parent ? `Supplemental Qualifiers for ${parentName ?? parent}` : (cat?.name ?? name)),
      class: cls,
      structure,
      keys: d.keys,
      repeating: d.repeating,
      isReferenceData: d.isReferenceData,
      href: d.href ?? `${name.toLowerCase()}.xpt`,
      commentOid: d.commentOid,
      standardOid: d.standardOid,
      isNonStandard: cat ? undefined : true,
      domainDescription: parent ? parentName : undefined,
      variables,
    };
  });

  return { metadata: { ...input.base, datasets, codeLists: [...codeLists.values()] }, notes };
}
