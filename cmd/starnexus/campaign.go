package main

import (
	"bufio"
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"flag"
	"fmt"
	"io"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"unicode"

	"starnexus/campaign"
	"starnexus/engine"
	"starnexus/games/realms"
	"starnexus/games/realms/campaigns"
	"starnexus/games/realms/realmsgame"
	"starnexus/i18n"
	"starnexus/store"
	"starnexus/terminal"
)

func runCampaign(args []string, stdin io.Reader, stdout, stderr io.Writer, getenv func(string) string) int {
	h := helpText(args, getenv)
	campaignUsage := h("cli.campaign.usage")
	if first := withoutLang(args); len(first) == 0 || first[0] == "help" || first[0] == "-h" || first[0] == "--help" {
		fmt.Fprint(stdout, campaignUsage)
		return 0
	}
	sub, args := args[0], args[1:]
	fs := flag.NewFlagSet("campaign "+sub, flag.ContinueOnError)
	db := fs.String("db", "starnexus.db", h("cli.campaign.db"))
	name := fs.String("name", "", h("cli.campaign.name"))
	var line string
	var seats, content *string
	var seed *uint64
	var all *bool
	var sheet string
	langName := new(string)
	switch sub {
	case "new":
		seats = fs.String("seats", "human,greedy", h("cli.campaign.seats", "bots", strings.Join(botNames(), ", ")))
		seed = fs.Uint64("seed", 0, h("cli.campaign.seed"))
		content = fs.String("campaign", "frontier-accord", h("cli.campaign.campaign", "campaigns", strings.Join(campaigns.Names(), ", ")))
		line = "starnexus campaign new --name N [--seats human,greedy] [--seed S] [--campaign ID] [--db FILE] [--lang fr]"
	case "play":
		all = fs.Bool("all", false, h("cli.campaign.all"))
		langName = langFlag(fs, h)
		line = "starnexus campaign play --name N [--all] [--db FILE] [--lang fr]"
	case "status":
		line = "starnexus campaign status --name N [--db FILE] [--lang fr]"
	case "show":
		langName = langFlag(fs, h)
		line = "starnexus campaign show --name N [--db FILE] [--lang fr] SHEET"
		// The sheet's name is the words that are not flags (both of show's flags take a
		// value): show --name N Empire 1.
		var flags, words []string
		for i := 0; i < len(args); i++ {
			a := args[i]
			switch {
			case strings.HasPrefix(a, "-") && !strings.Contains(a, "=") && i+1 < len(args) && a != "-h" && a != "-help" && a != "--help":
				flags = append(flags, a, args[i+1])
				i++
			case strings.HasPrefix(a, "-"):
				flags = append(flags, a)
			default:
				words = append(words, a)
			}
		}
		args, sheet = flags, strings.Join(words, " ")
	case "list":
		line = "starnexus campaign list [--db FILE] [--lang fr]"
	default:
		fmt.Fprintf(stderr, "starnexus campaign: unknown command %q\n%s", sub, campaignUsage)
		return 2
	}
	if fs.Lookup("lang") == nil { // every campaign command prints for players
		langName = langFlag(fs, h)
	}
	if code, ok := parseFlags(fs, args, line, h, stderr); !ok {
		return code
	}
	if sub != "list" && strings.TrimSpace(*name) == "" {
		fmt.Fprintf(stderr, "starnexus campaign %s: --name is required\nusage: %s\n", sub, line)
		return 2
	}
	lang, err := chooseLang(*langName, getenv)
	if err != nil {
		fmt.Fprintf(stderr, "starnexus campaign %s: %v\n", sub, err)
		return 2
	}
	ctx := context.Background()
	st, err := openStore(ctx, *db)
	if err != nil {
		fmt.Fprintf(stderr, "starnexus campaign %s: %v\n", sub, err)
		return 1
	}
	defer st.Close()
	cdb, ok := st.(campaign.DB)
	if !ok {
		fmt.Fprintf(stderr, "starnexus campaign: the database %s keeps no campaigns\n", redact(*db))
		return 1
	}
	out := bufio.NewWriter(stdout)
	defer out.Flush()
	switch sub {
	case "new":
		given := false
		fs.Visit(func(f *flag.Flag) { given = given || f.Name == "seed" })
		if !given {
			seed = nil
		}
		err = campaignNew(ctx, cdb, out, lang, *name, *content, *seats, seed)
	case "play":
		err = campaignPlay(ctx, cdb, stdin, out, isTerminal(stdout), *name, *all, lang)
	case "status":
		err = campaignStatus(ctx, cdb, out, *name, lang)
	case "show":
		err = campaignShow(ctx, cdb, out, *name, sheet, lang)
	case "list":
		err = campaignList(ctx, cdb, out, lang)
	}
	if err != nil {
		out.Flush()
		fmt.Fprintf(stderr, "starnexus campaign %s: %s\n", sub, campaignErrorText(lang, err, *name))
		return 1
	}
	return 0
}

// campaignErrorText is err in the player's language where a player caused it (a name taken,
// a campaign not found), else as it is.
func campaignErrorText(lang *i18n.Catalog, err error, name string) string {
	switch {
	case campaign.NameTaken(err):
		return lang.Render(i18n.M("term.campaign.err.exists", "name", name))
	case campaign.Unknown(err):
		return lang.Render(i18n.M("term.campaign.err.not_found", "name", name))
	}
	return err.Error()
}

// campaignLang is the language of a campaign's lines: the terminal's (its catalog shows the
// cards' names in the language) and the catalog itself, which a game's session takes.
type campaignLang struct {
	terminal.Lang
	cat *i18n.Catalog
}

// campaignText is the language of cat for the lines of campaign content c (its cards' names;
// nil: none).
func campaignText(cat *i18n.Catalog, c *campaigns.Campaign) campaignLang {
	var rc *realms.Catalog
	if c != nil {
		rc = c.Catalog()
	}
	return campaignLang{realmsgame.Lang(rc, cat), cat}
}

// text is m in the language, or en when the catalog has no text for it.
func (l campaignLang) text(m i18n.Msg, en string) string {
	if !l.Cat.Has(m.ID) {
		return en
	}
	return l.Cat.Render(m)
}

// scenarioName is scenario n's name in the language.
func (l campaignLang) scenarioName(c *campaigns.Campaign, sc *campaigns.Scenario) string {
	return l.text(campaign.ScenarioMsg(c, sc.Number, "name"), sc.Name)
}

// choiceName is the name of the option called name (in English) of scenario sc's setup
// choice, in the language.
func (l campaignLang) choiceName(c *campaigns.Campaign, sc *campaigns.Scenario, name string) string {
	for k, o := range sc.Options() {
		if o.Name == name {
			return l.text(campaign.OptionMsg(c, sc.Number, k, "name"), o.Name)
		}
	}
	return name
}

// faction is a faction's English name in the language.
func (l campaignLang) faction(name string) string {
	if f, ok := realms.FactionByName(name); ok && l.Code() != "en" {
		return l.Cat.Render(realms.FactionMsg(f))
	}
	return name
}

// upgraded is an upgraded card's name, "Cutter (Empire 1/3)", the card's in the language.
func (l campaignLang) upgraded(card, sheet string, row int) string {
	return realms.UpgradedName(l.Words.Name(card), realms.RowRef{Sheet: sheet, Row: row})
}

// campaignNew creates the campaign: reproducible from seed, or with secret game seeds when
// seed is nil.
func campaignNew(ctx context.Context, db campaign.DB, out io.Writer, lang *i18n.Catalog, name, content, seats string, seed *uint64) error {
	who := splitList(seats)
	if len(who) != 2 {
		return fmt.Errorf("--seats: a campaign has two seats (the Empire, the Federation), got %d", len(who))
	}
	c, err := campaigns.Load(content)
	if err != nil {
		return err
	}
	l := campaignText(lang, c)
	// Each human seat gets a key for the browser (starnexus serve on the same database):
	// the campaign keeps its hash, as the server's own campaigns do.
	var keys [2]string
	r, err := campaign.CreateWith(ctx, db, c, name, [2]string{who[0], who[1]}, seed, func(st *campaign.State) {
		for i := range st.Players {
			if strings.EqualFold(st.Players[i].Who, "human") {
				var b [32]byte
				rand.Read(b[:])
				keys[i] = hex.EncodeToString(b[:])
				st.Players[i].TokenHash = store.HashToken(keys[i])
			}
		}
	})
	if err != nil {
		return err
	}
	fmt.Fprintln(out, l.T("term.campaign.created", "name", r.State.Name, "content", l.text(campaign.ContentMsg(c, "name"), c.Name), "seeds", seedsText(l, r.State)))
	for i, p := range r.State.Players {
		fmt.Fprintf(out, "  %s\n", l.T("term.campaign.seat", "n", i+1, "name", p.Name, "faction", l.faction(p.Faction), "who", terminal.SeatKind(l.Lang, p.Who), "human", yesNo(campaign.IsHuman(p))))
	}
	for i, k := range keys {
		if k != "" {
			link := fmt.Sprintf("http://HOST/#/campaign/%s/%d/%s", url.PathEscape(r.State.Name), i, k)
			fmt.Fprintf(out, "  %s\n    %s\n", l.T("term.campaign.key", "name", r.State.Players[i].Name, "key", k), l.T("term.campaign.key_link", "url", link))
		}
	}
	fmt.Fprintln(out, l.T("term.campaign.play_first", "command", "starnexus campaign play --name "+r.State.Name))
	return nil
}

// campaignPlay plays the next scenario (or the game under way, or the post-campaign
// completion); with all, on to the end.
func campaignPlay(ctx context.Context, db campaign.DB, stdin io.Reader, out *bufio.Writer, tty bool, name string, all bool, lang *i18n.Catalog) error {
	r, err := campaign.Open(ctx, db, name)
	if err != nil {
		return err
	}
	l := campaignText(lang, r.Content)
	humans := 0
	for _, p := range r.State.Players {
		if strings.EqualFold(p.Who, "human") {
			humans++
		}
	}
	if all && humans > 0 {
		return errors.New(l.T("term.campaign.all_bots_only"))
	}
	in := bufio.NewScanner(stdin)
	for {
		switch r.State.Phase() {
		case "finished":
			fmt.Fprintln(out, l.T("term.campaign.finished", "name", r.State.Name, "result", winnerText(l, r.State)))
			return nil
		case "completion":
			if err := completion(ctx, r, in, out, humans == 0, l); err != nil {
				return err
			}
			fmt.Fprintln(out, l.T("term.campaign.finished", "name", r.State.Name, "result", winnerText(l, r.State)))
			return nil
		case "scenario", "playing":
			quit, err := playScenario(ctx, r, in, out, tty, humans, all, l)
			if err != nil || quit {
				return err
			}
			// After the last scenario the bots' completion upgrades came with its result, and
			// without a human the campaign is finished: the loop says so.
			if !all && r.State.Phase() != "finished" {
				if r.State.Phase() == "completion" {
					fmt.Fprintln(out, l.T("term.campaign.all_played", "result", winnerText(l, r.State)))
					fmt.Fprintln(out, l.T("term.campaign.complete_with", "command", "starnexus campaign play --name "+r.State.Name))
				}
				return nil
			}
		}
	}
}

// playScenario plays the game under way, or starts the next scenario's. quit says a human
// left the game (it stays in the database).
func playScenario(ctx context.Context, r *campaign.Run, in *bufio.Scanner, out *bufio.Writer, tty bool, humans int, brief bool, l campaignLang) (quit bool, err error) {
	c, st := r.Content, r.State
	var live *campaign.Live
	if st.Current != nil {
		if live, err = r.Live(ctx); err != nil {
			return false, err
		}
		if !brief {
			fmt.Fprintln(out, l.T("term.campaign.continuing", "n", live.Game.Scenario, "name", st.Name, "game", live.Game.ID, "actions", len(live.Actions)))
		}
	} else {
		sc, err := campaign.Scenario(c, st.Next)
		if err != nil {
			return false, err
		}
		first := st.Players[st.First]
		if !brief {
			fmt.Fprintf(out, "\n%s\n%s\n", l.T("term.campaign.scenario", "n", sc.Number, "name", l.scenarioName(c, sc)), l.text(campaign.ScenarioMsg(c, sc.Number, "story"), sc.Story))
			line := []string{l.T("term.campaign.goes_first", "name", first.Name)}
			if sc.Political {
				line = append(line, l.T("term.campaign.political"))
			}
			line = append(line, l.T("term.campaign.winner_takes", "n", sc.VictoryPoints))
			fmt.Fprintln(out, strings.Join(line, " "))
			for i, n := range sc.Sheets {
				if n != "" {
					fmt.Fprintln(out, l.T("term.campaign.receives_sheet", "name", st.Players[i].Name, "sheet", n))
				}
			}
		}
		choice := -1
		if opts := sc.Options(); len(opts) > 0 {
			if strings.EqualFold(first.Who, "human") {
				if choice, err = askChoice(in, out, l, first.Name, c, sc); err != nil {
					return false, err
				}
			} else {
				choice = st.BotChoice(c)
			}
			if !brief {
				fmt.Fprintln(out, l.T("term.campaign.chooses", "name", first.Name,
					"choice", l.text(campaign.OptionMsg(c, sc.Number, choice, "name"), opts[choice].Name),
					"text", l.text(campaign.OptionMsg(c, sc.Number, choice, "text"), opts[choice].Text)))
			}
		}
		if !brief {
			if hooks, err := sc.Hooks(st.First, choice); err == nil {
				for i, h := range hooks {
					if t := hookText(l, h); t != "" {
						fmt.Fprintln(out, l.T("term.campaign.rules_for", "name", st.Players[i].Name, "rules", t))
					}
				}
			}
		}
		if live, err = r.StartGame(ctx, choice); err != nil {
			return false, err
		}
	}
	if humans == 0 {
		for !live.St.Over() {
			if err := r.BotMove(ctx, live); err != nil {
				return false, err
			}
		}
	} else {
		quit, err := hotSeatCampaign(ctx, r, live, in, out, tty, l)
		if err != nil || quit {
			return quit, err
		}
	}
	before := len(r.State.Upgraded)
	res, err := r.Finish(ctx, live)
	if err != nil {
		return false, err
	}
	sc, _ := campaign.Scenario(c, res.Scenario)
	winner := ""
	if res.Winner >= 0 {
		winner = r.State.Players[res.Winner].Name
	}
	var ups []string
	for _, u := range r.State.Upgraded[before:] {
		if u.Scenario == res.Scenario {
			ups = append(ups, l.upgraded(u.Card, u.Sheet, u.Row))
		}
	}
	upText := l.T("term.campaign.no_upgrades")
	if len(ups) > 0 {
		upText = l.T("term.campaign.upgrades", "n", len(ups), "list", strings.Join(ups, ", "))
	}
	defer out.Flush()
	p := r.State.Players
	fmt.Fprintln(out, l.T("term.campaign.result", "n", res.Scenario, "name", l.scenarioName(c, sc), "draw", yesNo(res.Winner < 0), "winner", winner,
		"points", res.Points, "political", yesNo(res.Political), "first", p[0].Name, "first_points", p[0].Points, "second", p[1].Name, "second_points", p[1].Points,
		"upgrades", upText))
	printCompletions(out, l, r.State, before)
	return false, nil
}

// yesNo is a select argument of the catalogs.
func yesNo(b bool) string {
	if b {
		return "yes"
	}
	return "no"
}

// printCompletions prints the post-campaign upgrades among s.Upgraded[from:]: the bots make
// theirs in the same save as the last result or a human's upgrade.
func printCompletions(out io.Writer, l campaignLang, s *campaign.State, from int) {
	for _, u := range s.Upgraded[from:] {
		if u.Scenario == 0 {
			fmt.Fprintln(out, l.T("term.campaign.completion_upgrade", "name", s.Players[u.Seat].Name, "card", l.upgraded(u.Card, u.Sheet, u.Row)))
		}
	}
}

// hookText says what a scenario's rules change for one seat.
func hookText(l campaignLang, h realms.CampaignSeat) string {
	var parts []string
	if h.Authority > 0 {
		parts = append(parts, l.T("term.campaign.rule.authority", "n", h.Authority))
	}
	for _, z := range []struct {
		id    string
		cards []string
	}{{"term.campaign.rule.deck", h.Deck}, {"term.campaign.rule.hand", h.Hand}, {"term.campaign.rule.in_play", h.InPlay}} {
		if len(z.cards) > 0 {
			names := make([]string, len(z.cards))
			for i, c := range z.cards {
				names[i] = l.Words.Name(c)
			}
			parts = append(parts, l.T(z.id, "cards", strings.Join(names, ", ")))
		}
	}
	if h.TurnStart != "" {
		// In English the ability as the campaign writes it ("trade 1"); in another language
		// its card text, without the sentence's stop (the line has its own).
		ability := h.TurnStart
		if ab, err := realms.ParseTurnStart(h.TurnStart); err == nil && l.Code() != "en" {
			ability = lowerFirst(strings.TrimSuffix(strings.TrimSpace(l.Cat.RenderAll(realms.AbilityMsgs(ab))), "."))
		}
		parts = append(parts, l.T("term.campaign.rule.turn_start", "ability", ability))
	}
	return strings.Join(parts, l.T("term.campaign.rule.sep"))
}

// lowerFirst is a sentence put after a colon: its first letter in lower case when the next
// one is too ("Puedes desguazar" -> "puedes desguazar"; "+1 de Comercio" and a name such as
// "RTS Fleet" stay as they are).
func lowerFirst(s string) string {
	r := []rune(s)
	if len(r) > 1 && unicode.IsUpper(r[0]) && unicode.IsLower(r[1]) {
		r[0] = unicode.ToLower(r[0])
	}
	return string(r)
}

// askChoice asks who, the first player, for scenario sc's setup choice (SR 8.2).
func askChoice(in *bufio.Scanner, out *bufio.Writer, l campaignLang, who string, c *campaigns.Campaign, sc *campaigns.Scenario) (int, error) {
	opts := sc.Options()
	fmt.Fprintln(out, l.T("term.campaign.choose", "name", who, "prompt", l.text(campaign.ScenarioMsg(c, sc.Number, "prompt"), sc.Choice.Prompt)))
	for i, o := range opts {
		text := l.T("ui.campaign.option", "name", l.text(campaign.OptionMsg(c, sc.Number, i, "name"), o.Name), "text", l.text(campaign.OptionMsg(c, sc.Number, i, "text"), o.Text))
		fmt.Fprintf(out, "  %d. %s\n", i+1, text)
	}
	for {
		fmt.Fprint(out, "> ")
		out.Flush()
		if !in.Scan() {
			return 0, errors.New(l.T("term.campaign.no_choice"))
		}
		n, err := strconv.Atoi(strings.TrimSpace(in.Text()))
		if err == nil && n >= 1 && n <= len(opts) {
			return n - 1, nil
		}
		fmt.Fprintln(out, l.T("term.campaign.answer_range", "max", len(opts)))
	}
}

// hotSeatCampaign plays a campaign game with a human seat through the terminal play code
// (session), storing each action as it is taken, in l's language.
func hotSeatCampaign(ctx context.Context, r *campaign.Run, live *campaign.Live, in *bufio.Scanner, out *bufio.Writer, tty bool, cl campaignLang) (quit bool, err error) {
	st := r.State
	// The seed of a game of a campaign without a chosen seed is secret until the game ends
	// (the bots' hands and the decks follow from it): the session does not hold it.
	rec := &engine.Record{Game: "realms", Format: "standard", Sets: r.Content.GameSets(), Actions: []engine.LoggedAction{}}
	if st.Reproducible() {
		rec.Seed = live.Game.Seed
	}
	for _, p := range st.Players {
		rec.Seats = append(rec.Seats, p.Who)
		rec.Names = append(rec.Names, p.Name)
	}
	for _, a := range live.Actions {
		rec.Actions = append(rec.Actions, engine.LoggedAction{Seat: a.Seat, Action: a.Text})
	}
	keep := func() error {
		if !live.St.Over() {
			fmt.Fprintln(out, cl.T("term.campaign.kept", "command", "starnexus campaign play --name "+st.Name))
		}
		return nil
	}
	g := realmsgame.WithCatalog(live.St.Catalog())
	s := terminal.Attach(terminal.Options{Game: g, Lines: in, Out: out, TTY: tty, Keep: keep, Lang: cl.cat}, live.St, rec, live.Bots, live.Rngs)
	l := realmsgame.Lang(live.St.Catalog(), cl.cat)
	if st.Reproducible() {
		realmsgame.Describe(out, l, live.St, rec)
	} else {
		fmt.Fprintln(out, l.T("term.campaign.header_secret", "format", formatText(l, rec.Format), "sets", setsText(l, rec.Sets)))
		fmt.Fprintln(out, l.T("term.players", "list", terminal.PlayersText(l, rec, nil)))
	}
	for !live.St.Over() {
		if seat := s.Next(); s.IsBot(seat) {
			live.BotRNG(seat) // the session uses live.Rngs
		}
		err = s.Step()
		for len(live.Actions) < len(rec.Actions) {
			la := rec.Actions[len(live.Actions)]
			if lerr := r.Log(ctx, live, engine.Seat(la.Seat), la.Action); lerr != nil {
				return false, lerr
			}
		}
		if errors.Is(err, terminal.ErrQuit) {
			return true, nil
		}
		if err != nil {
			return false, err
		}
	}
	fmt.Fprintf(out, "\n%s\n%s\n", l.T("term.campaign.over", "authority", realmsgame.AuthorityText(l, live.St)), realmsgame.ResultText(l, live.St))
	return false, nil
}

// formatText is a Star Realms format's name in l's language (in English, as --format takes
// it).
func formatText(l terminal.Lang, format string) string {
	if id := "ui.format." + strings.ReplaceAll(format, "-", "_"); l.Code() != "en" && l.Cat.Has(id) {
		return l.T(id)
	}
	return format
}

// setsText lists card sets in l's language, "Jeu de base + Colony Wars" (in English, as
// --sets takes them: "core+colony-wars").
func setsText(l terminal.Lang, sets []string) string {
	if l.Code() == "en" {
		return strings.Join(sets, "+")
	}
	names := make([]string, len(sets))
	for i, set := range sets {
		names[i] = setText(l, set)
	}
	return strings.Join(names, " + ")
}

// setText is a card set's name in l's language, its id in English or when the catalog has
// no name for it.
func setText(l terminal.Lang, set string) string {
	if id := "ui.lobby.set." + strings.ReplaceAll(set, "-", "_"); l.Code() != "en" && l.Cat.Has(id) {
		return l.T(id)
	}
	return set
}

// completion runs the post-campaign completion (SR 8.10): humans choose from a numbered list;
// the bots' upgrades (campaign.BotCompletion) come with each human's, and any a campaign
// stored by an earlier version still waits for come first (Settle).
func completion(ctx context.Context, r *campaign.Run, in *bufio.Scanner, out *bufio.Writer, brief bool, l campaignLang) error {
	if !brief {
		fmt.Fprintln(out, l.T("term.campaign.completion", "max", campaign.TotalUpgrades))
	}
	from := len(r.State.Upgraded)
	if err := r.Settle(ctx); err != nil {
		return err
	}
	printCompletions(out, l, r.State, from)
	for !r.State.Finished {
		seat, ok, err := r.State.CompletionTurn(r.Content)
		if err != nil {
			return err
		}
		if !ok {
			return r.Settle(ctx)
		}
		p := r.State.Players[seat]
		cands, err := r.State.Candidates(r.Content, seat)
		if err != nil {
			return err
		}
		if !campaign.IsHuman(p) {
			return fmt.Errorf("campaign %s: the bot of %s did not make its completion upgrade", r.State.Name, p.Name)
		}
		var u realms.Upgrade
		fmt.Fprintln(out, l.T("term.campaign.completion_turn", "name", p.Name, "n", r.State.Upgrades(seat), "max", campaign.TotalUpgrades))
		for i, c := range cands {
			fmt.Fprintf(out, "  %d. %s\n", i+1, l.upgraded(c.Card, c.Sheet, c.Row))
		}
		for {
			fmt.Fprint(out, "> ")
			out.Flush()
			if !in.Scan() {
				return errors.New(l.T("term.campaign.completion_eof"))
			}
			n, err := strconv.Atoi(strings.TrimSpace(in.Text()))
			if err == nil && n >= 1 && n <= len(cands) {
				u = cands[n-1]
				break
			}
			fmt.Fprintln(out, l.T("term.campaign.answer_range", "max", len(cands)))
		}
		from := len(r.State.Upgraded)
		if err := r.Complete(ctx, seat, u); err != nil {
			return err
		}
		printCompletions(out, l, r.State, from)
	}
	return nil
}

// seedsText says where the campaign's game seeds come from, without any secret one.
func seedsText(l campaignLang, s *campaign.State) string {
	if s.Reproducible() {
		return l.T("term.campaign.seed", "seed", strconv.FormatUint(s.Seed, 10))
	}
	return l.T("term.campaign.seed_secret")
}

func winnerText(l campaignLang, s *campaign.State) string {
	pts := fmt.Sprintf("%s %d, %s %d", s.Players[0].Name, s.Players[0].Points, s.Players[1].Name, s.Players[1].Points)
	if s.Next <= campaigns.Scenarios {
		return l.T("term.campaign.points", "points", pts)
	}
	if w := s.Winner(); w >= 0 {
		return l.T("term.campaign.wins", "name", s.Players[w].Name, "points", pts)
	}
	return l.T("term.campaign.shared", "points", pts)
}

// campaignShow prints the sticker sheet called sheet of the campaign: its rows, what each
// gives and costs, the rows used and by which upgraded card; "" lists the sheets.
func campaignShow(ctx context.Context, db campaign.DB, out io.Writer, name, sheet string, lang *i18n.Catalog) error {
	r, err := campaign.Open(ctx, db, name)
	if err != nil {
		return err
	}
	s, c := r.State, r.Content
	l := campaignText(lang, c)
	var names []string
	for _, sh := range c.Sheets {
		names = append(names, sh.Name)
	}
	sheet = strings.TrimSpace(sheet)
	if sheet == "" {
		fmt.Fprintln(out, l.T("term.campaign.sheets", "name", s.Name, "list", strings.Join(names, ", ")))
		fmt.Fprintln(out, l.T("term.campaign.show_one", "name", s.Name))
		return nil
	}
	sh, ok := c.Sheet(sheet)
	if !ok {
		near := "none"
		if n := engine.Closest(sheet, names, 1); len(n) > 0 {
			near = n[0]
		}
		return errors.New(l.T("term.campaign.no_sheet", "name", s.Name, "sheet", sheet, "list", strings.Join(names, ", "), "near", near))
	}
	p := s.Players[sh.Seat]
	by := map[int]string{}
	for _, u := range s.Upgraded {
		if u.Seat == sh.Seat && strings.EqualFold(u.Sheet, sh.Name) {
			by[u.Row] = l.upgraded(u.Card, sh.Name, u.Row)
		}
	}
	used := func(row int) bool {
		for _, u := range p.Used {
			if strings.EqualFold(u.Sheet, sh.Name) && u.Row == row {
				return true
			}
		}
		return by[row] != ""
	}
	msgs, err := realms.SheetMsgs(sh.StickerSheet, p.Name, used)
	if err != nil {
		return err
	}
	for i, m := range msgs {
		indent := ""
		if i > 0 {
			indent = "  "
		}
		line := l.Cat.Render(m)
		if i >= 2 && by[i-1] != "" {
			line = l.T("term.campaign.row_upgraded", "row", line, "card", by[i-1])
		}
		fmt.Fprintf(out, "%s%s\n", indent, line)
	}
	switch given := sheetScenario(c, sh); {
	case slices.Contains(p.Sheets, sh.Name):
		fmt.Fprintf(out, "  %s\n", l.T("term.campaign.sheet_since", "name", p.Name, "n", given))
	case given > 0:
		fmt.Fprintf(out, "  %s\n", l.T("term.campaign.sheet_at", "name", p.Name, "n", given))
	}
	return nil
}

// sheetScenario is the scenario whose setup gives sheet sh (0: none).
func sheetScenario(c *campaigns.Campaign, sh campaigns.Sheet) int {
	for _, sc := range c.Scenarios {
		if sc.Sheets[sh.Seat] == sh.Name {
			return sc.Number
		}
	}
	return 0
}

func campaignStatus(ctx context.Context, db campaign.DB, out io.Writer, name string, lang *i18n.Catalog) error {
	r, err := campaign.Open(ctx, db, name)
	if err != nil {
		return err
	}
	s, c := r.State, r.Content
	l := campaignText(lang, c)
	fmt.Fprintln(out, l.T("term.campaign.status", "name", s.Name, "content", l.text(campaign.ContentMsg(c, "name"), c.Name), "id", c.ID, "seeds", seedsText(l, s)))
	for i, p := range s.Players {
		fmt.Fprintln(out, l.T("term.campaign.status_player", "name", p.Name, "n", i+1, "faction", l.faction(p.Faction), "who", terminal.SeatKind(l.Lang, p.Who), "human", yesNo(campaign.IsHuman(p)),
			"points", p.Points, "wins", p.Wins, "upgrades", s.Upgrades(i), "max", campaign.TotalUpgrades))
		fmt.Fprintf(out, "  %s\n", l.T("term.campaign.status_sheets", "list", listOrNone(l, p.Sheets)))
		var used []string
		for _, u := range p.Used {
			used = append(used, fmt.Sprintf("%s/%d", u.Sheet, u.Row))
		}
		fmt.Fprintf(out, "  %s\n", l.T("term.campaign.status_rows", "list", listOrNone(l, used)))
	}
	fmt.Fprintln(out, l.T("term.campaign.upgraded_count", "n", len(s.Upgraded)))
	for _, u := range s.Upgraded {
		fmt.Fprintf(out, "  %s\n", l.T("term.campaign.upgraded_by", "card", l.upgraded(u.Card, u.Sheet, u.Row), "name", s.Players[u.Seat].Name, "scenario", strconv.Itoa(u.Scenario)))
	}
	if len(s.Results) > 0 {
		fmt.Fprintln(out, l.T("term.campaign.played"))
	}
	for _, res := range s.Results {
		sc, _ := campaign.Scenario(c, res.Scenario)
		winner := ""
		if res.Winner >= 0 {
			winner = s.Players[res.Winner].Name
		}
		fmt.Fprintf(out, "  %s\n", l.T("term.campaign.played_line", "n", fmt.Sprintf("%2d", res.Scenario), "name", fmt.Sprintf("%-20s", l.scenarioName(c, sc)),
			"first", s.Players[res.First].Name, "has_choice", yesNo(res.Choice != ""), "choice", l.choiceName(c, sc, res.Choice),
			"draw", yesNo(res.Winner < 0), "winner", winner, "points", res.Points, "political", yesNo(res.Political), "upgrades", res.Upgrades))
	}
	switch s.Phase() {
	case "scenario":
		sc, _ := campaign.Scenario(c, s.Next)
		fmt.Fprintln(out, l.T("term.campaign.next", "n", s.Next, "name", l.scenarioName(c, sc), "first", s.Players[s.First].Name))
	case "playing":
		sc, _ := campaign.Scenario(c, s.Current.Scenario)
		_, acts, err := db.LoadGame(ctx, s.Current.ID)
		if err != nil {
			return err
		}
		fmt.Fprintln(out, l.T("term.campaign.under_way", "n", s.Current.Scenario, "name", l.scenarioName(c, sc), "game", s.Current.ID, "actions", len(acts),
			"first", s.Players[s.Current.First].Name))
	case "completion":
		fmt.Fprintln(out, l.T("term.campaign.status_completion", "result", winnerText(l, s)))
	case "finished":
		fmt.Fprintln(out, l.T("term.campaign.status_finished", "result", winnerText(l, s)))
	}
	return nil
}

func listOrNone(l campaignLang, s []string) string {
	if len(s) == 0 {
		return l.T("term.campaign.none")
	}
	return strings.Join(s, ", ")
}

// campaignListPage is how many campaigns campaign list reads from the database at a time.
const campaignListPage = 100

// campaignList prints every campaign, reading them a page at a time and loading each
// campaign content once.
func campaignList(ctx context.Context, db campaign.DB, out io.Writer, lang *i18n.Catalog) error {
	l := campaignText(lang, nil)
	contents := campaign.Contents{}
	listed := 0
	for page := (store.CampaignPage{Limit: campaignListPage}); ; {
		recs, err := db.ListCampaigns(ctx, page)
		if err != nil {
			return err
		}
		listCampaigns(db, out, l, contents, recs)
		listed += len(recs)
		if len(recs) < page.Limit {
			break
		}
		page.After = recs[len(recs)-1].Name
	}
	if listed == 0 {
		fmt.Fprintln(out, l.T("term.campaign.none_yet"))
	}
	return nil
}

func listCampaigns(db campaign.DB, out io.Writer, l campaignLang, contents campaign.Contents, recs []store.Campaign) {
	for i := range recs {
		r, err := contents.FromRecord(&recs[i], db)
		if err != nil {
			fmt.Fprintf(out, "%s: %v\n", recs[i].Name, err)
			continue
		}
		s := r.State
		n := s.Next
		if s.Current != nil {
			n = s.Current.Scenario
		}
		where := l.T("term.campaign.where", "phase", s.Phase(), "n", n)
		fmt.Fprintln(out, l.T("term.campaign.list_line", "name", s.Name, "content", l.text(campaign.ContentMsg(r.Content, "name"), r.Content.Name),
			"first", s.Players[0].Name, "first_who", terminal.SeatKind(l.Lang, s.Players[0].Who), "second", s.Players[1].Name, "second_who", terminal.SeatKind(l.Lang, s.Players[1].Who),
			"first_points", s.Players[0].Points, "second_points", s.Players[1].Points, "where", where, "updated", recs[i].Updated.UTC().Format("2006-01-02 15:04")))
	}
}
