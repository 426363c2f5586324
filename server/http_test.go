package server

import (
	"context"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"io"
	"net/http"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"
	"time"

	"github.com/coder/websocket"

	"starnexus/store/sqlite"
	"starnexus/web"
)

// send makes one request with the given headers (none are added) and returns the status,
// the response's headers and its body.
func (h *harness) send(method, path, body string, header map[string]string) (int, http.Header, []byte) {
	h.t.Helper()
	var rd io.Reader
	if body != "" {
		rd = strings.NewReader(body)
	}
	req, err := http.NewRequest(method, h.ts.URL+path, rd)
	if err != nil {
		h.t.Fatal(err)
	}
	for k, v := range header {
		req.Header.Set(k, v)
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		h.t.Fatal(err)
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	return res.StatusCode, res.Header, b
}

// refusal checks a JSON error body with this status.
func refusal(t *testing.T, what string, code int, b []byte, want int) {
	t.Helper()
	var e errBody
	if code != want || json.Unmarshal(b, &e) != nil || e.Status != want || e.Error == "" {
		t.Fatalf("%s: %d %s, want %d with a JSON error", what, code, b, want)
	}
}

func (h *harness) gameCount() int {
	h.t.Helper()
	_, b := h.do("GET", "/api/games", "", nil)
	var l struct {
		Games []json.RawMessage `json:"games"`
	}
	if err := json.Unmarshal(b, &l); err != nil {
		h.t.Fatalf("list: %v %s", err, b)
	}
	return len(l.Games)
}

// TestStateChangesTakeJSON: a body of another type (a form's, text/plain: what a page of
// another site may send without asking) is refused with 415 before any handler runs, and
// changes nothing; JSON and body-less POSTs go through.
func TestStateChangesTakeJSON(t *testing.T) {
	h := newHarness(t, Config{})
	g := h.create(`{"format":"ffa","seats":[{"name":"Ann"},{"kind":"open"},{"kind":"open"}]}`)
	ann := g.Seats[0].Token
	others := []map[string]string{
		{"Content-Type": "text/plain"},
		{"Content-Type": "text/plain;charset=UTF-8"},
		{"Content-Type": "application/x-www-form-urlencoded"},
		{"Content-Type": "multipart/form-data; boundary=x"},
		{"Content-Type": "application/jsonx"},
		{"Content-Type": "not a media type"},
		{}, // a body without a type
	}
	for _, hdr := range others {
		code, _, b := h.send("POST", "/api/games", `{"seats":[{"name":"Eve"},{"name":"Mal"}]}`, hdr)
		refusal(t, "create as "+hdr["Content-Type"], code, b, http.StatusUnsupportedMediaType)
		code, _, b = h.send("POST", "/api/games/"+g.ID+"/seats/1/claim", `{"name":"Eve"}`, hdr)
		refusal(t, "claim as "+hdr["Content-Type"], code, b, http.StatusUnsupportedMediaType)
		withTok := map[string]string{"Authorization": "Bearer " + ann}
		for k, v := range hdr {
			withTok[k] = v
		}
		code, _, b = h.send("POST", "/api/games/"+g.ID+"/actions", `{"action":"end","seq":0}`, withTok)
		refusal(t, "action as "+hdr["Content-Type"], code, b, http.StatusUnsupportedMediaType)
		code, _, b = h.send("POST", "/api/campaigns", `{"name":"c","seats":[{"kind":"human"},{"kind":"bot","bot":"greedy"}]}`, hdr)
		refusal(t, "campaign as "+hdr["Content-Type"], code, b, http.StatusUnsupportedMediaType)
	}
	// A form with no fields sends an empty body with its type: refused too.
	code, _, b := h.send("POST", "/api/games/"+g.ID+"/seats/1/claim", "", map[string]string{"Content-Type": "application/x-www-form-urlencoded"})
	refusal(t, "empty form claim", code, b, http.StatusUnsupportedMediaType)

	if n := h.gameCount(); n != 1 {
		t.Fatalf("%d games after the refused creations, want 1", n)
	}
	if v, _ := h.view(g.ID, ann); len(v.Waiting) != 2 || v.Seq != 0 {
		t.Fatalf("after the refusals: waiting %v seq %d, want both seats open and no action", v.Waiting, v.Seq)
	}
	if _, b := h.do("GET", "/api/campaigns", "", nil); strings.Contains(string(b), `"name":"c"`) {
		t.Fatalf("a refused campaign was made: %s", b)
	}

	// JSON, with a charset parameter.
	code, _, b = h.send("POST", "/api/games/"+g.ID+"/seats/1/claim", `{"name":"Cid"}`, map[string]string{"Content-Type": "application/json; charset=utf-8"})
	if code != http.StatusOK || !strings.Contains(string(b), `"name":"Cid"`) {
		t.Fatalf("JSON claim: %d %s", code, b)
	}
	// A body-less POST: no body and no type (the seat keeps its default name).
	code, _, b = h.send("POST", "/api/games/"+g.ID+"/seats/2/claim", "", nil)
	if code != http.StatusOK || !strings.Contains(string(b), `"name":"Seat3"`) {
		t.Fatalf("body-less claim: %d %s", code, b)
	}
	if v, _ := h.view(g.ID, ann); len(v.Waiting) != 0 {
		t.Fatalf("after the claims: waiting %v", v.Waiting)
	}
	// GET carries no body and is not checked.
	if code, _, b := h.send("GET", "/api/games", "", map[string]string{"Content-Type": "text/plain"}); code != http.StatusOK {
		t.Fatalf("GET with a content type: %d %s", code, b)
	}
}

// TestForeignOriginRefused: without a configured origin, a request that changes state or
// opens a WebSocket is accepted from a page whose origin has the request's Host, or from no
// page at all, and refused (403) from any other.
func TestForeignOriginRefused(t *testing.T) {
	h := newHarness(t, Config{})
	own := h.ts.URL // http://127.0.0.1:PORT, the Host of every request of the test
	create := `{"seats":[{"name":"Ann"},{"name":"Bob"}]}`
	for _, origin := range []string{"http://evil.example", "null", own + ".evil.example", "http://localhost", "not a url"} {
		code, _, b := h.send("POST", "/api/games", create, map[string]string{"Content-Type": "application/json", "Origin": origin})
		refusal(t, "create from "+origin, code, b, http.StatusForbidden)
	}
	if n := h.gameCount(); n != 0 {
		t.Fatalf("%d games made from foreign origins", n)
	}
	code, _, b := h.send("POST", "/api/games", create, map[string]string{"Content-Type": "application/json", "Origin": strings.ToUpper(own)})
	if code != http.StatusCreated {
		t.Fatalf("create from the server's own origin: %d %s", code, b)
	}
	var g created
	json.Unmarshal(b, &g)

	ws := "ws" + strings.TrimPrefix(own, "http") + "/api/games/" + g.ID + "/ws"
	if err := dialOrigin(ws, "http://evil.example"); err == nil || !strings.Contains(err.Error(), "403") {
		t.Fatalf("WebSocket from another site: %v, want refused with 403", err)
	}
	if err := dialOrigin(ws, own); err != nil {
		t.Fatalf("WebSocket from the server's own page: %v", err)
	}
	if err := dialOrigin(ws, ""); err != nil {
		t.Fatalf("WebSocket without an Origin: %v", err)
	}
}

// TestConfiguredOrigin: behind a proxy the configured public origin is the only one accepted,
// for HTTP and for the WebSocket (whose library would otherwise compare the Origin with the
// proxy's Host).
func TestConfiguredOrigin(t *testing.T) {
	h := newHarness(t, Config{Origin: "HTTPS://Play.Example.com:443/"})
	create := `{"seats":[{"name":"Ann"},{"name":"Bob"}]}`
	for _, origin := range []string{h.ts.URL, "http://play.example.com", "https://play.example.com:8443", "https://evil.example"} {
		code, _, b := h.send("POST", "/api/games", create, map[string]string{"Content-Type": "application/json", "Origin": origin})
		refusal(t, "create from "+origin, code, b, http.StatusForbidden)
	}
	code, _, b := h.send("POST", "/api/games", create, map[string]string{"Content-Type": "application/json", "Origin": "https://play.example.com"})
	if code != http.StatusCreated {
		t.Fatalf("create from the public origin: %d %s", code, b)
	}
	var g created
	json.Unmarshal(b, &g)
	ws := "ws" + strings.TrimPrefix(h.ts.URL, "http") + "/api/games/" + g.ID + "/ws"
	if err := dialOrigin(ws, "https://play.example.com"); err != nil {
		t.Fatalf("WebSocket from the public origin: %v", err)
	}
	if err := dialOrigin(ws, h.ts.URL); err == nil {
		t.Fatal("WebSocket from the Host's origin was accepted although another origin is configured")
	}
}

func TestOriginMustBeAnOrigin(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"", ""},
		{"https://play.example.com", "https://play.example.com"},
		{"https://Play.Example.COM:443/", "https://play.example.com"},
		{"http://example.com:80", "http://example.com"},
		{"http://[::1]:8080", "http://[::1]:8080"},
	} {
		if got, err := normalOrigin(c.in); err != nil || got != c.want {
			t.Errorf("normalOrigin(%q) = %q, %v; want %q", c.in, got, err, c.want)
		}
	}
	st, err := sqlite.Open(context.Background(), filepath.Join(t.TempDir(), "o.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	for _, bad := range []string{"play.example.com", "ftp://example.com", "https://example.com/play", "https://u@example.com", "https://example.com?x=1", "https://"} {
		srv, err := New(context.Background(), Config{Store: st, Games: registry(t, catalog(t)), Origin: bad})
		if err == nil {
			srv.Close()
			t.Errorf("New accepted the origin %q", bad)
		}
	}
}

// dialOrigin opens a WebSocket whose handshake carries this Origin ("" for none).
func dialOrigin(url, origin string) error {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	opts := &websocket.DialOptions{}
	if origin != "" {
		opts.HTTPHeader = http.Header{"Origin": {origin}}
	}
	conn, res, err := websocket.Dial(ctx, url, opts)
	if err != nil {
		if res != nil {
			return &dialError{status: res.Status, err: err}
		}
		return err
	}
	conn.Close(websocket.StatusNormalClosure, "")
	return nil
}

type dialError struct {
	status string
	err    error
}

func (e *dialError) Error() string { return e.status + ": " + e.err.Error() }

// TestSecurityHeaders: every response (a page, a script, an API answer, a refusal) carries
// the headers, and no directory of the client is listed.
func TestSecurityHeaders(t *testing.T) {
	h := newHarness(t, Config{Web: web.Files})
	for _, c := range []struct {
		method, path, body string
		header             map[string]string
		want               int
	}{
		{"GET", "/", "", nil, http.StatusOK},
		{"GET", "/js/app.js", "", nil, http.StatusOK},
		{"GET", "/style.css", "", nil, http.StatusOK},
		{"GET", "/api/games", "", nil, http.StatusOK},
		{"GET", "/api/games/nosuchgame/view", "", nil, http.StatusNotFound},
		{"POST", "/api/games", "{}", map[string]string{"Content-Type": "text/plain"}, http.StatusUnsupportedMediaType},
		{"GET", "/js/", "", nil, http.StatusNotFound},
	} {
		code, hdr, b := h.send(c.method, c.path, c.body, c.header)
		if code != c.want {
			t.Fatalf("%s %s: %d %s, want %d", c.method, c.path, code, b, c.want)
		}
		csp := hdr.Get("Content-Security-Policy")
		for _, d := range []string{"default-src 'none'", "script-src 'self' 'sha256-", "frame-ancestors 'none'"} {
			if !strings.Contains(csp, d) {
				t.Errorf("%s %s: Content-Security-Policy %q lacks %q", c.method, c.path, csp, d)
			}
		}
		if hdr.Get("X-Content-Type-Options") != "nosniff" || hdr.Get("Referrer-Policy") != "no-referrer" {
			t.Errorf("%s %s: headers %v", c.method, c.path, hdr)
		}
	}
	for _, dir := range []string{"/js/", "/js", "/vendor/", "/js/../vendor/", "/vendor"} {
		code, _, b := h.send("GET", dir, "", nil)
		if code != http.StatusNotFound || strings.Contains(string(b), ".js") {
			t.Errorf("GET %s: %d %s, want 404 without a listing", dir, code, b)
		}
	}
}

// TestCSPHashesTheImportMap: the policy allows the import map that index.html serves, by
// the hash of its text, computed from the file the server was given.
func TestCSPHashesTheImportMap(t *testing.T) {
	h := newHarness(t, Config{Web: web.Files})
	code, hdr, page := h.send("GET", "/", "", nil)
	if code != http.StatusOK {
		t.Fatalf("GET /: %d", code)
	}
	body := importMap(t, string(page))
	if !strings.Contains(body, `"preact"`) {
		t.Fatalf("the served import map: %q", body)
	}
	if csp := hdr.Get("Content-Security-Policy"); !strings.Contains(csp, "'"+sha256Source(body)+"'") {
		t.Fatalf("Content-Security-Policy %q does not allow the import map %q", csp, body)
	}
	if strings.Count(hdr.Get("Content-Security-Policy"), "'sha256-") != 1 {
		t.Fatalf("one inline script, one hash: %q", hdr.Get("Content-Security-Policy"))
	}

	// Another page (with CRLF line ends, which the browser reads as LF before hashing): the
	// hash follows the file; a script with src is not hashed.
	other := "<!doctype html>\r\n<script type=\"importmap\">\r\n{\"imports\": {\"x\": \"/x.js\"}}\r\n</script>\r\n<script type=\"module\" src=\"/js/app.js\"></script>\r\n"
	h2 := newHarness(t, Config{Web: fstest.MapFS{"index.html": {Data: []byte(other)}}})
	_, hdr2, page2 := h2.send("GET", "/", "", nil)
	body2 := strings.ReplaceAll(importMap(t, string(page2)), "\r\n", "\n")
	csp2 := hdr2.Get("Content-Security-Policy")
	if !strings.Contains(csp2, "'"+sha256Source(body2)+"'") || strings.Count(csp2, "'sha256-") != 1 {
		t.Fatalf("Content-Security-Policy %q for the import map %q", csp2, body2)
	}
	if strings.Contains(csp2, sha256Source(body)) {
		t.Fatal("the first page's hash is in the second page's policy")
	}
}

func importMap(t *testing.T, page string) string {
	t.Helper()
	const open = `<script type="importmap">`
	i := strings.Index(page, open)
	j := strings.Index(page[max(i, 0):], "</script>")
	if i < 0 || j < 0 {
		t.Fatalf("no import map in %q", page)
	}
	return page[i+len(open) : i+j]
}

func sha256Source(s string) string {
	sum := sha256.Sum256([]byte(s))
	return "sha256-" + base64.StdEncoding.EncodeToString(sum[:])
}
