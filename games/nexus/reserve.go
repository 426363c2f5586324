package nexus

import (
	"fmt"
	"strconv"
	"strings"

	"starnexus/engine"
)

// Reserve swaps (SN 10.1, 2.5): before the shuffles of 10.2, every player who brought a
// reserve exchanges cards between it and their library, resource pile and hero, secretly and
// at the same time as the others (1.6). The swaps need not be one-for-one; the result is
// checked against 2.1-2.3 (and the reserve against its 15 cards) when the player confirms
// with done.
//
// An aSwap action carries the definition swapped out (bits 0-7) and the one swapped in
// (8-15); 0 means none: "swap out X", "swap in Y", "swap X for Y".

const aSwap = aNo + 1

func mkSwap(out, in uint8) engine.Action { return mkA(aSwap, uint32(out)|uint32(in)<<8) }

// setReserve gives player p its reserve (names) before the swaps.
func (s *State) setReserve(p int8, names []string) error {
	if len(names) > 15 {
		return fmt.Errorf("reserve: %d cards (at most 15, SN 2.1, 2.5)", len(names))
	}
	for _, n := range names {
		d, err := s.tab.Lookup(n)
		if err != nil {
			return fmt.Errorf("reserve: %w", err)
		}
		if s.tab.Defs[d].Type == TToken {
			return fmt.Errorf("reserve: %s is a token: tokens are never part of a deck (SN 4.6)", s.tab.Defs[d].Name)
		}
		s.P[p].Reserve[s.P[p].NR] = d
		s.P[p].NR++
	}
	return nil
}

// startSwaps opens the swap decision for every player with a reserve; it reports whether
// anyone has one.
func (s *State) startSwaps() bool {
	some := false
	for p := int8(0); p < s.N; p++ {
		s.P[p].Swaps = s.P[p].NR > 0
		some = some || s.P[p].Swaps
	}
	if some {
		s.Pend = pend{K: pSwap, Seat: s.nextSwapper()}
	}
	return some
}

func (s *State) nextSwapper() int8 {
	for p := int8(0); p < s.N; p++ {
		if s.P[p].Swaps {
			return p
		}
	}
	return -1
}

// dealOpening is 10.2 and 10.5: each library and resource pile shuffled, six cards drawn; the
// first seat's mulligan decision follows (10.6).
func (s *State) dealOpening() {
	for p := int8(0); p < s.N; p++ {
		s.shuffle(p, zLibrary)
		s.shuffle(p, zPile)
		for k := 0; k < 6; k++ {
			s.draw(p)
		}
	}
	s.Pend = pend{}
	s.afterMulligan() // the first seat still in the game decides (a player may have conceded)
}

// swapZone is where a card of definition d lives in a deck: the hero slot (zNone), the
// resource pile or the library.
func (s *State) swapZone(d uint8) zone {
	switch s.tab.Defs[d].Type {
	case THero:
		return zNone
	case TResource, TSpecial:
		return zPile
	}
	return zLibrary
}

// deckObj finds one of p's cards of definition d in zone z, or 0.
func (s *State) deckObj(p int8, d uint8, z zone) oid {
	for i := 1; i < int(s.NO); i++ {
		o := &s.O[i]
		if o.Def == d && o.Zone == z && o.Owner == p {
			return oid(i)
		}
	}
	return 0
}

func (s *State) reserveIndex(p int8, d uint8) int {
	pl := &s.P[p]
	for i := 0; i < int(pl.NR); i++ {
		if pl.Reserve[i] == d {
			return i
		}
	}
	return -1
}

// swapOK says why a swap is refused, or nothing (ok).
func (s *State) swapOK(p int8, out, in uint8) why {
	if out == 0 && in == 0 {
		return refuse("refuse.nexus.swap_nothing", "name a card to swap out, in, or both (swap OUT for IN)")
	}
	if int(out) >= len(s.tab.Defs) || int(in) >= len(s.tab.Defs) {
		return refuse("refuse.nexus.no_such_card", "no such card")
	}
	pl := &s.P[p]
	heroOut := false
	if out != 0 {
		d := &s.tab.Defs[out]
		switch z := s.swapZone(out); {
		case z == zNone:
			if pl.Hero != out {
				return refuse("refuse.nexus.not_your_hero", d.Name+" is not your hero", "card", d.Name)
			}
			heroOut = true
		case s.deckObj(p, out, z) == 0:
			return refuse("refuse.nexus.not_in_deck", "there is no "+d.Name+" in your "+zoneNames[z], "card", d.Name, "zone", zoneNames[z])
		}
		if in == 0 && int(pl.NR) >= maxReserve {
			return refuse("refuse.nexus.reserve_full", "the reserve can't hold more while you swap: swap a card in first")
		}
	}
	if in != 0 {
		d := &s.tab.Defs[in]
		if s.reserveIndex(p, in) < 0 {
			return refuse("refuse.nexus.not_in_reserve", "there is no "+d.Name+" in your reserve", "card", d.Name)
		}
		switch s.swapZone(in) {
		case zNone:
			if pl.Hero != 0 && !heroOut {
				h := s.tab.Defs[pl.Hero].Name
				return refuse("refuse.nexus.has_hero", "you already have a hero ("+h+"): swap it out for "+d.Name+" (SN 2.1)", "hero", h, "card", d.Name)
			}
		default:
			if d.Type == TToken {
				return refuse("refuse.nexus.token_deck", d.Name+" is a token: tokens are never part of a deck (SN 4.6)", "card", d.Name)
			}
			if out == 0 && !s.objRoom() {
				return refuse("refuse.nexus.too_many_cards", "too many cards in the game")
			}
		}
	}
	return why{}
}

// doSwap performs a swap that swapOK accepted.
func (s *State) doSwap(p int8, out, in uint8) {
	pl := &s.P[p]
	if s.rec != nil {
		s.recSwap(p, out, in)
	}
	if out != 0 {
		if z := s.swapZone(out); z == zNone {
			pl.Hero = 0
		} else {
			o := s.deckObj(p, out, z)
			s.O[o] = obj{Gen: s.O[o].Gen + 1}
		}
	}
	if in != 0 {
		i := s.reserveIndex(p, in)
		copy(pl.Reserve[i:pl.NR], pl.Reserve[i+1:pl.NR])
		pl.NR--
		pl.Reserve[pl.NR] = 0
		if z := s.swapZone(in); z == zNone {
			pl.Hero = in
		} else {
			o := s.newObj()
			s.O[o] = obj{Def: in, Owner: p, Ctrl: p, Zone: z, Gen: s.O[o].Gen, Seq: s.nextSeq()}
		}
	}
	// The card swapped out joins the reserve last: "swap OUT for IN" with a full reserve
	// (swapOK allows it: the size does not change) would otherwise write past its end.
	if out != 0 {
		pl.Reserve[pl.NR] = out
		pl.NR++
	}
}

// deckProblem checks the deck p would play with against SN 2.1-2.3 and the reserve against
// 2.5; it returns the first rule broken, or nothing (ok).
func (s *State) deckProblem(p int8) why {
	pl := &s.P[p]
	if pl.Hero == 0 {
		return refuse("refuse.nexus.deck_no_hero", "you have no hero: swap one in from your reserve (a deck has exactly one hero, SN 2.1)")
	}
	var lib, pile [256]uint8
	nl, np := 0, 0
	for i := 1; i < int(s.NO); i++ {
		o := &s.O[i]
		if o.Def == 0 || o.Owner != p {
			continue
		}
		switch o.Zone {
		case zLibrary:
			lib[o.Def]++
			nl++
		case zPile:
			pile[o.Def]++
			np++
		}
	}
	if nl < 30 || nl > 40 {
		return refuse("refuse.nexus.deck_library_size",
			"your library would hold "+strconv.Itoa(nl)+" cards: a library has 30 to 40 (SN 2.1)", "n", nl)
	}
	if np != 10 {
		return refuse("refuse.nexus.deck_pile_size",
			"your resource pile would hold "+strconv.Itoa(np)+" cards: it has exactly 10 (SN 2.1)", "n", np)
	}
	for d := 1; d < len(s.tab.Defs) && d < 256; d++ {
		def := &s.tab.Defs[d]
		if def.Limit >= 0 && int(lib[d]) > int(def.Limit) {
			return refuse("refuse.nexus.deck_copies",
				"your library would hold "+strconv.Itoa(int(lib[d]))+" copies of "+def.Name+
					" (at most "+strconv.Itoa(int(def.Limit))+", SN 2.2)", "n", int(lib[d]), "card", def.Name, "max", int(def.Limit))
		}
		if def.Limit >= 0 && int(pile[d]) > int(def.Limit) {
			return refuse("refuse.nexus.deck_special_copies",
				"your resource pile would hold "+strconv.Itoa(int(pile[d]))+" copies of special resource "+def.Name+
					" (at most "+strconv.Itoa(int(def.Limit))+", SN 2.3)", "n", int(pile[d]), "card", def.Name, "max", int(def.Limit))
		}
	}
	if pl.NR > 15 {
		return refuse("refuse.nexus.deck_reserve_size",
			"your reserve would hold "+strconv.Itoa(int(pl.NR))+" cards (at most 15, SN 2.5)", "n", int(pl.NR))
	}
	return why{}
}

// swapDone confirms p's swaps; once every player has, the setup goes on (10.2).
func (s *State) swapDone(p int8) {
	s.P[p].Swaps = false
	if n := s.nextSwapper(); n >= 0 {
		s.Pend = pend{K: pSwap, Seat: n}
		return
	}
	s.Pend = pend{}
	s.dealOpening()
}

// swapLegal lists the swap decision's actions: done (if the deck is legal), each card that
// can go out, each card that can come in, then each exchange "swap X for Y" (2.5: an exchange
// is one swap; it is the only way to change heroes, or to swap with a full reserve).
func (s *State) swapLegal(p int8, buf []engine.Action) []engine.Action {
	if s.deckProblem(p).ok() {
		buf = append(buf, mkA(aDone, 0))
	}
	var outs [256]uint8 // the distinct definitions that may go out, hero first
	no := 0
	var seen [256]bool
	if h := s.P[p].Hero; h != 0 {
		seen[h] = true
		outs[no], no = h, no+1
	}
	// The cards that can go out are listed by definition, not in the order of the objects,
	// which follows the library's: the seat may not learn that order (SN 10.2).
	var out [256]bool
	for i := 1; i < int(s.NO); i++ {
		o := &s.O[i]
		if o.Def != 0 && o.Owner == p && (o.Zone == zLibrary || o.Zone == zPile) && !seen[o.Def] {
			out[o.Def] = true
		}
	}
	for d := 1; d < len(out); d++ {
		if out[d] {
			outs[no], no = uint8(d), no+1
		}
	}
	for _, d := range outs[:no] {
		if s.swapOK(p, d, 0).ok() {
			buf = append(buf, mkSwap(d, 0))
		}
	}
	var ins [maxReserve]uint8
	ni := 0
	var in [256]bool
	pl := &s.P[p]
	for i := 0; i < int(pl.NR); i++ {
		d := pl.Reserve[i]
		if !in[d] {
			in[d] = true
			ins[ni], ni = d, ni+1
			if s.swapOK(p, 0, d).ok() {
				buf = append(buf, mkSwap(0, d))
			}
		}
	}
	for _, o := range outs[:no] {
		for _, d := range ins[:ni] {
			if s.swapOK(p, o, d).ok() {
				buf = append(buf, mkSwap(o, d))
			}
		}
	}
	return buf
}

func (s *State) swapText(a engine.Action) string {
	out, in := uint8(a), uint8(a>>8)
	name := func(d uint8) string {
		if int(d) < len(s.tab.Defs) {
			return s.tab.Defs[d].Name
		}
		return "?"
	}
	switch {
	case out != 0 && in != 0:
		return "swap " + name(out) + " for " + name(in)
	case out != 0:
		return "swap out " + name(out)
	}
	return "swap in " + name(in)
}

// parseSwap reads "swap out X", "swap in Y" or "swap X for Y".
func (s *State) parseSwap(rest string) (engine.Action, error) {
	look := func(n string) (uint8, error) { return s.lookup(strings.TrimSpace(n)) } // no suggestions for long names (text.go)
	if r, ok := cutPrefixFold(rest, "out "); ok {
		d, err := look(r)
		if err != nil {
			return 0, err
		}
		return mkSwap(d, 0), nil
	}
	if r, ok := cutPrefixFold(rest, "in "); ok {
		d, err := look(r)
		if err != nil {
			return 0, err
		}
		return mkSwap(0, d), nil
	}
	o, i, ok := cutFold(rest, " for ")
	if !ok {
		return 0, notAction("refuse.nexus.parse.swap", "write swap OUT for IN, swap out OUT or swap in IN")
	}
	out, err := look(o)
	if err != nil {
		return 0, err
	}
	in, err := look(i)
	if err != nil {
		return 0, err
	}
	return mkSwap(out, in), nil
}

// ReserveOf lists player p's reserve (what only p may see).
func (s *State) ReserveOf(seat engine.Seat) []string {
	out := []string{}
	pl := &s.P[seat]
	for i := 0; i < int(pl.NR); i++ {
		out = append(out, s.tab.Defs[pl.Reserve[i]].Name)
	}
	return out
}

// HeroName is p's hero, or "" if none (during the swaps).
func (s *State) HeroName(seat engine.Seat) string {
	if h := s.P[seat].Hero; h != 0 {
		return s.tab.Defs[h].Name
	}
	return ""
}

// HeroRevealed reports whether p's secret hero has been revealed (10.3, 10.7).
func (s *State) HeroRevealed(seat engine.Seat) bool { return s.P[seat].Revealed }
