package server

import (
	"bytes"
	"crypto/sha256"
	"encoding/base64"
	"io/fs"
	"slices"
	"testing"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"

	"starnexus/web"
)

// tokenizerHashes is what golang.org/x/net/html's tokenizer finds: the reference the server's
// own reading of the page is held to.
func tokenizerHashes(page []byte) []string {
	var out []string
	z := html.NewTokenizer(bytes.NewReader(page))
	inline := false
	for {
		switch z.Next() {
		case html.ErrorToken:
			return out
		case html.StartTagToken:
			t := z.Token()
			inline = t.DataAtom == atom.Script && !slices.ContainsFunc(t.Attr, func(a html.Attribute) bool { return a.Key == "src" })
		case html.TextToken:
			if inline {
				sum := sha256.Sum256(z.Text())
				out = append(out, "sha256-"+base64.StdEncoding.EncodeToString(sum[:]))
			}
			inline = false
		default:
			inline = false
		}
	}
}

func TestInlineScriptHashesAgreeWithTokenizer(t *testing.T) {
	index, err := fs.ReadFile(web.Files, "index.html")
	if err != nil {
		t.Fatal(err)
	}
	pages := map[string]string{
		"index.html":          string(index),
		"crlf":                "<html>\r\n<script>\r\nlet a = 1;\r\n</script>\r\n",
		"upper case":          "<SCRIPT TYPE=importmap>{\"imports\":{}}</SCRIPT>",
		"src":                 `<script src="/a.js"></script><script>b()</script>`,
		"src upper":           `<script SRC=/a.js>x</script><script>y</script>`,
		"quoted >":            `<script data-x="a>b" type='c>d'>let x = "</scrip";</script>`,
		"comment":             `<!-- <script>no()</script> --><script>yes()</script>`,
		"style":               `<style>a{} <script>no()</script></style><script>yes()</script>`,
		"title":               `<title><script>no()</script></title><script>yes()</script>`,
		"textarea":            `<textarea><script>no()</script></textarea><script>yes()</script>`,
		"noscript":            `<noscript><script>no()</script></noscript>`,
		"empty":               `<script></script><script> </script>`,
		"end tag spaces":      "<script>a</script ><script>b</script\n>",
		"not an end tag":      `<script>if (a </scripts) x</script>`,
		"unclosed":            `<script>never closed`,
		"lt text":             `<p>1 < 2</p><script>ok</script>`,
		"doctype and end":     `<!doctype html></p><script>z</script>`,
		"unquoted attr":       `<script type=module async>m</script>`,
		"attribute no value":  `<script defer src>m</script><script>n</script>`,
		"nested script-like":  `<div data-a="<script>">t</div><script>u</script>`,
		"scriptx not script":  `<scriptx>no</scriptx><script>yes</script>`,
		"tab before >":        "<script\t>tab</script>",
		"attr without spaces": `<script type="a"src="b">c</script>`,
	}
	for name, page := range pages {
		t.Run(name, func(t *testing.T) {
			got, want := inlineScriptHashes([]byte(page)), tokenizerHashes([]byte(page))
			if !slices.Equal(got, want) {
				t.Errorf("page %q:\n got  %v\n want %v", page, got, want)
			}
		})
	}
	if got := inlineScriptHashes(index); len(got) != 1 {
		t.Errorf("index.html: %d inline scripts hashed, want its import map alone", len(got))
	}
}
