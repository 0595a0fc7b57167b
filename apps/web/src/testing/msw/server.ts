import { setupServer } from 'msw/node';
import { authHandlers } from './handlers/auth';
import { friendHandlers } from './handlers/friends';
import { groupHandlers } from './handlers/groups';
import { journalHandlers } from './handlers/journals';
import { notificationHandlers } from './handlers/notifications';
import { prayerRequestHandlers } from './handlers/prayer-requests';
import { prayerHandlers } from './handlers/prayers';
import { settingsHandlers } from './handlers/settings';
import { statsHandlers } from './handlers/stats';
import { subscriptionHandlers } from './handlers/subscription';

export const server = setupServer(
  ...authHandlers,
  ...friendHandlers,
  ...groupHandlers,
  ...journalHandlers,
  ...notificationHandlers,
  ...prayerHandlers,
  ...prayerRequestHandlers,
  ...settingsHandlers,
  ...statsHandlers,
  ...subscriptionHandlers,
);
