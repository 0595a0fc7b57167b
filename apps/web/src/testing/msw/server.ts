import { setupServer } from 'msw/node';
import { authHandlers } from './handlers/auth';
import { journalHandlers } from './handlers/journals';
import { prayerHandlers } from './handlers/prayers';
import { statsHandlers } from './handlers/stats';

export const server = setupServer(
  ...authHandlers,
  ...journalHandlers,
  ...prayerHandlers,
  ...statsHandlers,
);
