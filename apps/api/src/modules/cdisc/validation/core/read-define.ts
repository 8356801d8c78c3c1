// Reading a Define-XML file (1.0 or 2.x) for the CORE interpreter (`--define`, or a define.xml in an
// uploaded package): its datasets with label and class, each dataset's variables in order (label, data
// type, length, code list) and its code lists with their coded values. Parsed with the shared safe CDISC
// XML parser (fast-xml-parser, namespace prefixes dropped: def:Class is Class); a DOCTYPE is refused
// before parsing, so no entity is ever expanded or fetched.
import { safeCdiscXmlParser } from '@ctp/db';

export interface DefineReadVariable {
  name: string;
  label: string;
  dataType: string;
  length: number | null;
  codelist: string | null;
  mandatory: boolean;
  order: number | null;
}

export interface DefineReadDataset {
  name: string;
  label: string;
  /** The dataset's class as define.xml names it, upper case (EVENTS, TRIAL DESIGN), null when not said. */
  className: string | null;
  variables: DefineReadVariable[];
}

export interface DefineReadCodeList {
  oid: string;
  name: string;
  codedValues: string[];
}

export interface DefineRead {
  /** The ODM FileOID (the study's define, as its author named it). */
  fileOid: string;
  datasets: DefineReadDataset[];
  codeLists: DefineReadCodeList[];
}

export class DefineReadError extends Error {}

const REPEATED = new Set(['ItemGroupDef', 'ItemRef', 'ItemDef', 'CodeList', 'CodeListItem', 'EnumeratedItem', 'TranslatedText', 'Study', 'MetaDataVersion']);
const parser = safeCdiscXmlParser(REPEATED);

type Node = Record<string, unknown> & { '@'?: Record<string, string> };
const list = (v: unknown): Node[] => (Array.isArray(v) ? (v as Node[]) : v ? [v as Node] : []);
const attr = (n: Node | undefined, name: string): string => n?.['@']?.[name] ?? '';

/** A Description's first TranslatedText (Define-XML 2.x labels), else the def:Label attribute (1.0). */
function labelOf(n: Node): string {
  const description = n.Description as Node | undefined;
  const text = list(description?.TranslatedText)[0];
  const t = typeof text === 'string' ? text : (text?.['#text'] as string | undefined);
  return attr(n, 'Label') || t || '';
}

export function readDefine(input: string | Uint8Array): DefineRead {
  const xml = typeof input === 'string' ? input : Buffer.from(input).toString('utf8');
  if (/<!DOCTYPE/i.test(xml)) throw new DefineReadError('define.xml declares a DOCTYPE, which is refused so that no entity is read');
  let doc: Node;
  try {
    doc = parser.parse(xml) as Node;
  } catch (err) {
    throw new DefineReadError(`define.xml is not well-formed XML: ${(err as Error).message.split('\n')[0]}`);
  }
  const odm = doc.ODM as Node | undefined;
  const mdv = list(list(odm?.Study)[0]?.MetaDataVersion)[0];
  if (!odm || !mdv) throw new DefineReadError('define.xml has no ODM/Study/MetaDataVersion');
  const items = new Map(list(mdv.ItemDef).map((i) => [attr(i, 'OID'), i]));
  const datasets = list(mdv.ItemGroupDef).map((g): DefineReadDataset => {
    const cls = attr(g, 'Class') || attr(list(g.Class)[0], 'Name');
    return {
      name: (attr(g, 'Name') || attr(g, 'Domain')).toUpperCase(),
      label: labelOf(g),
      className: cls ? cls.toUpperCase() : null,
      variables: list(g.ItemRef).map((ref) => {
        const item = items.get(attr(ref, 'ItemOID'));
        const length = Number(attr(item, 'Length'));
        const order = Number(attr(ref, 'OrderNumber'));
        return {
          name: attr(item, 'Name') || attr(ref, 'ItemOID').split('.').pop()!,
          label: item ? labelOf(item) : '',
          dataType: attr(item, 'DataType'),
          length: attr(item, 'Length') && Number.isFinite(length) ? length : null,
          codelist: attr(item?.CodeListRef as Node | undefined, 'CodeListOID') || null,
          mandatory: attr(ref, 'Mandatory') === 'Yes',
          order: attr(ref, 'OrderNumber') && Number.isFinite(order) ? order : null,
        };
      }),
    };
  });
  const codeLists = list(mdv.CodeList).map((c) => ({
    oid: attr(c, 'OID'),
    name: attr(c, 'Name'),
    codedValues: [...list(c.CodeListItem), ...list(c.EnumeratedItem)].map((i) => attr(i, 'CodedValue')),
  }));
  return { fileOid: attr(odm, 'FileOID'), datasets, codeLists };
}
