// The page's language: English, French or Spanish. The first visit takes it from the browser's
// languages (navigator.languages, best first: fr-CA reads French, es-419 Spanish, a language
// without a catalog is skipped, English when none matches); the menu of the top bar changes
// it at once, without a reload, and this browser remembers the choice (localStorage).
// <html lang> follows it. Only what is shown changes: the actions sent stay the English ones.

import { html } from './html.js';
import { currentLang, hasMessage, loadMessages, t } from './i18n.js';

// The languages with a catalog, each named in its own language: a reader finds theirs
// whatever the page's language is (these names are not translated).
export const languages = [
  { id: 'en', name: 'English' },
  { id: 'fr', name: 'Français' },
  { id: 'es', name: 'Español' },
];
const ids = languages.map((l) => l.id);
const key = 'starnexus.lang';

// matchLang is the first language of prefs (BCP 47 tags, best first) that has a catalog,
// matched by its primary subtag; English when none has.
export function matchLang(prefs) {
  for (const p of prefs || []) {
    const base = String(p).trim().toLowerCase().split(/[-_]/)[0];
    if (ids.includes(base)) return base;
  }
  return 'en';
}

// savedLang is the language this browser chose with the menu, or ''.
export function savedLang() {
  try {
    const l = localStorage.getItem(key);
    return ids.includes(l) ? l : '';
  } catch { return ''; } // storage refused (private mode)
}

// initialLang is the language of a page opening: the remembered choice, else the browser's.
export function initialLang() {
  const nav = typeof navigator === 'undefined' ? [] : navigator.languages && navigator.languages.length
    ? navigator.languages : [navigator.language];
  return savedLang() || matchLang(nav);
}

// setLang loads the catalog of l and installs it (every component follows: see app.js); with
// remember, the choice is kept for the next visits.
export async function setLang(l, remember = false) {
  if (!ids.includes(l)) l = 'en';
  if (remember) {
    try { localStorage.setItem(key, l); } catch { /* private mode: this page only */ }
  }
  await loadMessages(l);
  document.documentElement.lang = currentLang();
}

// botName is a bot's name (its level: greedy, medium ...) in the page's language; the seat
// and the API keep the English one.
export const botName = (b) => (hasMessage('ui.botname.' + b) ? t('ui.botname.' + b) : b);

// LangMenu is the language menu of a top bar: the languages in their own names.
export function LangMenu() {
  const now = currentLang();
  return html`<label class="lang-menu" title=${t('ui.lang.label')}>
    <svg class="lang-icon" viewBox="0 0 20 20" aria-hidden="true"><circle cx="10" cy="10" r="8" />
      <ellipse cx="10" cy="10" rx="3.6" ry="8" /><path d="M2 10 H18 M3.5 5.5 H16.5 M3.5 14.5 H16.5" /></svg>
    <select value=${now} aria-label=${t('ui.lang.label')} data-testid="lang-menu"
      onChange=${(e) => { setLang(e.target.value, true).catch(() => {}); }}>
      ${languages.map((l) => html`<option value=${l.id} lang=${l.id}>${l.name}</option>`)}
    </select></label>`;
}
