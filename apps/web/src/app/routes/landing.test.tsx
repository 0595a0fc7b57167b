import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildUser } from '@/testing/factories';
import { currentUrl, renderRoute } from '../testing/render-route';

describe('/ landing page', () => {
  it('pitches a private, free prayer space with three steps and four features', async () => {
    await renderRoute('/');

    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(
      screen.getByRole('heading', { level: 1, name: 'A quiet place to pray' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(screen.getByRole('main')).toBeInTheDocument();
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
    expect(screen.getByText(/private, free space/)).toBeInTheDocument();

    const steps = within(
      screen.getByRole('region', { name: 'Three steps to a steadier prayer life' }),
    ).getAllByRole('listitem');
    expect(steps).toHaveLength(3);

    const features = screen.getByRole('region', { name: /Everything you need to pray/ });
    expect(within(features).getAllByRole('listitem')).toHaveLength(4);
    for (const name of ['A personal journal', 'Prayer circles', 'Prayer requests', 'Testimonies']) {
      expect(within(features).getByRole('heading', { name })).toBeInTheDocument();
    }
    expect(screen.queryByRole('link', { name: 'Go to dashboard' })).not.toBeInTheDocument();
  });

  it('promises prayer groups honestly: joining is free, starting one comes with Premium', async () => {
    await renderRoute('/');

    const circles = screen.getByRole('heading', { name: 'Prayer circles' }).closest('li')!;
    expect(circles).toHaveTextContent('Starting a group of your own comes with Premium.');
  });

  it('Join Free goes to /signup', async () => {
    const { user } = await renderRoute('/');

    await user.click(within(screen.getByRole('main')).getByRole('link', { name: 'Join Free' }));

    expect(await screen.findByRole('heading', { name: 'Create your account' })).toBeInTheDocument();
    expect(currentUrl()).toBe('/signup');
  });

  it('Sign In goes to /login', async () => {
    const { user } = await renderRoute('/');

    await user.click(within(screen.getByRole('main')).getByRole('link', { name: 'Sign In' }));

    expect(await screen.findByRole('heading', { name: 'Sign in to Selah' })).toBeInTheDocument();
    expect(currentUrl()).toBe('/login');
  });

  it('offers a signed-in visitor the way back to the dashboard', async () => {
    const { user } = await renderRoute('/', { user: buildUser() });

    await user.click(screen.getByRole('link', { name: 'Go to dashboard' }));

    await waitFor(() => expect(currentUrl()).toBe('/dashboard'));
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
  });
});
