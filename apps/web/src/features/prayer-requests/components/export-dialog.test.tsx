import type { PlanId } from '@selah/shared/schemas/billing';
import { screen, waitFor, within } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { buildJournal } from '@/testing/factories';
import { API, apiError } from '@/testing/msw/handlers/auth';
import { server } from '@/testing/msw/server';
import { renderComponent } from '@/testing/render';
import { buildSubscription } from '@/testing/billing-factories';
import { expectToast, getToasts } from '@/testing/toasts';
import { ExportDialog } from './export-dialog';

const morning = buildJournal({ title: 'Morning Prayers' });
const family = buildJournal({ title: 'Family' });

function Harness() {
  const [open, setOpen] = useState(true);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      <ExportDialog open={open} onOpenChange={setOpen} />
    </>
  );
}

/**
 * A Premium user with two journals; records each PDF request's journal and query. The PDF is
 * answered after 20 ms, or once `gate` resolves when one is given.
 */
function serve({ plan = 'premium', gate }: { plan?: PlanId; gate?: Promise<void> } = {}) {
  const requests: { journalId: string; query: Record<string, string> }[] = [];
  server.use(
    http.get(`${API}/journals/get`, () => HttpResponse.json([morning, family])),
    http.get(`${API}/subscription`, () => HttpResponse.json(buildSubscription(plan))),
    http.get(`${API}/journals/:id/export.pdf`, async ({ params, request }) => {
      requests.push({
        journalId: String(params.id),
        query: Object.fromEntries(new URL(request.url).searchParams),
      });
      await (gate ?? delay(20));
      return new HttpResponse('%PDF-1.3 test', {
        headers: {
          'Content-Type': 'application/pdf',
          'Content-Disposition': 'attachment; filename="family.pdf"',
        },
      });
    }),
  );
  return requests;
}

/** Captures the file the browser is handed (object URL + a clicked download link). */
function captureDownloads() {
  const blobs: Blob[] = [];
  URL.createObjectURL = vi.fn((blob: Blob) => {
    blobs.push(blob);
    return 'blob:journal-pdf';
  });
  URL.revokeObjectURL = vi.fn();
  const clicked: HTMLAnchorElement[] = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    clicked.push(this);
  });
  return { blobs, clicked };
}

function renderDialog() {
  const result = renderComponent(<Harness />, { path: '/prayer-requests' });
  return { ...result, dialog: screen.getByRole('dialog', { name: 'Export Prayer Journal' }) };
}

describe('ExportDialog', () => {
  it('downloads the chosen journal as a PDF with the include options, then says so', async () => {
    let release = () => {};
    const requests = serve({ gate: new Promise<void>((resolve) => (release = resolve)) });
    const downloads = captureDownloads();
    const { dialog, user } = renderDialog();

    const journal = await within(dialog).findByRole('combobox', { name: 'Journal' });
    await waitFor(() => expect(journal).toHaveTextContent('Morning Prayers'));
    await user.click(journal);
    await user.click(screen.getByRole('option', { name: 'Family' }));
    await user.click(within(dialog).getByRole('switch', { name: 'Include answered prayers' }));
    await user.click(within(dialog).getByRole('switch', { name: 'Include notes and updates' }));
    const exportButton = within(dialog).getByRole('button', { name: 'Export' });
    await waitFor(() => expect(exportButton).toBeEnabled());
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();

    await user.click(exportButton);
    // Nothing is claimed before the file is really there.
    expect(getToasts()).toEqual([]);
    expect(await within(dialog).findByRole('button', { name: 'Exporting...' })).toBeDisabled();
    release();

    await expectToast('Export successful!', 'Saved family.pdf.');
    expect(requests).toEqual([
      {
        journalId: family._id,
        query: { answered: 'false', verses: 'true', notes: 'false' },
      },
    ]);
    expect(downloads.clicked).toHaveLength(1);
    expect(downloads.clicked[0]).toHaveAttribute('download', 'family.pdf');
    expect(downloads.clicked[0]).toHaveAttribute('href', 'blob:journal-pdf');
    expect(await downloads.blobs[0]!.text()).toBe('%PDF-1.3 test');
  });

  it('opens the print view of the chosen journal with the same options', async () => {
    serve({ plan: 'ministry' });
    const { dialog, user, router } = renderDialog();

    const journal = await within(dialog).findByRole('combobox', { name: 'Journal' });
    await waitFor(() => expect(journal).toHaveTextContent('Morning Prayers'));
    await user.click(within(dialog).getByRole('switch', { name: 'Include memory verses' }));
    const print = await within(dialog).findByRole('link', { name: 'Print' });
    expect(print).toHaveAttribute(
      'href',
      `/journal/${morning._id}/print?answered=true&verses=false&notes=true`,
    );

    await user.click(print);
    expect(router.state.location.pathname).toBe(`/journal/${morning._id}/print`);
    expect(router.state.location.search).toBe('?answered=true&verses=false&notes=true');
  });

  it('shows the upgrade notice instead of exporting on the Free plan', async () => {
    const requests = serve({ plan: 'free' });
    const { dialog } = renderDialog();

    const notice = await within(dialog).findByRole('alert');
    expect(notice).toHaveTextContent(
      'Exporting to PDF and printing are part of the Premium and Ministry plans.',
    );
    expect(within(notice).getByRole('link', { name: 'Upgrade' })).toHaveAttribute(
      'href',
      '/pricing',
    );
    expect(within(dialog).getByRole('button', { name: 'Export' })).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: 'Print' })).toBeDisabled();
    expect(within(dialog).queryByRole('link', { name: 'Print' })).not.toBeInTheDocument();
    expect(requests).toEqual([]);
  });

  it("shows the server's plan limit (402) inline when the plan lapsed meanwhile", async () => {
    serve();
    const downloads = captureDownloads();
    server.use(
      http.get(`${API}/journals/:id/export.pdf`, () =>
        apiError(402, {
          code: 'PAYMENT_REQUIRED',
          message:
            'Exporting to PDF needs the Premium or Ministry plan. Upgrade to export your journals.',
          details: { limit: 'export', upgradeUrl: '/pricing' },
        }),
      ),
    );
    const { dialog, user } = renderDialog();
    const exportButton = within(dialog).getByRole('button', { name: 'Export' });
    await waitFor(() => expect(exportButton).toBeEnabled());

    await user.click(exportButton);

    const notice = await within(dialog).findByRole('alert');
    expect(notice).toHaveTextContent('Exporting to PDF needs the Premium or Ministry plan.');
    expect(within(notice).getByRole('link', { name: 'Upgrade' })).toBeInTheDocument();
    expect(downloads.clicked).toEqual([]);
    expect(getToasts()).toEqual([]);
  });

  it("says when the export fails for another reason, with the server's message", async () => {
    serve();
    captureDownloads();
    server.use(
      http.get(`${API}/journals/:id/export.pdf`, () =>
        apiError(429, {
          code: 'RATE_LIMITED',
          message: 'Too many exports. Please wait a minute.',
        }),
      ),
    );
    const { dialog, user } = renderDialog();
    const exportButton = within(dialog).getByRole('button', { name: 'Export' });
    await waitFor(() => expect(exportButton).toBeEnabled());

    await user.click(exportButton);

    await expectToast('Export failed', 'Too many exports. Please wait a minute.');
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
  });
});
