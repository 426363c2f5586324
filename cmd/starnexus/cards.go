package main

import (
	"fmt"
	"io"
)

func runCards(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fmt.Fprintln(stderr, "starnexus cards: not written yet")
	return 1
}
