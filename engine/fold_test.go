package engine

import (
	"strings"
	"testing"
)

func TestFoldName(t *testing.T) {
	tests := []struct {
		in, want string
	}{
		{"", ""},
		{"scout", "scout"},
		{"Blob Fighter", "blob fighter"},
		{"  Blob   Fighter \t", "blob fighter"},
		{"PRÉDATEUR", "predateur"},
		{"Prédateur", "predateur"},
		{"predateur", "predateur"},
		{"Éclaireur", "eclaireur"},
		{"Yate Diplomático", "yate diplomatico"},
		{"ESTACIÓN ESPACIAL", "estacion espacial"},
		{"Crisálida Blob", "crisalida blob"},
		{"Canon à Plasma", "canon a plasma"},
		{"Dépôt de Marchandises", "depot de marchandises"},
		{"Tour Fantôme", "tour fantome"},
		{"Canonnière", "canonniere"},
		{"Cuirassé Vétuste", "cuirasse vetuste"},
		{"Station Frontalière", "station frontaliere"},
		{"Façonneur", "faconneur"},
		{"Piñata Ñandú", "pinata nandu"},
		{"Cœur d'Œuvre", "coeur d'oeuvre"},
		{"Ægide", "aegide"},
		{"Straße", "strasse"},
		{"Balise d’Alerte", "balise d'alerte"},
		{"Méca‑Mineur", "meca-mineur"},
		{"Méca–Croiseur", "meca-croiseur"},
		{"Über Ärger", "uber arger"},
		{"Łódź", "lodz"},
		{"Ωmega", "ωmega"}, // not Latin: lower-cased, kept
		{"\u00a0Viper\u00a0", "viper"},
	}
	for _, tt := range tests {
		if got := FoldName(tt.in); got != tt.want {
			t.Errorf("FoldName(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

// TestFoldNameIdempotent: a folded name folds to itself, so that an index of folded names can
// be looked up with the fold of what a player types.
func TestFoldNameIdempotent(t *testing.T) {
	for _, s := range []string{"Éclaireur", "  Cœur  ", "Yate Diplomático", "ŒUVRE", "a  b"} {
		f := FoldName(s)
		if g := FoldName(f); g != f {
			t.Errorf("FoldName(FoldName(%q)) = %q, want %q", s, g, f)
		}
	}
}

func TestFoldNameNoAllocWhenFolded(t *testing.T) {
	if n := testing.AllocsPerRun(100, func() { FoldName("blob fighter") }); n != 0 {
		t.Errorf("FoldName of a folded name allocates %v times", n)
	}
}

func TestClosestFolds(t *testing.T) {
	names := []string{"Éclaireur", "Prospecteur", "Yate Diplomático", "Estación Espacial"}
	tests := []struct {
		q    string
		want int
	}{
		{"eclaireux", 0},
		{"PROSPECTEURS", 1},
		{"yate diplomatica", 2},
		{"estacion espacia", 3},
	}
	for _, tt := range tests {
		got := ClosestIndex(tt.q, names, 2)
		if len(got) == 0 || got[0] != tt.want {
			t.Errorf("ClosestIndex(%q) = %v, want %d first", tt.q, got, tt.want)
		}
	}
}

func TestSuggest(t *testing.T) {
	names := []Name[int]{{"Scout", "en", 1}, {"Scouts", "en", 1}, {"Éclaireur", "fr", 1}, {"Viper", "en", 2}, {"Explorer", "en", 3}, {"Prospecteur", "fr", 3}}
	in := func(k int, lang string) string {
		for _, n := range names {
			if n.Key == k && n.Lang == lang {
				return n.Text
			}
		}
		return names[0].Text
	}
	tests := []struct {
		name, lang string
		n          int
		want       string
	}{
		{"eclaireu", "", 1, "Éclaireur"}, // the language of the nearest name
		{"eclaireu", "en", 1, "Scout"},   // asked in English
		{"scout", "", 2, "Scout"},        // each card once, however many of its names are close
		{" scout ", "fr", 1, "Éclaireur"},
	}
	for _, tt := range tests {
		if got := strings.Join(Suggest(tt.name, tt.lang, tt.n, names, in), " "); got != tt.want {
			t.Errorf("Suggest(%q, %q, %d) = %q, want %q", tt.name, tt.lang, tt.n, got, tt.want)
		}
	}
}
