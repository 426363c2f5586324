package main

import (
	"fmt"
	"sort"
	"strings"

	"starnexus/ai"
	"starnexus/engine"
	"starnexus/games/realms"
)

// botMakers lists the bots a seat may name, for Star Realms.
var botMakers = map[string]func() engine.Bot{
	"random": func() engine.Bot { return ai.Random{} },
	"greedy": func() engine.Bot { return realms.Greedy{} },
}

// newBot returns the bot called name, or an error listing the known ones.
func newBot(name string) (engine.Bot, error) {
	mk, ok := botMakers[strings.ToLower(name)]
	if !ok {
		return nil, fmt.Errorf("unknown bot %q (known: %s, or human)", name, strings.Join(botNames(), ", "))
	}
	return mk(), nil
}

func botNames() []string {
	var n []string
	for k := range botMakers {
		n = append(n, k)
	}
	sort.Strings(n)
	return n
}
