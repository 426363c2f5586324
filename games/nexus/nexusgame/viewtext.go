package nexusgame

import (
	"encoding/json"
	"fmt"
	"strings"

	"starnexus/engine"
)

// The view as the terminal reads it: the fields of the View's JSON it shows.
type viewText struct {
	Turn     int    `json:"turn"`
	Active   string `json:"active"`
	Phase    string `json:"phase"`
	Step     string `json:"step"`
	Decision string `json:"decision"`
	ToMove   string `json:"to_move"`
	Over     bool   `json:"over"`
	Winners  []string
	Fault    string `json:"fault"`
	Players  []struct {
		Name         string     `json:"name"`
		Hero         string     `json:"hero"`
		Life         int        `json:"life"`
		Lost         bool       `json:"lost"`
		Hand         []string   `json:"hand"`
		HandCount    int        `json:"hand_count"`
		LibraryCount int        `json:"library_count"`
		PileCount    int        `json:"resource_pile_count"`
		Reserve      []string   `json:"reserve"`
		ReserveCount *int       `json:"reserve_count"`
		Graveyard    []string   `json:"graveyard"`
		Exile        []string   `json:"exile"`
		Resources    []permText `json:"resources"`
		Field        []permText `json:"field"`
	} `json:"players"`
	Stack []struct {
		Name       string   `json:"name"`
		Number     int      `json:"number"`
		Controller string   `json:"controller"`
		Targets    []string `json:"targets"`
	} `json:"stack"`
}

type permText struct {
	Name        string   `json:"name"`
	Number      int      `json:"number"`
	Tapped      bool     `json:"tapped"`
	Arrived     bool     `json:"arrived"`
	Markers     int      `json:"markers"`
	Keywords    []string `json:"keywords"`
	Equipment   []string `json:"equipment"`
	Attacking   string   `json:"attacking"`
	Blocking    string   `json:"blocking"`
	Token       bool     `json:"token"`
	Strength    *int     `json:"strength"`
	Endurance   *int     `json:"endurance"`
	AttackLeft  *int     `json:"attack_left"`
	DefenseLeft *int     `json:"defense_left"`
}

// decisions names the engine's decision words by their message ids (term.nexus.decision.*).
var decisions = map[string]string{
	"swap cards with your reserve, then done": "swap",
	"keep or mulligan":                        "mulligan",
	"choose the starting player":              "first",
	"priority: cast, activate or pass":        "priority",
	"choose a target":                         "target",
	"choose a resource to tap":                "pay",
	"declare attackers":                       "attack",
	"declare blockers":                        "block",
	"yes or no: tap resources so the requisition is not countered": "unless",
	"yes or no: use the Affinity":                                  "affinity",
	"choose which special resource happens first":                  "link_order",
	"choose whose passive ability happens first":                   "trigger_order",
}

// decision is the engine's decision word in the player's language.
func (p *presenter) decision(word string) string {
	if id, ok := decisions[word]; ok {
		return p.l.T("term.nexus.decision." + id)
	}
	return word
}

// name is a card's name as the view writes it ("Magma Titan #2") in the player's language.
func (p *presenter) name(n string) string { return p.l.Words.Show(n) }

func (p *presenter) names(list []string) string {
	if len(list) == 0 {
		return p.l.T("term.nexus.none")
	}
	out := make([]string, len(list))
	for i, n := range list {
		out[i] = p.name(n)
	}
	return strings.Join(out, ", ")
}

// viewText is what a View shows, in the player's language: the turn, each player's hero,
// life, counts, reserve, hand, resources, creatures, graveyard and exile, the stack, and
// how the game ended.
func (p *presenter) viewText(v engine.View) string {
	b, err := json.Marshal(v)
	var vt viewText
	if err == nil {
		err = json.Unmarshal(b, &vt)
	}
	if err != nil {
		return p.l.T("term.plain.no_view", "error", err.Error()) + "\n"
	}
	l := p.l
	twins := map[string]int{} // how many public objects have each name
	for _, pl := range vt.Players {
		for _, o := range append(pl.Resources[:len(pl.Resources):len(pl.Resources)], pl.Field...) {
			twins[o.Name]++
		}
	}
	var w strings.Builder
	phase := l.T("ui.nexus.phase." + vt.Phase)
	if vt.Step != "" {
		phase += " / " + l.T("ui.nexus.point."+vt.Step)
	}
	w.WriteString(l.T("term.nexus.view_turn", "n", vt.Turn, "who", vt.Active, "phase", phase))
	if vt.Decision != "" && !vt.Over {
		fmt.Fprintf(&w, "; %s: %s", vt.ToMove, p.decision(vt.Decision))
	}
	w.WriteString("\n")
	for _, pl := range vt.Players {
		hero := l.T("term.nexus.secret_hero")
		if pl.Hero != "" {
			hero = p.name(pl.Hero)
		}
		lost := ""
		if pl.Lost {
			lost = " " + l.T("term.nexus.lost")
		}
		fmt.Fprintf(&w, "\n%s%s — %s", pl.Name, lost, hero)
		if vt.Turn == 0 { // the heroes are revealed, and life set, when the game starts (SN 10.4)
			fmt.Fprintf(&w, ", %s", l.T("term.nexus.life_later"))
		} else {
			fmt.Fprintf(&w, ", %s", l.T("term.nexus.life", "n", pl.Life))
		}
		if pl.HandCount >= 0 && pl.LibraryCount >= 0 {
			fmt.Fprintf(&w, ", %s", l.T("term.nexus.counts", "hand", pl.HandCount, "library", pl.LibraryCount))
		}
		pile := "?"
		if pl.PileCount >= 0 {
			pile = fmt.Sprint(pl.PileCount)
		}
		fmt.Fprintf(&w, ", %s\n", l.T("term.nexus.pile", "n", pile))
		if pl.ReserveCount != nil && *pl.ReserveCount > 0 {
			fmt.Fprintf(&w, "  %s\n", l.T("term.nexus.reserve", "list", p.names(pl.Reserve)))
		}
		if pl.Hand != nil {
			fmt.Fprintf(&w, "  %s\n", l.T("term.nexus.hand", "list", p.names(pl.Hand)))
		}
		res := make([]string, len(pl.Resources))
		for i, r := range pl.Resources {
			res[i] = p.numbered(r.Name, r.Number, twins)
			if r.Tapped {
				res[i] += " (" + l.T("term.nexus.tapped") + ")"
			}
		}
		fmt.Fprintf(&w, "  %s\n", l.T("term.nexus.resources_line", "list", strings.Join(orNone(l.T("term.nexus.none"), res), ", ")))
		for _, c := range pl.Field {
			fmt.Fprintf(&w, "  %s\n", p.creature(c, twins))
		}
		if len(pl.Graveyard) > 0 {
			fmt.Fprintf(&w, "  %s\n", l.T("term.nexus.graveyard", "list", p.names(pl.Graveyard)))
		}
		if len(pl.Exile) > 0 {
			fmt.Fprintf(&w, "  %s\n", l.T("term.nexus.exile", "list", p.names(pl.Exile)))
		}
	}
	if len(vt.Stack) > 0 {
		fmt.Fprintf(&w, "\n%s\n", l.T("term.nexus.stack"))
		for _, it := range vt.Stack {
			fmt.Fprintf(&w, "  %s (%s)", p.numbered(it.Name, it.Number, twins), it.Controller)
			for _, t := range it.Targets {
				fmt.Fprintf(&w, " -> %s", p.name(t))
			}
			w.WriteString("\n")
		}
	}
	if vt.Over {
		switch {
		case vt.Fault != "":
			fmt.Fprintf(&w, "\n%s\n", l.T("term.nexus.over_fault", "why", vt.Fault))
		case len(vt.Winners) > 0:
			fmt.Fprintf(&w, "\n%s\n", l.T("term.nexus.over_won", "who", vt.Winners[0]))
		default:
			fmt.Fprintf(&w, "\n%s\n", l.T("term.nexus.over_draw"))
		}
	}
	return w.String()
}

// numbered is "Name #N" in the player's language, the number only when another public
// object has the name (as the action texts write it).
func (p *presenter) numbered(name string, n int, twins map[string]int) string {
	if n > 0 && twins[name] > 1 {
		return fmt.Sprintf("%s #%d", p.name(name), n)
	}
	return p.name(name)
}

// creature is one line of a creature: name, strength/endurance, attack and defense left,
// markers, keywords, equipment and its state.
func (p *presenter) creature(c permText, twins map[string]int) string {
	l := p.l
	line := p.numbered(c.Name, c.Number, twins)
	if c.Strength != nil && c.Endurance != nil && c.AttackLeft != nil && c.DefenseLeft != nil {
		line += fmt.Sprintf(" %d/%d (%d,%d)", *c.Strength, *c.Endurance, *c.AttackLeft, *c.DefenseLeft)
	}
	switch {
	case c.Markers > 0:
		line += fmt.Sprintf(" [%d +1/+1]", c.Markers)
	case c.Markers < 0:
		line += fmt.Sprintf(" [%d -1/-1]", -c.Markers)
	}
	if len(c.Keywords) > 0 {
		kws := make([]string, len(c.Keywords))
		for i, k := range c.Keywords {
			kws[i] = k
			if id := "log.kw." + strings.ToLower(k); l.Cat.Has(id) {
				kws[i] = l.T(id)
			}
		}
		line += " {" + strings.Join(kws, ", ") + "}"
	}
	for _, e := range c.Equipment {
		line += " +" + p.name(e)
	}
	if c.Token {
		line += " (" + l.T("term.nexus.token") + ")"
	}
	if c.Tapped {
		line += " (" + l.T("term.nexus.tapped") + ")"
	}
	if c.Arrived {
		line += " (" + l.T("term.nexus.arrived") + ")"
	}
	if c.Attacking != "" {
		line += " " + l.T("term.nexus.attacking", "who", c.Attacking)
	}
	if c.Blocking != "" {
		line += " " + l.T("term.nexus.blocking", "card", p.name(c.Blocking))
	}
	return line
}

func orNone(none string, list []string) []string {
	if len(list) == 0 {
		return []string{none}
	}
	return list
}
