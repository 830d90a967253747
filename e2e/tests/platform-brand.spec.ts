import { expect, type Page, test } from '@playwright/test';
import { pngFile, superadminApi, SUPERADMIN } from '../fixtures';
import { expectAccessible } from '../accessibility';

const PRIMARY = '#C2410C';
const SHOTS = process.env.BRAND_SHOTS_DIR;

/** Uploads `file` as the brand image whose card is titled `title`, and waits for the notice. */
async function uploadAsset(page: Page, title: string, file: Awaited<ReturnType<typeof pngFile>>) {
  const upload = page.getByRole('button', { name: `Upload the ${title}` });
  await expect(upload).toBeDisabled();
  await page.getByLabel(`${title} file`).setInputFiles(file);
  await expect(upload).toBeEnabled();
  await upload.click();
  await expect(page.getByText(`${title} uploaded successfully!`)).toBeVisible();
}

/** The platform brand as the public API answers it. */
async function publicBrand(page: Page) {
  const res = await page.request.get('/api/public/platform-brand');
  return (await res.json()) as { footer_logo_url: string | null; favicon_url: string | null };
}

/** Saves a screenshot to the brief's shots folder when one is given (BRAND_SHOTS_DIR). */
async function shot(page: Page, name: string) {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png` });
}

// The e2e server is shared: the brand goes back to none and the default colours afterwards.
test.afterAll(async () => {
  const api = await superadminApi();
  for (const asset of ['logo', 'favicon', 'footer_logo']) {
    await api.delete(`/api/platform/brand/assets/${asset}`);
  }
  await api.put('/api/platform/brand/colors', {
    data: { primary_color: '#3B82F6', secondary_color: '#10B981' },
  });
  await api.dispose();
});

test('the superadmin brands the platform: footer logo, favicon and colours show on the sign-in pages', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/login');
  await page.getByLabel('Email').fill(SUPERADMIN.email);
  await page.getByLabel('Password', { exact: true }).fill(SUPERADMIN.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/home$/);

  await page.goto('/superadmin');
  await page.getByRole('button', { name: 'Brand Assets' }).click();
  await expect(page.getByRole('heading', { name: 'Brand Assets' })).toBeVisible();
  await uploadAsset(page, 'Footer logo', await pngFile('footer.png', 250, 40, '#0F766E'));
  await uploadAsset(page, 'Favicon', await pngFile('favicon.png', 32, 32, '#C2410C'));
  await page.getByLabel('Primary colour', { exact: true }).fill(PRIMARY);
  await page.getByRole('button', { name: 'Save Colours' }).click();
  await expect(page.getByText('Colours saved successfully!')).toBeVisible();
  const brand = await publicBrand(page);
  expect(brand.footer_logo_url).toMatch(/\/brand-assets\/superadmin\/footer-logo-\w+\.png$/);
  const footerCard = page.getByRole('region', { name: 'Footer logo' });
  await expect(footerCard.getByRole('img')).toHaveAttribute('src', brand.footer_logo_url ?? '');
  await shot(page, 'panel');
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(/\/login$/);

  // The tenant login's 'Powered by' shows the platform's footer logo, loaded.
  await page.goto('/demo/login');
  // A footer inside the sign-in card is no landmark: found as the element it is.
  const footer = page.locator('footer');
  await expect(footer.getByText('Powered by')).toBeVisible();
  const logo = footer.getByRole('img', { name: 'Tappa' });
  await expect(logo).toHaveAttribute('src', brand.footer_logo_url ?? '');
  await expect(logo).toHaveJSProperty('naturalWidth', 250);
  await shot(page, 'tenant-login');
  await expectAccessible(page);

  // /login wears the platform favicon and primary colour.
  await page.goto('/login');
  await expect(page.locator('link[rel~="icon"]')).toHaveAttribute('href', brand.favicon_url ?? '');
  const signIn = page.getByRole('button', { name: 'Sign In' });
  await expect(signIn).toHaveCSS('background-color', 'rgb(194, 65, 12)');
  await shot(page, 'login');
  await expectAccessible(page);

  // A player page at phone size, with the 'Powered by' footer.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/demo/start');
  await expect(page.locator('footer').getByRole('img', { name: 'Tappa' })).toBeVisible();
  await shot(page, 'player-start');
  await expectAccessible(page);
});

test('replacing the footer logo removes the old file', async ({ page }) => {
  const api = await superadminApi();
  const put = async (background: string) => {
    const file = await pngFile('footer.png', 250, 40, background);
    const res = await api.put('/api/platform/brand/assets/footer_logo', { multipart: { file } });
    expect(res.status()).toBe(200);
    return publicBrand(page);
  };
  const before = await put('#0F766E');
  expect((await page.request.get(before.footer_logo_url ?? '')).status()).toBe(200);
  const after = await put('#1D4ED8');
  expect(after.footer_logo_url).not.toBe(before.footer_logo_url);
  expect((await page.request.get(before.footer_logo_url ?? '')).status()).toBe(404);
  expect((await page.request.get(after.footer_logo_url ?? '')).status()).toBe(200);
  await api.dispose();
});
