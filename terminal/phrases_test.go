package terminal_test

import (
	"slices"
	"testing"

	"starnexus/i18n"
	"starnexus/terminal"
)

func TestPhrases(t *testing.T) {
	en, err := i18n.New("en", map[string]string{"w.play": "play", "w.attack_with": "attack with", "w.with": "with", "w.to": "to"})
	if err != nil {
		t.Fatal(err)
	}
	fr, err := i18n.New("fr", map[string]string{"w.play": "jouer", "w.attack_with": "attaquer avec", "w.with": "avec", "w.to": "à"})
	if err != nil {
		t.Fatal(err)
	}
	names := map[string]string{"Scout": "Éclaireur", "Trade to Play": "Commerce à Jouer", "Viper": "Viper"}
	p := terminal.NewPhrases(en, fr, "w.", names)
	show := []struct{ in, want string }{
		{"play Scout", "jouer Éclaireur"},
		{"attack with Scout, Viper", "attaquer avec Éclaireur, Viper"},
		{"play Trade to Play", "jouer Commerce à Jouer"}, // a card's words are not action words
		{"play P2:Scout #2", "jouer P2:Éclaireur #2"},
		{"done", "done"},
	}
	for _, tt := range show {
		if got := p.Show(tt.in); got != tt.want {
			t.Errorf("Show(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
	read := []struct {
		in   string
		want []string
	}{
		{"jouer Éclaireur", []string{"play Éclaireur"}},
		{"JOUER  eclaireur", []string{"play eclaireur"}},
		{"attaquer avec X, Y", []string{"attack with X, Y"}},
		{"attaquer avec A, B", []string{"attack with to, B", "attack with A, B"}},              // a short word may be read as both: each reading is tried
		{"jouer Commerce à Jouer", []string{"play Commerce to play", "play Commerce à Jouer"}}, // the first words alone too
		{"play Scout", nil},
	}
	for _, tt := range read {
		if got := p.Read(tt.in); !slices.Equal(got, tt.want) {
			t.Errorf("Read(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
	same := terminal.NewPhrases(en, en, "w.", names)
	if got := same.Show("play Scout"); got != "play Scout" {
		t.Errorf("English Show = %q", got)
	}
	if got := same.Read("play Scout"); got != nil {
		t.Errorf("English Read = %q", got)
	}
}
