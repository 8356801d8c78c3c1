// The definition schema's messages (plain English from @ctp/contracts and the server) in the
// reader's language: known texts and patterns map to this namespace's keys; anything else goes
// through the shared validation translations, falling back to the text itself.
import type { TFunction } from 'i18next';
import { translateValidation } from '@/lib/validation-messages';

const EXACT: Record<string, string> = {
  'Give the field a code': 'schema.codeMissing',
  'Start with a letter; use letters, digits and _ only': 'schema.codePattern',
  'Give the field a label': 'schema.labelMissing',
  'Give the coded value': 'schema.choiceCodeMissing',
  'Give the label': 'schema.choiceLabelMissing',
  'Add at least one choice': 'schema.choicesMissing',
  'Coded values must be unique': 'schema.choicesUnique',
  'The minimum must not exceed the maximum': 'schema.minAboveMax',
  'Add at least one field to the group': 'schema.groupEmpty',
  'Use letters, digits, _ and - only': 'schema.checkIdPattern',
  'Give the message the user sees': 'schema.checkMessageMissing',
};

const PATTERNS: [RegExp, string][] = [
  [/^Field code (\S+) is used twice$/, 'schema.codeTwice'],
  [/^Check (\S+) is defined twice$/, 'schema.checkTwice'],
  [/^Check (\S+) names an unknown field (\S*)$/, 'schema.checkUnknownField'],
  [/^Check (\S+) names an unknown repeating group (\S*)$/, 'schema.checkUnknownGroup'],
  [/^Use a JSON-logic expression of at most (\d+) characters$/, 'schema.expression'],
];

/** `t` must be the forms-builder namespace's. */
export function issueText(t: TFunction, message: string): string {
  const exact = EXACT[message];
  if (exact) return t(exact);
  for (const [pattern, key] of PATTERNS) {
    const m = pattern.exec(message);
    if (m) return t(key, { a: m[1], b: m[2] });
  }
  return translateValidation(t, message);
}
