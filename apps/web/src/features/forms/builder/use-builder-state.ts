// The builder's state in one reducer: the definition being edited, the selected field (by key, so
// it follows the field when it moves), the dirty flag (edits since the last save, counted by
// revision so edits made while a save is under way stay dirty) and what the server last told us.
import { useReducer } from 'react';
import type { EditCheck, FormDefinition, FormDetail, FormField, FormStatus } from '@ctp/contracts';
import { keyOf } from './field-keys';
import { append, fieldAt, findPath, insertAfter, moveAt, removeAt, replaceAt, type FieldPath } from './field-tree';

export interface BuilderState {
  definition: FormDefinition;
  /** The selected field's key. */
  selected: string | null;
  revision: number;
  savedRevision: number;
  /** The form row's version (optimistic locking), from the load or the last write. */
  version: number;
  status: FormStatus;
  hasDraft: boolean;
  /** The number the draft has (or would get when saved). */
  draftNumber: number;
  publishedNumber: number | null;
  /** The published definition to compare with; undefined when not known (a draft was loaded). */
  published: FormDefinition | null | undefined;
}

export type BuilderAction =
  | { type: 'load'; detail: FormDetail }
  | { type: 'select'; key: string | null }
  | { type: 'add'; field: FormField; group?: number }
  | { type: 'update'; path: FieldPath; field: FormField }
  | { type: 'move'; path: FieldPath; to: number }
  | { type: 'remove'; path: FieldPath }
  | { type: 'duplicate'; path: FieldPath; copy: FormField }
  | { type: 'checks'; checks: EditCheck[] }
  | { type: 'saved'; revision: number; version: number; draftNumber: number }
  | { type: 'published'; version: number; publishedNumber: number; definition: FormDefinition }
  | { type: 'archived'; version: number };

function load(detail: FormDetail): BuilderState {
  const published = detail.versions.find((v) => v.publishedAt !== null)?.versionNumber ?? null;
  return {
    definition: detail.definition,
    selected: detail.definition.fields[0] ? keyOf(detail.definition.fields[0]) : null,
    revision: 0,
    savedRevision: 0,
    version: detail.version,
    status: detail.status,
    hasDraft: detail.hasDraft,
    draftNumber: detail.hasDraft ? (detail.versions[0]?.versionNumber ?? 1) : (published ?? 0) + 1,
    publishedNumber: published,
    published: detail.hasDraft ? (published === null ? null : undefined) : detail.definition,
  };
}

/** A change to the definition: one more revision. */
function edit(state: BuilderState, fields: FormField[], selected = state.selected): BuilderState {
  return { ...state, definition: { ...state.definition, fields }, selected, revision: state.revision + 1 };
}

export function builderReducer(state: BuilderState, action: BuilderAction): BuilderState {
  const fields = state.definition.fields;
  switch (action.type) {
    case 'load':
      return load(action.detail);
    case 'select':
      return { ...state, selected: action.key };
    case 'add':
      return edit(state, append(fields, action.field, action.group), keyOf(action.field));
    case 'update':
      return edit(state, replaceAt(fields, action.path, action.field));
    case 'move':
      return edit(state, moveAt(fields, action.path, action.to));
    case 'remove': {
      const next = removeAt(fields, action.path);
      return edit(state, next, findPath(next, state.selected) ? state.selected : null);
    }
    case 'duplicate':
      return edit(state, insertAfter(fields, action.path, action.copy), keyOf(action.copy));
    case 'checks':
      return { ...state, definition: { ...state.definition, checks: action.checks }, revision: state.revision + 1 };
    case 'saved':
      return { ...state, savedRevision: action.revision, version: action.version, hasDraft: true, draftNumber: action.draftNumber };
    case 'published':
      return {
        ...state,
        version: action.version,
        status: 'active',
        hasDraft: false,
        publishedNumber: action.publishedNumber,
        draftNumber: action.publishedNumber + 1,
        published: action.definition,
      };
    case 'archived':
      return { ...state, version: action.version, status: 'archived' };
  }
}

export function useBuilderState(detail: FormDetail) {
  const [state, dispatch] = useReducer(builderReducer, detail, load);
  const selectedPath = findPath(state.definition.fields, state.selected);
  return {
    state,
    dispatch,
    dirty: state.revision !== state.savedRevision,
    selectedPath,
    selectedField: fieldAt(state.definition.fields, selectedPath),
  };
}
