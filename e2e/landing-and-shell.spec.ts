import { test, expect } from '@playwright/test';
import enLanding from '../apps/web/src/locales/en/landing.json' with { type: 'json' };
import esLanding from '../apps/web/src/locales/es/landing.json' with { type: 'json' };
import { DEMO_PASSWORD } from './support/auth';

const FOOTER_LINKS = [
  '/dashboard',
  '/studies',
  '/patients',
  '/analytics',
  '/etmf',
  '/ertms',
  '/ctms',
  '/compliance',
];

test('landing -> Explore Platform -> login -> dashboard with the figures from the database', async ({
  page,
}) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    `${enLanding.hero.title} ${enLanding.hero.titleHighlight}`,
  );
  await expect(page.getByTestId('feature-card')).toHaveCount(12);
  await expect(page.getByTestId('differentiator')).toHaveCount(6);
  await expect(page.getByTestId('module-blurb')).toHaveCount(4);
  // Every module card leads to its screen.
  await expect(page.getByTestId('module-blurb').getByRole('link')).toHaveCount(4);
  await expect(page.getByRole('link', { name: 'Open eTMF' })).toHaveAttribute('href', '/etmf');
  await expect(page.getByRole('link', { name: 'Access Platform' })).toHaveAttribute('href', '/dashboard');
  await expect(page.getByRole('link', { name: 'View Studies' })).toHaveAttribute('href', '/studies');
  const footerHrefs = await page
    .locator('footer a')
    .evaluateAll((links) => links.map((a) => a.getAttribute('href')));
  expect(footerHrefs).toEqual(FOOTER_LINKS);

  await page.getByRole('link', { name: 'Explore Platform' }).click();
  await expect(page).toHaveURL(/\/login\?next=%2Fdashboard$/);
  await page.getByLabel('Email').fill('data-manager@demo.local');
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();

  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText('AI Insights Ready')).toBeVisible();
  const score = page.getByTestId('data-quality-score');
  await expect(score).toHaveText(/^\d+(\.\d+)?%$/);
  // The figure on the page is the one the server computes for this user, not a default.
  const overview = await (await page.request.get('/api/dashboard/overview')).json();
  await expect(score).toHaveText(`${overview.dataQualityScore}%`);
});

test('the landing page switches to Spanish and back to English', async ({ page }) => {
  await page.goto('/');
  const hero = page.getByRole('heading', { level: 1 });
  await expect(hero).toHaveText(`${enLanding.hero.title} ${enLanding.hero.titleHighlight}`);

  await page.getByRole('button', { name: enLanding.nav.language }).click();
  await page.getByRole('menuitem', { name: 'Español' }).click();
  await expect(hero).toHaveText(`${esLanding.hero.title} ${esLanding.hero.titleHighlight}`);
  await expect(page.getByRole('link', { name: esLanding.hero.explore })).toHaveAttribute(
    'href',
    '/dashboard',
  );
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');

  // Back to English for the tests that follow (the choice is remembered).
  await page.getByRole('button', { name: esLanding.nav.language }).click();
  await page.getByRole('menuitem', { name: 'English' }).click();
  await expect(hero).toHaveText(`${enLanding.hero.title} ${enLanding.hero.titleHighlight}`);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
});

test('the log-in page explains a refused log-in and a missing field, in the reader language', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('Email').fill('data-manager@demo.local');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('Enter your password')).toBeVisible();
  await expect(page.getByLabel('Password')).toBeFocused();
  await page.getByLabel('Password').fill('not-the-password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('Invalid email or password')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  // The same refusal in Spanish: the messages' strings load with the first one, in the chosen language.
  await page.evaluate(() => localStorage.setItem('ctp.language', 'es'));
  await page.reload();
  await page.locator('#email').fill('data-manager@demo.local');
  await page.locator('#password').fill('not-the-password');
  await page.locator('form button[type=submit]').click();
  await expect(page.getByText('Correo electrónico o contraseña no válidos')).toBeVisible();
});
