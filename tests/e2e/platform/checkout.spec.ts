import { SETUP_TEXT } from '../../support/spec-figures.ts';
import { payOnPage, sessionRecord, startCheckout } from '../checkout/checkout-support.ts';
import { accounts, checkoutSessions, HARNESS, SITE, signIn } from '../support/harness.ts';
import { expect, test } from '../support/test.ts';

test('checkout end to end: Pricing → Loading... → payment page → Pay → PaymentSuccess, order paid', async ({
  page,
  request,
}) => {
  await page.goto('/Pricing');
  const button = page.getByRole('button', { name: 'Get Started Now' });
  // Hold the backend call long enough to see the pending state.
  await page.route('**/functions/createCheckout', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    await route.continue();
  });
  await button.click();
  // One locator for both facts: the label reads Loading... while the button is disabled.
  await expect(page.getByRole('button', { name: 'Loading...', disabled: true })).toBeVisible();

  await expect(page).toHaveURL(new RegExp(`^${HARNESS}/__harness/pay/cs_test_[A-Za-z0-9]{58}$`));
  const sessionId = page.url().split('/').pop() ?? '';
  await expect(page.getByText(`Due today ${SETUP_TEXT}`)).toBeVisible();
  await payOnPage(page, sessionId, 'card');
  const session = (await checkoutSessions(request)).find((o) => o.id === sessionId);
  expect(session?.status).toBe('paid');
});

test('signed out, the buyer must type an e-mail the provider accepts before Pay goes through', async ({
  page,
  request,
}) => {
  const sessionId = await startCheckout(page);
  const email = page.getByLabel('Email');
  await expect(email).toHaveValue('');

  // Empty: the browser keeps the form (the field is required) and nothing is paid.
  await page.getByRole('button', { name: 'Pay' }).click();
  expect(await email.evaluate((input: HTMLInputElement) => input.validity.valueMissing)).toBe(true);
  await expect(page).toHaveURL(`${HARNESS}/__harness/pay/${sessionId}`);

  // An address the browser takes but the provider does not (no dot in its domain): the page says so, still open.
  await email.fill('buyer@localhost');
  await page.getByRole('button', { name: 'Pay' }).click();
  await expect(page.getByRole('alert')).toHaveText('Enter a valid e-mail address.');
  expect((await checkoutSessions(request)).find((o) => o.id === sessionId)?.status).toBe('open');

  await payOnPage(page, sessionId, 'card', 'buyer@example.co.uk');
  expect((await sessionRecord(request, sessionId)).customer_email).toBe('buyer@example.co.uk');
});

test("signed in, the buyer's e-mail is prefilled and Pay needs nothing typed", async ({ page, request }) => {
  const token = await signIn(request, 'user');
  await page.goto(`/Pricing?access_token=${token}`);
  await page.getByRole('button', { name: 'Get Started Now' }).click();
  await expect(page).toHaveURL(new RegExp(`^${HARNESS}/__harness/pay/cs_test_`));
  const sessionId = page.url().split('/').pop() ?? '';
  await expect(page.getByLabel('Email')).toHaveValue(accounts.user.email);
  await page.getByRole('button', { name: 'Pay' }).click();
  await expect(page).toHaveURL(`${SITE}/PaymentSuccess?session_id=${sessionId}`);
  await expect(page.getByTestId('order-reference')).toHaveText(sessionId.slice(-12));
  expect((await sessionRecord(request, sessionId)).customer_email).toBe(accounts.user.email);
});

test('Cancel on the payment page returns to Pricing and leaves the checkout session cancelled', async ({
  page,
  request,
}) => {
  await page.goto('/Pricing');
  await page.getByRole('button', { name: 'Get Started Now' }).click();
  await expect(page).toHaveURL(/\/__harness\/pay\/cs_test_/);
  const sessionId = page.url().split('/').pop() ?? '';
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(`${SITE}/Pricing`);
  await expect(page.getByRole('button', { name: 'Get Started Now' })).toBeEnabled();
  expect((await checkoutSessions(request)).find((o) => o.id === sessionId)?.status).toBe('cancelled');
});

test('a double click makes one createCheckout call', async ({ page }) => {
  await page.goto('/Pricing');
  let calls = 0;
  await page.route('**/functions/createCheckout', async (route) => {
    calls++;
    await new Promise((resolve) => setTimeout(resolve, 300));
    await route.continue();
  });
  await page.getByRole('button', { name: 'Get Started Now' }).dblclick();
  await expect(page).toHaveURL(/\/__harness\/pay\/cs_test_/);
  expect(calls).toBe(1);
});

for (const [label, answer] of [
  ['a backend failure', { status: 500, body: { message: 'boom' } }],
  ['an answer on a host not on the allow-list', { status: 200, body: { url: 'https://evil.com/pay' } }],
  ['an http URL of the provider', { status: 200, body: { url: 'http://checkout.stripe.com/c/pay' } }],
  ['a look-alike host', { status: 200, body: { url: 'https://checkout.stripe.com.evil.com/pay' } }],
  ['a javascript: URL', { status: 200, body: { url: 'javascript:alert(1)' } }],
  ['user-info in the URL', { status: 200, body: { url: 'https://checkout.stripe.com@evil.com/' } }],
] as const) {
  test(`checkout with ${label}: the alert, no navigation, the button usable again`, async ({ page }) => {
    await page.goto('/Pricing');
    let calls = 0;
    await page.route('**/functions/createCheckout', async (route) => {
      calls++;
      await route.fulfill({ status: answer.status, json: answer.body });
    });
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    const alerts: string[] = [];
    page.on('dialog', (dialog) => {
      alerts.push(`${dialog.type()}: ${dialog.message()}`);
      void dialog.accept();
    });
    await page.getByRole('button', { name: 'Get Started Now' }).click();
    await expect.poll(() => alerts).toEqual(['alert: Failed to start checkout. Please try again.']);
    await expect(page).toHaveURL(`${SITE}/Pricing`);
    const button = page.getByRole('button', { name: 'Get Started Now' });
    await expect(button).toBeEnabled();
    expect(errors.some((text) => text.includes('Checkout failed'))).toBe(true);
    await button.click();
    await expect.poll(() => alerts.length).toBe(2);
    await expect.poll(() => calls).toBe(2);
  });
}
