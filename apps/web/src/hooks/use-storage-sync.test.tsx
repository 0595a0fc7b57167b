import { STORAGE_KEYS } from '@selah/shared/constants';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type * as React from 'react';
import { describe, expect, it } from 'vitest';
import { useAuthStore } from '@/stores/auth-store';
import { useThemeStore } from '@/stores/theme-store';
import { buildUser } from '@/testing/factories';
import { createTestQueryClient } from '@/testing/query-client';
import { useStorageSync } from './use-storage-sync';

/** Renders the hook inside a query client; returns the client to inspect its cache. */
function renderSync() {
  const queryClient = createTestQueryClient();
  const wrapper = ({ children }: { children: React.ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  renderHook(() => useStorageSync(), { wrapper });
  return queryClient;
}

/** What the browser does in this tab when another tab changes localStorage. */
function changeInAnotherTab(key: string | null, newValue: string | null = null) {
  act(() => {
    window.dispatchEvent(new StorageEvent('storage', { key, newValue }));
  });
}

describe('useStorageSync', () => {
  it('signs this tab out when another tab logs out, and drops the cached data', async () => {
    useAuthStore.getState().setSession('tok', buildUser());
    const queryClient = renderSync();
    queryClient.setQueryData(['journals'], ['private journal']);

    localStorage.clear();
    changeInAnotherTab(null);

    await waitFor(() => expect(useAuthStore.getState().token).toBeNull());
    await waitFor(() => expect(queryClient.getQueryData(['journals'])).toBeUndefined());
  });

  it('follows another account signed in elsewhere, without the previous account data', async () => {
    const first = buildUser({ _id: 'first-user' });
    useAuthStore.getState().setSession('tok-1', first);
    const queryClient = renderSync();
    queryClient.setQueryData(['journals'], ['first user journal']);

    const second = buildUser({ _id: 'second-user', email: 'second@example.com' });
    const stored = JSON.stringify({ state: { token: 'tok-2', user: second }, version: 1 });
    localStorage.setItem(STORAGE_KEYS.auth, stored);
    changeInAnotherTab(STORAGE_KEYS.auth, stored);

    await waitFor(() => expect(useAuthStore.getState().user?._id).toBe('second-user'));
    expect(useAuthStore.getState().token).toBe('tok-2');
    expect(queryClient.getQueryData(['journals'])).toBeUndefined();
  });

  it('keeps the cached data when the same account is written again elsewhere', async () => {
    const user = buildUser({ _id: 'same-user' });
    useAuthStore.getState().setSession('tok', user);
    const queryClient = renderSync();
    queryClient.setQueryData(['journals'], ['kept']);

    const stored = JSON.stringify({ state: { token: 'tok', user }, version: 1 });
    localStorage.setItem(STORAGE_KEYS.auth, stored);
    changeInAnotherTab(STORAGE_KEYS.auth, stored);

    await waitFor(() => expect(useAuthStore.getState().user?._id).toBe('same-user'));
    expect(queryClient.getQueryData(['journals'])).toEqual(['kept']);
  });

  it('follows theme changes made in another tab', () => {
    renderSync();

    changeInAnotherTab('theme', 'dark');
    changeInAnotherTab('themeColor', 'purple');
    changeInAnotherTab('themeColor', 'not-a-colour');

    expect(useThemeStore.getState()).toMatchObject({ theme: 'dark', themeColor: 'purple' });
    expect(document.documentElement).toHaveClass('dark');
  });

  it('follows font size and animations changed in another tab', () => {
    renderSync();

    changeInAnotherTab('appearance', JSON.stringify({ fontSize: 4, animations: false }));

    expect(useThemeStore.getState()).toMatchObject({ fontSize: 4, animations: false });
    expect(document.documentElement).toHaveAttribute('data-font-size', '4');
    expect(document.documentElement).toHaveAttribute('data-reduce-motion', 'true');
  });
});
