import { NOTIFICATION_KINDS } from '@ctp/contracts';

export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];
export { NOTIFICATION_KINDS };
