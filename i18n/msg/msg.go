// Package msg holds the message a game produces for a player to read: an id of the catalogs
// and its arguments. The rules engines build messages from it and never render them, so they
// depend on nothing but the standard library; package i18n (catalogs, plural rules, language
// matching) renders them at the edges.
package msg

// Msg is one message: its id in the catalogs and its arguments. An argument is a string, a
// whole number, a Msg or a list of Msgs (rendered one after the other, separated by the
// catalog's "list.sep", a space in English).
type Msg struct {
	ID   string         `json:"id"`
	Args map[string]any `json:"args,omitempty"`
}

// M is a Msg with arguments given as name, value pairs: M("log.plays", "who", "Vex", "card",
// "Blob Fighter").
func M(id string, kv ...any) Msg {
	m := Msg{ID: id}
	if len(kv) > 0 {
		m.Args = make(map[string]any, len(kv)/2)
		for i := 0; i+1 < len(kv); i += 2 {
			k, _ := kv[i].(string)
			m.Args[k] = kv[i+1]
		}
	}
	return m
}
