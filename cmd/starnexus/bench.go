package main

import (
	"fmt"
	"io"
)

func runBench(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fmt.Fprintln(stderr, "starnexus bench: not written yet")
	return 1
}
