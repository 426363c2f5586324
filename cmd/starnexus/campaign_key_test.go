package main

import (
	"context"
	"path/filepath"
	"regexp"
	"testing"

	"starnexus/campaign"
	"starnexus/store"
)

// TestCampaignNewKeys: campaign new gives each human seat a key for the browser and keeps
// only its hash; bot seats get none.
func TestCampaignNewKeys(t *testing.T) {
	db := filepath.Join(t.TempDir(), "c.db")
	code, out, errOut := runStarnexus(t, "", "campaign", "new", "--name", "two humans", "--seats", "human,human", "--seed", "3", "--db", db)
	if code != 0 {
		t.Fatal(errOut)
	}
	re := regexp.MustCompile(`(Empire|Federation)'s key for the browser \(keep it private\): ([0-9a-f]{64})\n.*#/campaign/two%20humans/([01])/([0-9a-f]{64})`)
	found := re.FindAllStringSubmatch(out, -1)
	if len(found) != 2 {
		t.Fatalf("want a key for each human seat:\n%s", out)
	}
	ctx := context.Background()
	st, err := openStore(ctx, db)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	r, err := campaign.Open(ctx, st.(campaign.DB), "two humans")
	if err != nil {
		t.Fatal(err)
	}
	for i, m := range found {
		seat := int(m[3][0] - '0')
		if seat != i || m[2] != m[4] || r.State.Players[seat].Name != m[1] {
			t.Fatalf("key line %d: %q", i, m[0])
		}
		if string(r.State.Players[seat].TokenHash) != string(store.HashToken(m[2])) {
			t.Fatalf("seat %d: the stored hash is not the key's", seat)
		}
	}
	code, out, errOut = runStarnexus(t, "", "campaign", "new", "--name", "bots", "--seats", "greedy,greedy", "--db", db)
	if code != 0 || regexp.MustCompile(`key`).MatchString(out) {
		t.Fatalf("a bots' campaign: exit %d, %s %s", code, out, errOut)
	}
}
