import { runInThisContext } from 'node:vm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import script from '../head/paint-first.js?raw';

const ENTRY = '/assets/index-abc.js';

/** Runs head/paint-first.js as the built page does: inline at the end of <body>, `data-entry`. */
function runPaintFirst(rootHtml: string) {
  document.body.innerHTML = `<div id="root">${rootHtml}</div>`;
  const current = document.createElement('script');
  current.setAttribute('data-entry', ENTRY);
  vi.spyOn(document, 'currentScript', 'get').mockReturnValue(current);
  runInThisContext(script);
}

/** The app's entry module scripts the page has started. */
const started = () =>
  [...document.head.querySelectorAll('script[type="module"]')].map((s) => s.getAttribute('src'));

afterEach(() => {
  document.head.innerHTML = '';
  document.body.innerHTML = '';
  vi.useRealTimers();
});

describe('head/paint-first.js', () => {
  it('starts the app at once when #root is empty (a signed-in page: nothing to paint)', () => {
    runPaintFirst('');
    expect(started()).toEqual([ENTRY]);
    const module = document.head.querySelector('script[type="module"]');
    expect(module).toHaveAttribute('crossorigin', '');
  });

  it('on a prerendered page, starts the app only after the next frame has painted', () => {
    vi.useFakeTimers();
    const frames: FrameRequestCallback[] = [];
    vi.spyOn(window, 'requestAnimationFrame').mockImplementation((callback) => {
      frames.push(callback);
      return frames.length;
    });
    runPaintFirst('<h1>Sign in to Selah</h1>');
    expect(started()).toEqual([]);

    frames.forEach((frame) => frame(performance.now()));
    // The frame callback runs before the paint; the app starts in a task after it.
    expect(started()).toEqual([]);
    vi.runAllTimers();
    expect(started()).toEqual([ENTRY]);
    // Once only.
    document.dispatchEvent(new Event('visibilitychange'));
    expect(started()).toEqual([ENTRY]);
  });

  it('on a prerendered page, starts the app once the first contentful paint is reported', () => {
    vi.useFakeTimers();
    const frames: FrameRequestCallback[] = [];
    vi.spyOn(window, 'requestAnimationFrame').mockImplementation((callback) => {
      frames.push(callback);
      return frames.length;
    });
    const observers: { report: (names: string[]) => void; disconnected: boolean }[] = [];
    class FakeObserver {
      static supportedEntryTypes = ['paint'];
      disconnected = false;
      readonly callback: (list: { getEntriesByName: (n: string) => unknown[] }) => void;
      constructor(callback: FakeObserver['callback']) {
        this.callback = callback;
        observers.push(this);
      }
      observe(options: { type: string; buffered: boolean }) {
        expect(options).toEqual({ type: 'paint', buffered: true });
      }
      disconnect() {
        this.disconnected = true;
      }
      report(names: string[]) {
        this.callback({ getEntriesByName: (n) => names.filter((name) => name === n) });
      }
    }
    vi.stubGlobal('PerformanceObserver', FakeObserver);
    runPaintFirst('<h1>A quiet place to pray</h1>');

    // The frame has been painted but is not on screen yet: the app waits for the report.
    frames.forEach((frame) => frame(performance.now()));
    vi.advanceTimersByTime(10);
    observers[0]!.report(['first-paint']);
    expect(started()).toEqual([]);
    observers[0]!.report(['first-contentful-paint']);
    expect(started()).toEqual([ENTRY]);
    expect(observers[0]!.disconnected).toBe(true);
    vi.runAllTimers();
    expect(started()).toEqual([ENTRY]);
    vi.unstubAllGlobals();
  });

  it('starts the app a second after the first frame if no contentful paint is reported', () => {
    vi.useFakeTimers();
    vi.spyOn(window, 'requestAnimationFrame').mockImplementation((callback) => {
      callback(performance.now());
      return 1;
    });
    vi.stubGlobal(
      'PerformanceObserver',
      class {
        static supportedEntryTypes = ['paint'];
        observe() {}
        disconnect() {}
      },
    );
    runPaintFirst('<h1>A quiet place to pray</h1>');
    vi.advanceTimersByTime(999);
    expect(started()).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(started()).toEqual([ENTRY]);
    vi.unstubAllGlobals();
  });

  it('starts the app when a prerendered page is hidden before it could paint (no frames)', () => {
    vi.spyOn(window, 'requestAnimationFrame').mockReturnValue(1);
    runPaintFirst('<h1>Sign in to Selah</h1>');
    expect(started()).toEqual([]);
    document.dispatchEvent(new Event('visibilitychange'));
    expect(started()).toEqual([ENTRY]);
  });

  it("adds the page's data-preload modules when it starts the app, before the entry", () => {
    document.body.innerHTML = '<div id="root"></div>';
    const current = document.createElement('script');
    current.setAttribute('data-entry', ENTRY);
    current.setAttribute('data-preload', '/assets/runtime-1.js /assets/react-2.js');
    vi.spyOn(document, 'currentScript', 'get').mockReturnValue(current);
    runInThisContext(script);
    const added = [...document.head.children].map((el) =>
      el.tagName === 'LINK'
        ? `${el.getAttribute('rel')} ${el.getAttribute('href')} ${el.getAttribute('crossorigin')}`
        : `script ${el.getAttribute('src')}`,
    );
    expect(added).toEqual([
      'modulepreload /assets/runtime-1.js ',
      'modulepreload /assets/react-2.js ',
      `script ${ENTRY}`,
    ]);
  });

  it('starts nothing without an entry', () => {
    vi.spyOn(document, 'currentScript', 'get').mockReturnValue(document.createElement('script'));
    runInThisContext(script);
    expect(started()).toEqual([]);
  });
});
