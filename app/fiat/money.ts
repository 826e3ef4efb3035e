/** Money in the page's language: `$250.00`, `250,00 €`. */
export function formatMoney(value: string, currency: string, lang: string): string {
  try {
    return new Intl.NumberFormat(lang, { style: 'currency', currency: currency.toUpperCase() }).format(
      Number(value),
    );
  } catch {
    return `${value} ${currency.toUpperCase()}`;
  }
}
