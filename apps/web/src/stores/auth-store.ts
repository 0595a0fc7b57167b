import { STORAGE_KEYS } from '@selah/shared/constants';
import { UserSchema, type User } from '@selah/shared/schemas/auth';
import { replaceEqualDeep } from '@tanstack/react-query';
import { createContext, useContext } from 'react';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { useIsHydrating } from '@/hooks/use-is-hydrating';

/**
 * The signed-in session (spec-1 §3 "Auth store"): the bearer token and the current user,
 * persisted under 'auth-storage'. The token and the user are mirrored under 'token' and 'user'
 * as the spec's storage keys require. A user counts as signed in when a token exists.
 */
interface AuthState {
  token: string | null;
  user: User | null;
  setSession: (token: string, user: User) => void;
  setUser: (user: User) => void;
  /** Forgets the session and clears all local browser storage (spec-1 §2 "Logout"). */
  clearSession: () => void;
}

type PersistedAuth = Pick<AuthState, 'token' | 'user'>;

function writeMirror(token: string | null, user: User | null) {
  try {
    if (token) localStorage.setItem(STORAGE_KEYS.token, token);
    if (user) localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(user));
  } catch {
    // Storage may be full or disabled; the in-memory session still works.
  }
}

export const useAuthStore = create<AuthState>()(
  persist(
    (set, get) => ({
      token: null,
      user: null,
      setSession: (token, user) => {
        set({ token, user });
        writeMirror(token, user);
      },
      setUser: (user) => {
        // The same user again (GET /auth/me at every start) keeps the stored object,
        // so nothing that reads it renders again.
        const current = get().user;
        if (replaceEqualDeep(current, user) === current) return;
        set({ user });
        writeMirror(null, user);
      },
      clearSession: () => {
        set({ token: null, user: null });
        try {
          localStorage.clear();
          sessionStorage.clear();
        } catch {
          // Nothing to clear when storage is unavailable.
        }
      },
    }),
    {
      name: STORAGE_KEYS.auth,
      version: 1,
      storage: createJSONStorage(() => localStorage),
      partialize: (state): PersistedAuth => ({ token: state.token, user: state.user }),
      // Never trust what is in storage: keep only a string token and a well-formed user.
      merge: (persisted, current) => {
        const value = (persisted ?? {}) as Partial<PersistedAuth>;
        const token = typeof value.token === 'string' && value.token ? value.token : null;
        const user = UserSchema.safeParse(value.user);
        return { ...current, token, user: token && user.success ? user.data : null };
      },
    },
  ),
);

export const selectIsAuthenticated = (state: AuthState) => state.token !== null;

/**
 * The user the server rendered a signed-in page for (the page cookie's, docs/decisions/045),
 * given by the signed-in layout from its loader. The store cannot say while the browser hydrates
 * that page: React reads a store's initial state (no one signed in) on the server and during
 * hydration. Null outside signed-in pages.
 */
export const ServerSessionContext = createContext<User | null>(null);

/** The signed-in user: the server's while its markup hydrates, the store's from then on. */
export function useSessionUser(): User | null {
  const serverUser = useContext(ServerSessionContext);
  const user = useAuthStore((state) => state.user);
  return useIsHydrating() ? serverUser : user;
}

/** Whether someone is signed in: on a page the server rendered for a user, as it did. */
export function useIsAuthenticated(): boolean {
  const serverUser = useContext(ServerSessionContext);
  const signedIn = useAuthStore(selectIsAuthenticated);
  return useIsHydrating() ? serverUser !== null : signedIn;
}
