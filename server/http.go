package server

import (
	"errors"
	"fmt"
	"io/fs"
	"mime"
	"net/http"
	"net/url"
	"strings"

	"github.com/coder/websocket"
)

// The HTTP edge: what every request and response goes through before the routes
// (docs/api.md, docs/server.md "Security").
//
//   - A request that changes state (any method but GET, HEAD, OPTIONS and TRACE) carries its
//     body as application/json, or no body at all. A browser sends the other types (a form's,
//     text/plain) across sites without asking the server first; a JSON body only after a
//     preflight that this server never approves, so a page on another site cannot forge one.
//   - When such a request, or a WebSocket upgrade, carries an Origin header, it must be the
//     server's own origin: Config.Origin when set (the public origin behind a proxy), else the
//     origin whose host is the request's Host.
//   - Every response carries a Content-Security-Policy that allows the client's own files and
//     the inline scripts of its index.html by their hashes (the import map), nosniff, a
//     Referrer-Policy and frame-ancestors 'none'.

// edge holds what the edge decides with; it is built once, when the server starts.
type edge struct {
	origin string // normalised public origin, "" to take the request's Host
	csp    string
}

// newEdge checks the configured origin and computes the page's policy from the client's
// index.html as embedded, so that editing the import map keeps its hash right.
func newEdge(cfg Config) (*edge, error) {
	origin, err := normalOrigin(cfg.Origin)
	if err != nil {
		return nil, fmt.Errorf("origin %q: %w", cfg.Origin, err)
	}
	var hashes []string
	if cfg.Web != nil {
		page, err := fs.ReadFile(cfg.Web, "index.html")
		if err != nil {
			return nil, fmt.Errorf("web client: %w", err)
		}
		hashes = inlineScriptHashes(page)
	}
	return &edge{origin: origin, csp: contentSecurityPolicy(hashes)}, nil
}

// contentSecurityPolicy allows what the client loads: its scripts, styles and images from this
// server (a favicon may be a data: URL), its API calls and WebSocket to this server ('self'
// covers ws: and wss: to the same host), and the inline scripts whose hashes are given.
// Nothing may frame the page (a seat's page holds its token).
func contentSecurityPolicy(scriptHashes []string) string {
	script := "script-src 'self'"
	for _, h := range scriptHashes {
		script += " '" + h + "'"
	}
	return strings.Join([]string{
		"default-src 'none'",
		script,
		"style-src 'self'",
		"img-src 'self' data:",
		"connect-src 'self'",
		"base-uri 'none'",
		"form-action 'self'",
		"frame-ancestors 'none'",
	}, "; ")
}

// normalOrigin turns a configured origin into the form browsers send in Origin:
// "scheme://host[:port]", lowercase, without the scheme's default port.
func normalOrigin(s string) (string, error) {
	if s == "" {
		return "", nil
	}
	u, err := url.Parse(s)
	if err != nil {
		return "", err
	}
	if u.Scheme != "http" && u.Scheme != "https" {
		return "", errors.New("not an http:// or https:// origin")
	}
	if u.Host == "" || u.User != nil || (u.Path != "" && u.Path != "/") || u.RawQuery != "" || u.Fragment != "" {
		return "", errors.New("an origin is scheme://host[:port] and nothing else")
	}
	scheme, host := strings.ToLower(u.Scheme), strings.ToLower(u.Host)
	if p := u.Port(); (scheme == "http" && p == "80") || (scheme == "https" && p == "443") {
		host = strings.TrimSuffix(host, ":"+p)
	}
	return scheme + "://" + host, nil
}

// ownOrigin says whether the request's Origin header, if any, is this server's.
func (e *edge) ownOrigin(r *http.Request) bool {
	vals := r.Header.Values("Origin")
	if len(vals) == 0 {
		return true // not sent from a browser page, or a same-origin GET
	}
	if len(vals) > 1 {
		return false
	}
	if e.origin != "" {
		o, err := normalOrigin(vals[0])
		return err == nil && o == e.origin
	}
	u, err := url.Parse(vals[0])
	return err == nil && u.Host != "" && strings.EqualFold(u.Host, r.Host)
}

// changesState: the methods a browser sends across sites only as a "simple" request
// (no preflight) if the content type lets it, and that the routes use to change things.
func changesState(r *http.Request) bool {
	switch r.Method {
	case http.MethodGet, http.MethodHead, http.MethodOptions, http.MethodTrace:
		return false
	}
	return true
}

func isWebSocket(r *http.Request) bool {
	for _, v := range r.Header.Values("Upgrade") {
		for tok := range strings.SplitSeq(v, ",") {
			if strings.EqualFold(strings.TrimSpace(tok), "websocket") {
				return true
			}
		}
	}
	return false
}

// jsonOrEmpty accepts a body sent as application/json, or no body without a content type (a
// body-less POST: a claim without a name, a campaign start without a choice).
func jsonOrEmpty(r *http.Request) bool {
	ct := r.Header.Get("Content-Type")
	if ct == "" {
		return r.ContentLength == 0
	}
	mt, _, err := mime.ParseMediaType(ct)
	return err == nil && mt == "application/json"
}

// wrap puts the edge in front of the routes.
func (e *edge) wrap(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h := w.Header()
		h.Set("Content-Security-Policy", e.csp)
		h.Set("X-Content-Type-Options", "nosniff")
		h.Set("Referrer-Policy", "no-referrer")
		state := changesState(r)
		if (state || isWebSocket(r)) && !e.ownOrigin(r) {
			writeErr(w, errf(http.StatusForbidden, "refused: the request comes from a page of another site (Origin is not this server's)"))
			return
		}
		if state && !jsonOrEmpty(r) {
			writeErr(w, errf(http.StatusUnsupportedMediaType, "send the body as Content-Type: application/json (or send no body)"))
			return
		}
		next.ServeHTTP(w, r)
	})
}

// acceptOptions lets coder/websocket's own Origin check accept the configured public origin
// too: behind a proxy that rewrites Host, its default (Origin's host = Host) would refuse the
// client's own page. The edge has already refused every other origin.
func (e *edge) acceptOptions() *websocket.AcceptOptions {
	if e.origin == "" {
		return nil
	}
	u, err := url.Parse(e.origin)
	if err != nil {
		return nil // normalOrigin parsed it already
	}
	// The pattern is matched with filepath.Match: escape what it would read as wildcards (an IPv6
	// host has brackets).
	host := u.Host
	for _, c := range []string{`\`, "*", "?", "[", "]"} {
		host = strings.ReplaceAll(host, c, `\`+c)
	}
	return &websocket.AcceptOptions{OriginPatterns: []string{host}}
}

// noListing refuses directory URLs (other than the root, which is index.html): the file
// server would list the directory. A file server redirects a directory's URL without the
// slash to the one with it, so every listing is at a URL ending in "/".
func noListing(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/" && strings.HasSuffix(r.URL.Path, "/") {
			http.NotFound(w, r)
			return
		}
		next.ServeHTTP(w, r)
	})
}
