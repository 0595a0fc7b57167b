import { render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Avatar, AvatarFallback, AvatarImage } from './avatar';

/**
 * jsdom never loads images: this stands in for the browser's image loader, answering every photo
 * address with `outcome` (a photo the server no longer shows the viewer answers 404: 'error').
 */
function imagesWill(outcome: 'load' | 'error') {
  class FakeImage extends EventTarget {
    referrerPolicy = '';
    crossOrigin: string | null = null;
    naturalWidth = 0;
    complete = false;
    set src(_value: string) {
      setTimeout(() => {
        this.complete = true;
        if (outcome === 'load') this.naturalWidth = 64;
        this.dispatchEvent(new Event(outcome));
      }, 0);
    }
  }
  vi.stubGlobal('Image', FakeImage);
}

function renderAvatar() {
  return render(
    <Avatar data-testid="avatar">
      <AvatarImage src="/api/avatars/k3yOfSomeOnesPhoto1" alt="" />
      <AvatarFallback>RM</AvatarFallback>
    </Avatar>,
  );
}

describe('Avatar', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the photo once it has loaded', async () => {
    imagesWill('load');
    renderAvatar();

    await waitFor(() =>
      expect(screen.getByTestId('avatar').querySelector('img')).toHaveAttribute(
        'src',
        '/api/avatars/k3yOfSomeOnesPhoto1',
      ),
    );
    expect(screen.queryByText('RM')).not.toBeInTheDocument();
  });

  it('keeps the initials, and no broken image, when the photo answers 404', async () => {
    imagesWill('error');
    renderAvatar();

    expect(screen.getByText('RM')).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(screen.getByText('RM')).toBeInTheDocument();
    expect(screen.getByTestId('avatar').querySelector('img')).toBeNull();
  });
});
