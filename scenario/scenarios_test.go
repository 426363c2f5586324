package scenario_test

import (
	"path/filepath"
	"testing"

	"starnexus/scenario"
)

// TestScenarioFiles runs every scenario under testdata/scenarios, one subtest each.
func TestScenarioFiles(t *testing.T) {
	files, err := scenario.Files([]string{filepath.Join("..", "testdata", "scenarios")})
	if err != nil {
		t.Fatal(err)
	}
	if len(files) == 0 {
		t.Fatal("no scenario files found")
	}
	runner := scenario.NewRunner(registry(t))
	for _, f := range files {
		scs, err := scenario.Load(f)
		if err != nil {
			t.Errorf("%v", err)
			continue
		}
		for _, sc := range scs {
			t.Run(filepath.Base(f)+"/"+sc.Name, func(t *testing.T) {
				res := runner.Run(sc)
				for _, fl := range res.Failures {
					t.Errorf("%s scenario %d: %s", f, sc.Index, fl)
				}
			})
		}
	}
}
