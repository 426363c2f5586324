package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
)

// TestMain lets a test run this package's binary as a child process (the real `starnexus
// serve`, killed with SIGKILL by TestKillAndRestart).
func TestMain(m *testing.M) {
	if os.Getenv("STARNEXUS_TEST_RUN_MAIN") == "1" {
		os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
	}
	os.Exit(m.Run())
}

// child is a `starnexus serve` process.
type child struct {
	cmd  *exec.Cmd
	base string
}

func startServe(t *testing.T, db string) *child {
	t.Helper()
	cmd := exec.Command(os.Args[0], "serve", "--addr", "127.0.0.1:0", "--db", db, "--allow-seed", "--bot-delay", "5ms")
	cmd.Env = append(os.Environ(), "STARNEXUS_TEST_RUN_MAIN=1")
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	cmd.Stderr = io.Discard
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	line, err := bufio.NewReader(out).ReadString('\n')
	if err != nil {
		cmd.Process.Kill()
		t.Fatalf("serve printed no address: %v", err)
	}
	i := strings.Index(line, "http://")
	j := strings.Index(line[i:], "/ ")
	if i < 0 || j < 0 {
		cmd.Process.Kill()
		t.Fatalf("serve printed %q", line)
	}
	go io.Copy(io.Discard, out)
	c := &child{cmd: cmd, base: line[i : i+j]}
	t.Cleanup(func() { c.cmd.Process.Kill(); c.cmd.Wait() })
	return c
}

func (c *child) do(t *testing.T, method, path, token, body string) (int, []byte) {
	t.Helper()
	req, _ := http.NewRequest(method, c.base+path, strings.NewReader(body))
	if body != "" {
		req.Header.Set("Content-Type", "application/json")
	}
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		return 0, []byte(err.Error())
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	return res.StatusCode, b
}

type killView struct {
	Seq    int      `json:"seq"`
	ToMove string   `json:"to_move"`
	Over   bool     `json:"over"`
	Legal  []string `json:"legal"`
}

type killGame struct {
	ID     string
	tokens map[string]string
}

func createGame(t *testing.T, c *child, body string) killGame {
	t.Helper()
	code, b := c.do(t, "POST", "/api/games", "", body)
	if code != http.StatusCreated {
		t.Fatalf("create: %d %s", code, b)
	}
	var r struct {
		ID    string `json:"id"`
		Seats []struct{ Name, Token string }
	}
	json.Unmarshal(b, &r)
	g := killGame{ID: r.ID, tokens: map[string]string{}}
	for _, s := range r.Seats {
		g.tokens[s.Name] = s.Token
	}
	return g
}

// step plays one action of a humans-only game; it returns the acknowledged action's seq
// and text, or -1 if the server did not acknowledge it.
func step(t *testing.T, c *child, g killGame, n int) (int, string, bool) {
	code, b := c.do(t, "GET", "/api/games/"+g.ID+"/view", "", "")
	if code != http.StatusOK {
		return -1, "", false
	}
	var v killView
	json.Unmarshal(b, &v)
	if v.Over {
		return -1, "", true
	}
	tok := g.tokens[v.ToMove]
	_, b = c.do(t, "GET", "/api/games/"+g.ID+"/view", tok, "")
	json.Unmarshal(b, &v)
	if len(v.Legal) == 0 {
		return -1, "", false
	}
	action := v.Legal[n%len(v.Legal)]
	for _, a := range v.Legal {
		if strings.HasPrefix(a, "play ") || strings.HasPrefix(a, "attack ") {
			action = a
			break
		}
	}
	body, _ := json.Marshal(map[string]any{"action": action, "seq": v.Seq})
	code, _ = c.do(t, "POST", "/api/games/"+g.ID+"/actions", tok, string(body))
	if code != http.StatusOK {
		return -1, "", false
	}
	return v.Seq, action, false
}

// snapshot is every seat's view (and the spectator's) of a game, byte for byte.
func snapshot(t *testing.T, c *child, g killGame) map[string]string {
	out := map[string]string{}
	for name, tok := range g.tokens {
		if tok == "" {
			continue
		}
		_, b := c.do(t, "GET", "/api/games/"+g.ID+"/view", tok, "")
		out[name] = string(b)
	}
	_, b := c.do(t, "GET", "/api/games/"+g.ID+"/view", "", "")
	out["spectator"] = string(b)
	return out
}

// TestKillAndRestart kills `starnexus serve` with SIGKILL in the middle of games, some of them
// being played at that moment, restarts it on the same SQLite file, and checks every game is
// back exactly: the same views and legal actions, every acknowledged action kept, play goes on.
func TestKillAndRestart(t *testing.T) {
	if testing.Short() {
		t.Skip("starts server processes")
	}
	db := filepath.Join(t.TempDir(), "kill.db")
	c := startServe(t, db)
	quiet := createGame(t, c, `{"seed":21,"seats":[{"name":"Ann"},{"name":"Bob"}]}`)
	for i := 0; i < 40; i++ {
		step(t, c, quiet, i)
	}
	withBot := createGame(t, c, `{"seed":22,"options":{"first_player":"1"},"seats":[{"name":"Ann"},{"name":"Bob","kind":"bot","bot":"greedy"}]}`)
	c.do(t, "POST", "/api/games/"+withBot.ID+"/actions", withBot.tokens["Ann"], `{"action":"end","seq":0}`)
	deadline := time.Now().Add(20 * time.Second)
	for {
		_, b := c.do(t, "GET", "/api/games/"+withBot.ID+"/view", withBot.tokens["Ann"], "")
		var v killView
		json.Unmarshal(b, &v)
		if v.ToMove == "Ann" && v.Seq > 1 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("the bot did not play its turn")
		}
		time.Sleep(10 * time.Millisecond)
	}
	botGame := createGame(t, c, `{"seats":[{"name":"A","kind":"bot","bot":"greedy"},{"name":"B","kind":"bot","bot":"velocity"}]}`)
	before := map[string]map[string]string{quiet.ID: snapshot(t, c, quiet), withBot.ID: snapshot(t, c, withBot)}

	// Games played at full speed while the server dies: every action it acknowledged must
	// survive.
	busy := []killGame{}
	for i := 0; i < 3; i++ {
		busy = append(busy, createGame(t, c, fmt.Sprintf(`{"seed":%d,"seats":[{"name":"Ann"},{"name":"Bob"}]}`, 30+i)))
	}
	var mu sync.Mutex
	acked := map[string]map[int]string{}
	var wg sync.WaitGroup
	stop := make(chan struct{})
	for _, g := range busy {
		acked[g.ID] = map[int]string{}
		wg.Add(1)
		go func() {
			defer wg.Done()
			for n := 0; ; n++ {
				select {
				case <-stop:
					return
				default:
				}
				seq, action, over := step(t, c, g, n)
				if over {
					return
				}
				if seq >= 0 {
					mu.Lock()
					acked[g.ID][seq] = action
					mu.Unlock()
				}
			}
		}()
	}
	time.Sleep(300 * time.Millisecond)
	_, b := c.do(t, "GET", "/api/games/"+botGame.ID+"/log", "", "")
	var botLogBefore struct{ Actions []struct{ Action string } }
	json.Unmarshal(b, &botLogBefore)
	if err := c.cmd.Process.Signal(syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	c.cmd.Wait()
	close(stop)
	wg.Wait()

	c = startServe(t, db)
	for id, snap := range before {
		g := quiet
		if id == withBot.ID {
			g = withBot
		}
		after := snapshot(t, c, g)
		for who, v := range snap {
			if after[who] != v {
				t.Errorf("game %s, %s's view changed across the restart:\nbefore %s\nafter  %s", id, who, v, after[who])
			}
		}
	}
	for _, g := range busy {
		_, b := c.do(t, "GET", "/api/games/"+g.ID+"/log", "", "")
		var lg struct{ Actions []struct{ Action string } }
		json.Unmarshal(b, &lg)
		mu.Lock()
		for seq, action := range acked[g.ID] {
			if seq >= len(lg.Actions) || lg.Actions[seq].Action != action {
				t.Errorf("game %s: acknowledged action %d (%q) lost in the crash", g.ID, seq, action)
			}
		}
		if len(acked[g.ID]) == 0 {
			t.Errorf("game %s: no action was acknowledged before the kill", g.ID)
		}
		mu.Unlock()
	}
	// The bot game goes on from where it was, with the same history.
	_, b = c.do(t, "GET", "/api/games/"+botGame.ID+"/log", "", "")
	var botLog struct{ Actions []struct{ Action string } }
	json.Unmarshal(b, &botLog)
	if len(botLog.Actions) < len(botLogBefore.Actions) {
		t.Fatalf("bot game lost actions: %d before the kill, %d after", len(botLogBefore.Actions), len(botLog.Actions))
	}
	for i, a := range botLogBefore.Actions {
		if botLog.Actions[i].Action != a.Action {
			t.Fatalf("bot game action %d changed across the restart", i)
		}
	}
	// Play continues on every game.
	for i := 0; i < 10; i++ {
		if seq, _, _ := step(t, c, quiet, i); seq < 0 {
			t.Fatalf("the quiet game refused action %d after the restart", i)
		}
	}
	before2 := len(botLog.Actions)
	deadline = time.Now().Add(20 * time.Second)
	for {
		_, b = c.do(t, "GET", "/api/games/"+botGame.ID+"/view", "", "")
		var v killView
		json.Unmarshal(b, &v)
		if v.Seq > before2 || v.Over {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("the bots did not resume after the restart")
		}
		time.Sleep(10 * time.Millisecond)
	}
}
