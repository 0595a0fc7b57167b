import { describe, expect, it, vi } from 'vitest';
import { buildUser } from '@/testing/factories';
import { useAuthStore } from './auth-store';

describe('auth store: setUser', () => {
  it('keeps the stored user object when the same user comes again, so nothing renders again', () => {
    const user = buildUser({ firstName: 'Ruth' });
    useAuthStore.getState().setSession('token-1', user);
    const listener = vi.fn();
    const unsubscribe = useAuthStore.subscribe(listener);

    useAuthStore.getState().setUser(structuredClone(user));

    expect(useAuthStore.getState().user).toBe(user);
    expect(listener).not.toHaveBeenCalled();
    unsubscribe();
  });

  it('stores and mirrors a changed user', () => {
    const user = buildUser({ firstName: 'Ruth' });
    useAuthStore.getState().setSession('token-1', user);
    const listener = vi.fn();
    const unsubscribe = useAuthStore.subscribe(listener);

    const renamed = { ...user, firstName: 'Naomi' };
    useAuthStore.getState().setUser(renamed);

    expect(useAuthStore.getState().user).toEqual(renamed);
    expect(listener).toHaveBeenCalledTimes(1);
    expect(JSON.parse(localStorage.getItem('user') ?? 'null')).toMatchObject({
      firstName: 'Naomi',
    });
    unsubscribe();
  });
});
