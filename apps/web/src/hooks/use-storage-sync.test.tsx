import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useAuthStore } from '@/stores/auth-store';
import { useThemeStore } from '@/stores/theme-store';
import { buildUser } from '@/testing/factories';
import { useStorageSync } from './use-storage-sync';

/** What the browser does in this tab when another tab changes localStorage. */
function changeInAnotherTab(key: string | null, newValue: string | null = null) {
  act(() => {
    window.dispatchEvent(new StorageEvent('storage', { key, newValue }));
  });
}

describe('useStorageSync', () => {
  it('signs this tab out when another tab logs out', () => {
    useAuthStore.getState().setSession('tok', buildUser());
    renderHook(() => useStorageSync());

    localStorage.clear();
    changeInAnotherTab(null);

    expect(useAuthStore.getState().token).toBeNull();
  });

  it('follows theme changes made in another tab', () => {
    renderHook(() => useStorageSync());

    changeInAnotherTab('theme', 'dark');
    changeInAnotherTab('themeColor', 'purple');
    changeInAnotherTab('themeColor', 'not-a-colour');

    expect(useThemeStore.getState()).toMatchObject({ theme: 'dark', themeColor: 'purple' });
    expect(document.documentElement).toHaveClass('dark');
  });

  it('follows font size and animations changed in another tab', () => {
    renderHook(() => useStorageSync());

    changeInAnotherTab('appearance', JSON.stringify({ fontSize: 4, animations: false }));

    expect(useThemeStore.getState()).toMatchObject({ fontSize: 4, animations: false });
    expect(document.documentElement).toHaveAttribute('data-font-size', '4');
    expect(document.documentElement).toHaveAttribute('data-reduce-motion', 'true');
  });
});
