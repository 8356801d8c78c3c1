import { useTranslation } from 'react-i18next';
import type { UserStatus } from '@ctp/contracts';
import { Badge, type BadgeTone } from '@/components/ui/badge';

const TONES: Record<UserStatus, BadgeTone> = { active: 'success', invited: 'primary', locked: 'warning', inactive: 'neutral' };

export function UserStatusBadge({ status }: { status: UserStatus }) {
  const { t } = useTranslation('admin');
  return <Badge tone={TONES[status]} data-testid="user-status">{t(`status.${status}`)}</Badge>;
}
