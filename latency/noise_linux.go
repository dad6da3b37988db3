package latency

// haveProcFS: /proc/stat, /proc/PID/stat and /proc/loadavg are read in
// Linux's format and units; other systems that mount a /proc lay it out
// differently, so they are not read at all.
const haveProcFS = true
