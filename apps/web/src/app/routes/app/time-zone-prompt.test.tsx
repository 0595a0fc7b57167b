import { UserSchema, type User } from '@selah/shared/schemas/auth';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { renderRoute } from '@/app/testing/render-route';
import type * as TimeZones from '@/lib/time-zones';
import { buildUser } from '@/testing/factories';
import { API } from '@/testing/msw/handlers/auth';
import { server } from '@/testing/msw/server';
import { expectToast } from '@/testing/toasts';

const device = vi.hoisted((): { zone: string | null } => ({ zone: 'Africa/Lagos' }));
vi.mock('@/lib/time-zones', async (importOriginal) => ({
  ...(await importOriginal<typeof TimeZones>()),
  deviceTimeZone: () => device.zone,
}));

/**
 * A signed-in account and a server that remembers its profile changes: /auth/me answers with
 * what was last saved, as on another device.
 */
function account(settings: Partial<User['settings']>) {
  let user = buildUser({ settings: { ...buildUser().settings, ...settings } });
  const bodies: unknown[] = [];
  server.use(
    http.get(`${API}/auth/me`, () => HttpResponse.json(UserSchema.parse(user))),
    http.put(`${API}/users/me/profile`, async ({ request }) => {
      const body = (await request.json()) as { timeZone: string };
      bodies.push(body);
      user = { ...user, settings: { ...user.settings, ...body, timeZoneChosen: true } };
      return HttpResponse.json(user);
    }),
  );
  return { user: () => user, bodies };
}

const prompt = () => screen.queryByRole('region', { name: 'Time zone' });

describe('the signed-in shell asks once about a device in another time zone (ADR 057)', () => {
  it.each([
    ['Switch', 'Africa/Lagos', 'Selah uses Africa/Lagos for your days and reminders.'],
    ['Keep', 'America/New_York', 'Selah uses Eastern Time for your days and reminders.'],
  ])('"%s" saves %s as chosen, and the question is not asked again', async (answer, zone, said) => {
    device.zone = 'Africa/Lagos';
    const acct = account({ timeZone: 'America/New_York' });
    const first = await renderRoute('/dashboard', { user: acct.user() });

    const region = await screen.findByRole('region', { name: 'Time zone' });
    expect(region).toHaveTextContent(
      'Your device says Africa/Lagos; Selah uses Eastern Time. Switch?',
    );
    await first.user.click(within(region).getByRole('button', { name: answer }));

    await expectToast('Time zone saved', said);
    expect(acct.bodies).toEqual([{ timeZone: zone }]);
    await waitFor(() => expect(prompt()).not.toBeInTheDocument());
    first.unmount();

    // Another visit (or device): the answer is the account's.
    await renderRoute('/dashboard', { user: acct.user() });
    expect(await screen.findByRole('heading', { level: 1 })).toBeVisible();
    expect(prompt()).not.toBeInTheDocument();
  });

  it('asks an account with no zone stored, which Selah keeps on UTC', async () => {
    device.zone = 'Africa/Lagos';
    const acct = account({});
    await renderRoute('/dashboard', { user: acct.user() });

    expect(await screen.findByRole('region', { name: 'Time zone' })).toHaveTextContent(
      'Your device says Africa/Lagos; Selah uses UTC. Switch?',
    );
  });

  it.each([
    ['the zone was chosen', { timeZone: 'America/New_York', timeZoneChosen: true }, 'Africa/Lagos'],
    ['the device is in the zone in use', { timeZone: 'Africa/Lagos' }, 'Africa/Lagos'],
    ['UTC is GMT', { timeZone: 'Etc/GMT' }, 'UTC'],
    ['the device zone is none Selah accepts', {}, null],
  ])('does not ask when %s', async (_case, settings, zone) => {
    device.zone = zone;
    const acct = account(settings);
    await renderRoute('/dashboard', { user: acct.user() });

    expect(await screen.findByRole('heading', { level: 1 })).toBeVisible();
    expect(prompt()).not.toBeInTheDocument();
  });
});
