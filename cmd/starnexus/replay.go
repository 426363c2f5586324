package main

import (
	"fmt"
	"io"
)

func runReplay(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fmt.Fprintln(stderr, "starnexus replay: not written yet")
	return 1
}
