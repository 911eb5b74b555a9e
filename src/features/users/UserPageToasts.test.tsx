// @vitest-environment jsdom
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanupScreens, renderScreen } from '#tests/support/renderScreen.tsx';

afterEach(cleanupScreens);

/** Chooses a file in the page's photo picker (Mantine's FileButton keeps its input hidden). */
function choosePhoto(container: HTMLElement, file: File) {
  const input = container.querySelector('input[type="file"]') as HTMLInputElement;
  fireEvent.change(input, { target: { files: [file] } });
}

describe("a user's page, changing the picture", () => {
  it("tells a picture not changed in the spec's red toast, the reason under it", async () => {
    const rep = crypto.randomUUID();
    const page = await renderScreen({
      path: `/users/${rep}`,
      role: 'Admin',
      rows: { users: [{ _id: rep, name: 'Riley Rep', email: 'riley@example.com', teams: [] }] },
    });
    await screen.findByRole('button', { name: 'Change photo' });

    choosePhoto(page.container, new File(['%PDF'], 'cv.pdf', { type: 'application/pdf' }));
    let toast = (await screen.findByText('There was an error editing the user. Please try again.')).closest(
      '[role="alert"]',
    ) as HTMLElement;
    expect(within(toast).getByText('Choose a JPEG, PNG or WebP image.')).toBeTruthy();
    await cleanupScreens();

    // Offline: it needs a connection.
    const again = await renderScreen({
      path: `/users/${rep}`,
      role: 'Admin',
      rows: { users: [{ _id: rep, name: 'Riley Rep', email: 'riley@example.com', teams: [] }] },
    });
    await screen.findByRole('button', { name: 'Change photo' });
    choosePhoto(again.container, new File(['png'], 'me.png', { type: 'image/png' }));
    const reason = await screen.findByText('Changing the photo needs a connection. Try again once online.');
    toast = reason.closest('[role="alert"]') as HTMLElement;
    expect(within(toast).getByText('There was an error editing the user. Please try again.')).toBeTruthy();
  });

  it('says it in Spanish too', async () => {
    const rep = crypto.randomUUID();
    const page = await renderScreen({
      path: `/users/${rep}`,
      role: 'Admin',
      language: 'es',
      rows: { users: [{ _id: rep, name: 'Riley Rep', email: 'riley@example.com', teams: [] }] },
    });
    await screen.findByRole('button', { name: 'Cambiar foto' });
    choosePhoto(page.container, new File(['%PDF'], 'cv.pdf', { type: 'application/pdf' }));
    await screen.findByText('Hubo un error al editar el usuario. Inténtelo de nuevo.');
    expect(screen.getByText('Elige una imagen JPEG, PNG o WebP.')).toBeTruthy();
  });
});
