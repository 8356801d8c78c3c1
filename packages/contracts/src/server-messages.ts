// Messages the server writes for people to read: refusals and the texts it writes by itself
// (automatic queries, the notes closing them, built-in edit-check messages). Each is an English
// template whose {{placeholders}} name its values; the template is its key in the web's `validation`
// namespace (locales/<lang>/validation.json), like zod's limits (messages.ts). The server sends the
// English text (REST clients, the API tests and the audit trail read it) and, beside it, the key and
// the values (tRPC errors' data.messageKey and data.params; stored automatic texts' *_key and
// *_params columns), so the browser writes it in the reader's language.

// A counted message (a number in its text) has its English forms by number; the web's locale files
// hold its key with each plural suffix of the language (_one, _other; Spanish and French _many too).
import { ACCOUNT_MESSAGES } from './server-messages/accounts.ts';
import { FORM_VALUE_MESSAGES } from './server-messages/form-values.ts';
import { NOTIFICATION_MESSAGES } from './server-messages/notifications.ts';
import { RECORD_MESSAGES } from './server-messages/records.ts';
import { TRIAL_MESSAGES } from './server-messages/trial.ts';

/** The values a message names: text or numbers (the web formats numbers in the reader's language). */
export type MessageParams = Record<string, string | number>;

/** A counted message: its English forms by number ({{count}}); its key is the plural form. */
export interface CountedTemplate {
  one: string;
  other: string;
}

/** A message as key (its English template) and values. */
export interface KeyedMessage {
  key: string;
  params: MessageParams;
}

const COMMON_MESSAGES = {
  // Refusals people meet most: their role, a record gone or changed meanwhile, locked or frozen data.
  roleForbids: 'Your role does not allow this action',
  roleInStudyForbids: 'Your role in this study does not allow this action',
  ownSiteOnly: 'You can act only for your own site in this study',
  staleVersion: 'This record was changed by someone else; reload and try again',
  signIn: 'Please sign in',
  studyNotFound: 'Study not found',
  siteNotFound: 'Site not found',
  subjectNotFound: 'Subject not found',
  formNotFound: 'Form not found',
  queryNotFound: 'Query not found',
  entryNotFound: 'Form entry not found',
  formLocked: 'This form is locked; its data can no longer change',
  formFrozen: 'This form is frozen; a data manager must unfreeze it before its data can change',
  staleFormVersion: 'A newer version of this form was published; reload the form and enter the data again',
  formNotActive: 'Data can be entered only in a published, active form',
  draftNotReviewed: 'A draft is reviewed once it is submitted',
  queryDecider: 'Only the person who raised this query or a data manager can decide on it',
  queryClosedNoEdit: 'A closed or cancelled query cannot be edited',
  studyCodeTaken: 'Study code {{code}} is already in use',
  siteNumberTaken: 'Site number {{siteNumber}} is already in use',
  siteNotActive: 'Subjects can be enrolled only at a site activated for this study',
  patientNotFound: 'Patient not found',
  trialNotFound: 'Trial not found',
  documentNotFound: 'Document not found',
  noChanges: 'No changes given',
  nothingToChange: 'Nothing to change',
  subjectArchived: 'This subject is archived; its data can no longer change',
  formArchived: 'This form is archived; its data can no longer change',
  noBackToDraft: 'Submitted data cannot go back to draft; submit the change with a reason',
  enteredMeanwhile: 'This form was entered for this visit at the same moment by someone else; reload it',
  nothingToSign: 'There is no submitted data to sign',
  formNotPublished: 'This form is not published yet',
  notOnTeam: 'This person is not on the team',
  studyNotEnrolling: 'Subjects can be enrolled only while the study is active or enrolling',
  enrolledMeanwhile: 'Another subject was enrolled at the same moment; try again',
  // Texts the server writes into queries.
  missingForm: '{{form}} was not entered for {{visit}} before its window closed.',
  autoClosePasses: 'Closed automatically: the corrected data passes this check.',
  autoCloseEntered: 'Closed automatically: the form has been entered.',
  // Built-in edit-check messages (a range's own message, written by the form's author, stays as written).
  rangeBetween: 'Expected between {{min}} and {{max}}',
  rangeBetweenUnit: 'Expected between {{min}} and {{max}} {{unit}}',
  rangeAtLeast: 'Expected at least {{min}}',
  rangeAtLeastUnit: 'Expected at least {{min}} {{unit}}',
  rangeAtMost: 'Expected at most {{max}}',
  rangeAtMostUnit: 'Expected at most {{max}} {{unit}}',
  required: '{{label}} is required',
} as const;

// The catalogue: the messages above, each domain's refusals, the notifications' texts and the form
// evaluator's words for entered values (server-messages/).
export const SERVER_MESSAGES = { ...COMMON_MESSAGES, ...RECORD_MESSAGES, ...TRIAL_MESSAGES, ...ACCOUNT_MESSAGES, ...NOTIFICATION_MESSAGES, ...FORM_VALUE_MESSAGES } as const;

export type ServerMessageName = keyof typeof SERVER_MESSAGES;

/** A message's key: its English template (a counted one's plural form). */
export const messageKeyOf = (template: string | CountedTemplate): string => (typeof template === 'string' ? template : template.other);

const englishPlural = new Intl.PluralRules('en');

/** The English text of a template with its values (a counted one in the form its count asks for). */
export function englishMessage(template: string | CountedTemplate, params: MessageParams = {}): string {
  const text = typeof template === 'string' ? template : englishPlural.select(Number(params.count)) === 'one' ? template.one : template.other;
  return text.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}

const TEMPLATE_BY_KEY = new Map<string, string | CountedTemplate>(Object.values(SERVER_MESSAGES).map((t) => [messageKeyOf(t), t]));

/** The English text of a keyed message (a counted one in the form its count asks for). */
export const englishText = (message: KeyedMessage): string => englishMessage(TEMPLATE_BY_KEY.get(message.key) ?? message.key, message.params);

/** A message by its name: the key (English template) and the values, ready to store or send. */
export function keyedMessage(name: ServerMessageName, params: MessageParams = {}): KeyedMessage {
  return { key: messageKeyOf(SERVER_MESSAGES[name]), params };
}

const PARAMETERLESS = new Set<string>(
  Object.values(SERVER_MESSAGES).filter((t): t is Extract<typeof t, string> => typeof t === 'string' && !t.includes('{{')),
);

/** Whether a text is one of the messages above that names no value (so the text is its own key). */
export const isKnownPlainMessage = (text: string) => PARAMETERLESS.has(text);
