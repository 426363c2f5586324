package campaign

import (
	"fmt"
	"strings"

	"starnexus/games/realms/campaigns"
	"starnexus/i18n"
)

// ContentMsg is the message of a text of campaign content c that players read, by its key in
// the content: "name", "description", "scenario.2.name", "scenario.2.story",
// "scenario.2.prompt", "scenario.2.option.1.name", "scenario.2.option.1.text". Its id is
// "campaign.CONTENT.KEY" (the content's id with '_' for '-'); the English catalog
// (i18n/en/campaign.json) holds the content's own words, and a test keeps them equal.
func ContentMsg(c *campaigns.Campaign, key string) i18n.Msg {
	return i18n.M("campaign." + strings.ReplaceAll(c.ID, "-", "_") + "." + key)
}

// ScenarioMsg is the message of a text of scenario n: "name", "story" or "prompt".
func ScenarioMsg(c *campaigns.Campaign, n int, key string) i18n.Msg {
	return ContentMsg(c, fmt.Sprintf("scenario.%d.%s", n, key))
}

// OptionMsg is the message of a text of option k (from 0) of scenario n's setup choice:
// "name" or "text".
func OptionMsg(c *campaigns.Campaign, n, k int, key string) i18n.Msg {
	return ContentMsg(c, fmt.Sprintf("scenario.%d.option.%d.%s", n, k+1, key))
}

// ContentTexts lists every text of c that players read with its message: the content's name
// and description, each scenario's name, story and setup choice.
func ContentTexts(c *campaigns.Campaign) []struct {
	Msg  i18n.Msg
	Text string
} {
	type mt = struct {
		Msg  i18n.Msg
		Text string
	}
	out := []mt{{ContentMsg(c, "name"), c.Name}, {ContentMsg(c, "description"), c.Description}}
	for _, s := range c.Scenarios {
		out = append(out, mt{ScenarioMsg(c, s.Number, "name"), s.Name}, mt{ScenarioMsg(c, s.Number, "story"), s.Story})
		if s.Choice == nil {
			continue
		}
		out = append(out, mt{ScenarioMsg(c, s.Number, "prompt"), s.Choice.Prompt})
		for k, o := range s.Choice.Options {
			out = append(out, mt{OptionMsg(c, s.Number, k, "name"), o.Name}, mt{OptionMsg(c, s.Number, k, "text"), o.Text})
		}
	}
	return out
}
