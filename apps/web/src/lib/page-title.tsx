import { useEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router';
import { useConfig } from './api/get-config';

/**
 * WCAG 2.4.2 (a title per page) and 2.4.3 (focus after navigation), once for every route.
 * The title is "<page> · <site name>": a page names itself with usePageTitle, otherwise its
 * first-level heading names it, so a page added later is titled without extra code. On each
 * navigation inside the app, focus moves to that heading so screen readers announce the new page.
 */
let explicitTitle: string | null = null;
const listeners = new Set<() => void>();

export function usePageTitle(title: string | null | undefined) {
  useEffect(() => {
    if (!title) return;
    explicitTitle = title;
    for (const l of listeners) l();
    return () => {
      if (explicitTitle === title) explicitTitle = null;
      for (const l of listeners) l();
    };
  }, [title]);
}

const mainHeading = () => document.querySelector<HTMLElement>('#main h1');
/** The heading that receives focus: a page may point at a more specific one (the wizard's step). */
const focusTarget = () => document.querySelector<HTMLElement>('#main [data-page-heading]') ?? mainHeading();

/** Rendered once by the layout: keeps document.title in step and moves focus on navigation. */
export function PageAnnouncer() {
  const { pathname } = useLocation();
  // Read when the heading is found, not a reason to look again: a replace of the same path (a
  // tab in the address) would cancel the look under way.
  const type = useNavigationType();
  const navigationType = useRef(type);
  navigationType.current = type;
  const siteName = useConfig().name;
  const last = useRef(pathname);

  useEffect(() => {
    const update = () => {
      const page = explicitTitle ?? mainHeading()?.textContent?.trim();
      const title = page && page !== siteName ? `${page} · ${siteName}` : siteName;
      if (document.title !== title) document.title = title;
    };
    listeners.add(update);
    const main = document.getElementById('main');
    const observer = new MutationObserver(update);
    if (main) observer.observe(main, { childList: true, subtree: true, characterData: true });
    update();
    return () => {
      listeners.delete(update);
      observer.disconnect();
    };
  }, [siteName]);

  useEffect(() => {
    // The first load keeps the browser's own focus; later navigations move it to the new heading.
    if (last.current === pathname) return;
    last.current = pathname;
    const before = document.activeElement;
    let tries = 0;
    const timer = window.setInterval(() => {
      // Lazy pages and data arrive after the URL changes: wait (bounded) for the heading.
      const heading = focusTarget() ?? (tries > 40 ? document.getElementById('main') : null);
      tries += 1;
      if (!heading && tries <= 41) return;
      window.clearInterval(timer);
      if (!heading || heading.contains(document.activeElement)) return;
      // The page already put focus on something of its own (a form's first field): leave it there.
      const active = document.activeElement;
      const main = document.getElementById('main');
      if (active && active !== before && active !== document.body && active !== main && main?.contains(active)) return;
      if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
      // Back and Forward return the page to where the reader was (the layout's useNewPageAtTop):
      // the heading is announced without scrolling the page up to it.
      heading.focus({ preventScroll: navigationType.current === 'POP' });
    }, 50);
    return () => window.clearInterval(timer);
  }, [pathname]);

  return null;
}
