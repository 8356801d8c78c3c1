// The New Submission form's values (strings, as inputs hold them) and the resolver that validates them
// with the contracts' submissionCreateInput (the server validates with the same schema). Empty optional
// fields are sent as absent; the linked documents are chosen beside the form and added on submit.
import type { Resolver, UseFormReturn } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { submissionCreateInput, type SubmissionCreateInput } from '@ctp/contracts';

export const NEW_SUBMISSION_FIELDS = ['studyId', 'typeCode', 'agency', 'title', 'priority', 'dueDate', 'reviewerId', 'agencyReference'] as const;
export type NewSubmissionField = (typeof NEW_SUBMISSION_FIELDS)[number];
export type NewSubmissionValues = Record<NewSubmissionField, string>;
export type NewSubmissionForm = UseFormReturn<NewSubmissionValues, unknown, SubmissionCreateInput>;

export const emptyNewSubmission = (): NewSubmissionValues => ({
  studyId: '',
  typeCode: '',
  agency: '',
  title: '',
  priority: 'standard',
  dueDate: '',
  reviewerId: '',
  agencyReference: '',
});

export function newSubmissionResolver(messages: { chooseStudy: string; chooseAgency: string }): Resolver<NewSubmissionValues, unknown, SubmissionCreateInput> {
  const zod = zodResolver(submissionCreateInput, {
    error: (iss) => (iss.path?.[0] === 'studyId' ? messages.chooseStudy : iss.path?.[0] === 'agency' ? messages.chooseAgency : undefined),
  });
  return async (values, context, options) => {
    const cleaned = {
      studyId: values.studyId,
      typeCode: values.typeCode,
      agency: values.agency || undefined,
      title: values.title,
      priority: values.priority,
      dueDate: values.dueDate || undefined,
      reviewerId: values.reviewerId || undefined,
      agencyReference: values.agencyReference.trim() || undefined,
      documentIds: [],
    };
    return zod(cleaned as never, context, options as never) as never;
  };
}
