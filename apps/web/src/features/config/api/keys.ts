/** Query keys of the branding admin; the active config (configQueryKey) is refreshed with them. */
export const configKeys = {
  all: ['config-admin'] as const,
  list: () => [...configKeys.all, 'list'] as const,
  canCustomize: () => [...configKeys.all, 'can-customize'] as const,
};
