package datasets

import (
	"encoding/json"
	"strings"
	"testing"
	"unicode/utf8"
)

// attachment:SIZE is ordinary records with one big string: the string
// holds 60% of the bytes, and has escapes and non-ASCII letters in it, as
// an embedded file has.
func TestAttachmentShape(t *testing.T) {
	for _, size := range []string{"100k", "4MB"} {
		in := loadShape(t, "attachment:"+size, 7)
		var doc struct {
			Records    []map[string]any `json:"records"`
			Attachment struct {
				Name, Type, Body string
			} `json:"attachment"`
		}
		if err := json.Unmarshal(in.Data, &doc); err != nil {
			t.Fatalf("%s: %v", size, err)
		}
		share := float64(len(doc.Attachment.Body)) / float64(len(in.Data))
		if share < 0.55 || share > 0.62 {
			t.Errorf("%s: the string is %.0f%% of the document, want about 60%%", size, 100*share)
		}
		if len(doc.Records) < len(in.Data)/3/smallDocSize {
			t.Errorf("%s: %d records, want the rest of the document in them", size, len(doc.Records))
		}
		nonASCII := utf8.RuneCountInString(doc.Attachment.Body) < len(doc.Attachment.Body)
		if !nonASCII || !strings.Contains(doc.Attachment.Body, "\n") || !strings.Contains(doc.Attachment.Body, `"`) {
			t.Errorf("%s: the string lacks non-ASCII letters (%v) or escaped line breaks and quotes", size, nonASCII)
		}
	}
}
