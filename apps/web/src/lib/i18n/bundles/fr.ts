import { mergeLocaleFiles } from '../merge';

/** Every fr.json of the app, merged: one chunk per language, loaded only for a reader of it. */
export default mergeLocaleFiles(
  import.meta.glob<Record<string, unknown>>(['../../../locales/fr.json', '../../../features/*/locales/fr.json'], {
    eager: true,
    import: 'default',
  }),
);
