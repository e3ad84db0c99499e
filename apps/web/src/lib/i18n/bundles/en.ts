import { mergeLocaleFiles } from '../merge';

/** Every en.json of the app, merged: one chunk per language, loaded only for a reader of it. */
export default mergeLocaleFiles(
  import.meta.glob<Record<string, unknown>>(['../../../locales/en.json', '../../../features/*/locales/en.json'], {
    eager: true,
    import: 'default',
  }),
);
