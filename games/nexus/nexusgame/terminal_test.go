package nexusgame_test

import (
	"testing"

	"starnexus/engine"
	"starnexus/games/nexus/nexusgame"
)

// The terminal's card command shows a card as a player reads it, in English.
func TestTerminalCardText(t *testing.T) {
	g, err := nexusgame.New()
	if err != nil {
		t.Fatal(err)
	}
	st, err := g.New(engine.Setup{Names: []string{"Ann", "Bob"}, Seed: 3})
	if err != nil {
		t.Fatal(err)
	}
	p := g.Presenter(nil)
	tests := []struct{ name, want string }{
		{"blade dancer", "Blade Dancer: Rayji Creature, cost 3, 3/2\n" +
			"  Agility (This creature deals its wounds before creatures without Agility.)\n" +
			"  also known as: Danseuse des Lames (fr), Bailarina de Espadas (es)\n"},
		{"Danseuse des Lames", "Blade Dancer: Rayji Creature, cost 3, 3/2\n" +
			"  Agility (This creature deals its wounds before creatures without Agility.)\n" +
			"  also known as: Danseuse des Lames (fr), Bailarina de Espadas (es)\n"},
		{"Vessa, Matriarch of Nareh", "Vessa, Matriarch of Nareh: Dam'Nareh Hero, life 20\n" +
			"  Autolyse (3): You lose 1 life. Deal 2 wounds to target creature.\n" +
			"  also known as: Vessa, Matriarche de Nareh (fr), Vessa, Matriarca de Nareh (es)\n"},
		{"Zephyr Pylon", "Zephyr Pylon: Hilote Special resource\n" +
			"  Affinity: You draw a card.\n" +
			"  Dissonance: Tap target creature you control.\n" +
			"  also known as: Pylône des Zéphyrs (fr), Pilón del Céfiro (es)\n"},
	}
	for _, tt := range tests {
		got, err := p.CardText(st, tt.name)
		if err != nil || got != tt.want {
			t.Errorf("%s:\n got %q, %v\nwant %q", tt.name, got, err, tt.want)
		}
	}
	if _, err := p.CardText(st, "Blade Dancr"); err == nil {
		t.Error("an unknown card has a text")
	}
}
