package main

import (
	"fmt"
	"io"
)

func runPlay(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fmt.Fprintln(stderr, "starnexus play: not written yet")
	return 1
}
