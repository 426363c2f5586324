package realmsgame

import (
	"encoding/json"
	"testing"

	"starnexus/games/realms"
	"starnexus/i18n"
)

// GET /api/cards gives each card's text as messages by part: the shape clients read.
func TestCardJSONText(t *testing.T) {
	cat, err := realms.LoadCatalog()
	if err != nil {
		t.Fatal(err)
	}
	id, _ := cat.Lookup("Battle Pod")
	b, err := json.Marshal(CardOf("core", cat.Card(id)))
	if err != nil {
		t.Fatal(err)
	}
	var got struct {
		Text      json.RawMessage `json:"text"`
		AllyLabel json.RawMessage `json:"ally_label"`
		Primary   string          `json:"primary"`
	}
	if err := json.Unmarshal(b, &got); err != nil {
		t.Fatal(err)
	}
	want := `{"primary":[{"id":"realms.card.sentence","args":{"s":{"id":"realms.card.gain","args":{"n":4,"pool":{"id":"icon.combat"}}}}},` +
		`{"id":"realms.card.sentence","args":{"s":{"id":"realms.card.scrap","args":{"lead":"may","n":1,"zone":"row"}}}}],` +
		`"ally":[{"id":"realms.card.sentence","args":{"s":{"id":"realms.card.gain","args":{"n":2,"pool":{"id":"icon.combat"}}}}}]}`
	if string(got.Text) != want {
		t.Errorf("text:\n got %s\nwant %s", got.Text, want)
	}
	if w := `{"id":"realms.card.label.ally","args":{"faction":{"id":"realms.card.faction.blob"}}}`; string(got.AllyLabel) != w {
		t.Errorf("ally_label: got %s, want %s", got.AllyLabel, w)
	}
	if got.Primary != "combat 4; may scrap 1 from trade row" {
		t.Errorf("the engine notation is kept for tools: %q", got.Primary)
	}

	// Every card's text, read back from JSON as a client reads it, renders as the Go side
	// renders it.
	en, err := i18n.Load("en")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range SetCards(cat, nil) {
		b, err := json.Marshal(c)
		if err != nil {
			t.Fatal(err)
		}
		var back struct {
			Text map[string][]map[string]any `json:"text"`
		}
		if err := json.Unmarshal(b, &back); err != nil {
			t.Fatal(err)
		}
		if len(back.Text) == 0 {
			t.Errorf("%s has no text", c.Name)
		}
		for _, p := range c.Text.Parts() {
			var fromJSON string
			for i, m := range back.Text[p.Name] {
				if i > 0 {
					fromJSON += " "
				}
				fromJSON += renderJSON(en, m)
			}
			if want := en.RenderAll(p.Msgs); fromJSON != want {
				t.Errorf("%s %s: from JSON %q, want %q", c.Name, p.Name, fromJSON, want)
			}
		}
	}
}

// renderJSON renders a message decoded from JSON (a map), as a client holds it.
func renderJSON(en *i18n.Catalog, m map[string]any) string {
	id, _ := m["id"].(string)
	args, _ := m["args"].(map[string]any)
	return en.Render(i18n.Msg{ID: id, Args: args})
}
