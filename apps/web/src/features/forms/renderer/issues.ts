// Which issues show, and where. Client issues (the evaluator's, live) are merged with the server's
// (after a refused save), deduplicated by path + message. A 'required' message waits until its field
// was touched or the user tried to submit; everything else shows as soon as it is true. Each issue
// goes beside its field, at the top of its group row ('AELOG.2.#id'), or in the form's summary box
// (fieldless checks '#id', and anything whose field is not on screen: hidden or unknown).
import type { TFunction } from 'i18next';
import type { FieldIssue, FormDefinition } from '@ctp/contracts';
import { serverMessageText } from '@/lib/server-messages';

export const issueKey = (issue: FieldIssue) => `${issue.path}\u0000${issue.message}`;

/** The issues to show: client ones (required ones once revealed) and the server's not already among them. */
export function mergeIssues(
  client: readonly FieldIssue[],
  server: readonly FieldIssue[],
  revealed: (path: string) => boolean,
): FieldIssue[] {
  const serverKeys = new Set(server.map(issueKey));
  const shown = client.filter(
    (issue) => issue.kind !== 'required' || revealed(issue.path) || serverKeys.has(issueKey(issue)),
  );
  const seen = new Set(client.map(issueKey));
  const extra = server.filter((issue) => {
    const key = issueKey(issue);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  return [...shown, ...extra];
}

/** The key of the summary box in a placement map. */
export const SUMMARY = '';
const ROW_ISSUE = /^([A-Za-z][A-Za-z0-9_]*)\.(\d+)(?:\.#.*)?$/;

/** Issues by where they show: a field or group path, a row path ('AELOG.2'), or SUMMARY. */
export function placeIssues(
  issues: readonly FieldIssue[],
  rendered: { fields: Set<string>; rows: Set<string> },
): Map<string, FieldIssue[]> {
  const placed = new Map<string, FieldIssue[]>();
  for (const issue of issues) {
    const match = ROW_ISSUE.exec(issue.path);
    const at = rendered.fields.has(issue.path)
      ? issue.path
      : match && rendered.rows.has(`${match[1]}.${match[2]}`)
        ? `${match[1]}.${match[2]}`
        : SUMMARY;
    const list = placed.get(at);
    if (list) list.push(issue);
    else placed.set(at, [issue]);
  }
  return placed;
}

/** The label of the field a path names ('Adverse events, row 3: Term'), or undefined for a fieldless check. */
export function labelOfPath(definition: FormDefinition, path: string, t: TFunction): string | undefined {
  const [code = '', row, sub] = path.split('.');
  const field = definition.fields.find((f) => f.code === code);
  if (!field) return undefined;
  if (row === undefined || field.type !== 'repeatingGroup') return field.label;
  const rowLabel = t('issues.rowOf', { group: field.label, n: Number(row) + 1 });
  const subField = sub && !sub.startsWith('#') ? field.fields.find((f) => f.code === sub) : undefined;
  return subField ? `${rowLabel}: ${subField.label}` : rowLabel;
}

// The evaluator's own messages (live in the browser, and the server's on save) carry their catalogue key
// and values (contracts' server-messages/form-values.ts): shown in the reader's language through the
// `validation` namespace, numbers formatted its way. Edit-check messages ('check') are the form author's
// words and show as written, as does a server issue that came without its key.
export function issueText(issue: FieldIssue): string {
  return issue.messageKey ? serverMessageText(issue.messageKey, issue.params, issue.message) : issue.message;
}
