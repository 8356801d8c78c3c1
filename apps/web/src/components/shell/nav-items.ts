import {
  LayoutDashboard, FlaskConical, Building2, Users, ListChecks, MessageSquareWarning, FileText, Keyboard,
  Database, Activity, BarChart3, ShieldCheck, FolderArchive, Send, Briefcase, Home, UserCog, Webhook,
  type LucideIcon,
} from 'lucide-react';
import { can, type Permission, type Role } from '@ctp/contracts';

export interface NavItem {
  to: string;
  /** i18n key in the common namespace */
  label: string;
  icon: LucideIcon;
  /** Other route prefixes that belong to this item (a trial's page is part of CTMS). */
  alsoActiveUnder?: string[];
}

/** The item's own route or a page below it, or a page under one of its other prefixes. */
export function isNavItemActive(item: NavItem, pathname: string): boolean {
  const under = (prefix: string) => pathname === prefix || pathname.startsWith(`${prefix}/`);
  return under(item.to) || (item.alsoActiveUnder ?? []).some(under);
}

export interface NavGroup {
  label: string;
  items: NavItem[];
  /** Shown only to roles holding this permission (the Administration group). */
  permission?: Permission;
}

// Groups and items exactly as spec section 2 lists them, then Administration for administrators.
export const NAV_GROUPS: NavGroup[] = [
  { label: 'nav.groups.main', items: [
    { to: '/dashboard', label: 'nav.dashboard', icon: LayoutDashboard },
    { to: '/studies', label: 'nav.studies', icon: FlaskConical },
  ] },
  { label: 'nav.groups.dataManagement', items: [
    { to: '/sites', label: 'nav.sites', icon: Building2 },
    { to: '/patients', label: 'nav.patients', icon: Users },
    { to: '/inclusions', label: 'nav.inclusions', icon: ListChecks },
    { to: '/queries', label: 'nav.queries', icon: MessageSquareWarning },
    { to: '/forms', label: 'nav.forms', icon: FileText },
    { to: '/data-entry', label: 'nav.dataEntry', icon: Keyboard },
  ] },
  { label: 'nav.groups.quality', items: [
    { to: '/cdisc-standards', label: 'nav.cdisc', icon: Database },
    { to: '/monitoring', label: 'nav.monitoring', icon: Activity },
    { to: '/analytics', label: 'nav.analytics', icon: BarChart3 },
    { to: '/compliance', label: 'nav.compliance', icon: ShieldCheck },
  ] },
  { label: 'nav.groups.documents', items: [{ to: '/etmf', label: 'nav.etmf', icon: FolderArchive }] },
  { label: 'nav.groups.operations', items: [
    { to: '/ertms', label: 'nav.ertms', icon: Send },
    { to: '/ctms', label: 'nav.ctms', icon: Briefcase, alsoActiveUnder: ['/trials'] },
  ] },
  { label: 'nav.groups.administration', permission: 'user.manage', items: [
    { to: '/admin/users', label: 'nav.users', icon: UserCog },
    { to: '/admin/webhooks', label: 'nav.webhooks', icon: Webhook },
  ] },
];

/** The groups this role sees. */
export function navGroupsFor(role: Role | undefined): NavGroup[] {
  return NAV_GROUPS.filter((g) => !g.permission || (role !== undefined && can(role, g.permission)));
}

export const MOBILE_ITEMS: NavItem[] = [
  { to: '/dashboard', label: 'nav.home', icon: Home },
  { to: '/studies', label: 'nav.studies', icon: FlaskConical },
  { to: '/patients', label: 'nav.patients', icon: Users },
  // The spec's bottom bar says 'Forms' where the sidebar says 'eCRF'.
  { to: '/forms', label: 'nav.formsShort', icon: FileText },
  { to: '/analytics', label: 'nav.analytics', icon: BarChart3 },
];
