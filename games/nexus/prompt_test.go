package nexus

import (
	"regexp"
	"strings"
	"testing"

	"starnexus/engine"
	"starnexus/i18n"
	"starnexus/i18n/i18ntest"
)

// promptNotation matches the ability language and the action texts, which a player should never
// read in a prompt: "T:creature", "creature[you]", "modify(", "choose 1", "add attacker".
var promptNotation = regexp.MustCompile(`\bT\d?:|\[[a-z,]+\]|\b[a-z_]+\(|\bchoose \d|\badd attacker\b|\battack with none\b|cost<=|\bALL:|\bSELF\b|\bYOU\b`)

func promptProblem(text string) string { return i18ntest.Problem(text, promptNotation) }

// TestEveryTargetReads: every target any card's ability or an equipment asks for reads as
// English, for the seat that decides and for the others.
func TestEveryTargetReads(t *testing.T) {
	en, err := i18n.Load("en")
	if err != nil {
		t.Fatal(err)
	}
	s := duel(t, PlayerSetup{}, PlayerSetup{}, "main1")
	n := 0
	seen := map[string]bool{}
	check := func(name string, spec TSpec) {
		for _, you := range []string{"yes", "no"} {
			m := i18n.M("prompt.nexus.target", "asker", engine.AskerMsg(engine.Asker{Card: name}), "you", you, "player", "Ann",
				"target", s.targetMsg(spec, you, "Ann"))
			text := en.Render(m)
			n++
			if p := promptProblem(text); p != "" || !strings.HasPrefix(text, name+": ") {
				t.Errorf("%s: %q: %s", name, text, p)
			}
			seen[text] = true
		}
	}
	for _, d := range s.tab.Defs[1:] {
		for _, ab := range d.Abs {
			for _, spec := range ab.Targets {
				check(d.Name, spec)
			}
		}
		if d.Type == TEquipment {
			check(d.Name, equipTarget[0])
		}
	}
	if n < 20 {
		t.Errorf("only %d targets asked", n)
	}
	for _, want := range []string{
		"Pounce: choose target creature you control.", "Pounce: Ann chooses target creature an opponent of Ann controls.",
		"Warpaint: choose target creature.",
	} {
		if !seen[want] {
			t.Errorf("no target reads %q", want)
		}
	}
}

// TestPromptSpecification: the prompts of a duel, as the seat that decides reads them, a
// specification in English.
func TestPromptSpecification(t *testing.T) {
	en, err := i18n.Load("en")
	if err != nil {
		t.Fatal(err)
	}
	s := duel(t, PlayerSetup{Hand: []string{"Pounce"}, Resources: append(engShards(3), Perm{Card: "Sunforge Totem"}, Perm{Card: "Hunter's Cairn"}),
		Field: []Perm{{Card: "Ember Cub"}, {Card: "Blade Dancer"}}},
		PlayerSetup{Hand: []string{"Nullifying Gust"}, Resources: engShards(2), Field: []Perm{{Card: "Rivet Sentry"}, {Card: "Ember Cub"}}}, "main1")
	steps := []struct {
		text, want string
	}{
		{"", "Your priority: cast, activate or pass."},
		{"pass", "Your priority: cast, activate or pass."},
		{"cast Pounce", "Pounce: choose target creature you control."},
		{"choose Ann:Ember Cub", "Pounce: choose target creature an opponent controls."},
		{"choose Rivet Sentry", "Pounce: tap 3 resources to pay for it."},
		{"choose Sunforge Totem", "Pounce: tap 2 resources to pay for it."},
		{"choose Nexus Shard", "Pounce: tap a resource to pay for it."},
		{"choose Hunter's Cairn", "Your priority: cast, activate or pass."},
		{"cast Nullifying Gust", "Your priority: cast, activate or pass."},
		{"pass", "Nullifying Gust: tap 2 resources so that Pounce is not countered?"},
		{"yes", "Your priority: cast, activate or pass."},
		{"pass", "Your priority: cast, activate or pass."},
		{"pass", "Pounce: choose which special resource tapped for it acts first."},
		{"choose Hunter's Cairn", "Hunter's Cairn (Affinity): use it for Pounce?"},
		{"no", "Sunforge Totem (Affinity): you may choose target creature you control."},
		{"choose Blade Dancer", "Your priority: cast, activate or pass."},
		{"pass", "Your priority: cast, activate or pass."},
		{"pass", "Your priority: cast, activate or pass."},
		{"pass", "Your priority: cast, activate or pass."},
		{"pass", "Declare your attackers."},
		{"add attacker Blade Dancer", "Declare your attackers."},
		{"done", "Your priority: cast, activate or pass."},
		{"pass", "Your priority: cast, activate or pass."},
		{"pass", "Declare blockers: Ann attacks you with Blade Dancer."},
	}
	for _, st := range steps {
		if st.text != "" {
			do(t, s, st.text)
		}
		d, ok := s.DescribeDecision(engine.Seat(s.Pend.Seat))
		if got := en.Render(d.Prompt); !ok || got != st.want {
			t.Errorf("after %q: %q, want %q", st.text, got, st.want)
		}
		for _, viewer := range []engine.Seat{engine.Spectator, 1 - engine.Seat(s.Pend.Seat)} {
			o, _ := s.DescribeDecision(viewer)
			if got := en.Render(o.Prompt); promptProblem(got) != "" || !strings.Contains(got, d.Asks.Card) || got == st.want {
				t.Errorf("after %q: seat %d reads %q: %s", st.text, viewer, got, promptProblem(got))
			}
		}
	}
}

// TestEveryPendingKindReads: a prompt for every kind of pending decision the engine has, even
// one asked out of its context (no stack, no job), reads as English for every viewer.
func TestEveryPendingKindReads(t *testing.T) {
	en, err := i18n.Load("en")
	if err != nil {
		t.Fatal(err)
	}
	s := duel(t, PlayerSetup{}, PlayerSetup{}, "main1")
	for k := pMulligan; k <= pSwap; k++ {
		c := s.Clone().(*State)
		c.Pend = pend{K: k, Seat: 1, N: 2}
		for _, viewer := range []engine.Seat{0, 1, engine.Spectator} {
			d, ok := c.DescribeDecision(viewer)
			if text := en.Render(d.Prompt); !ok || promptProblem(text) != "" {
				t.Errorf("pending kind %d for seat %d: %q: %s", k, viewer, text, promptProblem(text))
			}
		}
	}
}
