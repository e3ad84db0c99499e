import {
  Badge,
  Button,
  CloseButton,
  createTheme,
  DEFAULT_THEME,
  type FileInputProps,
  type MantineColorsTuple,
  type ModalProps,
  type MultiSelectProps,
  Notification,
  type PaginationProps,
  type SelectProps,
} from '@mantine/core';
import { keepEnterInSelect } from '../lib/select-enter';

/**
 * WCAG 2.2 AA contrast (1.4.3, 4.5:1) is fixed here, once, so every page inherits it.
 * Mantine paints filled buttons and badges with shade 8 (our primaryShade) under white text,
 * outline buttons with shade 8 on white (a 5 % tint of it under the pointer), and "light" and
 * "subtle" variants (active nav item, avatars, light badges, light buttons) with shade 9 on shade
 * 1, and on shade 2 under the pointer; for most default palettes those pairs fall between 2.5:1
 * and 4.4:1 (a hovered "Back to calls" read 4.06:1, a hovered red outline 4.33:1). Shades 8 and 9 below are the
 * defaults darkened just enough to reach 4.6:1 on those backgrounds (measured with the WCAG
 * formula; `theme-contrast.test.ts` checks every palette), so the brand teal stays teal; shades
 * 0–7 are untouched.
 */
const darker: Record<string, [string, string]> = {
  teal: ['#08805c', '#077050'],
  red: ['#d42e2e', '#af2424'],
  cyan: ['#0c7b8d', '#0a697a'],
  green: ['#268137', '#247234'],
  lime: ['#4c7d0b', '#48740b'],
  yellow: ['#a56000', '#a35400'],
  orange: ['#c14a0a', '#ac390c'],
  blue: ['#1971c2', '#165b9c'],
  indigo: ['#3b5bdb', '#3249b7'],
  violet: ['#6741d9', '#5939b8'],
};

const colors = Object.fromEntries(
  Object.entries(darker).map(([name, [s8, s9]]) => {
    const base = DEFAULT_THEME.colors[name] as MantineColorsTuple;
    return [name, [...base.slice(0, 8), s8, s9] as unknown as MantineColorsTuple];
  }),
);

export const theme = createTheme({
  primaryColor: 'teal',
  primaryShade: 8,
  colors,
  defaultRadius: 'md',
  fontFamily:
    'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", "Noto Sans", "Liberation Sans", Arial, sans-serif',
  headings: {
    fontWeight: '700',
    // WCAG 1.4.10: at 320 px a long Italian word ("amministrazione") must fit; the page title scales down.
    sizes: { h1: { fontSize: 'clamp(1.5rem, 1.1rem + 2vw, 2.125rem)' } },
  },
  focusRing: 'auto',
  // A reader who asked the system for less motion (vestibular disorders, WCAG 2.3.3) gets dialogs,
  // menus and notices that appear at once instead of sliding and fading.
  respectReducedMotion: true,
  components: {
    // A loader with a name ("Caricamento") needs a role to carry it (axe aria-prohibited-attr on a
    // bare <span>); `status` also tells a screen reader the page is busy. Named by key, not by
    // `Loader.extend`, so the first script does not grow.
    Loader: { defaultProps: { role: 'status' } },
    // A dialog's <header> (its title and close button) is read as a second banner of the page
    // (axe: landmark-no-duplicate-banner): it is the dialog's heading row, not a landmark.
    ModalHeader: { defaultProps: { role: 'presentation' } },
    // A menu's hidden focus holder (a focusable "presentation" element) is not an item, which a
    // menu may hold only (axe: aria-required-children, critical): opened, the first item takes focus.
    Menu: { defaultProps: { withInitialFocusPlaceholder: false } },
    DrawerHeader: { defaultProps: { role: 'presentation' } },
    // Enter in a closed select does not submit its form (lib/select-enter.ts). Named by key, so the
    // selects stay out of the first script.
    Select: { defaultProps: { onKeyDown: keepEnterInSelect } satisfies Partial<SelectProps> },
    MultiSelect: { defaultProps: { onKeyDown: keepEnterInSelect } satisfies Partial<MultiSelectProps> },
    // WCAG 1.4.10/1.4.4: at 320 px or 200 % text a long label wraps instead of being cut off.
    Button: Button.extend({
      styles: {
        root: { height: 'auto', minHeight: 'var(--button-height)', maxWidth: '100%' },
        inner: { paddingBlock: 4 },
        label: { whiteSpace: 'normal', overflow: 'visible', textAlign: 'center', lineHeight: 1.25 },
      },
    }),
    // Status badges ("In corso", "Aperto") showed as "IN…": a badge keeps its whole word, wrapping
    // between words if it must. `break-word`, not `anywhere`: a table sized its status column to a
    // letter or two and broke "IN COMPILAZIONE" mid-word; a word longer than the whole line still breaks.
    Badge: Badge.extend({
      styles: {
        root: { flexShrink: 0, maxWidth: '100%', height: 'auto', minHeight: 'var(--badge-height)' },
        label: { overflow: 'visible', textOverflow: 'clip', whiteSpace: 'normal', overflowWrap: 'break-word' },
      },
    }),
  },
});

/** Names for Mantine's icon-only buttons (WCAG 4.1.2), in the page's language. */
export type CloseLabels = {
  close: string;
  closeNotification: string;
  clearFile: string;
  /** Pagination's arrow buttons: first, previous, next, last. */
  pageControls: Record<'first' | 'previous' | 'next' | 'last', string>;
  /** A calendar's arrows (previous/next month, year or decade). */
  calendar: { previous: string; next: string; confirm: string; clear: string };
};

export function withCloseLabels(labels: CloseLabels) {
  return createTheme({
    ...theme,
    components: {
      ...theme.components,
      // CloseButton's props type omits ARIA attributes; they reach the <button> all the same.
      CloseButton: CloseButton.extend({
        defaultProps: { 'aria-label': labels.close } as Record<string, string>,
      }),
      // Modal, FileInput and Pagination are named by key with their props' types, not by
      // `Component.extend`: importing them here would bring them (and the dialog's focus trap and
      // positioning code) into the script every first visit waits for, though only later pages use them.
      Modal: { defaultProps: { closeButtonProps: { 'aria-label': labels.close } } satisfies Partial<ModalProps> },
      Notification: Notification.extend({
        defaultProps: { closeButtonProps: { 'aria-label': labels.closeNotification } },
      }),
      FileInput: {
        defaultProps: { clearButtonProps: { 'aria-label': labels.clearFile } } satisfies Partial<FileInputProps>,
      },
      // @mantine/dates, named by key so the theme does not pull the date pickers into the entry
      // bundle: arrows get names and the calendar popup is not a dialog named by an empty input.
      CalendarHeader: { defaultProps: { previousLabel: labels.calendar.previous, nextLabel: labels.calendar.next } },
      PickerInputBase: { defaultProps: { popoverProps: { withRoles: false } } },
      // The date-and-time dropdown's check button, an icon alone (axe button-name, critical), and
      // its clear button, which would otherwise be named "Close" like every close button.
      DateTimePicker: {
        defaultProps: {
          submitButtonProps: { 'aria-label': labels.calendar.confirm },
          clearButtonProps: { 'aria-label': labels.calendar.clear },
        },
      },
      // The day field's clear button (components/date-field.tsx), named as the picker's.
      DateInput: { defaultProps: { clearButtonProps: { 'aria-label': labels.calendar.clear } } },
      Pagination: {
        defaultProps: {
          getControlProps: (control) => ({ 'aria-label': labels.pageControls[control] }),
        } satisfies Partial<PaginationProps>,
      },
    },
  });
}

/**
 * Secondary ("dimmed") text: Mantine's gray-6 is 3.3:1 on white; #666d74 is 5.2:1 on white and
 * 4.7:1 on the gray-1 surfaces. Errors use red-8 (5.0:1) instead of red-6 (3.3:1).
 */
export const cssVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': '#666d74',
    '--mantine-color-error': 'var(--mantine-color-red-8)',
    // Placeholders that stand in for a label ("Scegli un file", "gg/mm/aaaa") are read as text: 4.7:1.
    '--mantine-color-placeholder': '#6c757d',
  },
  dark: {},
});
