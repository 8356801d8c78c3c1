// The USDM 4.0 JSON schema (components.schemas of the CDISC USDM_API.json, MIT licence, copied verbatim
// into usdm-schemas.json) compiled once with ajv. Imports are checked against the Wrapper-Input root;
// exports against Wrapper-Output (the test does so too).
import { Ajv, type ValidateFunction, type ErrorObject } from 'ajv';
import schemas from './usdm-schemas.json' with { type: 'json' };
import { pointerToPath } from './refusal.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

let ajv: Ajv | undefined;
const compiled = new Map<string, ValidateFunction>();

function validator(root: 'Wrapper-Input' | 'Wrapper-Output'): ValidateFunction {
  let v = compiled.get(root);
  if (!v) {
    if (!ajv) {
      ajv = new Ajv({ allErrors: false, strict: false });
      ajv.addFormat('uuid', UUID);
      ajv.addFormat('date', /^\d{4}-\d{2}-\d{2}$/);
      ajv.addSchema({ $id: 'usdm', ...schemas });
    }
    v = ajv.compile({ $ref: `usdm#/components/schemas/${root}` });
    compiled.set(root, v);
  }
  return v;
}

export interface SchemaProblem {
  path: string;
  message: string;
}

function describe(e: ErrorObject): SchemaProblem {
  // The message names the rule broken (type, required property, enum), never the offending value.
  return { path: pointerToPath(e.instancePath), message: e.message ?? 'is not valid' };
}

/** The first schema problem of a document (null when it is valid). */
export function schemaProblem(doc: unknown, root: 'Wrapper-Input' | 'Wrapper-Output' = 'Wrapper-Input'): SchemaProblem | null {
  const v = validator(root);
  if (v(doc)) return null;
  return describe(v.errors![0]!);
}
