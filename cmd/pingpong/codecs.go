package main

// The command measures every built-in codec: their package registers them.
import _ "github.com/pingpong-bench/pingpong/codecs"
