package campaignhttp_test

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"

	"starnexus/i18n"
)

type sheetsT struct {
	Sheets []struct {
		Name     string `json:"name"`
		Seat     int    `json:"seat"`
		Owner    string `json:"owner"`
		From     int    `json:"from"`
		Received bool   `json:"received"`
		Current  bool   `json:"current"`
		Rows     []struct {
			Row   int   `json:"row"`
			Costs []int `json:"costs"`
			Ship  *struct {
				Part  string     `json:"part"`
				Text  []i18n.Msg `json:"text"`
				Msg   i18n.Msg   `json:"msg"`
				Extra int        `json:"extra"`
			} `json:"ship"`
			Base *struct {
				Msg   i18n.Msg `json:"msg"`
				Extra int      `json:"extra"`
			} `json:"base"`
			Msg      i18n.Msg `json:"msg"`
			Used     bool     `json:"used"`
			Upgrade  string   `json:"upgrade"`
			Scenario int      `json:"scenario"`
		} `json:"rows"`
	} `json:"sheets"`
	Extra map[string]int `json:"extra"`
	Rule  i18n.Msg       `json:"rule"`
}

func (h *harness) sheets(name string) sheetsT {
	h.t.Helper()
	code, b := h.do("GET", "/api/campaigns/"+name+"/sheets", "", nil)
	if code != http.StatusOK {
		h.t.Fatalf("sheets: %d %s", code, b)
	}
	var s sheetsT
	if err := json.Unmarshal(b, &s); err != nil {
		h.t.Fatal(err)
	}
	return s
}

// A campaign with one human and one bot: the creation answers the human seat's token (its
// link's key) and none for the bot; the sticker sheets are there before any upgrade, with
// what each row gives and costs in messages; a row used in the game under way is marked
// used with its upgraded card; the scenario's texts and the refusals come as messages.
func TestCampaignSheetsAndMessages(t *testing.T) {
	en, err := i18n.Load("en")
	if err != nil {
		t.Fatal(err)
	}
	h := newHarness(t, Config{AllowSeed: true})
	c := h.createCampaign(`{"name":"sheets","seed":21,"seats":[{"kind":"human"},{"kind":"bot","bot":"greedy"}]}`)
	if len(c.Seats) != 2 || c.Seats[0].Kind != "human" || len(c.Seats[0].Token) < 16 || c.Seats[1].Kind != "bot" || c.Seats[1].Token != "" {
		t.Fatalf("created %+v: want the human seat's token, none for the bot", c)
	}
	tok := c.Seats[0].Token

	s := h.sheets("sheets")
	if len(s.Sheets) != 8 || s.Extra["ship"] != 2 || s.Extra["base"] != 3 || !strings.Contains(en.Render(s.Rule), "2 more Trade on a ship") {
		t.Fatalf("sheets: %d, extra %v, rule %q", len(s.Sheets), s.Extra, en.Render(s.Rule))
	}
	e1 := s.Sheets[0]
	if e1.Name != "Empire 1" || e1.Seat != 0 || e1.Owner != "Empire" || e1.From != 1 || !e1.Current || e1.Received || len(e1.Rows) != 5 {
		t.Fatalf("Empire 1 before scenario 1: %+v", e1)
	}
	r1 := e1.Rows[0]
	if r1.Row != 1 || len(r1.Costs) != 2 || r1.Ship == nil || r1.Ship.Part != "primary" || r1.Ship.Extra != 2 || r1.Base == nil || r1.Base.Extra != 3 || r1.Used {
		t.Fatalf("Empire 1 row 1: %+v", r1)
	}
	for _, c := range []struct{ got, want string }{
		{en.RenderAll(r1.Ship.Text), "+1 Combat."},
		{en.Render(r1.Base.Msg), "+2 Authority."},
		{en.Render(r1.Msg), "Row 1, cards costing 1 or 2: ship (+2 Trade): +1 Combat. · base (+3 Trade): +2 Authority."},
	} {
		if c.got != c.want {
			t.Errorf("Empire 1 row 1: %q, want %q", c.got, c.want)
		}
	}
	for _, sh := range s.Sheets {
		for _, r := range sh.Rows {
			if txt := en.Render(r.Msg); strings.Contains(txt, "realms.card") || strings.Contains(txt, "campaign.sheet") {
				t.Errorf("%s row %d reads %q", sh.Name, r.Row, txt)
			}
		}
	}

	// The status's texts as messages, in the content's words.
	code, b := h.do("GET", "/api/campaigns/sheets", "", nil)
	var st struct {
		ContentMsg i18n.Msg `json:"content_msg"`
		Players    []struct {
			FactionMsg i18n.Msg `json:"faction_msg"`
		} `json:"players"`
		Scenario struct {
			Name     string   `json:"name"`
			NameMsg  i18n.Msg `json:"name_msg"`
			Story    string   `json:"story"`
			StoryMsg i18n.Msg `json:"story_msg"`
		} `json:"scenario"`
	}
	if err := json.Unmarshal(b, &st); code != http.StatusOK || err != nil {
		t.Fatalf("status: %d %v", code, err)
	}
	if en.Render(st.Scenario.NameMsg) != st.Scenario.Name || en.Render(st.Scenario.StoryMsg) != st.Scenario.Story || en.Render(st.ContentMsg) != "Frontier Accord" ||
		en.Render(st.Players[0].FactionMsg) != "Star Empire" || en.Render(st.Players[1].FactionMsg) != "Trade Federation" {
		t.Errorf("status messages: %+v", st)
	}

	// Refusals a player reads come with their message.
	for _, r := range []struct {
		path, token, body, id string
		status                int
	}{
		{"/api/campaigns", "", `{"name":"sheets","seats":[{"kind":"human"},{"kind":"bot","bot":"greedy"}]}`, "campaign.error.exists", http.StatusConflict},
		{"/api/campaigns", "", `{"name":" ","seats":[{"kind":"human"},{"kind":"human"}]}`, "campaign.error.name_missing", http.StatusBadRequest},
		{"/api/campaigns", "", `{"name":"x","seats":[{"kind":"bot","bot":"grredy"},{"kind":"human"}]}`, "campaign.error.unknown_bot", http.StatusBadRequest},
		{"/api/campaigns/sheets/start", "", `{}`, "campaign.error.no_token_start", http.StatusUnauthorized},
		{"/api/campaigns/sheets/start", "nope", `{}`, "campaign.error.bad_token", http.StatusUnauthorized},
	} {
		code, b := h.do("POST", r.path, r.token, r.body)
		var e struct {
			Error string   `json:"error"`
			Msg   i18n.Msg `json:"msg"`
		}
		if err := json.Unmarshal(b, &e); err != nil || code != r.status || e.Msg.ID != r.id || e.Error != en.Render(e.Msg) || strings.HasPrefix(e.Error, "campaign.") {
			t.Errorf("POST %s %s: %d %s; want %d with message %s", r.path, r.body, code, b, r.status, r.id)
		}
	}

	// Scenario 1: the sheets are received; an upgrade bought in the game under way uses its
	// row at once.
	id := h.startScenario("sheets", tok, 0)
	upgrades := 0
	for n := 0; n < 2000 && upgrades == 0; n++ {
		if v, _ := h.view(id, tok); v.Over {
			break
		}
		upgrades = h.playHuman(id, tok, 1)
	}
	if upgrades == 0 {
		t.Fatal("the human never could buy with an upgrade in scenario 1 (the test needs one)")
	}
	s = h.sheets("sheets")
	used := 0
	for _, sh := range s.Sheets[:1] {
		if !sh.Received || !sh.Current {
			t.Errorf("%s during scenario 1: received %v, current %v", sh.Name, sh.Received, sh.Current)
		}
		for _, r := range sh.Rows {
			if r.Used {
				used++
				if !strings.HasSuffix(r.Upgrade, "(Empire 1/"+string(rune('0'+r.Row))+")") || r.Scenario != 1 {
					t.Errorf("%s row %d used by %q in scenario %d", sh.Name, r.Row, r.Upgrade, r.Scenario)
				}
			}
		}
	}
	if used != 1 {
		t.Errorf("%d rows of Empire 1 used after one upgrade in the game under way", used)
	}
}
