import { setupServer } from 'msw/node';
import { authHandlers } from './handlers/auth';
import { billingHandlers } from './handlers/billing';
import { friendHandlers } from './handlers/friends';
import { groupHandlers } from './handlers/groups';
import { journalHandlers } from './handlers/journals';
import { notificationHandlers } from './handlers/notifications';
import { prayerRequestHandlers } from './handlers/prayer-requests';
import { prayerHandlers } from './handlers/prayers';
import { settingsHandlers } from './handlers/settings';
import { statsHandlers } from './handlers/stats';

export const server = setupServer(
  ...authHandlers,
  ...billingHandlers,
  ...friendHandlers,
  ...groupHandlers,
  ...journalHandlers,
  ...notificationHandlers,
  ...prayerHandlers,
  ...prayerRequestHandlers,
  ...settingsHandlers,
  ...statsHandlers,
);
