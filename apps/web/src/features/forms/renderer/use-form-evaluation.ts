// The shared eCRF evaluator (@ctp/contracts) run on every change of the definition or the values:
// visibility, calculated values and issues, the same rules the server applies on save.
import { useMemo } from 'react';
import { evaluateForm, type FormDefinition, type FormEvaluation, type FormValues } from '@ctp/contracts';

/** evaluateForm memoised by reference: pass a new definition/values object when either changes. */
export function useFormEvaluation(definition: FormDefinition, values: FormValues): FormEvaluation {
  return useMemo(() => evaluateForm(definition, values), [definition, values]);
}
