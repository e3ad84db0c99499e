/** Numbers as the reader's language writes them. */
export function formatNumber(value: number, language: string, digits = 0) {
  return new Intl.NumberFormat(language, { maximumFractionDigits: digits }).format(value);
}
export function formatMoney(value: number, language: string) {
  return new Intl.NumberFormat(language, { style: 'currency', currency: 'EUR', maximumFractionDigits: 0 }).format(
    value,
  );
}
