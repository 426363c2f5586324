// The page's router: #/ is the lobby, #/game/ID[/TOKEN] a seat (the token is kept in
// localStorage so a bare #/game/ID reconnects), #/watch/ID a spectator, #/replay/ID a replay,
// #/campaigns the campaigns and #/campaign/NAME[/SEAT/TOKEN] one campaign (campaign.js).

import { render } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { html } from './html.js';
import { tokens } from './api.js';
import { Lobby } from './lobby.js';
import { Game } from './game.js';
import { Replay } from './replay.js';
import { Campaign, CampaignList, campaignTokens } from './campaign.js';
import { onChange } from './i18n.js';
import { initialLang, setLang } from './lang.js';

function route() {
  const [, kind, id, token] = location.hash.replace(/^#\/?/, '/').split('/');
  if (kind === 'game' && id) {
    if (token) tokens.set(id, decodeURIComponent(token));
    return { kind: 'game', id, token: tokens.get(id) };
  }
  if (kind === 'watch' && id) return { kind: 'game', id, token: '' };
  if (kind === 'replay' && id) return { kind: 'replay', id };
  if (kind === 'campaigns') return { kind: 'campaigns' };
  if (kind === 'campaign' && id) {
    // #/campaign/NAME/SEAT/TOKEN: a human seat's link to its campaign.
    const [, , , seat, tok] = location.hash.replace(/^#\/?/, '/').split('/');
    const name = decodeURIComponent(id);
    if (seat !== undefined && tok) campaignTokens.set(name, Number(seat), decodeURIComponent(tok));
    return { kind: 'campaign', id: name };
  }
  return { kind: 'lobby' };
}

function App() {
  const [r, setR] = useState(route());
  // A new language or the card names arriving draw the whole page again, in place: the game's
  // connection and each component's state stay.
  const [, setTick] = useState(0);
  useEffect(() => onChange(() => setTick((n) => n + 1)), []);
  useEffect(() => {
    const f = () => setR(route());
    addEventListener('hashchange', f);
    f(); // a hash changed between the first render and this listener would be missed
    return () => removeEventListener('hashchange', f);
  }, []);
  if (r.kind === 'game') return html`<${Game} key=${r.id + r.token} id=${r.id} token=${r.token} />`;
  if (r.kind === 'replay') return html`<${Replay} id=${r.id} />`;
  if (r.kind === 'campaigns') return html`<${CampaignList} />`;
  if (r.kind === 'campaign') return html`<${Campaign} key=${r.id} name=${r.id} />`;
  return html`<${Lobby} />`;
}

// The catalog of messages comes first, in the page's language (lang.js): every label is
// rendered from it. Without it (an old server) the page still runs, showing message ids.
const root = document.getElementById('app');
setLang(initialLang()).catch(() => setLang('en')).catch(() => {}).finally(() => {
  root.textContent = '';
  render(html`<${App} />`, root);
});
