package cards

import (
	"reflect"
	"testing"
)

// TestFormatRoundTrip formats every ability of the starter set and of the parser tests, and
// parses the result again: the text must be the same, and so must the parsed ability.
func TestFormatRoundTrip(t *testing.T) {
	type item struct {
		text string
		typ  Type
	}
	var items []item
	for _, c := range builtin(t).All() {
		for _, a := range c.Abilities {
			items = append(items, item{a.Text, c.Type})
		}
	}
	items = append(items,
		item{"resolve: modify(ALL:creature[opp,token], -1/-1, until=turn); grant(T:creature[Menace,cost<=2], Menace, until=phase)", Instant},
		item{"affinity: modify(REQUISITIONED[you], +1/+0); wound(ALL:player[opp], 1); tap(T1:creature); untap(T2:creature); confront(T2, T1)", SpecialResource},
		item{"when dies: draw(EACH_PLAYER, 1); lose_life(EACH_OPP, 2)", Creature},
	)
	if len(items) < 40 {
		t.Fatalf("only %d abilities", len(items))
	}
	for _, it := range items {
		a, err := ParseAbility(it.text, it.typ)
		if err != nil {
			t.Errorf("%s: %v", it.text, err)
			continue
		}
		got := a.Format()
		if got != it.text {
			t.Errorf("Format\n%s\nwant\n%s", got, it.text)
			continue
		}
		b, err := ParseAbility(got, it.typ)
		if err != nil || !reflect.DeepEqual(a, b) {
			t.Errorf("%s: reparse %v\n%+v\n%+v", got, err, a, b)
		}
	}
}

// FuzzParseAbility checks that no input makes the parser panic, that every error is a
// *ParseError pointing inside the text, and that what parses formats to text that parses to
// the same ability.
func FuzzParseAbility(f *testing.F) {
	cat, err := Builtin()
	if err != nil {
		f.Fatal(err)
	}
	for _, c := range cat.All() {
		for _, a := range c.Abilities {
			f.Add(a.Text, uint8(c.Type))
		}
	}
	f.Fuzz(func(t *testing.T, text string, typ uint8) {
		ct := Type(typ % uint8(numTypes))
		a, err := ParseAbility(text, ct)
		if err != nil {
			pe, ok := err.(*ParseError)
			if !ok || pe.Pos < 0 || pe.Pos > len(text) {
				t.Fatalf("%q: error %#v", text, err)
			}
			return
		}
		b, err := ParseAbility(a.Format(), ct)
		if err != nil {
			t.Fatalf("%q formats to %q, which does not parse: %v", text, a.Format(), err)
		}
		b.Text = a.Text
		if !reflect.DeepEqual(a, b) {
			t.Fatalf("%q: reparse differs\n%+v\n%+v", text, a, b)
		}
	})
}
