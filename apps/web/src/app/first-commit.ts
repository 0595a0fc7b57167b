/**
 * Resolves once React's first commit into `container` has replaced what it held (ADR 028). A
 * root's first commit removes the container's existing (prerendered) children and inserts the
 * live page in one synchronous step, so the first change to the container's children is that
 * commit, and the observer runs right after it, before the browser paints. Call it before
 * rendering.
 */
export function whenContainerReplaced(container: Element): Promise<void> {
  return new Promise((resolve) => {
    const observer = new MutationObserver(() => {
      observer.disconnect();
      resolve();
    });
    observer.observe(container, { childList: true });
  });
}
