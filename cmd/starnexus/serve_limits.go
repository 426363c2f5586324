package main

import (
	"flag"
	"fmt"

	"starnexus/server"
)

// limitFlags declares the serve flags of server.Limits (docs/server.md lists them), their
// usage in the help's language (h: helpText), and returns a function that reads them once
// the flags are parsed.
func limitFlags(fs *flag.FlagSet, h func(string, ...any) string) func() (server.Limits, error) {
	d := server.DefaultLimits()
	l := d
	fs.Float64Var(&l.CreatePerMinute, "create-rate", d.CreatePerMinute, h("cli.serve.create_rate"))
	fs.IntVar(&l.CreateBurst, "create-burst", d.CreateBurst, h("cli.serve.create_burst"))
	fs.Float64Var(&l.ClaimPerMinute, "claim-rate", d.ClaimPerMinute, h("cli.serve.claim_rate"))
	fs.IntVar(&l.ClaimBurst, "claim-burst", d.ClaimBurst, h("cli.serve.claim_burst"))
	fs.Float64Var(&l.NarrationPerMinute, "narration-rate", d.NarrationPerMinute, h("cli.serve.narration_rate"))
	fs.IntVar(&l.NarrationBurst, "narration-burst", d.NarrationBurst, h("cli.serve.narration_burst"))
	fs.Float64Var(&l.ReplayPerMinute, "replay-rate", d.ReplayPerMinute, h("cli.serve.replay_rate"))
	fs.IntVar(&l.ReplayBurst, "replay-burst", d.ReplayBurst, h("cli.serve.replay_burst"))
	fs.IntVar(&l.MaxLiveGames, "max-games", d.MaxLiveGames, h("cli.serve.max_games"))
	fs.IntVar(&l.MaxBotGames, "max-bot-games", d.MaxBotGames, h("cli.serve.max_bot_games"))
	fs.IntVar(&l.BotThinkers, "bot-thinkers", d.BotThinkers, h("cli.serve.bot_thinkers"))
	fs.DurationVar(&l.IdleAfter, "idle-after", d.IdleAfter, h("cli.serve.idle_after"))
	fs.DurationVar(&l.Evict, "evict-after", d.Evict, h("cli.serve.evict_after"))
	fs.IntVar(&l.MaxActionBytes, "max-action-bytes", d.MaxActionBytes, h("cli.serve.max_action_bytes"))
	fs.IntVar(&l.MaxSockets, "max-sockets", d.MaxSockets, h("cli.serve.max_sockets"))
	fs.IntVar(&l.MaxSocketsPerGame, "max-game-sockets", d.MaxSocketsPerGame, h("cli.serve.max_game_sockets"))
	fs.IntVar(&l.MaxSocketsPerClient, "max-client-sockets", d.MaxSocketsPerClient, h("cli.serve.max_client_sockets"))
	fs.DurationVar(&l.PingEvery, "ping-every", d.PingEvery, h("cli.serve.ping_every"))
	fs.DurationVar(&l.SocketIdle, "socket-idle", d.SocketIdle, h("cli.serve.socket_idle"))
	fs.DurationVar(&l.ReadTimeout, "read-timeout", d.ReadTimeout, h("cli.serve.read_timeout"))
	fs.DurationVar(&l.WriteTimeout, "write-timeout", d.WriteTimeout, h("cli.serve.write_timeout"))
	fs.DurationVar(&l.IdleTimeout, "idle-timeout", d.IdleTimeout, h("cli.serve.idle_timeout"))
	unlimited := fs.String("unlimited", "", h("cli.serve.unlimited"))
	proxies := fs.String("trusted-proxy", "", h("cli.serve.trusted_proxy"))
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
