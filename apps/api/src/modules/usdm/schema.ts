// The USDM 4.0 JSON schema (components.schemas of the CDISC USDM_API.json, MIT licence, copied verbatim
// into usdm-schemas.json) compiled once with ajv. Imports are checked against the Wrapper-Input root;
// exports against Wrapper-Output (the test does so too).
import { Ajv, type ValidateFunction, type ErrorObject } from 'ajv';
import schemas from './usdm-schemas.json' with { type: 'json' };
import { pointerToPath } from './refusal.ts';
import type { SchemaErrorRow } from '../cdisc/validation/core/usdm/run-usdm.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const ajvs = new Map<boolean, Ajv>();
const compiled = new Map<string, ValidateFunction>();

/** The root's validator; `allErrors` for the CORE JSON Schema Check rules, which read every error. */
function validator(root: 'Wrapper-Input' | 'Wrapper-Output', allErrors = false): ValidateFunction {
  const key = `${root}:${allErrors}`;
  let v = compiled.get(key);
  if (!v) {
    let ajv = ajvs.get(allErrors);
    if (!ajv) {
      ajv = new Ajv({ allErrors, strict: false });
      ajv.addFormat('uuid', UUID);
      ajv.addFormat('date', /^\d{4}-\d{2}-\d{2}$/);
      ajv.addSchema({ $id: 'usdm', ...schemas });
      ajvs.set(allErrors, ajv);
    }
    v = ajv.compile({ $ref: `usdm#/components/schemas/${root}` });
    compiled.set(key, v);
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

/** Every schema error of a document as the CORE JSON Schema Check rules read them (rule-language/Rule_Type.md). */
export function schemaErrorRows(doc: unknown, root: 'Wrapper-Input' | 'Wrapper-Output' = 'Wrapper-Input'): SchemaErrorRow[] {
  const v = validator(root, true);
  if (v(doc)) return [];
  return (v.errors ?? []).map((e) => {
    const p = e.params as Record<string, unknown>;
    const attribute = (p.missingProperty ?? p.additionalProperty ?? e.instancePath.split('/').pop() ?? '') as string;
    return {
      json_path: e.instancePath,
      error_attribute: String(attribute),
      // The validator's own parameter (the type or length required), never the document's value.
      error_value: '',
      validator: e.keyword,
      validator_value: JSON.stringify(e.params),
      message: e.message ?? 'is not valid',
    };
  });
}
