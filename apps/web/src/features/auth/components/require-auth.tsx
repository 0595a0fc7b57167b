import type * as React from 'react';
import { Navigate, useLocation } from 'react-router';
import { paths } from '@/config/paths';
import { useIsAuthenticated } from '@/stores/auth-store';

/** Sends visitors without a session to /login, remembering where they wanted to go. */
export function RequireAuth({ children }: { children: React.ReactNode }) {
  const isAuthenticated = useIsAuthenticated();
  const location = useLocation();
  if (!isAuthenticated) {
    const redirectTo = `${location.pathname}${location.search}${location.hash}`;
    return <Navigate to={paths.auth.login.getHref(redirectTo)} replace />;
  }
  return children;
}
