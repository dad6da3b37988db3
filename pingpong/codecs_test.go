package pingpong

// TestRunKnowsTheCodecs hands sonic back renamed.
import _ "github.com/pingpong-bench/pingpong/codecs"
