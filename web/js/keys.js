// The keyboard at the table: the number keys 1-9 act on what the table offers, in a fixed
// order (the answers of the decision and the lit cards first, then the hand, the abilities,
// the attacks, the Trade Row); E ends the turn (Star Realms; pressed again when the table
// warns that something is left, it ends the turn anyway) or, in Stellar Nexus, as N and Space,
// presses the button that moves on (Next, Resolve, Attack, No blocks, Done); ? opens the
// list of keys, Escape closes it. Every card's name and every action is a button, so Tab and
// Enter or Space reach all of them too.
//
// The numbers are drawn as small badges (data-key on the element, style.css) from the moment
// the keyboard is used until the pointer is (body.kbd). Keys typed into a field, or with
// Ctrl, Alt or Meta, are the browser's.

import { useEffect, useState } from 'preact/hooks';
import { html } from './html.js';
import { t } from './i18n.js';

// The groups in the order the numbers follow; within a group, the page's order.
const orders = {
  realms: [
    '.prompt [data-action], .card.lit.choose[data-action], button.target-player.choose[data-action]',
    '.hand .card[data-action], button.play-all',
    '.card-buttons [data-action]',
    'button.target-player.attack[data-action], .card.lit.attack[data-action]',
    '.trade-row [data-action]',
    '.extras [data-action]',
  ],
  nexus: [
    '.nx-decision .act-row:not(.nx-flow) [data-action], .nx-menu [data-action]',
    '.nx-cardface.is-lit, .nx-cardface.is-selected, .nx-stack [data-action]',
    '.nx-hand button[data-action]',
    'button.nx-creature[data-action], button.nx-res[data-action], .nx-hero [data-action]',
  ],
};

const visible = (el) => !el.disabled && el.getClientRects().length > 0 && !el.closest('.busy');

// keyTargets lists the elements the keys 1-9 act on, in order.
export function keyTargets(root, game) {
  if (!root || root.querySelector('.dialog-back, .zoom-back, .keys-back')) return [];
  const out = [];
  for (const sel of orders[game] || orders.realms) {
    for (const el of root.querySelectorAll(sel)) {
      if (!out.includes(el) && visible(el)) out.push(el);
    }
  }
  return out.slice(0, 9);
}

// number writes the badges: data-key on each target, and on nothing else.
function number(root, game) {
  const list = keyTargets(root, game);
  for (const el of root.querySelectorAll('[data-key]')) if (!list.includes(el)) el.removeAttribute('data-key');
  list.forEach((el, i) => { if (el.getAttribute('data-key') !== String(i + 1)) el.setAttribute('data-key', String(i + 1)); });
}

// The button that moves on: End turn in Star Realms; in Stellar Nexus the main button of
// the decision bar (Next, Resolve, Done...), else its first.
function flowButton(root, game, key) {
  if (game === 'nexus') {
    const flow = [...root.querySelectorAll('.nx-flow button[data-action]')].filter(visible);
    return flow.find((b) => b.classList.contains('primary')) || flow[0] || null;
  }
  if (key !== 'e') return null;
  const confirm = root.querySelector('.dialog [data-testid=end-anyway]');
  if (confirm) return confirm;
  const end = root.querySelector('button.act.flow.end:not(.confirm)');
  return end && visible(end) ? end : null;
}

const typing = (el) => el && (el.tagName === 'INPUT' || el.tagName === 'TEXTAREA' || el.tagName === 'SELECT' || el.isContentEditable);

// useTableKeys listens for the keys on the page of a game (game: "realms" or "nexus") whose
// table is the element with the class root, and keeps the badges up to date. It returns
// whether the list of keys is open and a function that opens or closes it.
export function useTableKeys(game, rootSel = 'main.game') {
  const [help, setHelp] = useState(false);
  useEffect(() => {
    const root = () => document.querySelector(rootSel);
    let frame = 0;
    const renumber = () => {
      if (frame) return;
      frame = requestAnimationFrame(() => { frame = 0; const r = root(); if (r) number(r, game); });
    };
    const obs = new MutationObserver(renumber);
    obs.observe(document.getElementById('app') || document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-action', 'class', 'disabled'] });
    renumber();
    const onKey = (e) => {
      if (e.ctrlKey || e.altKey || e.metaKey || typing(e.target)) return;
      const r = root();
      if (!r) return;
      const k = e.key;
      if (k === '?') { e.preventDefault(); setHelp((h) => !h); return; }
      if (k === 'Escape') { setHelp(false); return; }
      if (document.querySelector('.keys-back')) return;
      document.body.classList.add('kbd');
      if (/^[1-9]$/.test(k)) {
        const el = keyTargets(r, game)[Number(k) - 1];
        if (!el) return;
        e.preventDefault();
        const b = el.matches('button') ? el : el.querySelector('button.card-name') || el;
        b.focus({ preventScroll: true });
        el.click();
        return;
      }
      const lower = k.toLowerCase();
      // Space is the focused button's own when one has the focus.
      if (k === ' ' && e.target && e.target.closest && e.target.closest('button, a, summary, [tabindex]')) return;
      if (lower === 'e' || lower === 'n' || k === ' ') {
        const b = flowButton(r, game, k === ' ' ? 'n' : lower);
        if (!b) return;
        e.preventDefault();
        b.click();
      }
    };
    const onPointer = () => document.body.classList.remove('kbd');
    addEventListener('keydown', onKey);
    addEventListener('pointerdown', onPointer);
    return () => {
      obs.disconnect();
      if (frame) cancelAnimationFrame(frame);
      removeEventListener('keydown', onKey);
      removeEventListener('pointerdown', onPointer);
    };
  }, [game, rootSel]);
  return [help, setHelp];
}

// KeysButton opens the list of keys (the topbar's "Keys ?").
export function KeysButton({ open }) {
  return html`<button type="button" class="link keys-open" onClick=${() => open(true)} title=${t('ui.keys.open_help')}
    aria-keyshortcuts="?">${t('ui.keys.button')}</button>`;
}

// KeysHelp is the list of keys of the table, over the page.
export function KeysHelp({ game, close }) {
  useEffect(() => {
    const b = document.querySelector('.keys-dialog button');
    if (b) b.focus();
  }, []);
  const rows = [
    ['ui.keys.key.numbers', 'ui.keys.does.numbers'],
    ...(game === 'nexus' ? [['ui.keys.key.next', 'ui.keys.does.next'], ['ui.keys.key.space', 'ui.keys.does.space']]
      : [['ui.keys.key.end', 'ui.keys.does.end'], ['ui.keys.key.end_again', 'ui.keys.does.end_again']]),
    ['ui.keys.key.tab', 'ui.keys.does.tab'],
    ['ui.keys.key.enter', 'ui.keys.does.enter'],
    ['ui.keys.key.inspect', game === 'nexus' ? 'ui.keys.does.inspect_nexus' : 'ui.keys.does.inspect'],
    ['ui.keys.key.help', 'ui.keys.does.help'],
    ['ui.keys.key.escape', 'ui.keys.does.escape'],
  ];
  return html`<div class="keys-back" onClick=${close}>
    <div class="dialog keys-dialog" role="dialog" aria-modal="true" aria-labelledby="keys-title" onClick=${(e) => e.stopPropagation()}>
      <h2 id="keys-title">${t('ui.keys.title')}</h2>
      <dl>${rows.map(([k, d]) => html`<dt><kbd>${t(k)}</kbd></dt><dd>${t(d)}</dd>`)}</dl>
      <div class="act-row"><button type="button" onClick=${close}>${t('ui.close')}</button></div>
    </div></div>`;
}
