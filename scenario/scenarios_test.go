package scenario

import (
	"path/filepath"
	"testing"
)

// TestScenarioFiles runs every scenario under testdata/scenarios, one subtest each.
func TestScenarioFiles(t *testing.T) {
	files, err := Files([]string{filepath.Join("..", "testdata", "scenarios")})
	if err != nil {
		t.Fatal(err)
	}
	if len(files) == 0 {
		t.Fatal("no scenario files found")
	}
	runner, err := NewRunner()
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range files {
		scs, err := Load(f)
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
