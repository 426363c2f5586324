package engine

// PlayOut plays a game to its end with one bot per seat, each with its own random source,
// and returns the number of actions taken. It stops after maxActions (0: no limit). It uses
// the trusted fast path: every action comes from Legal.
func PlayOut(st State, bots []Bot, rngs []RNG, maxActions int) int {
	var ob [8]Observation
	obs := ob[:]
	if n := st.NumSeats(); n > len(ob) {
		obs = make([]Observation, n)
	}
	return PlayOutWith(st, bots, rngs, obs, maxActions)
}

// PlayOutWith is PlayOut with the seats' observation buffers kept by the caller (one a seat,
// nil at first), so that games played one after another fill the same ones.
func PlayOutWith(st State, bots []Bot, rngs []RNG, obs []Observation, maxActions int) int {
	var legal [256]Action
	var movers [MaxMovers]Seat
	var bl [8]bool
	blind := bl[:]
	if len(bots) > len(bl) {
		blind = make([]bool, len(bots))
	}
	for i, b := range bots {
		_, blind[i] = b.(Blind) // asked once: a type assertion per action costs
	}
	n := 0
	for !st.Over() && (maxActions == 0 || n < maxActions) {
		m := st.ToMove(movers[:0])
		if len(m) == 0 {
			break
		}
		seat := m[0]
		l := st.Legal(seat, legal[:0])
		if !blind[seat] {
			obs[seat] = st.Observe(seat, obs[seat])
		}
		a := bots[seat].Choose(obs[seat], l, &rngs[seat])
		st.ApplyTrusted(seat, a)
		n++
	}
	return n
}

// MaxMovers bounds the seats that may act at once (a Hydra team of three).
const MaxMovers = 8
