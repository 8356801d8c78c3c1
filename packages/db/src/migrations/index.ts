// Migrations are listed here (not discovered on disk) so they run the same from source, a bundle or a test.
import type { Migration } from 'kysely';
import * as m0001 from './0001-foundation.ts';
import * as m0002 from './0002-ctms-and-visits.ts';
import * as m0003PatientSearch from './0003-patient-search.ts';
import * as m0004CoveringPatientIndexes from './0004-covering-patient-indexes.ts';
import * as m0005PatientCountsPerStatement from './0005-patient-counts-per-statement.ts';
import * as m0006PatientCountsLastChange from './0006-patient-counts-last-change.ts';
import * as m0007VisitsByDefinition from './0007-visits-by-definition.ts';
import * as m0008SiteNameTrigram from './0008-site-name-trigram.ts';
import * as m0009StudyPatientCounts from './0009-study-patient-counts.ts';
import * as m0010EcrfForms from './0010-ecrf-forms.ts';
import * as m0011SubjectArchive from './0011-subject-archive.ts';
import * as m0012Queries from './0012-queries.ts';
import * as m0013AuditScope from './0013-audit-scope.ts';
import * as m0014SdvLockSignatures from './0014-sdv-lock-signatures.ts';
import * as m0015SearchIndexes from './0015-search-indexes.ts';
import * as m0016Notifications from './0016-notifications.ts';
import * as m0017EtmfErtms from './0017-etmf-ertms.ts';
import * as m0018MedicalCoding from './0018-medical-coding.ts';
import * as m0019CdiscCatalogue from './0019-cdisc-catalogue.ts';
import * as m0020CdiscMappings from './0020-cdisc-mappings.ts';
import * as m0021SdtmRuns from './0021-sdtm-runs.ts';
import * as m0022SdtmValidation from './0022-sdtm-validation.ts';
import * as m0023TrialDesign from './0023-trial-design.ts';
import * as m0024SdtmMetadataValidationJobs from './0024-sdtm-metadata-validation-jobs.ts';
import * as m0025CdiscStandardImports from './0025-cdisc-standard-imports.ts';
import * as m0026AdamCatalogue from './0026-adam-catalogue.ts';
import * as m0027SdtmRunEncoding from './0027-sdtm-run-encoding.ts';
import * as m0028IdentityAdministration from './0028-identity-administration.ts';
import * as m0029Mfa from './0029-mfa.ts';
import * as m0030Oidc from './0030-oidc.ts';
import * as m0031StudyTeams from './0031-study-teams.ts';
import * as m0032IdentityEvents from './0032-identity-events.ts';
import * as m0033PasswordHistory from './0033-password-history.ts';
import * as m0034StudyBlinding from './0034-study-blinding.ts';
import * as m0035SignatureOpenQueries from './0035-signature-open-queries.ts';
import * as m0038MessageKeys from './0038-message-keys.ts';
import * as m0039LoginRateLimits from './0039-login-rate-limits.ts';
import * as m0042CacheInvalidation from './0042-cache-invalidation.ts';
import * as m0043AuditBulkChain from './0043-audit-bulk-chain.ts';
import * as m0044ScaleIndexes from './0044-scale-indexes.ts';
import * as m0046NotificationKeys from './0046-notification-keys.ts';
import * as m0047RandomizationSchemes from './0047-randomization-schemes.ts';
import * as m0048EligibilityAndUnblinded from './0048-eligibility-and-unblinded.ts';
import * as m0049RandomizationAllocations from './0049-randomization-allocations.ts';
import * as m0050Usdm from './0050-usdm.ts';
import * as m0052CorePackageValidations from './0052-core-package-validations.ts';
import * as m0053Webhooks from './0053-webhooks.ts';
import * as m0054DataImports from './0054-data-imports.ts';
import * as m0055NotificationMail from './0055-notification-mail.ts';
import * as m0056TrialSupply from './0056-trial-supply.ts';
import * as m0057RandomizationClose from './0057-randomization-close.ts';
import * as m0058SiteArchives from './0058-site-archives.ts';
import * as m0059ScaleAuditIndex from './0059-scale-audit-index.ts';
import * as m0060SdtmBlindedRuns from './0060-sdtm-blinded-runs.ts';
import * as m0061FormEntriesExportIndex from './0061-form-entries-export-index.ts';
import * as m0062SearchDocumentsCode from './0062-search-documents-code.ts';

export const migrations: Record<string, Migration> = {
  '0001-foundation': m0001,
  '0002-ctms-and-visits': m0002,
  '0003-patient-search': m0003PatientSearch,
  '0004-covering-patient-indexes': m0004CoveringPatientIndexes,
  '0005-patient-counts-per-statement': m0005PatientCountsPerStatement,
  '0006-patient-counts-last-change': m0006PatientCountsLastChange,
  '0007-visits-by-definition': m0007VisitsByDefinition,
  '0008-site-name-trigram': m0008SiteNameTrigram,
  '0009-study-patient-counts': m0009StudyPatientCounts,
  '0010-ecrf-forms': m0010EcrfForms,
  '0011-subject-archive': m0011SubjectArchive,
  '0012-queries': m0012Queries,
  '0013-audit-scope': m0013AuditScope,
  '0014-sdv-lock-signatures': m0014SdvLockSignatures,
  '0015-search-indexes': m0015SearchIndexes,
  '0016-notifications': m0016Notifications,
  '0017-etmf-ertms': m0017EtmfErtms,
  '0018-medical-coding': m0018MedicalCoding,
  '0019-cdisc-catalogue': m0019CdiscCatalogue,
  '0020-cdisc-mappings': m0020CdiscMappings,
  '0021-sdtm-runs': m0021SdtmRuns,
  '0022-sdtm-validation': m0022SdtmValidation,
  '0023-trial-design': m0023TrialDesign,
  '0024-sdtm-metadata-validation-jobs': m0024SdtmMetadataValidationJobs,
  '0025-cdisc-standard-imports': m0025CdiscStandardImports,
  '0026-adam-catalogue': m0026AdamCatalogue,
  '0027-sdtm-run-encoding': m0027SdtmRunEncoding,
  '0028-identity-administration': m0028IdentityAdministration,
  '0029-mfa': m0029Mfa,
  '0030-oidc': m0030Oidc,
  '0031-study-teams': m0031StudyTeams,
  '0032-identity-events': m0032IdentityEvents,
  '0033-password-history': m0033PasswordHistory,
  '0034-study-blinding': m0034StudyBlinding,
  '0035-signature-open-queries': m0035SignatureOpenQueries,
  '0038-message-keys': m0038MessageKeys,
  '0039-login-rate-limits': m0039LoginRateLimits,
  '0042-cache-invalidation': m0042CacheInvalidation,
  '0043-audit-bulk-chain': m0043AuditBulkChain,
  '0044-scale-indexes': m0044ScaleIndexes,
  '0046-notification-keys': m0046NotificationKeys,
  '0047-randomization-schemes': m0047RandomizationSchemes,
  '0048-eligibility-and-unblinded': m0048EligibilityAndUnblinded,
  '0049-randomization-allocations': m0049RandomizationAllocations,
  '0050-usdm': m0050Usdm,
  '0052-core-package-validations': m0052CorePackageValidations,
  '0053-webhooks': m0053Webhooks,
  '0054-data-imports': m0054DataImports,
  '0055-notification-mail': m0055NotificationMail,
  '0056-trial-supply': m0056TrialSupply,
  '0057-randomization-close': m0057RandomizationClose,
  '0058-site-archives': m0058SiteArchives,
  '0059-scale-audit-index': m0059ScaleAuditIndex,
  '0060-sdtm-blinded-runs': m0060SdtmBlindedRuns,
  '0061-form-entries-export-index': m0061FormEntriesExportIndex,
  '0062-search-documents-code': m0062SearchDocumentsCode,
};

/** Every table whose rows the audit trigger records; the compliance check verifies each has it. */
export const AUDITED_TABLES = [
  'users',
  'studies',
  'sites',
  'study_sites',
  'study_memberships',
  'patients',
  'milestones',
  'budget_lines',
  'protocol_deviations',
  'visit_definitions',
  'subject_visits',
  'forms',
  'form_versions',
  'visit_forms',
  'form_submissions',
  'queries',
  'query_messages',
  'signatures',
  'documents',
  'document_versions',
  'document_review_steps',
  'regulatory_submissions',
  'submission_documents',
  'submission_steps',
  'coding_dictionaries',
  'coding_decisions',
  'coding_synonyms',
  'cdisc_mappings',
  'sdtm_runs',
  'sdtm_validation_runs',
  'cdisc_standards',
  'trial_arms',
  'trial_elements',
  'trial_arm_elements',
  'account_links',
  'api_tokens',
  'randomization_schemes',
  'randomization_simulations',
  'study_eligibility_criteria',
  'randomization_allocations',
  'unblinding_events',
  'supply_settings',
  'kit_types',
  'supply_depots',
  'kits',
  'supply_shipments',
  'supply_shipment_kits',
  'supply_thresholds',
  'usdm_imports',
  'study_objectives',
  'study_endpoints',
  'core_package_validations',
  'webhook_endpoints',
  'data_imports',
  'randomization_corrections',
  'planned_unblindings',
  'site_archives',
] as const;
