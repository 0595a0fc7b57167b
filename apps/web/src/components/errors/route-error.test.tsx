import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { RouteError } from './route-error';

function renderFailingRoute(loader: () => never) {
  const router = createMemoryRouter([
    {
      path: '/',
      element: <p>Home</p>,
      loader,
      errorElement: <RouteError />,
      HydrateFallback: () => null,
    },
  ]);
  render(<RouterProvider router={router} />);
}

describe('RouteError', () => {
  it("shows 'Unexpected Application Error!' when a route fails", async () => {
    // React Router reports the failure on the console; that is expected here.
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    renderFailingRoute(() => {
      throw new Error('boom');
    });

    expect(
      await screen.findByRole('heading', { name: 'Unexpected Application Error!' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reload page' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Return to Home' })).toHaveAttribute('href', '/');
    expect(screen.queryByText('boom')).toBeNull();
  });

  it('shows Page Not Found for a 404 response', async () => {
    renderFailingRoute(() => {
      // eslint-disable-next-line @typescript-eslint/only-throw-error -- React Router's convention
      throw new Response('Not Found', { status: 404, statusText: 'Not Found' });
    });

    expect(await screen.findByText('Page Not Found')).toBeInTheDocument();
  });
});
