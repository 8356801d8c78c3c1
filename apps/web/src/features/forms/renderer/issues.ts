// Which issues show, and where. Client issues (the evaluator's, live) are merged with the server's
// (after a refused save), deduplicated by path + message. A 'required' message waits until its field
// was touched or the user tried to submit; everything else shows as soon as it is true. Each issue
// goes beside its field, at the top of its group row ('AELOG.2.#id'), or in the form's summary box
// (fieldless checks '#id', and anything whose field is not on screen: hidden or unknown).
import type { TFunction } from 'i18next';
import type { FieldIssue, FormDefinition } from '@ctp/contracts';

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

// The evaluator's own messages are plain English (the server's too); they are shown in the reader's
// language by their English template. Edit-check messages ('check') are the form author's words
// and are shown as written, as is anything not recognised.
type Params = Record<string, string | number>;
const TEMPLATES: Array<[RegExp, string, (m: RegExpExecArray) => Params]> = [
  [/^(.+) is required$/, 'required', (m) => ({ label: m[1] ?? '' })],
  [/^(.+) needs at least (\d+) rows?$/, 'minRows', (m) => ({ label: m[1] ?? '', count: Number(m[2]) })],
  [/^(.+) allows at most (\d+) rows?$/, 'maxRows', (m) => ({ label: m[1] ?? '', count: Number(m[2]) })],
  [/^Expected between (\S+) and (\S+)$/, 'between', (m) => ({ min: m[1] ?? '', max: m[2] ?? '' })],
  [
    /^Expected between (\S+) and (\S+) (.+)$/,
    'betweenUnit',
    (m) => ({ min: m[1] ?? '', max: m[2] ?? '', unit: m[3] ?? '' }),
  ],
  [/^Expected at least (\S+)$/, 'atLeast', (m) => ({ min: m[1] ?? '' })],
  [/^Expected at least (\S+) (.+)$/, 'atLeastUnit', (m) => ({ min: m[1] ?? '', unit: m[2] ?? '' })],
  [/^Expected at most (\S+)$/, 'atMost', (m) => ({ max: m[1] ?? '' })],
  [/^Expected at most (\S+) (.+)$/, 'atMostUnit', (m) => ({ max: m[1] ?? '', unit: m[2] ?? '' })],
  [/^Use at most (\d+) characters$/, 'maxLength', (m) => ({ count: Number(m[1]) })],
  [/^Use at most (\d+) decimals?$/, 'decimals', (m) => ({ count: Number(m[1]) })],
];
const FIXED: Record<string, string> = {
  'Enter text': 'text',
  'Remove the control or invalid characters from this text': 'invalidText',
  'Enter a whole number': 'wholeNumber',
  'This number is too large': 'tooLarge',
  'Enter a number': 'number',
  'Use YYYY-MM-DD': 'date',
  'Enter a real date between 1900 and 2100': 'realDate',
  'Use YYYY, YYYY-MM or YYYY-MM-DD': 'partialDate',
  'Use HH:MM, from 00:00 to 23:59': 'time',
  'Choose Yes or No': 'yesNo',
  'Choose one of the listed options': 'choice',
  'Choose from the listed options': 'choices',
  'Choose each option only once': 'choiceTwice',
  'Enter a list of rows': 'rows',
  'Enter the row as a set of fields': 'row',
};

/** The issue's message in the reader's language (t of the 'forms-renderer' namespace). */
export function issueText(issue: FieldIssue, t: TFunction): string {
  if (issue.kind === 'check') return issue.message;
  const fixed = FIXED[issue.message];
  if (fixed) return t(`evaluator.${fixed}`, { defaultValue: issue.message });
  for (const [pattern, key, params] of TEMPLATES) {
    const match = pattern.exec(issue.message);
    if (match) return t(`evaluator.${key}`, { ...params(match), defaultValue: issue.message });
  }
  return issue.message;
}
