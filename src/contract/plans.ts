/** What we sell: credit packages for starter accounts and the Pro subscription. Prices in cents. */
export const CREDIT_PACKAGES = [
  { id: 'small', name: 'Small', credits: 5, priceCents: 999, blurb: 'Try the grader on a few cards.' },
  { id: 'standard', name: 'Standard', credits: 20, priceCents: 2999, blurb: 'Our most popular pack: a binder page a month.' },
  { id: 'large', name: 'Large', credits: 60, priceCents: 7499, blurb: 'For sorting a whole collection before submitting.' },
] as const;
export type TCreditPackageId = (typeof CREDIT_PACKAGES)[number]['id'];
export const DEFAULT_CREDIT_PACKAGE: TCreditPackageId = 'standard';

/**
 * What Pro adds. Sharing is not in it: every signed-in account, Starter or Pro, can make a binder
 * public and send its link (issue 15) — the product checks no plan, so the pricing page must not
 * sell it as a Pro perk. SHARING_LINE says so on the pricing page.
 */
export const PRO_PLAN = {
  id: 'pro-monthly',
  name: 'Pro',
  priceCents: 1999,
  interval: 'month',
  perks: ['Unlimited gradings', 'Weekly market value updates for every graded card', 'Priority grading queue'],
} as const;

/** Who can share, as the product does it (binders/, share/): said once, shown on the pricing page. */
export const SHARING_LINE =
  'Every account, Starter or Pro, can make a binder public and share its link. The people you send it to need no account to open it.';

/** Credits a new starter account begins with. */
export const STARTER_FREE_CREDITS = 3;
