package benchmark

import (
	"testing"

	"starnexus/ai/ismcts"
	"starnexus/engine"
	"starnexus/games/realms"
)

// TestTimeDecisions: the bench's decision clock counts a level's decisions, even with no
// time to spend (two whole games at least).
func TestTimeDecisions(t *testing.T) {
	cat, err := realms.LoadCatalog()
	if err != nil {
		t.Fatal(err)
	}
	search := ismcts.Config{Iterations: 12, Rollout: realms.Greedy{}, Epsilon: 0.1, Prior: 1, Reuse: true, MaxRolloutActions: 400}
	dt := TimeDecisions(cat, func() engine.Bot { return ismcts.New(search) }, 0)
	if dt.Decisions == 0 || dt.Searched == 0 || dt.Searched > dt.Decisions {
		t.Fatalf("decision clock: %+v", dt)
	}
}
