package campaign

import (
	"testing"

	"starnexus/games/realms/campaigns"
	"starnexus/i18n"
)

// Every text of every shipped campaign that players read has its message in the English
// catalog, with the content's own words.
func TestContentMessages(t *testing.T) {
	en, err := i18n.Load("en")
	if err != nil {
		t.Fatal(err)
	}
	for _, id := range campaigns.Names() {
		c, err := campaigns.Load(id)
		if err != nil {
			t.Fatal(err)
		}
		texts := ContentTexts(c)
		if len(texts) < 2+2*campaigns.Scenarios {
			t.Errorf("%s: %d texts", id, len(texts))
		}
		for _, x := range texts {
			if got := en.Render(x.Msg); got != x.Text {
				t.Errorf("%s: %s renders %q; the content says %q (i18n/en/campaign.json)", id, x.Msg.ID, got, x.Text)
			}
		}
	}
}
