// Package web holds the browser client: static files embedded into the binary, so that
// `go build` alone gives a server that serves its own page (DESIGN.md §7).
//
// The client is written with Preact and htm, vendored as ES modules under vendor/ and loaded
// through the import map in index.html: there is no bundler and no build step.
package web

import "embed"

// Files is the client: index.html at the root, with style.css, js/ and vendor/ beside it.
// The server serves it as-is (for example with http.FileServerFS(web.Files)).
//
//go:embed index.html style.css js vendor
var Files embed.FS
