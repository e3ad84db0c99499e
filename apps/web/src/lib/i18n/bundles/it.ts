import { mergeLocaleFiles } from '../merge';

/** Every it.json of the app, merged: one chunk per language, loaded only for a reader of it. */
export default mergeLocaleFiles(
  import.meta.glob<Record<string, unknown>>(['../../../locales/it.json', '../../../features/*/locales/it.json'], {
    eager: true,
    import: 'default',
  }),
);
