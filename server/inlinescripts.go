package server

import (
	"bytes"
	"crypto/sha256"
	"encoding/base64"
)

// inlineScriptHashes returns the CSP source of each inline <script> of an HTML page
// ("sha256-BASE64" of its text, as the browser hashes it after parsing); an empty script runs
// nothing and gets none.
//
// It reads the page as an HTML tokenizer does, for what matters here: comments, tags with
// quoted attribute values, and the elements whose content is text up to their end tag (script,
// style, title, textarea and the like), line endings made "\n". The tests hold it to
// golang.org/x/net/html's tokenizer; it is not that tokenizer because that package builds its
// entity tables (about 110 KB) in every process that links it, a cost every garbage collection
// of a bot's search would pay again (docs/decisions.md).
func inlineScriptHashes(page []byte) []string {
	page = bytes.ReplaceAll(page, []byte("\r\n"), []byte("\n"))
	page = bytes.ReplaceAll(page, []byte("\r"), []byte("\n"))
	var out []string
	for i := 0; i < len(page); {
		lt := bytes.IndexByte(page[i:], '<')
		if lt < 0 {
			break
		}
		i += lt
		rest := page[i:]
		switch {
		case bytes.HasPrefix(rest, []byte("<!--")):
			end := bytes.Index(rest[4:], []byte("-->"))
			if end < 0 {
				return out
			}
			i += 4 + end + 3
			continue
		case len(rest) > 1 && (rest[1] == '!' || rest[1] == '?' || rest[1] == '/'):
			// A doctype, a bogus comment or an end tag outside raw text: skip to its '>'.
			end := bytes.IndexByte(rest, '>')
			if end < 0 {
				return out
			}
			i += end + 1
			continue
		case len(rest) < 2 || !isASCIILetter(rest[1]):
			i++ // a '<' that starts no tag is text
			continue
		}
		name, attrs, n := readStartTag(rest)
		i += n
		if !rawText(name) {
			continue
		}
		end := findEndTag(page[i:], name)
		if name == "script" && !attrs["src"] && end > 0 {
			sum := sha256.Sum256(page[i : i+end])
			out = append(out, "sha256-"+base64.StdEncoding.EncodeToString(sum[:]))
		}
		i += end
	}
	return out
}

// rawText reports whether a tokenizer reads the content of element name as text up to the
// element's own end tag.
func rawText(name string) bool {
	switch name {
	case "script", "style", "title", "textarea", "xmp", "iframe", "noembed", "noframes", "noscript":
		return true
	}
	return false
}

func isASCIILetter(c byte) bool { return 'a' <= c|0x20 && c|0x20 <= 'z' }

func isSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\f' || c == '\r' }

func lower(c byte) byte {
	if 'A' <= c && c <= 'Z' {
		return c + 'a' - 'A'
	}
	return c
}

// readStartTag reads the start tag at the beginning of b ("<name attr=value ...>"): its name
// and attribute names in lower case, and how many bytes it takes (all of b if it is not closed).
func readStartTag(b []byte) (name string, attrs map[string]bool, n int) {
	i := 1
	for i < len(b) && !isSpace(b[i]) && b[i] != '/' && b[i] != '>' {
		i++
	}
	name = string(bytes.ToLower(b[1:i]))
	attrs = map[string]bool{}
	for i < len(b) {
		for i < len(b) && (isSpace(b[i]) || b[i] == '/') {
			i++
		}
		if i >= len(b) {
			break
		}
		if b[i] == '>' {
			return name, attrs, i + 1
		}
		start := i
		i++ // an attribute name may begin with '=' or any other character but space, '/', '>'
		for i < len(b) && !isSpace(b[i]) && b[i] != '/' && b[i] != '>' && b[i] != '=' {
			i++
		}
		attrs[string(bytes.ToLower(b[start:i]))] = true
		for i < len(b) && isSpace(b[i]) {
			i++
		}
		if i >= len(b) || b[i] != '=' {
			continue
		}
		i++
		for i < len(b) && isSpace(b[i]) {
			i++
		}
		if i < len(b) && (b[i] == '"' || b[i] == '\'') {
			q := b[i]
			end := bytes.IndexByte(b[i+1:], q)
			if end < 0 {
				return name, attrs, len(b)
			}
			i += 1 + end + 1
			continue
		}
		for i < len(b) && !isSpace(b[i]) && b[i] != '>' {
			i++
		}
	}
	return name, attrs, len(b)
}

// findEndTag returns where "</name" followed by a space, '/' or '>' begins in b, case
// ignored, or len(b).
func findEndTag(b []byte, name string) int {
	for i := 0; i+2+len(name) <= len(b); i++ {
		if b[i] != '<' || b[i+1] != '/' {
			continue
		}
		j := i + 2
		k := 0
		for k < len(name) && lower(b[j+k]) == name[k] {
			k++
		}
		if k < len(name) {
			continue
		}
		if j+k == len(b) || isSpace(b[j+k]) || b[j+k] == '/' || b[j+k] == '>' {
			return i
		}
	}
	return len(b)
}
