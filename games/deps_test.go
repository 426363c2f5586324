package games

import (
	"os/exec"
	"strings"
	"testing"
)

// The tools know games only through engine.Game: none of them links a game's package or the
// campaign (docs/architecture.md). The test asks the go command, as `go list -deps` would be
// asked by hand, for the non-test dependencies of each tool.
func TestToolsImportNoGame(t *testing.T) {
	tools := []string{"../server/...", "../sim/...", "../ai/...", "../scenario/...", "../terminal/...", "../bots/..."}
	out, err := exec.Command("go", append([]string{"list", "-deps"}, tools...)...).CombinedOutput()
	if err != nil {
		t.Fatalf("go list -deps: %v\n%s", err, out)
	}
	for _, dep := range strings.Fields(string(out)) {
		if strings.HasPrefix(dep, "starnexus/games") || dep == "starnexus/campaign" || strings.HasPrefix(dep, "starnexus/campaign/") {
			t.Errorf("a tool depends on %s", dep)
		}
	}
}
