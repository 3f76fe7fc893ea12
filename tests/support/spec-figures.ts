/**
 * The specification's figures, written once for every test (../shared/spec/site-spec.md §9 and the design card:
 * "£799 one-time setup and £199 per month", package identifier `gold`). Tests take their expected values from here,
 * never from the code they test, so a change made in the code alone fails them; a change the specification makes is
 * made here.
 */
export const PACKAGE = 'gold';
export const CURRENCY = 'gbp';
/** The one-time setup, in pence, and as people read it. */
export const SETUP_PENCE = 79_900;
export const SETUP_TEXT = '£799.00';
/** The monthly fee, in pence, and as people read it. */
export const MONTHLY_PENCE = 19_900;
export const MONTHLY_TEXT = '£199.00';
/** The two together: what a first invoice would charge if the first month were billed on day one. */
export const SETUP_AND_MONTH_PENCE = SETUP_PENCE + MONTHLY_PENCE;
export const SETUP_AND_MONTH_TEXT = '£998.00';
/** Half a month of the monthly fee: what a prorated half period charges. */
export const HALF_MONTH_PENCE = MONTHLY_PENCE / 2;
/** As the site's pages write them. */
export const SETUP_SHORT = '£799';
export const MONTHLY_SHORT = '£199';
