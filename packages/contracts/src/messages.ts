// Friendly messages for zod's own issues, where a rule has no message of its own ("Too small: expected
// string to have >=2 characters" is a developer's text). The server writes them in English
// (z.config customError in apps/api/src/trpc.ts, so REST clients read English); the web writes them in
// the reader's language (apps/web/src/lib/validation-messages.ts). Each message is an English template
// whose values are numbers ({{minimum}}, {{maximum}}); the template is also its key in the web's
// `validation` namespace, so a message the server wrote can be recognised there and translated.
// A rule's own message (`.min(3, 'Give the site a name')`) always wins over these.
import type { z } from 'zod';

export const ISSUE_TEMPLATES = {
  required: 'This field is required',
  minLength: 'Enter at least {{minimum}} characters',
  maxLength: 'Enter at most {{maximum}} characters',
  exactLength: 'Enter exactly {{length}} characters',
  min: 'Enter {{minimum}} or more',
  above: 'Enter more than {{minimum}}',
  max: 'Enter at most {{maximum}}',
  below: 'Enter less than {{maximum}}',
  number: 'Enter a number',
  wholeNumber: 'Use a whole number',
  option: 'Choose one of the options',
  email: 'Enter a valid email address',
  format: 'Check the format of this entry',
  invalid: 'Check this entry',
} as const;

/** The template of an issue and the numbers it names. */
export interface IssueMessage {
  template: (typeof ISSUE_TEMPLATES)[keyof typeof ISSUE_TEMPLATES];
  params: Record<string, number>;
}

const NUMERIC = new Set(['number', 'int', 'bigint']);

function isEmpty(input: unknown) {
  return input === undefined || input === null || (typeof input === 'string' && input.trim() === '');
}

const message = (template: IssueMessage['template'], params: Record<string, number | bigint> = {}): IssueMessage => ({
  template,
  params: Object.fromEntries(Object.entries(params).map(([k, v]) => [k, Number(v)])),
});

/** The friendly message of one of zod's issues, or undefined to leave it to zod's locale bundle. */
export function issueMessage(issue: z.core.$ZodRawIssue): IssueMessage | undefined {
  const T = ISSUE_TEMPLATES;
  const empty = isEmpty(issue.input);
  switch (issue.code) {
    case 'too_small':
      if (issue.origin === 'string') {
        if (empty) return message(T.required);
        return issue.exact ? message(T.exactLength, { length: issue.minimum }) : message(T.minLength, { minimum: issue.minimum });
      }
      if (NUMERIC.has(issue.origin)) return message(issue.inclusive ? T.min : T.above, { minimum: issue.minimum });
      return undefined;
    case 'too_big':
      if (issue.origin === 'string') {
        return issue.exact ? message(T.exactLength, { length: issue.maximum }) : message(T.maxLength, { maximum: issue.maximum });
      }
      if (NUMERIC.has(issue.origin)) return message(issue.inclusive ? T.max : T.below, { maximum: issue.maximum });
      return undefined;
    case 'invalid_type':
      if (empty) return message(T.required);
      if (issue.expected === 'int' && typeof issue.input === 'number' && Number.isFinite(issue.input)) return message(T.wholeNumber);
      return message(NUMERIC.has(issue.expected) ? T.number : T.invalid);
    case 'invalid_value':
      return message(empty ? T.required : T.option);
    case 'invalid_format':
      if (empty) return message(T.required);
      return message(issue.format === 'email' ? T.email : T.format);
    case 'invalid_union':
      return message(empty ? T.required : T.invalid);
    case 'not_multiple_of':
    case 'custom':
      return message(T.invalid);
    default:
      return undefined;
  }
}

/** The message with its numbers written out (English grouping by default: 1,000,000). */
export function formatIssueMessage(m: IssueMessage, formatNumber = (n: number) => n.toLocaleString('en-US')): string {
  return m.template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => formatNumber(m.params[name] ?? Number.NaN));
}

/** zod's `customError` for English readers (the server): friendly text, or zod's own for the rest. */
export function englishIssueMessage(issue: z.core.$ZodRawIssue): string | undefined {
  const m = issueMessage(issue);
  return m && formatIssueMessage(m);
}
