import { setupServer } from 'msw/node';
import { authHandlers } from './handlers/auth';
import { journalHandlers } from './handlers/journals';

export const server = setupServer(...authHandlers, ...journalHandlers);
