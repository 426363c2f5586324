package main

import (
	"flag"
	"fmt"
	"io"

	"starnexus/games"
	"starnexus/scenario"
)

// runScenario implements "starnexus scenario run PATH...".
func runScenario(args []string, _ io.Reader, stdout, stderr io.Writer, getenv func(string) string) int {
	h := helpText(args, getenv)
	if len(args) == 0 || args[0] != "run" {
		fmt.Fprintln(stderr, h("cli.scenario.usage"))
		return 2
	}
	fs := flag.NewFlagSet("scenario run", flag.ContinueOnError)
	setUsage(fs, "", h, stderr)
	verbose := fs.Bool("v", false, h("cli.scenario.v"))
	lang := langFlagHelp(fs, h)
	if err := fs.Parse(args[1:]); err != nil {
		return 2
	}
	if err := langError(*lang); err != nil {
		fmt.Fprintln(stderr, "scenario run:", err)
		return 2
	}
	if fs.NArg() == 0 {
		fmt.Fprintln(stderr, "scenario run: name at least one file or folder")
		return 2
	}
	files, err := scenario.Files(fs.Args())
	if err != nil {
		fmt.Fprintln(stderr, "scenario run:", err)
		return 2
	}
	reg, err := games.Registry()
	if err != nil {
		fmt.Fprintln(stderr, "scenario run:", err)
		return 2
	}
	runner := scenario.NewRunner(reg)
	passed, failed := 0, 0
	for _, f := range files {
		scs, err := scenario.Load(f)
		if err != nil {
			fmt.Fprintf(stdout, "FAIL %s\n", err)
			failed++
			continue
		}
		for _, sc := range scs {
			res := runner.Run(sc)
			if res.OK() {
				passed++
				if *verbose {
					fmt.Fprintf(stdout, "ok   %s: %s\n", f, sc.Name)
				}
				continue
			}
			failed++
			fmt.Fprintf(stdout, "FAIL %s: scenario %d %q\n", f, sc.Index, sc.Name)
			for _, fl := range res.Failures {
				fmt.Fprintf(stdout, "     %s\n", fl)
			}
		}
	}
	fmt.Fprintf(stdout, "%d passed, %d failed\n", passed, failed)
	if failed > 0 {
		return 1
	}
	return 0
}
