import { screen, waitFor, within } from '@testing-library/react';

/** The toasts on screen (sonner's list items). */
export function getToasts(): HTMLElement[] {
  return screen.queryAllByRole('listitem').filter((item) => item.hasAttribute('data-sonner-toast'));
}

/**
 * Waits for a toast with exactly this title (and description, when given) and returns it.
 * Several toasts may share a title; one of them must match both texts.
 */
export async function expectToast(title: string, description?: string): Promise<HTMLElement> {
  let found: HTMLElement | undefined;
  await waitFor(() => {
    found = getToasts().find(
      (item) =>
        within(item).queryByText(title, { exact: true }) !== null &&
        (description === undefined ||
          within(item).queryByText(description, { exact: true }) !== null),
    );
    if (!found) {
      const shown =
        getToasts()
          .map((item) => item.textContent)
          .join(' | ') || 'none';
      throw new Error(`No toast "${title}" / "${description ?? ''}". Shown: ${shown}`);
    }
  });
  return found!;
}
