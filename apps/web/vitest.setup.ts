import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

// jsdom lacks these; Mantine needs them.
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: (query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  }),
});
class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
window.ResizeObserver = window.ResizeObserver ?? ResizeObserverStub;
// SurveyJS escapes ids with CSS.escape to focus the first question with an error; jsdom has no CSS.
if (!globalThis.CSS?.escape)
  Object.defineProperty(globalThis, 'CSS', { value: { escape: (value: string) => value.replace(/[^\w-]/g, '\\$&') } });

// Mantine's growing text fields listen for the fonts to load; jsdom has no document.fonts.
if (!('fonts' in document)) Object.defineProperty(document, 'fonts', { value: new EventTarget(), configurable: true });

afterEach(() => cleanup());
