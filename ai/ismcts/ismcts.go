// Package ismcts is single-observer Information-Set Monte Carlo Tree Search (Cowling, Powley
// and Whitehouse, 2012) written against the engine contracts only, so that it plays every
// game and format that implements them.
//
// Each iteration samples a whole State from the bot's own Observation (Determinize), walks
// the tree along actions legal in that sample, choosing among them by UCB1 with availability
// counts, adds one node, plays the rest of the game with a cheap policy bot and backs up one
// reward per seat. The tree's nodes are action histories seen from the bot's seat; the hidden
// cards differ from one iteration to the next, which is what makes the search honest: the bot
// never learns more than its Observation.
package ismcts

import (
	"math"
	"time"

	"starnexus/engine"
)

// Evaluator scores a State where a rollout stopped before the end of the game
// (engine.Evaluator).
type Evaluator = engine.Evaluator

// Config is one search bot's settings. The zero value of a field means its default.
type Config struct {
	// Name is what the bot calls itself (engine.Bot.Name); default "ismcts".
	Name string
	// Iterations per decision; 0 means no limit when Time is set, else 1000.
	Iterations int
	// Time per decision; 0 means no limit. With both set, the first reached stops the search.
	Time time.Duration
	// Rollout is the policy that plays out each iteration (nil: uniform random).
	Rollout engine.Bot
	// Epsilon is the chance that a rollout move is uniform random instead of Rollout's.
	Epsilon float64
	// MaxRolloutActions stops a rollout after so many actions (0: play to the end); the
	// Evaluator, or a draw if there is none, scores where it stopped.
	MaxRolloutActions int
	// Evaluate scores rollouts stopped by MaxRolloutActions.
	Evaluate Evaluator
	// Exploration is UCB1's constant c (default 0.7; rewards are in [0, 1]).
	Exploration float64
	// Prior is the weight of the rollout policy's own choice in the tree (PUCT's c·P(a), with
	// P = 1 for the action Rollout would pick and 0 for the others): that action is tried
	// first and gets a bonus Prior·sqrt(N)/(1+n) that fades as the search gathers evidence,
	// so a small budget plays like the policy and only confident results overrule it. 0: none.
	Prior float64
	// Reuse keeps the subtree of the chosen action for the bot's next decision when that
	// decision follows at once and the action revealed nothing (see Bot.Choose).
	Reuse bool
	// MaxNodes bounds the tree (default 1<<20); past it, iterations stop adding nodes.
	MaxNodes int
	// Shortcut, if set, is asked first at every decision with more than one legal action:
	// when it names the one sensible action, the bot plays it without searching.
	Shortcut engine.Shortcut
}

// node is one action history. Its statistics are from the point of view of the seat that
// took its action: reward is the sum of that seat's rewards over the visits.
type node struct {
	action  engine.Action
	seat    engine.Seat
	parent  int32
	child   int32 // first child, -1 if none
	sibling int32 // next child of the parent, -1 if none
	visits  int32
	avail   int32 // iterations in which this node's action was legal at its parent
	reward  float64
}

// Stats counts a bot's work since it was made.
type Stats struct {
	Decisions  int           // calls to Choose
	Searched   int           // decisions that ran a search (more than one legal action)
	Obvious    int           // decisions with more than one legal action that Shortcut settled
	Iterations int           // iterations over all searches
	Reused     int           // decisions that started from a kept subtree
	Elapsed    time.Duration // time spent in searches
}

// Bot is an ISMCTS player. A Bot keeps its tree, scratch State and buffers between
// decisions, so it must not be used by two goroutines at once; make one per seat.
type Bot struct {
	cfg     Config
	nodes   []node
	spare   []node
	scratch engine.State
	rewards []float64
	winners []engine.Seat
	legal   []engine.Action
	untried []engine.Action
	movers  [engine.MaxMovers]engine.Seat

	// obs is the observation the rollout policy reads, refilled at every step, unless the
	// policy is blind (or uniform: no policy).
	obs          engine.Observation
	blindRollout bool

	// Reuse: the subtree kept after the last decision and the information set it expects
	// next.
	keep     int32
	keepSeat engine.Seat
	expect   engine.InfoKey

	stats Stats
}

// New returns a search bot with cfg.
func New(cfg Config) *Bot {
	if cfg.Name == "" {
		cfg.Name = "ismcts"
	}
	if cfg.Exploration == 0 {
		cfg.Exploration = 0.7
	}
	if cfg.MaxNodes == 0 {
		cfg.MaxNodes = 1 << 20
	}
	if cfg.Iterations == 0 && cfg.Time == 0 {
		cfg.Iterations = 1000
	}
	_, blind := cfg.Rollout.(engine.Blind)
	return &Bot{cfg: cfg, keep: -1, blindRollout: blind || cfg.Rollout == nil, legal: make([]engine.Action, 0, 256), untried: make([]engine.Action, 0, 256)}
}

// Name implements engine.Bot.
func (b *Bot) Name() string { return b.cfg.Name }

// Config returns the bot's settings, defaults filled in.
func (b *Bot) Config() Config { return b.cfg }

// Stats returns what the bot has done so far.
func (b *Bot) Stats() Stats { return b.stats }

// winnersAppender is implemented by States that can list their winners into a buffer; the
// search uses it, when present, so that scoring a rollout allocates nothing.
type winnersAppender interface {
	AppendWinners(buf []engine.Seat) []engine.Seat
}

// Choose implements engine.Bot. A single legal action is returned at once, and so is the
// action Shortcut names as the only sensible one. Otherwise the bot searches from the worlds
// obs allows and returns the root action visited most.
func (b *Bot) Choose(obs engine.Observation, legal []engine.Action, rng *engine.RNG) engine.Action {
	b.stats.Decisions++
	if len(legal) == 1 {
		return legal[0]
	}
	if obs == nil {
		b.keep = -1
		return legal[rng.Intn(len(legal))]
	}
	if b.cfg.Shortcut != nil {
		if a, ok := b.cfg.Shortcut.Obvious(obs, legal); ok {
			b.stats.Obvious++
			b.follow(obs, a, rng)
			return a
		}
	}
	b.stats.Searched++
	start := time.Now()
	seat := obs.Seat()
	b.root(obs, seat)
	var deadline time.Time
	if b.cfg.Time > 0 {
		deadline = start.Add(b.cfg.Time)
	}
	for i := 0; b.cfg.Iterations == 0 || i < b.cfg.Iterations; i++ {
		if b.cfg.Time > 0 && i&7 == 0 && i > 0 && time.Now().After(deadline) {
			break
		}
		b.iterate(obs, rng)
		b.stats.Iterations++
	}
	best := b.best(legal)
	if best < 0 {
		b.keep = -1
		a := b.policy(obs, legal, rng)
		b.stats.Elapsed += time.Since(start)
		return a
	}
	a := b.nodes[best].action
	b.prepareReuse(obs, seat, best, a, rng)
	b.stats.Elapsed += time.Since(start)
	return a
}

// policy is the rollout policy's choice, or a uniform one.
func (b *Bot) policy(obs engine.Observation, legal []engine.Action, rng *engine.RNG) engine.Action {
	if b.cfg.Rollout == nil || (b.cfg.Epsilon > 0 && chance(rng, b.cfg.Epsilon)) {
		return legal[rng.Intn(len(legal))]
	}
	return b.cfg.Rollout.Choose(obs, legal, rng)
}

// observe is seat's observation of st (one of the bot's determinizations) for the rollout
// policy, in the bot's reused buffer.
func (b *Bot) observe(st engine.State, seat engine.Seat) engine.Observation {
	if b.blindRollout {
		return nil
	}
	b.obs = st.Observe(seat, b.obs)
	return b.obs
}

// chance is true with probability p.
func chance(rng *engine.RNG, p float64) bool {
	return float64(rng.Uint64()>>11)*(1.0/(1<<53)) < p
}

// root makes node 0 the root of this decision: the kept subtree if the information set is
// the one the last decision expected, else a fresh node.
func (b *Bot) root(obs engine.Observation, seat engine.Seat) {
	if b.keep >= 0 && seat == b.keepSeat && obs.Key() == b.expect {
		b.reroot(b.keep)
		b.stats.Reused++
		b.keep = -1
		return
	}
	b.keep = -1
	b.nodes = append(b.nodes[:0], node{seat: engine.Spectator, parent: -1, child: -1, sibling: -1})
}

// iterate runs one iteration: determinize, select and expand, roll out, back up.
func (b *Bot) iterate(obs engine.Observation, rng *engine.RNG) {
	st := obs.Determinize(b.scratch, rng)
	b.scratch = st
	n := st.NumSeats()
	if cap(b.rewards) < n {
		b.rewards = make([]float64, n)
	}
	b.rewards = b.rewards[:n]
	cur := int32(0)
	expanded := false
	for !expanded && !st.Over() {
		m := st.ToMove(b.movers[:0])
		if len(m) == 0 {
			break
		}
		seat := m[0]
		b.legal = searchLegal(st, seat, b.legal[:0])
		if len(b.legal) == 1 {
			// A forced move adds no node: the tree branches only where there is a choice.
			st.ApplyTrusted(seat, b.legal[0])
			continue
		}
		pref := engine.Action(0)
		if b.cfg.Prior > 0 && b.cfg.Rollout != nil {
			pref = b.cfg.Rollout.Choose(b.observe(st, seat), b.legal, rng)
		}
		next, untried := b.selectChild(cur, seat, pref, rng)
		if next < 0 {
			a := untried
			if len(b.nodes) < b.cfg.MaxNodes {
				next = b.addChild(cur, seat, a)
			}
			st.ApplyTrusted(seat, a)
			expanded = true
			if next < 0 {
				break
			}
		} else {
			st.ApplyTrusted(seat, b.nodes[next].action)
		}
		cur = next
	}
	b.rollout(st, rng)
	b.score(st)
	for c := cur; c >= 0; c = b.nodes[c].parent {
		nd := &b.nodes[c]
		nd.visits++
		if nd.seat >= 0 {
			nd.reward += b.rewards[nd.seat]
		}
	}
}

// selectChild counts one availability for every child of cur whose action is legal in this
// determinization (b.legal) and returns the child to descend to by UCB1. If some legal action
// has no child yet it returns -1 and one such action, picked uniformly.
func (b *Bot) selectChild(cur int32, seat engine.Seat, pref engine.Action, rng *engine.RNG) (int32, engine.Action) {
	b.untried = b.untried[:0]
	best, bestScore := int32(-1), math.Inf(-1)
	c := b.cfg.Exploration
	prefTried := true
	bonus := 0.0
	if pref != 0 {
		bonus = b.cfg.Prior * math.Sqrt(float64(b.nodes[cur].visits+1))
	}
	for _, a := range b.legal {
		ch := b.findChild(cur, seat, a)
		if ch < 0 {
			b.untried = append(b.untried, a)
			if a == pref {
				prefTried = false
			}
			continue
		}
		nd := &b.nodes[ch]
		nd.avail++
		if nd.visits == 0 {
			// Only when the node pool is full: treat it as untried.
			b.untried = append(b.untried, a)
			continue
		}
		score := nd.reward/float64(nd.visits) + c*math.Sqrt(math.Log(float64(nd.avail))/float64(nd.visits))
		if a == pref {
			score += bonus / float64(1+nd.visits)
		}
		if score > bestScore {
			best, bestScore = ch, score
		}
	}
	if !prefTried {
		return -1, pref
	}
	if len(b.untried) > 0 {
		return -1, b.untried[rng.Intn(len(b.untried))]
	}
	return best, 0
}

func (b *Bot) findChild(parent int32, seat engine.Seat, a engine.Action) int32 {
	for ch := b.nodes[parent].child; ch >= 0; ch = b.nodes[ch].sibling {
		if nd := &b.nodes[ch]; nd.action == a && nd.seat == seat {
			return ch
		}
	}
	return -1
}

func (b *Bot) addChild(parent int32, seat engine.Seat, a engine.Action) int32 {
	i := int32(len(b.nodes))
	b.nodes = append(b.nodes, node{action: a, seat: seat, parent: parent, child: -1, sibling: b.nodes[parent].child, avail: 1})
	b.nodes[parent].child = i
	return i
}

// searchLegal lists the actions the search tries for seat: SearchLegal's where the State has
// it (no moves that go round in circles), else Legal's.
func searchLegal(st engine.State, seat engine.Seat, buf []engine.Action) []engine.Action {
	if sl, ok := st.(engine.SearchLegal); ok {
		return sl.SearchLegal(seat, buf)
	}
	return st.Legal(seat, buf)
}

// rollout plays st with the policy until the game ends or the action cap is reached.
func (b *Bot) rollout(st engine.State, rng *engine.RNG) {
	for n := 0; !st.Over() && (b.cfg.MaxRolloutActions == 0 || n < b.cfg.MaxRolloutActions); n++ {
		m := st.ToMove(b.movers[:0])
		if len(m) == 0 {
			return
		}
		seat := m[0]
		b.legal = searchLegal(st, seat, b.legal[:0])
		a := b.legal[0]
		if len(b.legal) > 1 {
			a = b.policy(b.observe(st, seat), b.legal, rng)
		}
		st.ApplyTrusted(seat, a)
	}
}

// score writes each seat's reward for st into b.rewards: 1 for a winner (every winner of a
// team), 0 for a loser, 1/2 each for a draw; the Evaluator's estimate for an unfinished game.
func (b *Bot) score(st engine.State) {
	r := b.rewards
	if !st.Over() {
		if b.cfg.Evaluate != nil {
			b.cfg.Evaluate.Evaluate(st, r)
			return
		}
		for i := range r {
			r[i] = 0.5
		}
		return
	}
	var w []engine.Seat
	if wa, ok := st.(winnersAppender); ok {
		b.winners = wa.AppendWinners(b.winners[:0])
		w = b.winners
	} else {
		w = st.Winners()
	}
	draw := 0.0
	if len(w) == 0 {
		draw = 0.5
	}
	for i := range r {
		r[i] = draw
	}
	for _, s := range w {
		r[s] = 1
	}
}

// best is the root child with the most visits among the actions legal now (ties: the better
// mean), or -1 if the search visited none.
func (b *Bot) best(legal []engine.Action) int32 {
	best := int32(-1)
	for ch := b.nodes[0].child; ch >= 0; ch = b.nodes[ch].sibling {
		nd := &b.nodes[ch]
		if nd.visits == 0 || !contains(legal, nd.action) {
			continue
		}
		if best < 0 {
			best = ch
			continue
		}
		bb := &b.nodes[best]
		if nd.visits > bb.visits || (nd.visits == bb.visits && nd.reward > bb.reward) {
			best = ch
		}
	}
	return best
}

func contains(l []engine.Action, a engine.Action) bool {
	for _, x := range l {
		if x == a {
			return true
		}
	}
	return false
}
