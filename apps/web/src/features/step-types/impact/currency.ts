import { currencySymbol, DEFAULT_CURRENCY } from '@impact/domain';
import { createContext, useContext } from 'react';
import { useTranslation } from 'react-i18next';

/** The currency of the call's money (`callCurrency`: its budget step's, else euros), given by the impact step to its parts. */
export const ImpactCurrency = createContext(DEFAULT_CURRENCY);

/** The call's currency, and its symbol as the reader's language writes it for a field's label ("£"). */
export function useImpactCurrency() {
  const currency = useContext(ImpactCurrency);
  const { i18n } = useTranslation();
  return { currency, symbol: currencySymbol(currency, i18n.language) };
}
