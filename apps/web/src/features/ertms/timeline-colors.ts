// The Timeline's colours: one per phase bar, one per decision mark (the status badges' tones).
export const PHASE_CLASS = { draft: 'bg-slate-300', submitted: 'bg-blue-400', pending: 'bg-orange-400' } as const;
export const MARKER_CLASS: Record<string, string> = {
  draft: 'bg-slate-500',
  submitted: 'bg-blue-600',
  pending: 'bg-orange-500',
  approved: 'bg-green-600',
  rejected: 'bg-red-600',
};
