import type { AdminPayment, AdminPaymentPage } from '@selah/shared/schemas/admin';
import { screen, waitFor, within } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderRoute } from '@/app/testing/render-route';
import { buildUser } from '@/testing/factories';
import { API, apiError } from '@/testing/msw/handlers/auth';
import { server } from '@/testing/msw/server';
import { buildAdminPayment } from '@/testing/billing-factories';

const admin = buildUser({ email: 'ops@example.com', role: 'admin' });

const paid = buildAdminPayment({ user: { _id: 'u1', email: 'ada@example.com', username: 'ada' } });
const secondCharge = buildAdminPayment({
  status: 'needs_refund',
  user: paid.user,
  txRef: paid.txRef,
  duplicateOf: paid._id,
  createdAt: '2026-11-20T10:05:00.000Z',
  refund: {
    attempts: 2,
    refundedAt: null,
    providerRefundId: null,
    error: 'Flutterwave unavailable (refund answered 503)',
  },
});
const refunded = buildAdminPayment({
  status: 'refunded',
  plan: 'ministry',
  amount: 16000,
  currency: 'NGN',
  country: 'NG',
  duplicateOf: paid._id,
  refund: {
    attempts: 1,
    refundedAt: '2026-11-21T09:00:00.000Z',
    providerRefundId: '70001',
    error: null,
  },
});
const pending = buildAdminPayment({
  status: 'pending',
  providerTransactionId: null,
  verifiedAt: null,
});

/** Serves the admin list from `pages` (by cursor), recording the queries it was asked. */
function servePayments(pages: Record<string, AdminPaymentPage>) {
  const asked: URLSearchParams[] = [];
  server.use(
    http.get(`${API}/auth/me`, () => HttpResponse.json(admin)),
    http.get(`${API}/admin/payments`, ({ request }) => {
      const query = new URL(request.url).searchParams;
      asked.push(query);
      return HttpResponse.json(pages[query.get('cursor') ?? ''] ?? { data: [], nextCursor: null });
    }),
  );
  return asked;
}

const list = () => screen.getByRole('list', { name: 'Payments' });
const items = () => within(list()).getAllByRole('listitem');
const item = (name: RegExp) => within(list()).getByRole('listitem', { name });

describe('/admin/payments', () => {
  it('lists every payment with its status, the second charges with their refunds', async () => {
    const asked = servePayments({
      '': { data: [secondCharge, refunded, pending, paid], nextCursor: null },
    });
    await renderRoute('/admin/payments', { user: admin });

    expect(screen.getByRole('heading', { level: 1, name: 'Payments' })).toBeInTheDocument();
    await waitFor(() => expect(items()).toHaveLength(4));
    const needs = item(/Needs refund$/);
    expect(within(needs).getByText('$4.99')).toBeInTheDocument();
    expect(within(needs).getByText('ada@example.com')).toBeInTheDocument();
    expect(
      within(needs).getByText(/it gave nothing and must be refunded\. Refund attempts: 2\./),
    ).toBeInTheDocument();
    expect(
      within(needs).getByText('Last attempt: Flutterwave unavailable (refund answered 503)'),
    ).toBeInTheDocument();
    const back = item(/^₦16,000 Ministry, Refunded$/);
    expect(
      within(back).getByText(/Refunded on Nov 21, 2026 \(Flutterwave refund 70001\)/),
    ).toBeInTheDocument();
    expect(within(item(/Pending$/)).getByText('Not yet')).toBeInTheDocument();
    expect(within(item(/Successful$/)).getByText(paid.providerTransactionId!)).toBeInTheDocument();
    expect(asked[0]!.get('limit')).toBe('25');
    expect(asked[0]!.has('status')).toBe(false);
  });

  it('filters by status and says when none have it', async () => {
    const asked = servePayments({ '': { data: [paid], nextCursor: null } });
    const { user } = await renderRoute('/admin/payments', { user: admin });
    await waitFor(() => expect(items()).toHaveLength(1));
    server.use(
      http.get(`${API}/admin/payments`, ({ request }) => {
        asked.push(new URL(request.url).searchParams);
        return HttpResponse.json({ data: [], nextCursor: null });
      }),
    );

    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'Needs refund' }));

    expect(
      await screen.findByText('No payments with the status “Needs refund”.'),
    ).toBeInTheDocument();
    expect(asked.at(-1)!.get('status')).toBe('needs_refund');
  });

  it('says so when there are no payments at all', async () => {
    servePayments({});
    await renderRoute('/admin/payments', { user: admin });
    expect(await screen.findByText('No payments yet.')).toBeInTheDocument();
  });

  it('shows a loading state, then loads more with the cursor', async () => {
    const first: AdminPayment[] = [paid, pending];
    server.use(
      http.get(`${API}/auth/me`, () => HttpResponse.json(admin)),
      http.get(`${API}/admin/payments`, async ({ request }) => {
        const cursor = new URL(request.url).searchParams.get('cursor');
        await delay(cursor ? 0 : 50);
        return HttpResponse.json(
          cursor === 'page-2'
            ? { data: [refunded], nextCursor: null }
            : { data: first, nextCursor: 'page-2' },
        );
      }),
    );
    const { user } = await renderRoute('/admin/payments', { user: admin });
    expect(screen.getByRole('status')).toHaveTextContent('Loading payments...');
    await waitFor(() => expect(items()).toHaveLength(2));

    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(items()).toHaveLength(3));
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('shows an error with a way to try again', async () => {
    let fail = true;
    server.use(
      http.get(`${API}/auth/me`, () => HttpResponse.json(admin)),
      http.get(`${API}/admin/payments`, () =>
        fail
          ? apiError(500, { code: 'INTERNAL', message: 'Internal Server Error' })
          : HttpResponse.json({ data: [paid], nextCursor: null }),
      ),
    );
    const { user } = await renderRoute('/admin/payments', { user: admin });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Internal Server Error');

    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(items()).toHaveLength(1));
  });

  it('is a missing page for everyone else, without asking the server', async () => {
    const asked = servePayments({ '': { data: [paid], nextCursor: null } });
    server.use(http.get(`${API}/auth/me`, () => HttpResponse.json(buildUser())));
    await renderRoute('/admin/payments', { user: buildUser() });

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Page Not Found' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Payments' })).not.toBeInTheDocument();
    expect(asked).toHaveLength(0);
  });

  it('is a missing page when the server says so (the role was taken away)', async () => {
    server.use(
      http.get(`${API}/auth/me`, () => HttpResponse.json(admin)),
      http.get(`${API}/admin/payments`, () =>
        apiError(404, { code: 'NOT_FOUND', message: 'Route GET /api/admin/payments not found.' }),
      ),
    );
    await renderRoute('/admin/payments', { user: admin });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Page Not Found' }),
    ).toBeInTheDocument();
  });
});
