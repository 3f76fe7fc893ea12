/** The provider's hosted payment page, and how the double writes amounts and dates for people. */
export { formatAmount, formatDate, periodLabel } from './display-format.ts';
export { registerPayPage } from './pay-page.ts';
