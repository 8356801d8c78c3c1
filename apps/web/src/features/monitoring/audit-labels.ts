// Readable names for the audit trail's tables and changed fields, in the reader's language: the
// activity list's names (common), then the identity tables and columns (admin: user accounts, account
// links, API tokens, study memberships), else the column made readable. The trail sends columns as
// the database names them (snake_case) and the user page as the API does (camelCase): both are looked
// up by their camelCase form.
import { useTranslation } from 'react-i18next';
import { humanizeColumn } from '@/components/activity-list';

const camel = (name: string) => name.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());

export function useAuditLabels() {
  const { t } = useTranslation(['common', 'admin']);
  return {
    table: (table: string) => t([`admin:auditLabels.tables.${table}`, `common:activity.tables.${table}`], { defaultValue: humanizeColumn(table) }),
    field: (field: string) => {
      const key = camel(field);
      return t([`admin:auditLabels.fields.${key}`, `common:activity.fields.${key}`], { defaultValue: humanizeColumn(key) });
    },
  };
}
