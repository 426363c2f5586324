package server

import (
	"sync"

	"starnexus/engine"
	"starnexus/i18n"
)

// english is the English catalog: it writes the "error" text of the refusals that have a
// message (errm), so that the catalog holds their words once. Loaded on first use; never
// changed.
var english = sync.OnceValue(func() *i18n.Catalog {
	c, err := i18n.Load("en")
	if err != nil { // the embedded catalog is tested (i18n): ids then show as [id]
		c, _ = i18n.New("en", nil)
	}
	return c
})

// errm is a refusal a player may meet, as a message of the catalogs (ids "server.*"): its
// "error" is the English text, its "msg" the message the web client shows in its language.
func errm(status int, id string, kv ...any) *apiError {
	m := i18n.M(id, kv...)
	return &apiError{Status: status, Msg: english().Render(m), Why: &m}
}

// engineRefusal is an engine's error as the API gives it: the engine's text, and its message when
// the engine gives one (an illegal action with its reason, an unknown card name).
func engineRefusal(status int, err error) *apiError {
	ae := &apiError{Status: status, Msg: err.Error()}
	if m, ok := engine.RefusalMsg(err); ok {
		ae.Why = &m
	}
	return ae
}
