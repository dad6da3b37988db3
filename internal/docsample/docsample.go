// Package docsample holds a page's samples of output to the shape of what
// the program prints, not to its figures: a sample taken on one machine
// keeps its figures, but its words, its order and its punctuation are the
// printer's, so that a sample cannot drift from the output when a printer
// changes. The tests that print (cmd/pingpong's for the console,
// pingpongtest's for a guard) give the lines; this package says which
// sample lines no printed line has the shape of.
package docsample

import (
	"regexp"
	"strings"
)

// Block is one fenced block of output on a page: its lines, and the line
// of the page its fence opens on.
type Block struct {
	At    int
	Lines []string
}

var fence = regexp.MustCompile("(?s)```([a-z]*)\n(.*?)```")

// command is a line a reader types, not one a program prints: a go, shell
// or script line, or an environment assignment before one.
var command = regexp.MustCompile(`^(\$ |go |\./|[A-Z_]+=\S+ |pingpong |bin/)`)

// Blocks are page's blocks of output: fenced, without a language (a Go
// block is code), and not a block of commands.
func Blocks(page string) []Block {
	var out []Block
	for _, m := range fence.FindAllStringSubmatchIndex(page, -1) {
		if m[3] > m[2] { // a language
			continue
		}
		lines := strings.Split(strings.TrimRight(page[m[4]:m[5]], "\n"), "\n")
		if len(lines) == 0 || command.MatchString(strings.TrimSpace(lines[0])) {
			continue
		}
		out = append(out, Block{At: strings.Count(page[:m[0]], "\n") + 1, Lines: lines})
	}
	return out
}

// figure is a figure of a sample: a number, with its sign, its decimals
// and its unit (a duration's or a size's, which a figure's size picks:
// 400us and 2.6ms are one shape, +0.4 and -0.1 points another).
var figure = regexp.MustCompile(`[+-]?\d+(\.\d+)?(` + units + `)?`)

const units = `ns|us|µs|ms|s|B|kB|MB|GB`

// Elided is how a sample marks what its run did not print: a line of its
// own, or a figure or a list within a line.
const Elided = "..."

// Pattern is sample line's shape: the line as it stands, each figure any
// figure, each "..." anything.
func Pattern(line string) *regexp.Regexp {
	parts := strings.Split(line, Elided)
	for i, p := range parts {
		var b strings.Builder
		last := 0
		for _, m := range figure.FindAllStringIndex(p, -1) {
			b.WriteString(regexp.QuoteMeta(p[last:m[0]]))
			b.WriteString(`[+-]?\d+(?:\.\d+)?(?:` + units + `)?`)
			last = m[1]
		}
		b.WriteString(regexp.QuoteMeta(p[last:]))
		parts[i] = b.String()
	}
	return regexp.MustCompile("^" + strings.Join(parts, ".*?") + "$")
}

// Printed are the lines of out as a sample may show them: each line as
// printed, and each with the lines a printer wrapped it onto (indented
// deeper) joined back to it by single spaces.
func Printed(out string) []string {
	lines := strings.Split(out, "\n")
	var res []string
	for i, l := range lines {
		res = append(res, l)
		joined, depth := l, indent(l)
		for j := i + 1; j < len(lines) && strings.TrimSpace(lines[j]) != "" && indent(lines[j]) > depth; j++ {
			joined += " " + strings.TrimSpace(lines[j])
		}
		if joined != l {
			res = append(res, joined)
		}
	}
	return res
}

func indent(l string) int { return len(l) - len(strings.TrimLeft(l, " ")) }

// Unmatched are the lines of b that no one of outputs (each a run's
// printed lines, as Printed gives them) prints in the order b shows them,
// for the output that prints the most of them; a line of "..." alone
// stands for lines the run did not print. None: some run prints the block.
func Unmatched(b Block, outputs [][]string) []string {
	var best []string
	for i, printed := range outputs {
		if missing := inOrder(b, printed); i == 0 || len(missing) < len(best) {
			best = missing
		}
	}
	return best
}

// inOrder are the lines of b that printed does not have, in b's order.
func inOrder(b Block, printed []string) []string {
	var missing []string
	at := 0
	for _, l := range b.Lines {
		if strings.TrimSpace(l) == Elided || strings.TrimSpace(l) == "" {
			continue
		}
		p := Pattern(l)
		i := at
		for i < len(printed) && !p.MatchString(printed[i]) {
			i++
		}
		if i == len(printed) {
			missing = append(missing, l)
			continue
		}
		at = i + 1
	}
	return missing
}
