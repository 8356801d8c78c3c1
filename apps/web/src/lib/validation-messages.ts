// Validation messages in the reader's language. zod's issues without a message of their own get the
// friendly messages of @ctp/contracts ("Enter at least {{minimum}} characters", "This field is
// required"), translated through the `validation` namespace (z.config customError, layered over zod's
// locale bundles, which still speak for anything else); the contracts' messages ("Give a reason for the
// change") and the server's are looked up by their English text in the `validation` namespace
// (locales/<lang>/validation.json), falling back to the text itself.
//
// The server writes plain English, values included ("Enter at most 300 characters", "Study code
// ONC-1 is already in use"): REST clients and the API tests read it. Its refusals and stored texts
// also carry their key and values (lib/server-messages.ts renders those); a message without them, such
// as a field issue, is recognised by its English template, a key with {{name}} placeholders in
// locales/en/validation.json, and translated with the values it carried (lib/message-templates.ts).
import i18next from 'i18next';
import { z } from 'zod';
import { de, en, es, fr, ja } from 'zod/v4/locales';
import { formatIssueMessage, issueMessage } from '@ctp/contracts';
import { VALIDATION_OPTIONS as OPTIONS, numberFormat } from './message-templates';

const ZOD_LOCALES: Record<string, () => Parameters<typeof z.config>[0]> = { de, en, es, fr, ja };

/** Makes zod write its messages in this language (the app's language code). */
export function setZodMessagesLanguage(language: string) {
  const t = i18next.getFixedT(language);
  const formatNumber = numberFormat(language);
  z.config({
    ...(ZOD_LOCALES[language] ?? en)(),
    customError: (issue) => {
      const m = issueMessage(issue);
      if (!m) return undefined;
      const params = Object.fromEntries(Object.entries(m.params).map(([k, v]) => [k, formatNumber(v)]));
      return t(m.template, { ...OPTIONS, ...params, defaultValue: formatIssueMessage(m, formatNumber) });
    },
  });
}

export { translateValidation } from './message-templates';
