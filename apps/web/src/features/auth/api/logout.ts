import { api } from '@/lib/api-client';

/** Revokes the session on the server. A 401 here just means it is already over. */
export const logout = () => api.post('/auth/logout', { endSessionOn401: false });
