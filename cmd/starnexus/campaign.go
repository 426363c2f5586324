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
		line = "starnexus campaign new --name N [--seats human,greedy] [--seed S] [--campaign ID] [--db FILE]"
	case "play":
		all = fs.Bool("all", false, h("cli.campaign.all"))
		langName = langFlag(fs, h)
		line = "starnexus campaign play --name N [--all] [--db FILE] [--lang fr]"
	case "status":
		line = "starnexus campaign status --name N [--db FILE]"
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
		line = "starnexus campaign list [--db FILE]"
	default:
		fmt.Fprintf(stderr, "starnexus campaign: unknown command %q\n%s", sub, campaignUsage)
		return 2
	}
	if fs.Lookup("lang") == nil {
		langName = langFlagHelp(fs, h)
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
		err = campaignNew(ctx, cdb, out, *name, *content, *seats, seed)
	case "play":
		err = campaignPlay(ctx, cdb, stdin, out, isTerminal(stdout), *name, *all, lang)
	case "status":
		err = campaignStatus(ctx, cdb, out, *name)
	case "show":
		err = campaignShow(ctx, cdb, out, *name, sheet, lang)
	case "list":
		err = campaignList(ctx, cdb, out)
	}
	if err != nil {
		out.Flush()
		fmt.Fprintf(stderr, "starnexus campaign %s: %v\n", sub, err)
		return 1
	}
	return 0
}

// campaignNew creates the campaign: reproducible from seed, or with secret game seeds when
// seed is nil.
func campaignNew(ctx context.Context, db campaign.DB, out io.Writer, name, content, seats string, seed *uint64) error {
	who := splitList(seats)
	if len(who) != 2 {
		return fmt.Errorf("--seats: a campaign has two seats (the Empire, the Federation), got %d", len(who))
	}
	c, err := campaigns.Load(content)
	if err != nil {
		return err
	}
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
	fmt.Fprintf(out, "Campaign %s: %s, %s.\n", r.State.Name, c.Name, seedsText(r.State))
	for i, p := range r.State.Players {
		fmt.Fprintf(out, "  seat %d: %s (%s), played by %s\n", i+1, p.Name, p.Faction, p.Who)
	}
	for i, k := range keys {
		if k != "" {
			fmt.Fprintf(out, "  %s's key for the browser (keep it private): %s\n    with starnexus serve on this database: http://HOST/#/campaign/%s/%d/%s\n",
				r.State.Players[i].Name, k, url.PathEscape(r.State.Name), i, k)
		}
	}
	fmt.Fprintf(out, "Play its first scenario with: starnexus campaign play --name %s\n", r.State.Name)
	return nil
}

// campaignPlay plays the next scenario (or the game under way, or the post-campaign
// completion); with all, on to the end.
func campaignPlay(ctx context.Context, db campaign.DB, stdin io.Reader, out *bufio.Writer, tty bool, name string, all bool, lang *i18n.Catalog) error {
	r, err := campaign.Open(ctx, db, name)
	if err != nil {
		return err
	}
	humans := 0
	for _, p := range r.State.Players {
		if strings.EqualFold(p.Who, "human") {
			humans++
		}
	}
	if all && humans > 0 {
		return errors.New("--all plays bots only: this campaign has a human seat (play one scenario at a time)")
	}
	in := bufio.NewScanner(stdin)
	for {
		switch r.State.Phase() {
		case "finished":
			fmt.Fprintf(out, "Campaign %s is finished. %s\n", r.State.Name, winnerText(r.State))
			return nil
		case "completion":
			if err := completion(ctx, r, in, out, humans == 0); err != nil {
				return err
			}
			fmt.Fprintf(out, "Campaign %s is finished. %s\n", r.State.Name, winnerText(r.State))
			return nil
		case "scenario", "playing":
			quit, err := playScenario(ctx, r, in, out, tty, humans, all, lang)
			if err != nil || quit {
				return err
			}
			// After the last scenario the bots' completion upgrades came with its result, and
			// without a human the campaign is finished: the loop says so.
			if !all && r.State.Phase() != "finished" {
				if r.State.Phase() == "completion" {
					fmt.Fprintf(out, "The twelve scenarios are played. %s\nComplete the upgrades (SR 8.10) with: starnexus campaign play --name %s\n", winnerText(r.State), r.State.Name)
				}
				return nil
			}
		}
	}
}

// playScenario plays the game under way, or starts the next scenario's. quit says a human
// left the game (it stays in the database).
func playScenario(ctx context.Context, r *campaign.Run, in *bufio.Scanner, out *bufio.Writer, tty bool, humans int, brief bool, lang *i18n.Catalog) (quit bool, err error) {
	c, st := r.Content, r.State
	var live *campaign.Live
	if st.Current != nil {
		if live, err = r.Live(ctx); err != nil {
			return false, err
		}
		if !brief {
			fmt.Fprintf(out, "Continuing scenario %d of campaign %s (game %s) after %d actions.\n", live.Game.Scenario, st.Name, live.Game.ID, len(live.Actions))
		}
	} else {
		sc, err := campaign.Scenario(c, st.Next)
		if err != nil {
			return false, err
		}
		first := st.Players[st.First]
		if !brief {
			fmt.Fprintf(out, "\n== Scenario %d: %s ==\n%s\n", sc.Number, sc.Name, sc.Story)
			fmt.Fprintf(out, "%s goes first (SR 8.2).", first.Name)
			if sc.Political {
				fmt.Fprint(out, " Political victory is on: use the five rows of this scenario's sheet to win at once (SR 8.7).")
			}
			fmt.Fprintf(out, " The winner takes %s.\n", plural(sc.VictoryPoints, "victory point"))
			for i, n := range sc.Sheets {
				if n != "" {
					fmt.Fprintf(out, "%s receives sheet %s.\n", st.Players[i].Name, n)
				}
			}
		}
		choice := -1
		if opts := sc.Options(); len(opts) > 0 {
			if strings.EqualFold(first.Who, "human") {
				if choice, err = askChoice(in, out, first.Name, sc); err != nil {
					return false, err
				}
			} else {
				choice = st.BotChoice(c)
			}
			if !brief {
				fmt.Fprintf(out, "%s chooses %s: %s\n", first.Name, opts[choice].Name, opts[choice].Text)
			}
		}
		if !brief {
			if hooks, err := sc.Hooks(st.First, choice); err == nil {
				for i, h := range hooks {
					if t := hookText(h); t != "" {
						fmt.Fprintf(out, "Rules for %s: %s.\n", st.Players[i].Name, t)
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
		quit, err := hotSeatCampaign(ctx, r, live, in, out, tty, lang)
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
	winner := "a draw, nobody"
	if res.Winner >= 0 {
		winner = r.State.Players[res.Winner].Name
	}
	var ups []string
	for _, u := range r.State.Upgraded[before:] {
		if u.Scenario == res.Scenario {
			ups = append(ups, realms.UpgradedName(u.Card, realms.RowRef{Sheet: u.Sheet, Row: u.Row}))
		}
	}
	upText := "no upgrades"
	if len(ups) > 0 {
		upText = fmt.Sprintf("upgrades %d: %s", len(ups), strings.Join(ups, ", "))
	}
	how := ""
	if res.Political {
		how = " by political victory"
	}
	defer out.Flush()
	fmt.Fprintf(out, "scenario %d (%s): %s wins %s%s; points %s %d, %s %d; %s\n", res.Scenario, sc.Name, winner, plural(res.Points, "point"), how,
		r.State.Players[0].Name, r.State.Players[0].Points, r.State.Players[1].Name, r.State.Players[1].Points, upText)
	printCompletions(out, r.State, before)
	return false, nil
}

// printCompletions prints the post-campaign upgrades among s.Upgraded[from:]: the bots make
// theirs in the same save as the last result or a human's upgrade.
func printCompletions(out io.Writer, s *campaign.State, from int) {
	for _, u := range s.Upgraded[from:] {
		if u.Scenario == 0 {
			fmt.Fprintf(out, "completion: %s upgrades %s\n", s.Players[u.Seat].Name, realms.UpgradedName(u.Card, realms.RowRef{Sheet: u.Sheet, Row: u.Row}))
		}
	}
}

// hookText says what a scenario's rules change for one seat.
func hookText(h realms.CampaignSeat) string {
	var parts []string
	if h.Authority > 0 {
		parts = append(parts, fmt.Sprintf("starts with %d Authority", h.Authority))
	}
	for _, z := range []struct {
		what  string
		cards []string
	}{{"shuffled into the deck", h.Deck}, {"in the starting hand", h.Hand}, {"in play at the start", h.InPlay}} {
		if len(z.cards) > 0 {
			parts = append(parts, strings.Join(z.cards, ", ")+" "+z.what)
		}
	}
	if h.TurnStart != "" {
		parts = append(parts, "at the start of each turn: "+h.TurnStart)
	}
	return strings.Join(parts, "; ")
}

func askChoice(in *bufio.Scanner, out *bufio.Writer, who string, sc *campaigns.Scenario) (int, error) {
	opts := sc.Options()
	fmt.Fprintf(out, "%s, choose (SR 8.2): %s\n", who, sc.Choice.Prompt)
	for i, o := range opts {
		fmt.Fprintf(out, "  %d. %s: %s\n", i+1, o.Name, o.Text)
	}
	for {
		fmt.Fprint(out, "> ")
		out.Flush()
		if !in.Scan() {
			return 0, errors.New("no choice made (end of input)")
		}
		n, err := strconv.Atoi(strings.TrimSpace(in.Text()))
		if err == nil && n >= 1 && n <= len(opts) {
			return n - 1, nil
		}
		fmt.Fprintf(out, "error: answer 1 to %d\n", len(opts))
	}
}

// hotSeatCampaign plays a campaign game with a human seat through the terminal play code
// (session), storing each action as it is taken.
// The game's texts are in lang's language; the campaign's own lines stay English.
func hotSeatCampaign(ctx context.Context, r *campaign.Run, live *campaign.Live, in *bufio.Scanner, out *bufio.Writer, tty bool, lang *i18n.Catalog) (quit bool, err error) {
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
			fmt.Fprintf(out, "The game is kept in the campaign's database: continue it with: starnexus campaign play --name %s\n", st.Name)
		}
		return nil
	}
	g := realmsgame.WithCatalog(live.St.Catalog())
	s := terminal.Attach(terminal.Options{Game: g, Lines: in, Out: out, TTY: tty, Keep: keep, Lang: lang}, live.St, rec, live.Bots, live.Rngs)
	l := realmsgame.Lang(live.St.Catalog(), lang)
	if st.Reproducible() {
		realmsgame.Describe(out, l, live.St, rec)
	} else {
		fmt.Fprintf(out, "Star Realms, standard format, sets %s, seed secret until the game ends\nplayers: %s (%s) vs %s (%s)\n", strings.Join(rec.Sets, "+"),
			rec.Names[0], rec.Seats[0], rec.Names[1], rec.Seats[1])
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

// completion runs the post-campaign completion (SR 8.10): humans choose from a numbered list;
// the bots' upgrades (campaign.BotCompletion) come with each human's, and any a campaign
// stored by an earlier version still waits for come first (Settle).
func completion(ctx context.Context, r *campaign.Run, in *bufio.Scanner, out *bufio.Writer, brief bool) error {
	if !brief {
		fmt.Fprintf(out, "Post-campaign completion (SR 8.10): each player upgrades cards of the trade deck up to %d, in turn.\n", campaign.TotalUpgrades)
	}
	from := len(r.State.Upgraded)
	if err := r.Settle(ctx); err != nil {
		return err
	}
	printCompletions(out, r.State, from)
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
		fmt.Fprintf(out, "%s (%d of %d upgrades), choose a card and a row:\n", p.Name, r.State.Upgrades(seat), campaign.TotalUpgrades)
		for i, c := range cands {
			fmt.Fprintf(out, "  %d. %s\n", i+1, realms.UpgradedName(c.Card, realms.RowRef{Sheet: c.Sheet, Row: c.Row}))
		}
		for {
			fmt.Fprint(out, "> ")
			out.Flush()
			if !in.Scan() {
				return errors.New("the completion is not over (end of input); continue it with campaign play")
			}
			n, err := strconv.Atoi(strings.TrimSpace(in.Text()))
			if err == nil && n >= 1 && n <= len(cands) {
				u = cands[n-1]
				break
			}
			fmt.Fprintf(out, "error: answer 1 to %d\n", len(cands))
		}
		from := len(r.State.Upgraded)
		if err := r.Complete(ctx, seat, u); err != nil {
			return err
		}
		printCompletions(out, r.State, from)
	}
	return nil
}

// seedsText says where the campaign's game seeds come from, without any secret one.
func seedsText(s *campaign.State) string {
	if s.Reproducible() {
		return fmt.Sprintf("seed %d (every game derives from it)", s.Seed)
	}
	return "each game's seed secret until the game ends"
}

func winnerText(s *campaign.State) string {
	pts := fmt.Sprintf("%s %d, %s %d", s.Players[0].Name, s.Players[0].Points, s.Players[1].Name, s.Players[1].Points)
	if s.Next <= campaigns.Scenarios {
		return "Points: " + pts + "."
	}
	if w := s.Winner(); w >= 0 {
		return fmt.Sprintf("%s wins the campaign (points: %s).", s.Players[w].Name, pts)
	}
	return fmt.Sprintf("The campaign is a shared victory (points: %s).", pts)
}

// campaignShow prints the sticker sheet called sheet of the campaign: its rows, what each
// gives and costs, the rows used and by which upgraded card; "" lists the sheets.
func campaignShow(ctx context.Context, db campaign.DB, out io.Writer, name, sheet string, en *i18n.Catalog) error {
	r, err := campaign.Open(ctx, db, name)
	if err != nil {
		return err
	}
	s, c := r.State, r.Content
	var names []string
	for _, sh := range c.Sheets {
		names = append(names, sh.Name)
	}
	sheet = strings.TrimSpace(sheet)
	if sheet == "" {
		fmt.Fprintf(out, "The sticker sheets of campaign %s: %s\nshow one with: starnexus campaign show --name %s SHEET\n", s.Name, strings.Join(names, ", "), s.Name)
		return nil
	}
	sh, ok := c.Sheet(sheet)
	if !ok {
		msg := fmt.Sprintf("campaign %s has no sheet %q (its sheets: %s)", s.Name, sheet, strings.Join(names, ", "))
		if near := engine.Closest(sheet, names, 1); len(near) > 0 {
			msg += fmt.Sprintf("; did you mean %q?", near[0])
		}
		return errors.New(msg)
	}
	p := s.Players[sh.Seat]
	by := map[int]string{}
	for _, u := range s.Upgraded {
		if u.Seat == sh.Seat && strings.EqualFold(u.Sheet, sh.Name) {
			by[u.Row] = realms.UpgradedName(u.Card, realms.RowRef{Sheet: sh.Name, Row: u.Row})
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
		fmt.Fprintf(out, "%s%s", indent, en.Render(m))
		if i >= 2 && by[i-1] != "" {
			fmt.Fprintf(out, ": %s", by[i-1])
		}
		fmt.Fprintln(out)
	}
	switch given := sheetScenario(c, sh); {
	case slices.Contains(p.Sheets, sh.Name):
		fmt.Fprintf(out, "  %s has this sheet since scenario %d.\n", p.Name, given)
	case given > 0:
		fmt.Fprintf(out, "  %s receives this sheet at the start of scenario %d.\n", p.Name, given)
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

func campaignStatus(ctx context.Context, db campaign.DB, out io.Writer, name string) error {
	r, err := campaign.Open(ctx, db, name)
	if err != nil {
		return err
	}
	s, c := r.State, r.Content
	fmt.Fprintf(out, "Campaign %s: %s (%s), %s\n", s.Name, c.Name, c.ID, seedsText(s))
	for i, p := range s.Players {
		fmt.Fprintf(out, "%s (seat %d, %s, played by %s): %s, %s, %d of %d upgrades\n", p.Name, i+1, p.Faction, p.Who,
			plural(p.Points, "victory point"), plural(p.Wins, "scenario")+" won", s.Upgrades(i), campaign.TotalUpgrades)
		fmt.Fprintf(out, "  sheets: %s\n", listOrNone(p.Sheets))
		var used []string
		for _, u := range p.Used {
			used = append(used, fmt.Sprintf("%s/%d", u.Sheet, u.Row))
		}
		fmt.Fprintf(out, "  rows used: %s\n", listOrNone(used))
	}
	var ups []string
	for _, u := range s.Upgraded {
		when := "after the campaign"
		if u.Scenario > 0 {
			when = fmt.Sprintf("scenario %d", u.Scenario)
		}
		ups = append(ups, fmt.Sprintf("%s by %s, %s", realms.UpgradedName(u.Card, realms.RowRef{Sheet: u.Sheet, Row: u.Row}), s.Players[u.Seat].Name, when))
	}
	fmt.Fprintf(out, "Upgraded cards (they stay in the trade deck, SR 8.9): %d\n", len(ups))
	for _, u := range ups {
		fmt.Fprintf(out, "  %s\n", u)
	}
	if len(s.Results) > 0 {
		fmt.Fprintln(out, "Scenarios played:")
	}
	for _, res := range s.Results {
		sc, _ := campaign.Scenario(c, res.Scenario)
		w := "draw"
		if res.Winner >= 0 {
			w = s.Players[res.Winner].Name + " won, " + plural(res.Points, "point")
			if res.Political {
				w += " (political victory)"
			}
		}
		ch := ""
		if res.Choice != "" {
			ch = ", choice " + res.Choice
		}
		fmt.Fprintf(out, "  scenario %2d %-20s %s first%s: %s, %s\n", res.Scenario, sc.Name, s.Players[res.First].Name, ch, w, plural(res.Upgrades, "upgrade"))
	}
	switch s.Phase() {
	case "scenario":
		sc, _ := campaign.Scenario(c, s.Next)
		fmt.Fprintf(out, "Next: scenario %d, %s; %s goes first.\n", s.Next, sc.Name, s.Players[s.First].Name)
	case "playing":
		sc, _ := campaign.Scenario(c, s.Current.Scenario)
		_, acts, err := db.LoadGame(ctx, s.Current.ID)
		if err != nil {
			return err
		}
		fmt.Fprintf(out, "Under way: scenario %d, %s (game %s, %d actions); %s went first.\n", s.Current.Scenario, sc.Name, s.Current.ID, len(acts), s.Players[s.Current.First].Name)
	case "completion":
		fmt.Fprintf(out, "The scenarios are played. %s Next: the post-campaign completion (SR 8.10).\n", winnerText(s))
	case "finished":
		fmt.Fprintf(out, "Finished. %s\n", winnerText(s))
	}
	return nil
}

func listOrNone(s []string) string {
	if len(s) == 0 {
		return "none"
	}
	return strings.Join(s, ", ")
}

// campaignListPage is how many campaigns campaign list reads from the database at a time.
const campaignListPage = 100

// campaignList prints every campaign, reading them a page at a time and loading each
// campaign content once.
func campaignList(ctx context.Context, db campaign.DB, out io.Writer) error {
	contents := campaign.Contents{}
	listed := 0
	for page := (store.CampaignPage{Limit: campaignListPage}); ; {
		recs, err := db.ListCampaigns(ctx, page)
		if err != nil {
			return err
		}
		listCampaigns(db, out, contents, recs)
		listed += len(recs)
		if len(recs) < page.Limit {
			break
		}
		page.After = recs[len(recs)-1].Name
	}
	if listed == 0 {
		fmt.Fprintln(out, "No campaign yet: start one with starnexus campaign new --name N")
	}
	return nil
}

func listCampaigns(db campaign.DB, out io.Writer, contents campaign.Contents, recs []store.Campaign) {
	for i := range recs {
		r, err := contents.FromRecord(&recs[i], db)
		if err != nil {
			fmt.Fprintf(out, "%s: %v\n", recs[i].Name, err)
			continue
		}
		s := r.State
		where := s.Phase()
		switch where {
		case "scenario":
			where = fmt.Sprintf("next scenario %d", s.Next)
		case "playing":
			where = fmt.Sprintf("scenario %d under way", s.Current.Scenario)
		}
		fmt.Fprintf(out, "%s  %s  %s %s vs %s %s  points %d-%d  %s  (updated %s)\n", s.Name, r.Content.Name, s.Players[0].Name, s.Players[0].Who,
			s.Players[1].Name, s.Players[1].Who, s.Players[0].Points, s.Players[1].Points, where, recs[i].Updated.UTC().Format("2006-01-02 15:04"))
	}
}
