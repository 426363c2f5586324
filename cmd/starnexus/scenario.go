package main

import (
	"fmt"
	"io"
)

func runScenario(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fmt.Fprintln(stderr, "starnexus scenario: not written yet")
	return 1
}
