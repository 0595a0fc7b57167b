import {
  DEFAULT_NOTIFICATION_PREFERENCES,
  type NotificationPreferences,
} from '@selah/shared/schemas/auth';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { currentUrl, renderRoute } from '@/app/testing/render-route';
import { useAuthStore } from '@/stores/auth-store';
import { buildUser } from '@/testing/factories';
import { API, apiError } from '@/testing/msw/handlers/auth';
import { TEST_VAPID_KEY } from '@/testing/msw/handlers/notifications';
import { server } from '@/testing/msw/server';
import { fakePushBrowser, restorePushBrowser } from '@/testing/push-browser';
import { expectToast } from '@/testing/toasts';

const me = buildUser();

const LABELS: Record<keyof NotificationPreferences, string> = {
  emailNotifications: 'Email notifications',
  pushNotifications: 'Push notifications',
  reminderNotifications: 'Prayer reminders',
  friendRequestNotifications: 'Friend requests',
  journalInviteNotifications: 'Journal invitations',
  prayerUpdateNotifications: 'Prayer updates',
};

/** Serves the preferences from a mutable copy and records every PUT body. */
function servePreferences(initial: Partial<NotificationPreferences> = {}) {
  const state = { ...DEFAULT_NOTIFICATION_PREFERENCES, ...initial };
  const puts: unknown[] = [];
  server.use(
    http.get(`${API}/notifications/preferences`, () => HttpResponse.json(state)),
    http.put(`${API}/notifications/preferences`, async ({ request }) => {
      const body = (await request.json()) as NotificationPreferences;
      puts.push(body);
      Object.assign(state, body);
      return HttpResponse.json(state);
    }),
  );
  return { state, puts };
}

const toggle = (name: string) => screen.getByRole('switch', { name });

async function openNotificationsTab() {
  const result = await renderRoute('/settings?tab=notifications', { user: me });
  await screen.findByRole('switch', { name: 'Email notifications' });
  return result;
}

afterEach(() => {
  restorePushBrowser();
});

describe('/settings', () => {
  it('has the four tabs, each on its own address', async () => {
    const { user } = await renderRoute('/settings', { user: me });

    expect(screen.getByRole('heading', { level: 1, name: 'Settings' })).toBeInTheDocument();
    const tabs = screen.getAllByRole('tab').map((tab) => tab.textContent);
    expect(tabs).toEqual(['Profile', 'Notifications', 'Privacy', 'Appearance']);
    expect(screen.getByRole('tab', { name: 'Profile' })).toHaveAttribute('aria-selected', 'true');
    expect(
      await within(screen.getByRole('tabpanel')).findByRole('button', { name: 'Save Changes' }),
    ).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Privacy' }));
    expect(currentUrl()).toBe('/settings?tab=privacy');
    expect(
      await within(screen.getByRole('tabpanel')).findByRole('radiogroup', {
        name: 'Profile visibility',
      }),
    ).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Appearance' }));
    expect(currentUrl()).toBe('/settings?tab=appearance');
    expect(screen.getByRole('switch', { name: 'Dark mode' })).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Notifications' }));
    expect(currentUrl()).toBe('/settings?tab=notifications');
    expect(await screen.findByRole('switch', { name: 'Email notifications' })).toBeInTheDocument();
  });

  describe('Notifications tab', () => {
    it('opens with ?tab=notifications and shows the six switches as the server has them', async () => {
      servePreferences({ emailNotifications: false, prayerUpdateNotifications: false });
      await openNotificationsTab();

      expect(screen.getByRole('tab', { name: 'Notifications' })).toHaveAttribute(
        'aria-selected',
        'true',
      );
      const states = Object.fromEntries(
        Object.entries(LABELS).map(([key, label]) => [
          key,
          toggle(label).getAttribute('aria-checked'),
        ]),
      );
      expect(states).toEqual({
        emailNotifications: 'false',
        pushNotifications: 'true',
        reminderNotifications: 'true',
        friendRequestNotifications: 'true',
        journalInviteNotifications: 'true',
        prayerUpdateNotifications: 'false',
      });
    });

    it('applies a switch at once and sends the full object', async () => {
      const { puts } = servePreferences();
      let release!: () => void;
      const gate = new Promise<void>((resolve) => {
        release = resolve;
      });
      server.use(
        http.put(`${API}/notifications/preferences`, async ({ request }) => {
          const body = await request.json();
          puts.push(body);
          await gate;
          return HttpResponse.json(body);
        }),
      );
      const { user } = await openNotificationsTab();

      await user.click(toggle('Friend requests'));

      // On screen before the server has answered.
      expect(toggle('Friend requests')).toHaveAttribute('aria-checked', 'false');
      await waitFor(() => expect(puts).toHaveLength(1));
      expect(puts[0]).toEqual({
        ...DEFAULT_NOTIFICATION_PREFERENCES,
        friendRequestNotifications: false,
      });
      release();
      await expectToast('Preferences updated successfully!');
      expect(toggle('Friend requests')).toHaveAttribute('aria-checked', 'false');
      // The stored user carries the new preferences too.
      expect(useAuthStore.getState().user?.notificationPreferences.friendRequestNotifications).toBe(
        false,
      );
    });

    it('sends each quick change with the ones before it', async () => {
      const { puts } = servePreferences();
      const { user } = await openNotificationsTab();

      await user.click(toggle('Email notifications'));
      await user.click(toggle('Prayer updates'));

      await waitFor(() => expect(puts).toHaveLength(2));
      expect(puts[1]).toEqual({
        ...DEFAULT_NOTIFICATION_PREFERENCES,
        emailNotifications: false,
        prayerUpdateNotifications: false,
      });
      expect(toggle('Email notifications')).toHaveAttribute('aria-checked', 'false');
      expect(toggle('Prayer updates')).toHaveAttribute('aria-checked', 'false');
    });

    it('puts the switch back and says so when saving fails', async () => {
      servePreferences();
      server.use(
        http.put(`${API}/notifications/preferences`, () => new HttpResponse(null, { status: 500 })),
      );
      const { user } = await openNotificationsTab();

      await user.click(toggle('Journal invitations'));

      await expectToast('Error', 'Failed to update preferences. Please try again.');
      expect(toggle('Journal invitations')).toHaveAttribute('aria-checked', 'true');
    });

    it('says when the preferences cannot be loaded', async () => {
      server.use(
        http.get(`${API}/notifications/preferences`, () => new HttpResponse(null, { status: 500 })),
      );
      await renderRoute('/settings?tab=notifications', { user: me });

      await expectToast('Error', 'Failed to load notification preferences. Please try again.');
      expect(
        within(screen.getByRole('tabpanel')).getByText(
          'Failed to load notification preferences. Please try again.',
        ),
      ).toBeInTheDocument();
      expect(screen.queryByRole('switch')).toBeNull();
    });

    it('saves the daily reminder time in the time zone the server names, and clears it', async () => {
      servePreferences();
      const bodies: unknown[] = [];
      server.use(
        http.get(`${API}/notifications/reminder`, () =>
          HttpResponse.json({ time: null, timeZone: 'America/New_York' }),
        ),
        http.put(`${API}/notifications/reminder`, async ({ request }) => {
          const body = (await request.json()) as { time: string | null };
          bodies.push(body);
          return HttpResponse.json({ time: body.time, timeZone: 'America/New_York' });
        }),
      );
      const { user } = await openNotificationsTab();
      const input = await screen.findByLabelText('Reminder time');
      expect(screen.getByText(/No daily reminder is set, in your time zone/)).toHaveTextContent(
        'America/New York',
      );

      await user.type(input, '07:30');
      await user.click(screen.getByRole('button', { name: 'Save' }));

      await expectToast(
        'Reminder time saved.',
        "We'll remind you every day at 7:30 AM (America/New York).",
      );
      expect(bodies).toEqual([{ time: '07:30' }]);
      expect(screen.getByText(/Every day at 7:30 AM, in your/)).toBeInTheDocument();

      await user.click(screen.getByRole('button', { name: 'Clear' }));
      await expectToast('Daily reminder turned off.');
      expect(bodies).toEqual([{ time: '07:30' }, { time: null }]);
      expect(input).toHaveValue('');
    });

    it("reports a reminder that could not be saved with the server's message", async () => {
      servePreferences();
      server.use(
        http.put(`${API}/notifications/reminder`, () =>
          apiError(400, { code: 'VALIDATION_FAILED', message: 'Please choose a time as HH:MM.' }),
        ),
      );
      const { user } = await openNotificationsTab();

      await user.type(await screen.findByLabelText('Reminder time'), '21:15');
      await user.click(screen.getByRole('button', { name: 'Save' }));

      await expectToast('Error', 'Please choose a time as HH:MM.');
    });

    describe('push notifications', () => {
      it('keeps the preference and explains it when this browser has no push', async () => {
        const { puts } = servePreferences({ pushNotifications: false });
        const { user } = await openNotificationsTab();

        await user.click(toggle('Push notifications'));

        await waitFor(() => expect(puts).toHaveLength(1));
        expect(puts[0]).toMatchObject({ pushNotifications: true });
        expect(
          await screen.findByText(/This browser can't receive push notifications/),
        ).toBeVisible();
        expect(toggle('Push notifications')).toHaveAttribute('aria-checked', 'true');
      });

      it('explains a blocked permission and keeps the preference on', async () => {
        const push = fakePushBrowser('default');
        push.answer = 'denied';
        const { puts } = servePreferences({ pushNotifications: false });
        const { user } = await openNotificationsTab();

        await user.click(toggle('Push notifications'));

        expect(await screen.findByText(/Notifications are blocked for Selah/)).toBeVisible();
        expect(puts).toEqual([{ ...DEFAULT_NOTIFICATION_PREFERENCES, pushNotifications: true }]);
        expect(push.subscribe).not.toHaveBeenCalled();
      });

      it('asks for permission, subscribes this browser and registers it with the server', async () => {
        const push = fakePushBrowser('default');
        servePreferences({ pushNotifications: false });
        const saved: unknown[] = [];
        server.use(
          http.post(`${API}/push/subscriptions`, async ({ request }) => {
            saved.push(await request.json());
            return HttpResponse.json({ subscribed: true }, { status: 201 });
          }),
        );
        const { user } = await openNotificationsTab();

        await user.click(toggle('Push notifications'));

        expect(
          await screen.findByText('This browser shows your push notifications.'),
        ).toBeVisible();
        expect(push.register).toHaveBeenCalledWith('/sw.js', { scope: '/' });
        const options = push.subscribe.mock.calls[0]![0] as {
          userVisibleOnly: boolean;
          applicationServerKey: Uint8Array;
        };
        expect(options.userVisibleOnly).toBe(true);
        expect(options.applicationServerKey).toHaveLength(65);
        expect(options.applicationServerKey[0]).toBe(4);
        expect(Buffer.from(options.applicationServerKey).toString('base64url')).toBe(
          TEST_VAPID_KEY,
        );
        expect(saved).toEqual([
          {
            endpoint: 'https://push.example.com/send/abc',
            expirationTime: null,
            keys: { p256dh: 'p256dh-key', auth: 'auth-secret' },
          },
        ]);
      });

      it('unsubscribes this browser when switched off', async () => {
        const push = fakePushBrowser('granted');
        servePreferences({ pushNotifications: false });
        const removed: unknown[] = [];
        server.use(
          http.delete(`${API}/push/subscriptions`, async ({ request }) => {
            removed.push(await request.json());
            return new HttpResponse(null, { status: 204 });
          }),
        );
        const { user } = await openNotificationsTab();
        await user.click(toggle('Push notifications'));
        await screen.findByText('This browser shows your push notifications.');
        const subscription = push.subscription!;

        await user.click(toggle('Push notifications'));

        await waitFor(() => expect(subscription.unsubscribe).toHaveBeenCalledTimes(1));
        expect(removed).toEqual([{ endpoint: 'https://push.example.com/send/abc' }]);
        expect(toggle('Push notifications')).toHaveAttribute('aria-checked', 'false');
      });
    });
  });
});
