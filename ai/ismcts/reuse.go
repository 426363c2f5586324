package ismcts

import "starnexus/engine"

// Reusing the tree between decisions of one turn.
//
// After the bot picks action a, the subtree under a holds the statistics of every iteration
// that went through a. They stay valid for the next decision only if that decision is taken
// in the information set the subtree was grown in: the bot moves again right away and a
// revealed nothing (it drew no card, no shuffle happened, nobody else acted). The bot checks
// this without knowing the game: it applies a in one determinization, steps over its own
// forced moves, and records the key of the information set this predicts (Observation.Key).
// If the next decision's observation has that key, nothing hidden influenced the step and the subtree is
// kept; otherwise (a card was drawn, an opponent acted, a new game began) the search starts
// afresh. A subtree grown from worlds the new observation rules out would bias the search towards
// hands the bot now knows it does not hold.

// prepareReuse records the subtree of the chosen child and the information set it expects
// next.
func (b *Bot) prepareReuse(obs engine.Observation, seat engine.Seat, chosen int32, a engine.Action, rng *engine.RNG) {
	b.keep = -1
	if !b.cfg.Reuse || b.nodes[chosen].child < 0 {
		return
	}
	st := obs.Determinize(b.scratch, rng)
	b.scratch = st
	st.ApplyTrusted(seat, a)
	for !st.Over() {
		m := st.ToMove(b.movers[:0])
		if len(m) == 0 || m[0] != seat {
			return
		}
		b.legal = st.Legal(seat, b.legal[:0])
		if len(b.legal) > 1 {
			break
		}
		st.ApplyTrusted(seat, b.legal[0])
	}
	if st.Over() {
		return
	}
	// The observation is made in the bot's own buffer, which the next search refills.
	b.obs = st.Observe(seat, b.obs)
	b.expect = b.obs.Key()
	b.keep, b.keepSeat = chosen, seat
}

// reroot makes the subtree at k the whole tree, with k as node 0, copying it into the spare
// pool so that both pools keep their capacity.
func (b *Bot) reroot(k int32) {
	old := b.nodes
	nw := append(b.spare[:0], old[k])
	nw[0].parent, nw[0].sibling = -1, -1
	// Copy breadth first: each copied node's children are appended and relinked.
	for i := 0; i < len(nw); i++ {
		first := nw[i].child
		nw[i].child = -1
		prev := int32(-1)
		for ch := first; ch >= 0; ch = old[ch].sibling {
			j := int32(len(nw))
			nd := old[ch]
			nd.parent, nd.sibling = int32(i), -1
			nw = append(nw, nd)
			if prev < 0 {
				nw[i].child = j
			} else {
				nw[prev].sibling = j
			}
			prev = j
		}
	}
	b.spare = old[:0]
	b.nodes = nw
}

// follow keeps the tree through a decision settled without a search (Config.Shortcut): if
// the kept subtree was grown in this information set and holds a child for a, that child's
// subtree is kept for the next decision as if the search had chosen a.
func (b *Bot) follow(obs engine.Observation, a engine.Action, rng *engine.RNG) {
	seat := obs.Seat()
	if b.keep < 0 || seat != b.keepSeat || obs.Key() != b.expect {
		b.keep = -1
		return
	}
	b.reroot(b.keep)
	b.keep = -1
	if ch := b.findChild(0, seat, a); ch >= 0 {
		b.prepareReuse(obs, seat, ch, a, rng)
	}
}
