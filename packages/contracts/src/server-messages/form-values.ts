// What the form evaluator (forms/values.ts, forms/evaluate.ts) says of an entered value it cannot store,
// or of a repeating group's rows: the same words in the browser, live, and on the server's save. Each
// is an English template (server-messages.ts); a counted one has its English forms by number.
export const FORM_VALUE_MESSAGES = {
  enterText: 'Enter text',
  invalidText: 'Remove the control or invalid characters from this text',
  wholeNumber: 'Enter a whole number',
  tooLarge: 'This number is too large',
  enterNumber: 'Enter a number',
  fullDate: 'Use YYYY-MM-DD',
  realDate: 'Enter a real date between 1900 and 2100',
  partialDate: 'Use YYYY, YYYY-MM or YYYY-MM-DD',
  timeOfDay: 'Use HH:MM, from 00:00 to 23:59',
  yesNo: 'Choose Yes or No',
  oneOption: 'Choose one of the listed options',
  listedOptions: 'Choose from the listed options',
  optionOnce: 'Choose each option only once',
  rowList: 'Enter a list of rows',
  rowFields: 'Enter the row as a set of fields',
  textTooLong: { one: 'Use at most {{count}} character', other: 'Use at most {{count}} characters' },
  tooManyDecimals: { one: 'Use at most {{count}} decimal', other: 'Use at most {{count}} decimals' },
  tooFewRows: { one: '{{label}} needs at least {{count}} row', other: '{{label}} needs at least {{count}} rows' },
  tooManyRows: { one: '{{label}} allows at most {{count}} row', other: '{{label}} allows at most {{count}} rows' },
} as const;
