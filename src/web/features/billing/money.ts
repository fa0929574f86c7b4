const formatters = new Map<string, Intl.NumberFormat>();

/** Minor units ÷ 100, en-US, in the order's currency (spec §9); the code is shown upper-case. */
export function formatMinorUnits(amount: number, currency: string): string {
  const code = currency.toUpperCase();
  let f = formatters.get(code);
  if (!f) {
    f = new Intl.NumberFormat('en-US', { style: 'currency', currency: code });
    formatters.set(code, f);
  }
  return `${f.format(amount / 100)} ${code}`;
}
