import type { User } from '@selah/shared/schemas/auth';
import { act } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildUser } from '@/testing/factories';
import {
  ServerSessionContext,
  useAuthStore,
  useIsAuthenticated,
  useSessionUser,
} from './auth-store';

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

describe('auth store: the session user of a page the server rendered', () => {
  const actEnvironment = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
  beforeAll(() => {
    actEnvironment.IS_REACT_ACT_ENVIRONMENT = true;
  });
  afterAll(() => {
    delete actEnvironment.IS_REACT_ACT_ENVIRONMENT;
  });

  /** Hydrates `element`'s server markup in a fresh container; how often `Probe` rendered. */
  async function hydrateCounting(serverUser: User | null) {
    const renders: (string | undefined)[] = [];
    function Probe() {
      const user = useSessionUser();
      const signedIn = useIsAuthenticated();
      renders.push(`${user?.firstName}:${signedIn}`);
      return <p>{user?.firstName ?? 'nobody'}</p>;
    }
    const page = (
      <ServerSessionContext value={serverUser}>
        <Probe />
      </ServerSessionContext>
    );
    const container = document.createElement('div');
    container.innerHTML = renderToString(page);
    renders.length = 0;
    document.body.append(container);
    let root: Root | undefined;
    await act(async () => {
      root = hydrateRoot(container, page);
    });
    const text = container.textContent;
    act(() => root?.unmount());
    container.remove();
    return { renders, text };
  }

  it('renders once when the browser holds the same user: nothing renders again after hydration', async () => {
    const user = buildUser({ firstName: 'Ruth' });
    useAuthStore.getState().setSession('token-1', structuredClone(user));

    const { renders, text } = await hydrateCounting(user);

    expect(renders).toEqual(['Ruth:true']);
    expect(text).toBe('Ruth');
  });

  it("shows the browser's own user once hydrated when it differs from the server's", async () => {
    const user = buildUser({ firstName: 'Ruth' });
    useAuthStore.getState().setSession('token-1', { ...user, firstName: 'Naomi' });

    const { renders, text } = await hydrateCounting(user);

    expect(renders).toEqual(['Ruth:true', 'Naomi:true']);
    expect(text).toBe('Naomi');
  });

  it('is signed out once hydrated when the browser has no session', async () => {
    useAuthStore.getState().clearSession();

    const { renders } = await hydrateCounting(buildUser({ firstName: 'Ruth' }));

    expect(renders).toEqual(['Ruth:true', 'undefined:false']);
  });
});
