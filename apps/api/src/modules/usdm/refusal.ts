// A USDM document we cannot build a study from: the refusal names the path of the offending object
// (e.g. study.versions[0].studyDesigns[0].scheduleTimelines[1].instances[4].encounterId) and never
// echoes the document's values.
import { fieldError } from '../../trpc.ts';
import { USDM_UPLOAD_FIELD } from '@ctp/contracts';

export class UsdmDocumentError extends Error {
  constructor(
    readonly path: string,
    readonly problem: string,
  ) {
    super(path ? `${problem} at ${path}` : problem);
  }
}

/** The client's error (400) on the upload field. */
export function asFieldError(err: UsdmDocumentError) {
  return fieldError(USDM_UPLOAD_FIELD, err.message);
}

/** '/study/versions/0/titles' -> 'study.versions[0].titles' */
export function pointerToPath(pointer: string): string {
  return pointer
    .split('/')
    .filter(Boolean)
    .map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce((acc, part) => (/^\d+$/.test(part) ? `${acc}[${part}]` : acc ? `${acc}.${part}` : part), '');
}
