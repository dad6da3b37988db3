package datasets

// Batch returns k copies of doc as newline-delimited JSON: each copy
// compacted onto one line and followed by '\n', the message a -batch K run
// decodes. doc is expected to be valid JSON, as every Input's Data is;
// compacting only drops whitespace outside strings, so it cannot fail.
func Batch(doc []byte, k int) []byte {
	if k <= 0 {
		return []byte{}
	}
	line := compact(doc)
	out := make([]byte, 0, (len(line)+1)*k)
	for range k {
		out = append(out, line...)
		out = append(out, '\n')
	}
	return out
}

// compact is json.Compact without its error: for valid JSON the two agree
// (a test checks it), and a newline left in the line would split it.
func compact(doc []byte) []byte {
	out := make([]byte, 0, len(doc))
	for i := 0; i < len(doc); i++ {
		switch c := doc[i]; c {
		case ' ', '\t', '\r', '\n':
		case '"':
			start := i
			for i++; i < len(doc) && doc[i] != '"'; i++ {
				if doc[i] == '\\' {
					i++
				}
			}
			out = append(out, doc[start:min(i+1, len(doc))]...)
		default:
			out = append(out, c)
		}
	}
	return out
}
