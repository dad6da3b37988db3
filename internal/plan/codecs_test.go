package plan

// The plan's tests run the built-in codecs beyond encoding/json (goccy,
// sonic-optdec), in this process and in its workers (this test binary).
import builtincodecs "github.com/pingpong-bench/pingpong/codecs"

const sonicNative = builtincodecs.SonicNative
