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

// The rules engines depend on the standard library alone, but for the YAML reader of their
// card data files (docs/decisions.md, "What the rules packages import"): messages are built
// with i18n/msg and rendered at the edges, whose catalogs need golang.org/x/text.
func TestRulesImportNoLibrary(t *testing.T) {
	rules := []string{"../engine", "../games/realms", "../games/nexus", "../games/nexus/cards"}
	out, err := exec.Command("go", append([]string{"list", "-deps"}, rules...)...).CombinedOutput()
	if err != nil {
		t.Fatalf("go list -deps: %v\n%s", err, out)
	}
	for _, dep := range strings.Fields(string(out)) {
		first, _, _ := strings.Cut(dep, "/")
		if !strings.Contains(first, ".") || dep == "go.yaml.in/yaml/v3" {
			continue // the standard library, starnexus, the card files' reader
		}
		t.Errorf("the rules depend on %s", dep)
	}
}
