package cards

import (
	"reflect"
	"strings"
	"testing"
)

func tgt(slot int, obj ObjKind, f Filter) Selector {
	return Selector{Kind: SelTarget, Slot: slot, Obj: obj, Filter: f}
}

func sel(k SelKind) Selector { return Selector{Kind: k, Filter: AnyFilter()} }

func filt(mod func(*Filter)) Filter {
	f := AnyFilter()
	mod(&f)
	return f
}

// eff fills the selectors an effect does not use with their zero-filter value, as the parser does.
func eff(e Effect) Effect {
	for _, s := range []*Selector{&e.Sel, &e.Sel2, &e.For} {
		if s.Kind == SelNone {
			*s = sel(SelNone)
		}
	}
	return e
}

func TestParseAbility(t *testing.T) {
	any := AnyFilter()
	you := filt(func(f *Filter) { f.You = true })
	opp := filt(func(f *Filter) { f.Opp = true })
	tests := []struct {
		text string
		typ  Type
		want Ability
	}{
		{`active(3) "Autolyse": lose_life(YOU, 1); wound(T:creature, 2)`, Hero, Ability{
			Kind: Active, Cost: 3, Name: "Autolyse", Subject: sel(SelNone),
			Effects: []Effect{
				eff(Effect{Verb: LoseLife, Sel: sel(SelYou), N: 1}),
				eff(Effect{Verb: Wound, Sel: tgt(0, ObjCreature, any), N: 2}),
			},
			Targets: []TargetSpec{{"T", ObjCreature, any}},
		}},
		{"active(2): destroy(SELF)", Equipment, Ability{
			Kind: Active, Cost: 2, Subject: sel(SelNone),
			Effects: []Effect{eff(Effect{Verb: Destroy, Sel: sel(SelSelf)})},
		}},
		// A bare T refers back to the slot declared by the first effect: one target slot.
		{"resolve: regenerate(T:creature); marker(T, +1/+1, 1)", Instant, Ability{
			Kind: Resolve, Subject: sel(SelNone),
			Effects: []Effect{
				eff(Effect{Verb: Regenerate, Sel: tgt(0, ObjCreature, any)}),
				eff(Effect{Verb: Marker, Sel: tgt(0, ObjCreature, any), Delta: Change{DS: 1, DE: 1}, N: 1}),
			},
			Targets: []TargetSpec{{"T", ObjCreature, any}},
		}},
		{"resolve: modify(T1:creature[you], +2/+0); confront(T1, T2:creature[opp])", Instant, Ability{
			Kind: Resolve, Subject: sel(SelNone),
			Effects: []Effect{
				eff(Effect{Verb: Modify, Sel: tgt(0, ObjCreature, you), Delta: Change{DS: 2}}),
				eff(Effect{Verb: Confront, Sel: tgt(0, ObjCreature, you), Sel2: tgt(1, ObjCreature, opp)}),
			},
			Targets: []TargetSpec{{"T1", ObjCreature, you}, {"T2", ObjCreature, opp}},
		}},
		{"static: ALL:creature[you,other,Alteration] +1/+0", Creature, Ability{
			Kind:    Static,
			Subject: Selector{Kind: SelAll, Obj: ObjCreature, Filter: filt(func(f *Filter) { f.You, f.Other, f.Keywords = true, true, Alteration })},
			Change:  Change{DS: 1},
		}},
		{"static: ALL:creature[opp] -1/+0", Creature, Ability{
			Kind: Static, Subject: Selector{Kind: SelAll, Obj: ObjCreature, Filter: opp}, Change: Change{DS: -1},
		}},
		{"equipped: +1/+0, gains Agility, gains Menace", Equipment, Ability{
			Kind: Equipped, Subject: sel(SelEquipped), Change: Change{DS: 1, Gains: Agility | Menace},
		}},
		{"dissonance: create(TK-SPORE, 1, for=T:player[opp])", SpecialResource, Ability{
			Kind: Dissonance, Subject: sel(SelNone),
			Effects: []Effect{eff(Effect{Verb: Create, Token: "TK-SPORE", N: 1, For: tgt(0, ObjPlayer, opp)})},
			Targets: []TargetSpec{{"T", ObjPlayer, opp}},
		}},
		{"affinity: marker(REQUISITIONED:creature, +1/+1, 1)", SpecialResource, Ability{
			Kind: Affinity, Subject: sel(SelNone),
			Effects: []Effect{eff(Effect{Verb: Marker, Sel: Selector{Kind: SelRequisitioned, Obj: ObjCreature, Filter: any}, Delta: Change{DS: 1, DE: 1}, N: 1})},
		}},
		{"affinity: untap_resources(YOU, 1, other)", SpecialResource, Ability{
			Kind: Affinity, Subject: sel(SelNone),
			Effects: []Effect{eff(Effect{Verb: UntapResources, Sel: sel(SelYou), N: 1, Other: true})},
		}},
		{"resolve: resurrect(T:creature_card@graveyard[you,cost<=3])", Instant, Ability{
			Kind: Resolve, Subject: sel(SelNone),
			Effects: []Effect{eff(Effect{Verb: Resurrect, Sel: tgt(0, ObjGraveCreature, filt(func(f *Filter) { f.You, f.MaxCost = true, 3 }))})},
			Targets: []TargetSpec{{"T", ObjGraveCreature, filt(func(f *Filter) { f.You, f.MaxCost = true, 3 })}},
		}},
		{"resolve: counter(T:requisition, unless_tap=2)", Instant, Ability{
			Kind: Resolve, Subject: sel(SelNone),
			Effects: []Effect{eff(Effect{Verb: Counter, Sel: tgt(0, ObjRequisition, any), UnlessTap: 2})},
			Targets: []TargetSpec{{"T", ObjRequisition, any}},
		}},
		{"when creature_you_control_dies[other]: marker(SELF, +1/+1, 1)", Creature, Ability{
			Kind: Trigger, Event: CreatureYouControlDies, EventOther: true, Subject: sel(SelNone),
			Effects: []Effect{eff(Effect{Verb: Marker, Sel: sel(SelSelf), Delta: Change{DS: 1, DE: 1}, N: 1})},
		}},
		{"when arrives: confront(SELF, T:creature[opp])", Creature, Ability{
			Kind: Trigger, Event: Arrives, Subject: sel(SelNone),
			Effects: []Effect{eff(Effect{Verb: Confront, Sel: sel(SelSelf), Sel2: tgt(0, ObjCreature, opp)})},
			Targets: []TargetSpec{{"T", ObjCreature, opp}},
		}},
		{"resolve: modify(ALL:creature[opp], -1/-1, until=turn); grant(T:creature, Menace, until=phase)", Instant, Ability{
			Kind: Resolve, Subject: sel(SelNone),
			Effects: []Effect{
				eff(Effect{Verb: Modify, Sel: Selector{Kind: SelAll, Obj: ObjCreature, Filter: opp}, Delta: Change{DS: -1, DE: -1}, Until: UntilTurn}),
				eff(Effect{Verb: Grant, Sel: tgt(0, ObjCreature, any), Keyword: Menace, Until: UntilPhase}),
			},
			Targets: []TargetSpec{{"T", ObjCreature, any}},
		}},
		{"resolve: wound(EACH_OPP, 2); draw(T:player[you], 1)", Instant, Ability{
			Kind: Resolve, Subject: sel(SelNone),
			Effects: []Effect{
				eff(Effect{Verb: Wound, Sel: sel(SelEachOpp), N: 2}),
				eff(Effect{Verb: Draw, Sel: tgt(0, ObjPlayer, you), N: 1}),
			},
			Targets: []TargetSpec{{"T", ObjPlayer, you}},
		}},
	}
	for _, tc := range tests {
		t.Run(tc.text, func(t *testing.T) {
			got, err := ParseAbility(tc.text, tc.typ)
			if err != nil {
				t.Fatal(err)
			}
			tc.want.Text = tc.text
			if !reflect.DeepEqual(got, tc.want) {
				t.Errorf("got\n%+v\nwant\n%+v", got, tc.want)
			}
		})
	}
}

func TestParseAbilityErrors(t *testing.T) {
	tests := []struct {
		text string
		typ  Type
		col  int    // 1-based column the error points at
		want string // a part of the message
	}{
		{"resolve: modfy(T:creature, +2/+2)", Instant, 10, `unknown verb "modfy" (did you mean "modify"?)`},
		{"resolve: marker(T, +1/+1, 1)", Instant, 17, "T is not declared"},
		{"resolve: tap(T:creature); tap(T:creature)", Instant, 31, "T is already declared"},
		{"equipped: +1/+0", Creature, 1, "not allowed on a Creature card (only on Equipment)"},
		{"resolve: tap(T:creature)", Creature, 1, "not allowed on a Creature card (only on Instant)"},
		{"affinity: draw(YOU, 1)", Instant, 1, "only on SpecialResource"},
		{"dissonance: draw(YOU, 1)", Resource, 1, "only on SpecialResource"},
		{"active: draw(YOU, 1)", Creature, 7, "needs its cost: active(N)"},
		{"active(): draw(YOU, 1)", Creature, 8, "expected the cost in resources"},
		{`active(2) "": draw(YOU, 1)`, Hero, 11, "quoted name is empty"},
		{"active(2) \"a\x01\": draw(YOU, 1)", Hero, 11, "must be printable text"},
		{`active(2) "Gale: draw(YOU, 1)`, Hero, 11, "quoted name is not closed"},

		{"resolve: modify(T:creature[yuo], +2/+2)", Instant, 28, `unknown filter qualifier "yuo"`},
		{"resolve: modify(T:creature[you,opp], +2/+2)", Instant, 32, "both you and opp"},
		{"resolve: modify(T:creature[you,you], +2/+2)", Instant, 32, "written twice"},
		{"resolve: draw(T:player[token], 1)", Instant, 24, "a player filter takes only you or opp"},
		{"resolve: modify(T:creature, +2/2)", Instant, 32, "expected a signed number"},
		{"resolve: modify(T:creature, +0/+0)", Instant, 29, "changes nothing"},
		{"resolve: marker(T:creature, +2/+2, 1)", Instant, 29, "a marker is +1/+1 or -1/-1"},
		{"resolve: marker(T:creature, +1/+1, 0)", Instant, 36, "at least 1"},
		{"resolve: wound(T:creature)", Instant, 26, "wound needs a number of wounds"},
		{"resolve: tap(T:creature, 2)", Instant, 26, "tap takes no further argument"},
		{"resolve: modify(T:creature, +1/+1, until=ever)", Instant, 36, "until=phase or until=turn"},
		{"resolve: counter(T:creature)", Instant, 18, "T:requisition"},
		{"resolve: draw(T:creature, 1)", Instant, 15, "players"},
		{"resolve: confront(ALL:creature, T:creature)", Instant, 19, "one creature"},
		{"resolve: confront(T:creature, T)", Instant, 31, "can't confront itself"},
		{"resolve: resurrect(T:creature)", Instant, 20, "graveyard target"},
		{"resolve: modify(EQUIPPED, +1/+0)", Instant, 17, "EQUIPPED is only meaningful on an equipment"},
		{"resolve: modify(REQUISITIONED:creature, +1/+0)", Instant, 17, "only meaningful in affinity: and dissonance:"},
		{"resolve: modify(SELF, +1/+0)", Instant, 17, "SELF on an Instant card"},
		{"static: T:creature +1/+0", Creature, 9, "a static ability has no targets"},
		{"static: ALL:player +1/+0", Creature, 9, "SELF or ALL:creature"},
		{"static: SELF gains Division", Creature, 20, "only written in the keywords field"},
		{"when attacks: draw(YOU, 1)", Creature, 6, "expected an event"},
		{"when arrives: grant(T:creature, Flying)", Creature, 33, "expected a keyword"},
		{"resolve: tap(T:creature);tap(SELF)", Instant, 25, "unexpected"},
		{"resolve: create(tk-spore, 1)", Instant, 17, "expected a token id"},
		{"resolv: tap(T:creature)", Instant, 1, `did you mean "resolve"?`},
		{"resolve: modify(T:creature[cost<=2], +1/+1)", Instant, 0, ""}, // valid: creatures may be filtered by cost
		{"resolve: modify(T:creature, +1/+1), until=turn", Instant, 35, "unexpected"},
		{"resolve: untap_resources(YOU, 1, other, other)", Instant, 41, "takes no further argument"},
		{"resolve: untap_resources(YOU, 1, until=turn)", Instant, 34, "accepts only other here"},
	}
	for _, tc := range tests {
		t.Run(tc.text, func(t *testing.T) {
			_, err := ParseAbility(tc.text, tc.typ)
			if tc.want == "" {
				if err != nil {
					t.Fatalf("unexpected error: %v", err)
				}
				return
			}
			if err == nil {
				t.Fatalf("no error, want one containing %q", tc.want)
			}
			pe, ok := err.(*ParseError)
			if !ok {
				t.Fatalf("error %T, want *ParseError", err)
			}
			if !strings.Contains(pe.Msg, tc.want) {
				t.Errorf("error %q does not contain %q", err, tc.want)
			}
			if pe.Pos+1 != tc.col {
				t.Errorf("error at column %d, want %d (%v)", pe.Pos+1, tc.col, err)
			}
		})
	}
}
