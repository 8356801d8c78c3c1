// What every field of one FormRenderer shares: the evaluation, whether anything is editable, the
// issues placed per path and the element ids.
import { createContext, useContext, type ReactNode } from 'react';
import type { FieldIssue, FormEvaluation, ScalarField } from '@ctp/contracts';

export interface RendererContextValue {
  evaluation: FormEvaluation;
  /** Nothing editable (readOnly, or no onChange). */
  disabled: boolean;
  /** The issues shown at a field or group path, or at the top of a row ('AELOG.2'). */
  issuesAt: (path: string) => readonly FieldIssue[];
  /** Marks a path as touched (blurred): its 'required' message may now show. */
  markTouched: (path: string) => void;
  /** A unique element id for a path. */
  idFor: (path: string) => string;
  /** Something the page shows under a field (data entry: the coding suggestion of an AE term). */
  fieldAddon?: (field: ScalarField, path: string, value: unknown) => ReactNode;
}

export const RendererContext = createContext<RendererContextValue | null>(null);

export function useRenderer(): RendererContextValue {
  const context = useContext(RendererContext);
  if (!context) throw new Error('Form fields render inside a FormRenderer');
  return context;
}
