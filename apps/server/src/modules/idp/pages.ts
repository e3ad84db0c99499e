import type { TConfig, TLanguage } from '@impact/domain';
import { escapeHtml as e } from '../../lib/html';
import type { IdpTexts } from './texts';

export type PageContext = { language: TLanguage; t: IdpTexts; brand: Pick<TConfig, 'name' | 'logoBase64'> };
type Field = {
  name: string;
  label: string;
  type?: string;
  value?: string;
  autocomplete?: string;
  error?: string;
  hint?: string;
};
type Notice = { kind: 'error' | 'info' | 'success'; text: string };

// Text colours reach 4.5:1 on their surface (idp-page-contrast.test.ts checks each).
const STYLE = `*{box-sizing:border-box}body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif;background:#f8f9fa;color:#212529}
header{background:#fff;border-bottom:1px solid #dee2e6;height:72px;display:flex;align-items:center;gap:12px;padding:0 16px}
header img{width:50px;height:50px;object-fit:contain}header strong{font-size:18px}
footer{text-align:center;padding:0 16px 24px;font-size:14px}
main{display:flex;justify-content:center;padding:48px 16px}
.card{background:#fff;border:1px solid #dee2e6;border-radius:16px;box-shadow:0 1px 3px rgba(0,0,0,.05);padding:32px;width:100%;max-width:440px}
h1{font-size:26px;margin:0 0 8px}p{line-height:1.5}.intro{color:#495057;margin:0 0 20px}
label{display:block;font-weight:600;font-size:14px;margin:14px 0 6px}
input{width:100%;padding:10px 12px;border:1px solid #ced4da;border-radius:8px;font-size:16px}
input:focus,button:focus,a:focus{outline:3px solid #63e6be;outline-offset:2px}
input[aria-invalid=true]{border-color:#e03131}.field-error{color:#c92a2a;font-size:13px;margin-top:4px}
.hint{color:#666d74;font-size:13px;margin-top:4px}
button{margin-top:20px;width:100%;padding:12px;border:0;border-radius:8px;background:#087f5b;color:#fff;font-size:16px;font-weight:600;cursor:pointer}
button.secondary{background:#fff;color:#087f5b;border:1px solid #087f5b}
.notice{border-radius:8px;padding:12px;margin:0 0 16px;font-size:14px}.notice.error{background:#fff5f5;color:#c92a2a;border:1px solid #ffc9c9}
.notice.info{background:#e7f5ff;color:#1864ab;border:1px solid #a5d8ff}.notice.success{background:#ebfbee;color:#237032;border:1px solid #b2f2bb}
.links{margin-top:20px;font-size:14px;display:flex;flex-direction:column;gap:8px}a{color:#087f5b}
.button-link{display:block;text-align:center;margin-top:20px;padding:12px;border-radius:8px;background:#087f5b;color:#fff;text-decoration:none;font-weight:600}`;

const DEFAULT_LOGO =
  'data:image/svg+xml;base64,' +
  Buffer.from(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="14" fill="#0b7285"/><circle cx="32" cy="32" r="17" fill="none" stroke="#fff" stroke-width="4"/><circle cx="32" cy="32" r="7" fill="#ffd43b"/></svg>',
  ).toString('base64');

export function layout(ctx: PageContext, title: string, content: string, options: { scripts?: string[] } = {}) {
  const logo = ctx.brand.logoBase64 || DEFAULT_LOGO;
  const scripts = (options.scripts ?? []).map((src) => `<script src="${e(src)}" defer></script>`).join('');
  return `<!doctype html><html lang="${ctx.language}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>${e(title)} · ${e(ctx.brand.name)}</title>
<style>${STYLE}</style>${scripts}</head><body>
<header><img src="${e(logo)}" alt=""><strong>${e(ctx.brand.name)}</strong></header>
<main id="main"><div class="card">${content}</div></main>
<footer><a href="/accessibility">${e(ctx.t.accessibility)}</a></footer></body></html>`;
}

export function notice(n: Notice | undefined) {
  if (!n) return '';
  return `<div class="notice ${n.kind}" role="${n.kind === 'error' ? 'alert' : 'status'}">${e(n.text)}</div>`;
}

function field(f: Field) {
  const id = `f-${f.name}`;
  const described = [f.error ? `${id}-error` : '', f.hint ? `${id}-hint` : ''].filter(Boolean).join(' ');
  return `<label for="${id}">${e(f.label)}</label>
<input id="${id}" name="${e(f.name)}" type="${f.type ?? 'text'}" value="${e(f.value ?? '')}" required
 ${f.autocomplete ? `autocomplete="${f.autocomplete}"` : ''} ${f.error ? 'aria-invalid="true"' : ''} ${described ? `aria-describedby="${described}"` : ''}>
${f.hint ? `<div class="hint" id="${id}-hint">${e(f.hint)}</div>` : ''}${f.error ? `<div class="field-error" id="${id}-error">${e(f.error)}</div>` : ''}`;
}

export function form(action: string, fields: Field[], submit: string, extra = '') {
  return `<form method="post" action="${e(action)}" novalidate>${fields.map(field).join('')}${extra}<button type="submit">${e(submit)}</button></form>`;
}

export function passwordHint(t: IdpTexts) {
  return t.passwordHint;
}

export function links(items: Array<{ href: string; text: string; prefix?: string }>) {
  return `<div class="links">${items
    .map((i) => `<span>${i.prefix ? `${e(i.prefix)} ` : ''}<a href="${e(i.href)}">${e(i.text)}</a></span>`)
    .join('')}</div>`;
}

export function messagePage(ctx: PageContext, title: string, text: string, action?: { href: string; text: string }) {
  return layout(
    ctx,
    title,
    `<h1>${e(title)}</h1><p class="intro">${e(text)}</p>${action ? `<a class="button-link" href="${e(action.href)}">${e(action.text)}</a>` : ''}`,
  );
}
