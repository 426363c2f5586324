package main

import (
	"flag"
	"fmt"

	"starnexus/server"
)

// limitFlags declares the serve flags of server.Limits (docs/server.md lists them) and
// returns a function that reads them once the flags are parsed.
func limitFlags(fs *flag.FlagSet) func() (server.Limits, error) {
	d := server.DefaultLimits()
	l := d
	fs.Float64Var(&l.CreatePerMinute, "create-rate", d.CreatePerMinute, "games and campaigns one client may create per minute (-1: no limit)")
	fs.IntVar(&l.CreateBurst, "create-burst", d.CreateBurst, "games and campaigns one client may create at once")
	fs.Float64Var(&l.ClaimPerMinute, "claim-rate", d.ClaimPerMinute, "open seats one client may claim per minute (-1: no limit)")
	fs.IntVar(&l.ClaimBurst, "claim-burst", d.ClaimBurst, "open seats one client may claim at once")
	fs.Float64Var(&l.NarrationPerMinute, "narration-rate", d.NarrationPerMinute, "whole-game narrations not cached one client may ask for per minute (-1: no limit)")
	fs.IntVar(&l.NarrationBurst, "narration-burst", d.NarrationBurst, "whole-game narrations not cached one client may ask for at once")
	fs.Float64Var(&l.ReplayPerMinute, "replay-rate", d.ReplayPerMinute, "replay steps not cached one client may ask for per minute (-1: no limit)")
	fs.IntVar(&l.ReplayBurst, "replay-burst", d.ReplayBurst, "replay steps not cached one client may ask for at once")
	fs.IntVar(&l.MaxLiveGames, "max-games", d.MaxLiveGames, "most unfinished games (-1: no limit)")
	fs.IntVar(&l.MaxBotGames, "max-bot-games", d.MaxBotGames, "most unfinished games with bots only (-1: no limit)")
	fs.IntVar(&l.BotThinkers, "bot-thinkers", d.BotThinkers, "most bot decisions computed at once, all games together (-1: no limit)")
	fs.DurationVar(&l.IdleAfter, "idle-after", d.IdleAfter, "an unfinished game nobody acted in for this long ends as abandoned (-1s: never)")
	fs.DurationVar(&l.Evict, "evict-after", d.Evict, "a game nobody uses for this long leaves memory until it is asked for (-1s: never)")
	fs.IntVar(&l.MaxActionBytes, "max-action-bytes", d.MaxActionBytes, "longest action text, refused before parsing (-1: no limit)")
	fs.IntVar(&l.MaxSockets, "max-sockets", d.MaxSockets, "most WebSocket connections (default: 2000, or half the file limit if lower)")
	fs.IntVar(&l.MaxSocketsPerGame, "max-game-sockets", d.MaxSocketsPerGame, "most WebSocket connections to one game")
	fs.IntVar(&l.MaxSocketsPerClient, "max-client-sockets", d.MaxSocketsPerClient, "most WebSocket connections from one client address")
	fs.DurationVar(&l.PingEvery, "ping-every", d.PingEvery, "ping each WebSocket this often")
	fs.DurationVar(&l.SocketIdle, "socket-idle", d.SocketIdle, "close a WebSocket that sent nothing, not even a pong, for this long")
	fs.DurationVar(&l.ReadTimeout, "read-timeout", d.ReadTimeout, "longest time to read a request, body included")
	fs.DurationVar(&l.WriteTimeout, "write-timeout", d.WriteTimeout, "longest time to write an answer")
	fs.DurationVar(&l.IdleTimeout, "idle-timeout", d.IdleTimeout, "close a kept-alive HTTP connection idle this long")
	unlimited := fs.String("unlimited", "", "comma-separated client `addresses` or prefixes the per-client limits skip (a load generator)")
	proxies := fs.String("trusted-proxy", "", "comma-separated `addresses` or prefixes of reverse proxies whose X-Forwarded-For names the client")
	return func() (server.Limits, error) {
		var err error
		if l.Unlimited, err = server.ParsePrefixes(*unlimited); err != nil {
			return l, fmt.Errorf("--unlimited: %w", err)
		}
		if l.TrustedProxies, err = server.ParsePrefixes(*proxies); err != nil {
			return l, fmt.Errorf("--trusted-proxy: %w", err)
		}
		return l, nil
	}
}
