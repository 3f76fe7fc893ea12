/**
 * The specification's figures, written once for every test (the site specification's package, and the design card:
 * "£799 one-time setup and £199 per month", package identifier `gold`): the two amounts in pence are written, every
 * other figure (their texts, their sum, half a month) is computed from them. Tests take their expected values from
 * here, never from the code they test, so a change made in the code alone fails them; a change the specification
 * makes is made here, in the two amounts.
 */
export const PACKAGE = 'gold';
export const CURRENCY = 'gbp';

/** An amount in pence as people read it, to the penny: `£998.00`. */
const toThePenny = (pence: number) =>
  `£${(pence / 100).toLocaleString('en-GB', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
/** An amount in pence as the site's pages write it: whole pounds without pence (`£799`), with them otherwise. */
const asPagesWrite = (pence: number) =>
  pence % 100 === 0 ? `£${(pence / 100).toLocaleString('en-GB')}` : toThePenny(pence);

/** The one-time setup, in pence, and as people read it. */
export const SETUP_PENCE = 79_900;
export const SETUP_TEXT = toThePenny(SETUP_PENCE);
/** The monthly fee, in pence, and as people read it. */
export const MONTHLY_PENCE = 19_900;
export const MONTHLY_TEXT = toThePenny(MONTHLY_PENCE);
/** The two together: what a first invoice would charge if the first month were billed on day one. */
export const SETUP_AND_MONTH_PENCE = SETUP_PENCE + MONTHLY_PENCE;
export const SETUP_AND_MONTH_TEXT = toThePenny(SETUP_AND_MONTH_PENCE);
/** Half a month of the monthly fee: what a prorated half period charges. */
export const HALF_MONTH_PENCE = MONTHLY_PENCE / 2;
/** As the site's pages write them. */
export const SETUP_SHORT = asPagesWrite(SETUP_PENCE);
export const MONTHLY_SHORT = asPagesWrite(MONTHLY_PENCE);
