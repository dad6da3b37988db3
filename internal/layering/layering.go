// Package layering holds nothing but its test, which holds the module's
// import graph to docs/architecture.md: every package of the module has a
// line there, imports (outside its tests) only the module packages that
// line names after "<-", and names only packages whose lines come before
// it, so that the graph has no cycle.
package layering
