// The Create Form dialog's values (strings, as inputs hold them) and the resolver that validates them
// with the contracts' formCreateInput (the server validates with the same schema).
import type { Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { formCreateInput, type FormCreateInput } from '@ctp/contracts';

export const CREATE_FORM_FIELDS = ['studyId', 'name', 'category', 'description', 'libraryDomain'] as const;
export type CreateFormField = (typeof CREATE_FORM_FIELDS)[number];
export type CreateFormValues = Record<CreateFormField, string>;

export const emptyCreateForm = (studyId?: number): CreateFormValues => ({
  studyId: studyId ? String(studyId) : '',
  name: '',
  category: '',
  description: '',
  libraryDomain: '',
});

/**
 * `messages` says what to do for an unchosen study or category (rather than zod's 'too small' or
 * 'invalid option'); an empty description or 'Blank form' is sent as absent.
 */
export function createFormResolver(messages: {
  chooseStudy: string;
  chooseCategory: string;
}): Resolver<CreateFormValues, unknown, FormCreateInput> {
  const zod = zodResolver(formCreateInput, {
    error: (iss) =>
      iss.path?.[0] === 'studyId'
        ? messages.chooseStudy
        : iss.path?.[0] === 'category'
          ? messages.chooseCategory
          : undefined,
  });
  return (values, context, options) => {
    const cleaned = {
      ...values,
      description: values.description.trim() === '' ? undefined : values.description,
      libraryDomain: values.libraryDomain || undefined,
    };
    return zod(cleaned as never, context, options as never) as never;
  };
}
