// The server's and the contracts' English messages about submissions, in the reader's language: a refused
// Submit names the missing approved documents ("Link an approved document for: Protocol Amendment
// (02.01.04)"), a step the workflow does not allow names both statuses. Other messages pass through
// unchanged (the shared notices still look them up in the `validation` namespace).
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

const FIXED: Record<string, string> = {
  'Documents are linked while the submission is a draft': 'messages.linkWhileDraft',
  "Link documents of the submission's own study": 'messages.ownStudy',
  'A withdrawn document cannot be submitted': 'messages.withdrawn',
  'Document not found': 'messages.documentNotFound',
  'Submission not found': 'messages.notFound',
  'The date cannot be in the future': 'messages.futureDate',
  'The date cannot be before the submission date': 'messages.beforeSubmitted',
  'Choose a submission type from the list': 'messages.chooseType',
  'Choose the submission type': 'messages.chooseType',
  'Choose an active user as reviewer': 'messages.chooseReviewer',
  'Say what is submitted': 'messages.titleRequired',
};

export function useErtmsMessage() {
  const { t } = useTranslation('ertms');
  const { t: tc } = useTranslation('common');
  return useCallback(
    (message: string | undefined): string | undefined => {
      if (!message) return message;
      const key = FIXED[message];
      if (key) return t(key);
      const missing = /^Link an approved document for: (.+)$/.exec(message);
      if (missing) return t('messages.missingDocuments', { list: missing[1] });
      const transition = /^A submission that is (\w+) cannot become (\w+)$/.exec(message);
      if (transition) {
        return t('messages.transition', { from: tc(`status.${transition[1]}`), to: tc(`status.${transition[2]}`) });
      }
      return message;
    },
    [t, tc],
  );
}
