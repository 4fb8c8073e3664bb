import type { Page } from '@playwright/test';
import { api, DESKTOP, expect, expectAccessible, MEMBERS, PHONE, signInMember, test } from './member-helpers.ts';

/**
 * The profile photo in the member app (decision 028): initials until there is one, choose a new
 * one (type and size checked before sending, progress while it goes, the server's refusal shown),
 * the photo read with the bearer token into a blob URL, and remove it. The guardian's account.
 */

/** A 256 px PNG drawn in the page: a photo-like gradient with a shape, as a camera roll would give. */
const drawPhoto = (page: Page) =>
  page.evaluate(async () => {
    const canvas = document.createElement('canvas');
    canvas.width = 256;
    canvas.height = 256;
    const g = canvas.getContext('2d') as CanvasRenderingContext2D;
    const sky = g.createLinearGradient(0, 0, 0, 256);
    sky.addColorStop(0, '#7dc4f5');
    sky.addColorStop(1, '#2f6fb0');
    g.fillStyle = sky;
    g.fillRect(0, 0, 256, 256);
    g.fillStyle = '#f2c9a0';
    g.beginPath();
    g.arc(128, 104, 52, 0, Math.PI * 2);
    g.fill();
    g.fillStyle = '#1f3a5f';
    g.beginPath();
    g.ellipse(128, 256, 100, 86, 0, 0, Math.PI * 2);
    g.fill();
    const blob = await new Promise<Blob>((resolve) => canvas.toBlob((b) => resolve(b as Blob), 'image/png'));
    return [...new Uint8Array(await blob.arrayBuffer())];
  });

const choose = (page: Page, file: { name: string; mimeType: string; buffer: Buffer }) =>
  page.locator('input[type="file"]').setInputFiles(file);

for (const [size, device] of [
  ['phone', PHONE],
  ['desktop', DESKTOP],
] as const) {
  test.describe(`at ${size} size`, () => {
    test.use(device);

    test('choose a photo, see it, and remove it', async ({ page, baseURL, shot }) => {
      // Start from initials whatever an earlier run left.
      await api(baseURL as string, MEMBERS.parent, 'DELETE', '/me/photo');
      await signInMember(page, MEMBERS.parent, '/m/profile');
      const avatar = page.getByTestId('profile-photo');
      await expect(avatar).toHaveAttribute('data-photo', 'initials');
      await expect(page.getByRole('button', { name: 'Remove photo' })).toHaveCount(0);

      // Checked before sending: the type, then the size (the server's 5 MB).
      await choose(page, { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
      await expect(page.getByRole('alert')).toContainText('Choose a JPEG, PNG or WebP image');
      await choose(page, { name: 'huge.png', mimeType: 'image/png', buffer: Buffer.alloc(5 * 1024 * 1024 + 1) });
      await expect(page.getByRole('alert')).toContainText('larger than 5 MB');
      // A text file named .png is no picture; the phone says so before sending it.
      await choose(page, { name: 'fake.png', mimeType: 'image/png', buffer: Buffer.from('not really a picture') });
      await expect(page.getByRole('alert')).toContainText('not a picture this phone can open');
      const png = Buffer.from(await drawPhoto(page));
      // The server's refusal (here, as if the school's proxy took less than 5 MB) is shown as it says it.
      await page.route('**/api/me/photo', (route) =>
        route.fulfill({ status: 413, json: { statusCode: 413, message: 'Request body is too large' } }),
      );
      await choose(page, { name: 'me.png', mimeType: 'image/png', buffer: png });
      await expect(page.getByRole('alert')).toContainText('Your photo was not saved: Request body is too large');
      await expect(avatar).toHaveAttribute('data-photo', 'initials');
      await page.unroute('**/api/me/photo');

      // The photo: the chosen picture and progress while it goes (the answer held back a moment).
      await page.route('**/api/me/photo', async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 800));
        await route.continue();
      });
      await choose(page, { name: 'me.png', mimeType: 'image/png', buffer: png });
      await expect(page.getByRole('progressbar', { name: 'Uploading your photo' })).toBeAttached();
      await expect(page.getByText(/^(Uploading… \d+%|Saving…)$/)).toBeVisible();
      await expect(page.getByRole('alert')).toHaveCount(0);
      await expect(page.getByText('Photo saved')).toBeVisible({ timeout: 15_000 });
      await page.unroute('**/api/me/photo');
      await expect(page.getByRole('progressbar')).toHaveCount(0);
      const photo = page.getByRole('img', { name: /^Photo of / });
      await expect(photo).toBeVisible();
      await expect(photo).toHaveAttribute('src', /^blob:/);
      await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(256);

      // After a reload the photo comes from /api/photos/<key>, read with the bearer token.
      const read = page.waitForResponse((r) => /\/api\/photos\/[0-9a-f]{32}$/.test(r.url()));
      await page.reload();
      expect((await read).status()).toBe(200);
      await expect(page.getByRole('img', { name: /^Photo of / })).toHaveAttribute('src', /^blob:/);
      await expect(page.getByRole('button', { name: 'Change photo' })).toBeVisible();
      await expectAccessible(page, `the profile with a photo (${size})`);
      await shot(`member-photo-${size}`);
      if (size === 'phone') {
        await page.getByRole('button', { name: 'Switch to dark mode' }).click();
        await expectAccessible(page, 'the profile with a photo, dark (phone)');
        await shot('member-photo-phone-dark');
        await page.getByRole('button', { name: 'Switch to light mode' }).click();
      }

      await page.getByRole('button', { name: 'Remove photo' }).click();
      await expect(page.getByText('Photo removed')).toBeVisible();
      await expect(avatar).toHaveAttribute('data-photo', 'initials');
      await expect(page.getByRole('button', { name: 'Add a photo' })).toBeVisible();
    });
  });
}
