export * from './users.ts';
export * from './sessions.ts';
export * from './auth-tokens.ts';
export * from './mail-outbox.ts';
export * from './journals.ts';
export * from './prayers.ts';
