package campaigns

import "testing"

func TestQuickLoad(t *testing.T) {
	c, err := Load("frontier-accord")
	if err != nil {
		t.Fatal(err)
	}
	t.Log(c.Name, len(c.Scenarios))
}
