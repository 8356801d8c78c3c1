// Roles and the permission matrix: which role may do what (without zod: the web's log-in page and
// shell read it, and roles.ts adds the role schema). The server checks these on every
// procedure (apps/api/src/trpc.ts); the web app only uses them to hide controls a user cannot use.

export const ROLES = [
  'admin',
  'data-manager',
  'study-manager',
  'investigator',
  'coordinator',
  'monitor',
  'sponsor',
] as const;
export type Role = (typeof ROLES)[number];

/** The job title shown in the top bar for each role. */
export const ROLE_TITLES: Record<Role, string> = {
  admin: 'System Administrator',
  'data-manager': 'Clinical Data Manager',
  'study-manager': 'Study Manager',
  investigator: 'Principal Investigator',
  coordinator: 'Study Coordinator',
  monitor: 'Clinical Research Associate',
  sponsor: 'Sponsor Representative',
};

/** Roles whose study membership may be narrowed to one site: they act only for that site. */
export const SITE_SCOPED_ROLES: readonly Role[] = ['investigator', 'coordinator'];

export const PERMISSIONS = {
  'dashboard.view': ['admin', 'data-manager', 'study-manager', 'investigator', 'coordinator', 'monitor', 'sponsor'],
  'study.read': ['admin', 'data-manager', 'study-manager', 'investigator', 'coordinator', 'monitor', 'sponsor'],
  'study.create': ['admin', 'data-manager', 'study-manager'],
  /** Building a study from a CDISC USDM document (issue 32). */
  'study.importUsdm': ['admin', 'study-manager'],
  'study.update': ['admin', 'data-manager', 'study-manager'],
  'trial.manage': ['admin', 'study-manager'],
  /** A study's trial design: arms, elements and each arm's element sequence. */
  'design.manage': ['admin', 'study-manager'],
  /** A study's randomization scheme: configure, simulate, go live. */
  'randomization.manage': ['admin', 'study-manager'],
  /** Read a sealed randomization list (administrators only until the unblinded team exists). */
  'randomization.list.read': ['admin'],
  /** Randomize a subject of one's own site (eligibility confirmed, exactly once). */
  'randomization.randomize': ['investigator', 'coordinator'],
  /** Unblind one subject of one's own site in an emergency (reason, password and second factor). */
  'randomization.unblind': ['investigator'],
  /** Correct a subject's allocation, documented (the unblinded data manager or an administrator; password again). */
  'randomization.correct': ['admin', 'data-manager'],
  /** Request or approve the planned unblinding of a whole study after database lock (two administrators). */
  'randomization.unblindStudy': ['admin'],
  /** Grant or take back membership of a study's unblinded team. */
  'randomization.team.grant': ['admin'],
  /** Trial supply: kit types, depots, kit registration, shipments and resupply thresholds. */
  'supply.manage': ['admin', 'study-manager'],
  /** Read a study's supply as an IRT shows it: its managers, and site staff for their own sites. */
  'supply.read': ['admin', 'study-manager', 'investigator', 'coordinator'],
  /** Receive a shipment at one's own site, each kit with its condition. */
  'supply.receive': ['admin', 'study-manager', 'investigator', 'coordinator'],
  /** Dispense a kit to a subject of one's own site at a visit. */
  'supply.dispense': ['investigator', 'coordinator'],
  'site.read': ['admin', 'data-manager', 'study-manager', 'investigator', 'coordinator', 'monitor', 'sponsor'],
  'site.create': ['admin', 'study-manager'],
  'site.update': ['admin', 'study-manager'],
  'site.assign': ['admin', 'study-manager'],
  'site.activate': ['admin', 'study-manager'],
  'patient.read': ['admin', 'data-manager', 'study-manager', 'investigator', 'coordinator', 'monitor', 'sponsor'],
  'patient.enroll': ['admin', 'study-manager', 'investigator', 'coordinator'],
  'patient.updateStatus': ['admin', 'study-manager', 'investigator', 'coordinator'],
  'form.read': ['admin', 'data-manager', 'study-manager', 'investigator', 'coordinator', 'monitor', 'sponsor'],
  'form.build': ['admin', 'data-manager', 'study-manager'],
  'data.enter': ['admin', 'investigator', 'coordinator'],
  'query.read': ['admin', 'data-manager', 'study-manager', 'investigator', 'coordinator', 'monitor', 'sponsor'],
  'query.raise': ['admin', 'data-manager', 'monitor'],
  'query.respond': ['admin', 'data-manager', 'investigator', 'coordinator'],
  'query.close': ['admin', 'data-manager', 'monitor'],
  'data.verify': ['admin', 'monitor'],
  'data.lock': ['admin', 'data-manager'],
  /** Load a file of clinical data from another system into a study (dry run, then import). */
  'data.import': ['admin', 'data-manager'],
  'casebook.sign': ['investigator'],
  'audit.read': ['admin', 'data-manager', 'study-manager', 'monitor'],
  /** The ODM clinical data export of a study, a site or a subject (with audit trail, signatures, queries). */
  'clinicalData.export': ['admin', 'data-manager', 'monitor'],
  /** Site close-out archives: create and download (casebooks, ODM with audit, audit trail). Study managers
   *  may neither export ODM nor lock data, so the archive is the data managers' and administrators'. */
  'siteArchive.manage': ['admin', 'data-manager'],
  'report.export': ['admin', 'data-manager', 'study-manager', 'investigator', 'coordinator', 'monitor', 'sponsor'],
  'document.read': ['admin', 'data-manager', 'study-manager', 'investigator', 'coordinator', 'monitor', 'sponsor'],
  /** Upload, new versions, send for review; site staff for their own sites' documents. */
  'document.upload': ['admin', 'data-manager', 'study-manager', 'investigator', 'coordinator', 'monitor'],
  /** Who may be named approver (and approve when named). */
  'document.approve': ['admin', 'data-manager', 'study-manager', 'investigator'],
  'document.withdraw': ['admin', 'study-manager'],
  'submission.read': ['admin', 'data-manager', 'study-manager', 'investigator', 'coordinator', 'monitor', 'sponsor'],
  'submission.manage': ['admin', 'study-manager'],
  /** Ask for coding suggestions while entering or reviewing adverse events. */
  'coding.suggest': ['admin', 'data-manager', 'study-manager', 'investigator', 'coordinator', 'monitor'],
  'coding.read': ['admin', 'data-manager', 'study-manager', 'investigator', 'coordinator', 'monitor', 'sponsor'],
  /** The coder: reviews proposals, approves or picks another term, sets a study's dictionary. */
  'coding.decide': ['admin', 'data-manager'],
  'coding.import': ['admin'],
  /** The CDISC standards catalogue (reference data: every role may read it). */
  'cdisc.read': ['admin', 'data-manager', 'study-manager', 'investigator', 'coordinator', 'monitor', 'sponsor'],
  /** Generate, approve, edit and reject a study's form-field-to-SDTM mappings. */
  'cdisc.map': ['admin', 'data-manager'],
  /** Generate a study's SDTM datasets (and download them: cdisc.read within the study). */
  'cdisc.export': ['admin', 'data-manager'],
  /** Import a newer SDTMIG or CDASHIG from its CDISC Library XML export. */
  'cdisc.import': ['admin', 'data-manager'],
  'user.manage': ['admin'],
  /** Webhook endpoints: register, change, read their deliveries, replay one. */
  'webhook.manage': ['admin'],
  /** A study's team: add people with a study role (and sites), change, remove. */
  'team.manage': ['admin', 'study-manager'],
} as const satisfies Record<string, readonly Role[]>;

export type Permission = keyof typeof PERMISSIONS;

export function can(r: Role, permission: Permission): boolean {
  return (PERMISSIONS[permission] as readonly Role[]).includes(r);
}

/** Admins see every study; everyone else sees the studies they are a member of. */
export function seesAllStudies(r: Role): boolean {
  return r === 'admin';
}
