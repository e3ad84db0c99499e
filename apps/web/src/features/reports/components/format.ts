/** Numbers as the reader's language writes them. */
export function formatNumber(value: number, language: string, digits = 0) {
  return new Intl.NumberFormat(language, { maximumFractionDigits: digits }).format(value);
}
/** Whole amounts in the call's currency ("€18,951", "£18,951"). */
export function formatMoney(value: number, language: string, currency: string) {
  return new Intl.NumberFormat(language, { style: 'currency', currency, maximumFractionDigits: 0 }).format(value);
}
