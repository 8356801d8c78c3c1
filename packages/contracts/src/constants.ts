// Business constants and limits of spec section 9, plus the security limits of ARCHITECTURE.md section 4.

export const APP_VERSION = 'v2.0.1';

export const QUERY_DEFAULTS = {
  /** Queries never become stale, no retries, no refetch on focus, no polling. */
  staleTime: Infinity,
  retry: false,
  refetchOnWindowFocus: false,
} as const;
export const INSIGHTS_REFETCH_MS = 30_000;

export const TOAST = {
  limit: 1,
  removeDelayMs: 1_000_000,
  durationMs: 5000,
  swipeDirection: 'right',
  swipeThresholdPx: 50,
  hotkey: ['F8'],
} as const;

export const DASHBOARD_ACTIVE_STUDIES = 3;
export const CODING_TRIGGER_LENGTH = 10;

export const ENROLLMENT_HIGH = 0.8;
export const ENROLLMENT_MEDIUM = 0.5;

export const DEFAULT_INSIGHTS = {
  dataQualityScore: 94,
  performanceImprovement: '15%',
  optimizationOpportunities: 3,
} as const;
export const DEFAULT_AUDIT_TRAIL_COMPLETENESS = 100;

export const PAGE_SIZES = [10, 25, 50] as const;
export const DEFAULT_PAGE_SIZE = 10;
/** The most rows any list procedure returns in one page. */
export const MAX_LIST_LIMIT = 100;

export const CONFIDENCE_HIGH = 0.9;
export const CONFIDENCE_MEDIUM = 0.7;
export const QUERY_PROGRESS_COLOURS = { complete: 100, high: 75, medium: 50 } as const;

export const SIDEBAR = { expandedRem: 16, collapsedRem: 4, hiddenBelowPx: 1024 } as const;
export const SKELETONS = {
  dashboardCards: 4,
  studies: 6,
  sites: 6,
  forms: 6,
  etmf: 6,
  ertms: 6,
  ctms: 6,
  patients: 8,
  compliance: 4,
  monitoring: 3,
  inclusionsRows: 10,
  queriesCards: 4,
  queriesRows: 8,
} as const;
export const GRID_COLUMNS = { studies: 3, sites: 3, forms: 3, patients: 4 } as const;

export const AGENCIES = ['FDA', 'EMA', 'Health Canada', 'PMDA', 'TGA'] as const;
export const REGULATIONS = ['21 CFR Part 11', 'GCP', 'GDPR', 'ALCOA+'] as const;
export const DEFINE_XML_VERSION = '2.1';
export const SDTM_STANDARD_VERSION = '3.4';

export const PROTOCOL_FILE_EXTENSIONS = ['.pdf', '.doc', '.docx', '.txt'] as const;

export const SECURITY = {
  sessionIdleMinutes: 30,
  sessionAbsoluteHours: 12,
  maxFailedLogins: 5,
  lockoutMinutes: 15,
  passwordMinLength: 12,
  sessionCookie: 'ctp_session',
} as const;

export const LANGUAGES = [
  { code: 'en', label: 'English' },
  { code: 'es', label: 'Español' },
  { code: 'fr', label: 'Français' },
  { code: 'de', label: 'Deutsch' },
  { code: 'ja', label: '日本語' },
] as const;
export type LanguageCode = (typeof LANGUAGES)[number]['code'];
