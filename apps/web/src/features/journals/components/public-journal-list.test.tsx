import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildJournal } from '@/testing/factories';
import { API, apiError } from '@/testing/msw/handlers/auth';
import { server } from '@/testing/msw/server';
import { renderComponent } from '@/testing/render';
import { PublicJournalList } from './public-journal-list';

/** A browser where the end of the list is always in view: every observed element intersects. */
function endOfListInView() {
  class InViewObserver {
    private readonly callback: IntersectionObserverCallback;
    constructor(callback: IntersectionObserverCallback) {
      this.callback = callback;
    }
    observe(element: Element) {
      setTimeout(() =>
        this.callback(
          [{ isIntersecting: true, target: element } as IntersectionObserverEntry],
          this as unknown as IntersectionObserver,
        ),
      );
    }
    unobserve() {}
    disconnect() {}
    takeRecords() {
      return [];
    }
  }
  vi.stubGlobal('IntersectionObserver', InViewObserver);
}

/** Page one answers; page two fails with a 500 until `recover` is called. Counts page-two asks. */
function serveFailingSecondPage() {
  const state = { secondPageAsks: 0, failing: true };
  server.use(
    http.get(`${API}/journals/public`, ({ request }) => {
      if (new URL(request.url).searchParams.get('cursor') !== 'page-2') {
        return HttpResponse.json({
          data: [buildJournal({ title: 'Page One', isPrivate: false, membership: 'none' })],
          nextCursor: 'page-2',
        });
      }
      state.secondPageAsks += 1;
      if (state.failing) {
        return apiError(500, { code: 'INTERNAL', message: 'The server stumbled.' });
      }
      return HttpResponse.json({
        data: [buildJournal({ title: 'Page Two', isPrivate: false, membership: 'none' })],
        nextCursor: null,
      });
    }),
  );
  return state;
}

describe('PublicJournalList', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('asks once for a failing next page, says so and offers Retry, instead of asking in a loop', async () => {
    endOfListInView();
    const state = serveFailingSecondPage();
    const { user } = renderComponent(<PublicJournalList filter={{ tab: 'popular' }} />);

    expect(await screen.findByRole('alert')).toHaveTextContent('The server stumbled.');
    // The row is still in view: scrolling must not ask again by itself.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(state.secondPageAsks).toBe(1);
    expect(screen.getByRole('link', { name: 'Page One' })).toBeInTheDocument();

    state.failing = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));

    expect(await screen.findByRole('link', { name: 'Page Two' })).toBeInTheDocument();
    expect(state.secondPageAsks).toBe(2);
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
    expect(screen.queryByRole('button', { name: /Retry|Load more/ })).not.toBeInTheDocument();
  });

  it('without the observer, a failed Load more turns into Retry', async () => {
    const state = serveFailingSecondPage();
    const { user } = renderComponent(<PublicJournalList filter={{ tab: 'popular' }} />);

    await user.click(await screen.findByRole('button', { name: 'Load more' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('The server stumbled.');
    expect(screen.getByRole('button', { name: 'Retry' })).toBeEnabled();
    expect(state.secondPageAsks).toBe(1);
  });
});
