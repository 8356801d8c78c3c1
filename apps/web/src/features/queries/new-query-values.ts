// The New Query dialog's values (strings, as inputs hold them) and the resolver that validates them with
// the contracts' queryCreateInput (the server validates with the same schema). The study only narrows
// the subject search; empty optional fields are sent as absent.
import type { Resolver, UseFormReturn } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { queryCreateInput, type QueryCreateInput } from '@ctp/contracts';

export const NEW_QUERY_FIELDS = ['studyId', 'patientId', 'submissionId', 'fieldPath', 'type', 'priority', 'description', 'dueDate'] as const;
export type NewQueryField = (typeof NEW_QUERY_FIELDS)[number];
export type NewQueryValues = Record<NewQueryField, string>;
export type NewQueryForm = UseFormReturn<NewQueryValues, unknown, QueryCreateInput>;

export const emptyNewQuery = (): NewQueryValues => ({
  studyId: '',
  patientId: '',
  submissionId: '',
  fieldPath: '',
  type: 'clarification',
  priority: 'medium',
  description: '',
  dueDate: '',
});

export function newQueryResolver(messages: { chooseStudy: string; chooseSubject: string }): Resolver<NewQueryValues, unknown, QueryCreateInput> {
  const zod = zodResolver(queryCreateInput, {
    error: (iss) => (iss.path?.[0] === 'patientId' ? messages.chooseSubject : undefined),
  });
  return async (values, context, options) => {
    const cleaned = {
      patientId: values.patientId,
      submissionId: values.submissionId || undefined,
      fieldPath: (values.fieldPath ?? '').trim() || undefined,
      type: values.type,
      priority: values.priority,
      description: values.description,
      dueDate: values.dueDate || undefined,
    };
    const result = await zod(cleaned as never, context, options as never);
    if (values.studyId) return result as never;
    return { values: {}, errors: { ...result.errors, studyId: { type: 'required', message: messages.chooseStudy } } } as never;
  };
}
